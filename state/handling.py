"""The mail being handled, kept on disk while it is, so that a mail which kills the daemon is known.

A crafted mail that exhausts memory gets the process killed (the kernel's OOM killer, a service
manager's memory limit), and the service manager restarts it; the mail, never acknowledged, would
be read again and kill it again, forever. So before a mail is handled its key is written here
(`begin`), with how many times its handling has begun, and the file is emptied once it is handled
(`end`). A daemon that starts and finds a key here knows that mail was being handled when the
process died; once that has happened `POISON_AFTER` times in a row, the mail is quarantined
instead of handled again (`deaths`).

One small file, written in place without fsync: a killed process leaves its writes in the page
cache, and a power cut is no poison mail. Three system calls a mail, no new file.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

FILE_NAME = "handling"
POISON_AFTER = 2  # deaths while handling one mail before it is quarantined: one may be bad luck
_RECORD = re.compile(r"([0-9a-f]{64}) ([0-9]{1,9})")


class Handling:
    def __init__(self, games_dir: Path) -> None:
        self._fd = os.open(games_dir / FILE_NAME, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600)
        found = _RECORD.fullmatch(os.pread(self._fd, 100, 0).decode("ascii", "replace").strip())
        # the mail the last process died handling, and how many times its handling had begun
        self._died = (found.group(1), int(found.group(2))) if found else ("", 0)

    def deaths(self, key: str) -> int:
        """How many times in a row the daemon died while handling mail `key`."""
        return self._died[1] if self._died[0] == key else 0

    def begin(self, key: str) -> None:
        record = f"{key} {self.deaths(key) + 1}\n".encode("ascii")
        os.pwrite(self._fd, record, 0)
        os.ftruncate(self._fd, len(record))

    def end(self, key: str) -> None:
        """Mail `key` was handled (or quarantined): it killed nothing."""
        os.ftruncate(self._fd, 0)
        if self._died[0] == key:
            self._died = ("", 0)

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1
