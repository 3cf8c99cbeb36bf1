"""Work for several readers shared with a second process: a resolution's mails, made side by side.

A resolution mails every power its report with a picture and a status table, and the GM a digest
with the GM's and the forum's pictures: on a two-core machine half of them can be made in a second
process. Making a mail reads the game and changes nothing (`view` and `pictures` are pure), so
which process makes it changes nothing in what it says (a test compares the two ways, byte for
byte but the random MIME boundary).

The first reader's work is done here before anything else, which leaves whatever the ruleset
caches for the state (a map's shared layer, a game's palette) in this long-lived process, where
the next turn finds it. The other readers wait in a pipe, a reader's number in each two bytes,
which the kernel hands to one reader of the pipe only: a forked child, which inherits those
caches, takes them one by one and writes each result to a second pipe, and this process takes one
too whenever the reader it asks for is not ready, so neither waits while work is left.

The child writes nothing else. It closes every other descriptor at once, and this process goes on
only once it has: the directory lock is one, and a daemon killed meanwhile must be able to start
again at once. It never returns into the caller's code and ends with `os._exit`. Anything that
goes wrong with it (it died, broke, or went silent for `QUIET_LIMIT`) only means the readers it
has not delivered are done here, as they would have been without it; an error of the work is
raised here then, when its reader is asked for. It is forked only from a single-threaded process,
the one case where fork is safe, with a second core to run on, and only for more than two readers.
"""

from __future__ import annotations

import contextlib
import fcntl
import gc
import logging
import os
import pickle
import select
import signal
import struct
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import TracebackType
from typing import Generic, TypeVar

from state.files import write_all

log = logging.getLogger(__name__)

QUIET_LIMIT = 60.0  # seconds without a reader delivered before the child is given up on
PIPE_BYTES = 1 << 20  # the pipe a child fills without waiting for us (Linux's unprivileged maximum)
_FRAME = struct.Struct("!Q")  # each reader's result: its pickle's length, then the pickle
_JOB = struct.Struct("!H")  # a reader's number in the queue
MAX_READERS = 4096  # the queue is written whole before the fork, into a pipe's 64 KB (32768 jobs)
_READY = b"\x01"  # what the child writes once it holds no descriptor but its pipes

T = TypeVar("T")


class Ahead(Generic[T]):
    """`get(reader)` gives `work(reader)` (picklable) for each of `readers`; use it as a context
    manager, so a child still working is ended and reaped."""

    def __init__(self, work: Callable[[str], T], readers: Sequence[str]) -> None:
        self._work = work
        self._done: dict[str, T] = {}
        self._failed: dict[str, Exception] = {}  # readers this process took on while waiting, and failed
        self._child: _Child | None = None
        if 2 < len(readers) <= MAX_READERS and _may_fork():
            first, *rest = readers
            self._done[first] = work(first)
            self._child = _Child.start(work, rest)

    def get(self, reader: str) -> T:
        while reader not in self._done and reader not in self._failed and (child := self._child) is not None:
            if child.ready():
                self._receive(child)
            elif (other := child.claim()) is not None:  # nobody has begun it: done here meanwhile
                try:
                    self._done[other] = self._work(other)
                except Exception as error:  # raised when `other` is asked for, as it would be
                    self._failed[other] = error
            else:
                self._receive(child)
        if reader in self._failed:
            raise self._failed.pop(reader)
        return self._done.pop(reader) if reader in self._done else self._work(reader)

    def close(self) -> None:
        if self._child is not None:
            self._child.end()
            self._child = None

    def __enter__(self) -> Ahead[T]:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()

    def _receive(self, child: _Child) -> None:
        """One reader's result from the child; none (it is ended) when it ended or broke."""
        try:
            size = _FRAME.unpack(_read(child.results, _FRAME.size))[0]
            reader, result = pickle.loads(_read(child.results, size))
        except (EOFError, TimeoutError, pickle.UnpicklingError) as error:
            if not isinstance(error, EOFError):
                log.warning("the helper process %s; its readers are done here", error)
            self.close()
            return
        self._done[reader] = result


