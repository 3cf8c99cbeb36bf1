"""Work for several readers shared with the helper process: a resolution's mails, made side by side.

A resolution mails every power its report with a picture and a status table, and the GM a digest
with the GM's and the forum's pictures: on a two-core machine the helper (`helper`) can make half
of them. Making a mail reads the game and changes nothing (`view` and `pictures` are pure), so
which process makes it changes nothing in what it says (a test compares the two ways, byte for
byte but the random MIME boundary).

The first reader is this process's own, made when it is asked for; the others wait in a queue that
both processes take from, one at a time, and this process takes one whenever the reader it asks
for is not ready, so neither waits while work is left. Anything that goes wrong with the helper
(it died, broke, or went silent for `helper.QUIET_LIMIT`) only means the readers it has not delivered
are done here, as they would have been without it; an error of the work is raised here, when its
reader is asked for. Work that does not pickle is all done here.
"""

from __future__ import annotations

import contextlib
import fcntl
import logging
import os
import pickle
import select
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from types import TracebackType
from typing import Generic, TypeVar, cast

from daemon.outgoing import helper
from daemon.outgoing.helper import FRAME, JOB, Result
from state.files import write_all

log = logging.getLogger(__name__)

PIPE_BYTES = 1 << 20  # the results pipe, which the helper fills without waiting (the unprivileged most)
MAX_READERS = 4096  # the queue is written whole before it is shared, into a pipe's 64 KB (32768 jobs)

T = TypeVar("T")


class Ahead(Generic[T]):
    """`get(reader)` gives `work(reader)` for each of `readers`; use it as a context manager, so
    the helper drops what nobody will ask for."""

    def __init__(self, work: Callable[[str], T], readers: Sequence[str]) -> None:
        self._work = work
        self._done: dict[str, T] = {}
        self._failed: dict[str, Exception] = {}  # readers this process took on while waiting, and failed
        self._given_back: set[str] = set()  # readers the work failed on in the helper: done here
        self._shared: _Shared | None = None
        if 2 < len(readers) <= MAX_READERS:
            self._shared = _Shared.start(work, readers[1:])  # the first is this process's own

    def get(self, reader: str) -> T:
        while self._waits_for(reader) and (shared := self._shared) is not None:
            if shared.ready():
                self._receive(shared)
            elif (other := shared.claim()) is not None:  # nobody has begun it: done here meanwhile
                try:
                    self._done[other] = self._work(other)
                except Exception as error:  # raised when `other` is asked for, as it would be
                    self._failed[other] = error
            else:
                self._receive(shared)
        if reader in self._failed:
            raise self._failed.pop(reader)
        return self._done.pop(reader) if reader in self._done else self._work(reader)

    def close(self) -> None:
        if self._shared is not None:
            self._shared.end()
            self._shared = None

    def __enter__(self) -> Ahead[T]:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()

    def _waits_for(self, reader: str) -> bool:
        """Whether `reader` is in the queue and has not come back from it yet."""
        if self._shared is None or reader not in self._shared.queued:
            return False
        return reader not in self._done and reader not in self._failed and reader not in self._given_back

    def _receive(self, shared: _Shared) -> None:
        """One reader's result from the helper; none (the sharing ends) when the helper has taken
        the last reader, died or broke."""
        try:
            result = shared.receive()
        except (EOFError, TimeoutError, OSError, pickle.UnpicklingError) as error:
            log.warning("the helper process %s; its readers are done here", error)
            helper.give_up()  # collected now, whatever it was doing: no zombie until the next pass
            self.close()
            return
        if result is None:  # it took the last reader: what it has not delivered is done here
            self.close()
        elif result.made:
            self._done[result.reader] = cast(T, result.value)
        else:
            self._given_back.add(result.reader)


@dataclass(frozen=True)
class _Shared:
    """One piece of work as the helper has it: the read ends of its queue and of its results."""

    queue: int
    results: int
    readers: Sequence[str]  # by their number in the queue

    @cached_property
    def queued(self) -> frozenset[str]:
        return frozenset(self.readers)

    @classmethod
    def start(cls, work: Callable[[str], object], readers: Sequence[str]) -> _Shared | None:
        """The readers queued and handed to the helper; None when there is no helper to take them."""
        if not helper.available():
            return None
        try:
            pickled = pickle.dumps((work, list(readers)), pickle.HIGHEST_PROTOCOL)
        except (pickle.PicklingError, TypeError, AttributeError) as error:
            log.debug("work that does not pickle is done here: %s", error)
            return None
        try:
            queue, results = _queue(len(readers)), _results()
        except OSError as error:
            log.warning("no helper process for this work: %s", error)
            return None
        if helper.send(pickled, queue, results.write):
            os.close(results.write)  # the helper has its own: the results end when it is done
            return cls(queue, results.read, readers)
        for fd in (queue, results.read, results.write):
            os.close(fd)
        return None

    def ready(self) -> bool:
        """Whether a result waits to be read."""
        return bool(select.select([self.results], [], [], 0)[0])

    def claim(self) -> str | None:
        """A reader nobody has begun, now this process's; None when there is none left."""
        job = os.read(self.queue, JOB.size)
        return self.readers[JOB.unpack(job)[0]] if job else None

    def receive(self) -> Result | None:
        """The next result; None once the helper has taken the last reader."""
        size = FRAME.unpack(_read(self.results, FRAME.size))[0]
        if not size:
            return None
        result = pickle.loads(_read(self.results, size))
        if not isinstance(result, Result):
            raise pickle.UnpicklingError(f"sent {type(result).__name__}, not a result")
        return result

    def end(self) -> None:
        """Stop reading the helper's results: its next one fails to be written, and it gives the
        work up there, at the reader it was making."""
        os.close(self.queue)
        os.close(self.results)


@dataclass(frozen=True)
class _Pipe:
    read: int
    write: int


def _queue(readers: int) -> int:
    """The read end of a pipe holding the numbers of `readers` readers, whose write end is closed:
    once empty, it reads as its end, for both processes."""
    queue, queued = os.pipe()
    try:
        write_all(queued, b"".join(JOB.pack(n) for n in range(readers)))
    except OSError:
        os.close(queue)
        raise
    finally:
        os.close(queued)
    return queue


def _results() -> _Pipe:
    """The pipe the helper writes results to, as large as Linux lets us make it."""
    pipe = _Pipe(*os.pipe())
    with contextlib.suppress(OSError, AttributeError):  # Linux's alone
        fcntl.fcntl(pipe.write, fcntl.F_SETPIPE_SZ, PIPE_BYTES)
    return pipe


def _read(fd: int, size: int) -> bytes:
    """Exactly `size` bytes; EOFError when the results ended first (the helper died: it ends them
    with `helper.END` otherwise), TimeoutError when it is silent for `helper.QUIET_LIMIT`."""
    parts: list[bytes] = []
    while size:
        if not select.select([fd], [], [], helper.QUIET_LIMIT)[0]:
            raise TimeoutError(f"sent nothing for {helper.QUIET_LIMIT:g} s")
        part = os.read(fd, min(size, PIPE_BYTES))
        if not part:
            raise EOFError("died")
        parts.append(part)
        size -= len(part)
    return b"".join(parts)
