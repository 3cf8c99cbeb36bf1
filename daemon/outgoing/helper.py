"""The helper: a second process, forked once and kept, that makes a share of the work sent to it.

A process forked for each resolution spent most of its share copying the pages it touched (a
refcount is a write, and every page it read became its own) and filling again the caches the
daemon already had: the daemon ended up making 14 of the 17 mails itself. The helper is forked at
the first work worth sharing and kept until the daemon closes (`close`), so from the second piece
of work on its pages are its own and its caches (a ruleset's map layer, a game's catalog) warm.
It gets all it needs with each piece of work, pickled (`MailMaker`: a game's settings, its
record, the turn record), and what it inherited at the fork is never read for that.

A piece of work comes over a socket with two pipes (`SCM_RIGHTS`): the queue of the readers'
numbers, two bytes each and written whole before, which the kernel hands to one reader of the
pipe only, so this process and the helper each take the next one nobody has begun; and the pipe
the helper writes each result to, then an empty frame once it has taken the last (`Ahead` uses
both). That pipe ending without the empty frame means the helper died (killed, out of memory):
this process collects it there and then (`give_up`), so no zombie waits for the next pass.

The helper writes nothing but its results. It closes every descriptor but its socket as soon as
it is forked, and this process goes on only once it has: the directory lock is one, and a daemon
killed meanwhile must be able to start again at once. It ends when its socket ends (this process
closed it or died), never returns into the caller's code, and leaves with `os._exit`. It is forked
only from a single-threaded process, the one case where fork is safe, with a second core to run
on; a process forked from this one (any other) forgets it.
"""

from __future__ import annotations

import contextlib
import gc
import logging
import os
import pickle
import signal
import socket
import struct
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from state.files import write_all

log = logging.getLogger(__name__)

QUIET_LIMIT = 60.0  # seconds the helper may keep this process waiting before it is given up on
FRAME = struct.Struct("!Q")  # a pickle's length, before the pickle
JOB = struct.Struct("!H")  # a reader's number in a queue
_READY = b"\x01"  # what the helper sends once it holds no descriptor but its socket
END = FRAME.pack(0)  # the helper took the last reader of a piece of work (a result is never empty)


@dataclass(frozen=True)
class Result:
    """What the helper made of one reader: `made` False when the work raised there (it is then
    done in this process, where its error is raised)."""

    reader: str
    made: bool
    value: object = None


@dataclass
class _Helper:
    pid: int
    socket: socket.socket  # this process's end; the helper ends when it does


_helper: _Helper | None = None


def available() -> bool:
    """Whether there is a helper to send work to, forking it first if there is none yet."""
    return _live() is not None


def send(work: bytes, queue: int, results: int) -> bool:
    """Hand the helper a piece of work (`work`: the pickled work and its readers) with its queue
    and the pipe for its results, forking it first if there is none yet; False when there is no
    helper to take it (the caller does it all)."""
    for _ in range(2):  # a helper that died since the last work is replaced once
        helper = _live()
        if helper is None:
            return False
        try:
            head = FRAME.pack(len(work))
            sent = socket.send_fds(helper.socket, [head], [queue, results])
            helper.socket.sendall(head[sent:] + work)
            return True
        except OSError as error:  # it died, or stayed too busy to read for QUIET_LIMIT
            log.warning("the helper process took no work (%s); starting another", error)
            give_up()
    return False


def give_up() -> None:
    """The helper died, broke or went silent: it is killed and collected, and the next work forks
    another."""
    global _helper
    if _helper is not None:
        _end(_helper)
        _helper = None


def close() -> None:
    """End the helper, if this process has one (the daemon closes), and collect it."""
    give_up()


def reap() -> None:
    """Collect a helper that died while it waited for work (the daemon asks at each pass): killed
    then, it is noticed by nothing else before the next resolution."""
    global _helper
    if _helper is not None and _exited(_helper.pid):
        _helper.socket.close()
        _helper = None


def _live() -> _Helper | None:
    global _helper
    if _helper is None and _may_fork():
        _helper = _start()
    return _helper