def _may_fork() -> bool:
    """Where fork is safe (one thread) and a second process can run beside this one."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return hasattr(os, "fork") and threading.active_count() == 1 and cores > 1


@dataclass(frozen=True)
class _Child:
    pid: int
    results: int  # the read end of the pipe it writes results to
    jobs: int  # the read end of the queue of readers nobody has begun
    readers: Sequence[str]

    @classmethod
    def start(cls, work: Callable[[str], object], readers: Sequence[str]) -> _Child | None:
        """Fork the child working through `readers`; None when the system will not have one."""
        opened: list[int] = []
        try:
            jobs, queue = os.pipe()
            opened += (jobs, queue)
            write_all(queue, b"".join(_JOB.pack(n) for n in range(len(readers))))
            os.close(queue)  # all queued: an empty queue reads as its end, for both
            opened.remove(queue)
            results, out = os.pipe()
            opened += (results, out)
            with contextlib.suppress(OSError, AttributeError):
                fcntl.fcntl(out, fcntl.F_SETPIPE_SZ, PIPE_BYTES)
            pid = os.fork()
        except OSError:
            for fd in opened:
                os.close(fd)
            return None
        if pid == 0:  # the child: it never leaves this block
            try:
                _close_all_but(out, jobs)
                write_all(out, _READY)
                signal.signal(signal.SIGTERM, signal.SIG_DFL)
                signal.signal(signal.SIGINT, signal.SIG_DFL)
                gc.disable()  # a collection would touch, and so copy, every page of the daemon's heap
                _work_through(_Child(0, out, jobs, readers), work)
            finally:
                os._exit(0)
        os.close(out)
        child = cls(pid, results, jobs, readers)
        try:  # once it has closed our descriptors: the lock is ours alone again
            if _read(results, len(_READY)) == _READY:
                return child
        except (EOFError, TimeoutError):
            pass
        child.end()
        return None

    def ready(self) -> bool:
        """Whether a result waits to be read."""
        return bool(select.select([self.results], [], [], 0)[0])

    def claim(self) -> str | None:
        """A reader nobody has begun, now this process's; None when there is none left."""
        job = os.read(self.jobs, _JOB.size)
        return self.readers[_JOB.unpack(job)[0]] if job else None

    def end(self) -> None:
        """Close its pipes and kill it, done or not; it is reaped once it has exited, here or
        at a later `reap` (a child's exit unmaps the daemon's copy: 3 ms that need not be waited)."""
        os.close(self.results)
        os.close(self.jobs)
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, signal.SIGKILL)  # done already, or no longer wanted
        _EXITING.append(self.pid)
        reap()


_EXITING: list[int] = []  # ended children not yet reaped


def reap() -> None:
    """Collect the ended helpers that have exited since (the daemon asks at each pass, so none
    is left in the process table between resolutions)."""
    _EXITING[:] = [pid for pid in _EXITING if not _reaped(pid)]


def _reaped(pid: int) -> bool:
    try:
        return os.waitpid(pid, os.WNOHANG)[0] == pid
    except ChildProcessError:  # reaped by someone else
        return True


def _work_through(child: _Child, work: Callable[[str], object]) -> None:
    """The child's part: the readers it claims, each result framed into `child.results`; it
    stops at the first error (that reader is then done, and the error raised, in the parent)."""
    while (reader := child.claim()) is not None:
        try:
            data = pickle.dumps((reader, work(reader)), pickle.HIGHEST_PROTOCOL)
        except Exception:
            return
        write_all(child.results, _FRAME.pack(len(data)) + data)


def _close_all_but(*keep: int) -> None:
    low = 3
    for fd in sorted(keep):
        os.closerange(low, fd)
        low = fd + 1
    os.closerange(low, os.sysconf("SC_OPEN_MAX"))


def _read(fd: int, size: int) -> bytes:
    """Exactly `size` bytes; EOFError when the child ended first, TimeoutError when it is silent
    for `QUIET_LIMIT`."""
    parts: list[bytes] = []
    while size:
        if not select.select([fd], [], [], QUIET_LIMIT)[0]:
            raise TimeoutError(f"sent nothing for {QUIET_LIMIT:g} s")
        part = os.read(fd, min(size, PIPE_BYTES))
        if not part:
            raise EOFError
        parts.append(part)
        size -= len(part)
    return b"".join(parts)
