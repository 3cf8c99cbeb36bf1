"""One writer per games directory.

TinyDB is not multi-process safe, so a second daemon (or CLI command that writes) must refuse to
start. `flock` is tied to the open file, so the kernel drops the lock when the holder dies, even by
SIGKILL: there is never a stale lock to clean up. The PID in the file is only for the message.
Whoever takes the lock first replays what the last holder committed to the journal and had not
yet applied (`state.journal`), so every writer starts from the committed state.
"""

from __future__ import annotations

import fcntl
import os
from contextlib import suppress
from pathlib import Path
from types import TracebackType

from engines.errors import GonetsError
from state.disk import Disk
from state.files import FILE_MODE, make_dirs
from state.journal import Journal

LOCK_NAME = "gonets.lock"


class LockedError(GonetsError):
    """Another holder has the directory."""

    exit_code = 4


class DirectoryLock:
    """Taken on construction (like `open`), released by `close` or leaving the `with` block.

    flock is per open file, so a second `DirectoryLock` on the same directory in the same process
    is refused too. A child made by `fork` shares the open file and so the lock.
    """

    def __init__(self, directory: Path) -> None:
        make_dirs(directory, durable=False)
        self.path = directory / LOCK_NAME
        # No O_TRUNC: truncating before we hold the lock would erase the holder's PID.
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, FILE_MODE)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
            os.close(fd)
            raise LockedError(_locked_message(directory, holder)) from None
        except BaseException:
            os.close(fd)
            raise
        # A holder's PID stays in the file until it releases the directory (`close` blanks it):
        # one that is there now was left by a holder that died, maybe with temp files behind it.
        self._holder = f"{os.getpid()}\n".encode("ascii")
        try:
            self.released = not os.pread(fd, 32, 0).strip()
            os.ftruncate(fd, 0)
            os.pwrite(fd, self._holder, 0)
        except BaseException:  # a full disk: the lock goes with the descriptor
            os.close(fd)
            raise
        self._fd: int | None = fd
        try:
            Journal(Disk(directory)).recover()
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        if self._fd is not None:
            # released: blanked in place (no block to find on a full disk), nothing to clear after
            # us; if even that fails, the next holder clears up as after a crash
            with suppress(OSError):
                os.pwrite(self._fd, b" " * len(self._holder), 0)
            os.close(self._fd)  # closing the last descriptor releases the flock
            self._fd = None

    def __enter__(self) -> DirectoryLock:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()


def _locked_message(directory: Path, holder: str) -> str:
    if holder == str(os.getpid()):
        who = f"this very process (PID {holder})"
    elif holder:
        who = f"PID {holder}"
    else:
        who = "another process (its PID is not written yet)"
    return f"games directory {directory} is locked by {who}; only one Gonets process may write to it"