def _may_fork() -> bool:
    """Where fork is safe (one thread) and a second process can run beside this one."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return hasattr(os, "fork") and threading.active_count() == 1 and cores > 1


def _start() -> _Helper | None:
    """Fork the helper; None when the system will not have one."""
    try:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    except OSError:
        return None
    try:
        pid = os.fork()
    except OSError:
        ours.close()
        theirs.close()
        return None
    if pid == 0:  # the helper: it never leaves this block
        try:
            ours.detach()  # its number is closed below: the object must not close it again later
            _serve(theirs)
        finally:
            os._exit(0)
    theirs.close()
    helper = _Helper(pid, ours)
    try:  # once it has closed our descriptors: the lock is ours alone again
        ours.settimeout(QUIET_LIMIT)
        if ours.recv(len(_READY)) == _READY:
            return helper
    except OSError:
        pass
    _end(helper)
    return None


def _end(helper: _Helper) -> None:
    """Kill the helper and collect it: a killed process is gone within milliseconds (the 3 ms its
    exit takes to unmap its pages), and this happens only when it failed or the daemon closes."""
    helper.socket.close()
    with contextlib.suppress(ProcessLookupError):
        os.kill(helper.pid, signal.SIGKILL)  # idle, busy on work nobody waits for, stuck, or dead
    with contextlib.suppress(ChildProcessError):  # collected by someone else
        os.waitpid(helper.pid, 0)


def _exited(pid: int) -> bool:
    try:
        return os.waitpid(pid, os.WNOHANG)[0] == pid
    except ChildProcessError:  # collected by someone else
        return True


def _forget_in_child() -> None:
    """In any process forked from this one: the helper and its exits are this process's, not its."""
    global _helper
    if _helper is not None:
        _helper.socket.close()
        _helper = None


os.register_at_fork(after_in_child=_forget_in_child)


# ---- the helper's side ------------------------------------------------------------------------
def _serve(own: socket.socket) -> None:
    """The helper's life: each piece of work, until its socket ends."""
    _close_all_but(own.fileno())
    own.sendall(_READY)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    logging.disable(logging.CRITICAL)  # the daemon's log files are closed here; errors go back as results
    gc.freeze()  # what it inherited is never collected here, so never copied for a collection
    while (received := _receive(own)) is not None:
        work, queue, results = received
        try:
            made, readers = pickle.loads(work)
            _work_through(made, readers, queue, results)
        except Exception:  # what this process cannot take, the daemon does itself
            pass
        finally:
            with contextlib.suppress(OSError):  # unless the daemon gave the work up
                write_all(results, END)
            os.close(queue)
            os.close(results)


def _receive(own: socket.socket) -> tuple[bytes, int, int] | None:
    """The next piece of work and its two pipes; None when the socket ended."""
    head, fds, _, _ = socket.recv_fds(own, FRAME.size, 2)
    if len(fds) != 2:
        for fd in fds:
            os.close(fd)
        return None
    try:
        head += _exactly(own, FRAME.size - len(head))
        return _exactly(own, FRAME.unpack(head)[0]), fds[0], fds[1]
    except EOFError:
        return None


def _exactly(own: socket.socket, size: int) -> bytes:
    parts = []
    while size:
        part = own.recv(min(size, 1 << 20))
        if not part:
            raise EOFError
        parts.append(part)
        size -= len(part)
    return b"".join(parts)


def _work_through(work: Callable[[str], object], readers: Sequence[str], queue: int, results: int) -> None:
    """The readers it takes from the queue, each result framed into `results`, until the queue is
    empty or the daemon no longer reads them."""
    while job := os.read(queue, JOB.size):
        reader = readers[JOB.unpack(job)[0]]
        try:
            data = pickle.dumps(Result(reader, True, work(reader)), pickle.HIGHEST_PROTOCOL)
        except Exception:
            data = pickle.dumps(Result(reader, False), pickle.HIGHEST_PROTOCOL)
        try:
            write_all(results, FRAME.pack(len(data)) + data)
        except OSError:  # the daemon gave this work up
            return


def _close_all_but(*keep: int) -> None:
    low = 3
    for fd in sorted(keep):
        os.closerange(low, fd)
        low = fd + 1
    os.closerange(low, os.sysconf("SC_OPEN_MAX"))
