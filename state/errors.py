"""What reading or writing the games directory may raise that is no mail's or command's fault:
the disk (`OSError`: full, permissions) or a store file that does not parse. A pass that meets one
leaves its mail in the inbox and alerts the GM (`STORE_FAILURES`); the command line says it in
words. Kept apart from the stores themselves, so that catching one loads no store."""

from __future__ import annotations

from pathlib import Path

from engines.errors import GonetsError

DEFAULT_HINT = (
    "restore it from the previous turn record, or rebuild the game from the mail archive "
    "(`gonets rebuild`); move the corrupt file aside first so it is kept for inspection"
)


class CorruptStoreError(GonetsError):
    """A store file exists but cannot be read; carries how to recover."""

    exit_code = 3

    def __init__(self, path: Path, hint: str, *, reason: str = "") -> None:
        detail = f" ({reason})" if reason else ""
        super().__init__(f"store file {path} is corrupt and was not loaded{detail}. To recover: {hint}")
        self.path = path
        self.hint = hint


STORE_FAILURES = (OSError, CorruptStoreError)
