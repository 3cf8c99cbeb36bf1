"""A TinyDB storage that survives SIGKILL: `TinyDB(path, storage=AtomicJSONStorage)`.

TinyDB's own JSONStorage rewrites the file in place and a kill mid-write leaves it unreadable
(NOTES-dependencies.md). Here every write goes through `atomic_write_json`, and a file that does
not parse stops the daemon with a recovery hint instead of silently starting an empty game.
"""

from __future__ import annotations

import json
import marshal
import os
from pathlib import Path
from typing import Any

from tinydb import Storage

from engines.errors import GonetsError
from state.files import atomic_write_json

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


class AtomicJSONStorage(Storage):
    """Writes atomically; parses the file only when it changed since the last read.

    TinyDB reads the whole database on every access, several times per mail. The parsed tables are
    kept with the file's (inode, mtime_ns, size): every writer replaces the file by an atomic
    rename (a new inode), so a changed key means another parse and an unchanged one means the same
    bytes. TinyDB mutates what `read` returns, so each read hands out a fresh copy (marshal, a
    third of a parse's cost) and never the kept tables themselves.

    The file has its keys sorted as text ("1", "10", "2"); documents are handed back in id order,
    which is insertion order, as TinyDB's own storage does. A missing file is an empty database;
    an empty (0-byte) file is corrupt: this storage never writes one, so it means truncation.
    `hint` lets the caller name its own recovery path.
    """

    def __init__(self, path: str | Path, hint: str = DEFAULT_HINT) -> None:
        super().__init__()
        self.path = Path(path)
        self.hint = hint
        self._key: tuple[int, int, int] | None = None  # (inode, mtime_ns, size) of the parsed file
        self._tables = b""  # the parsed tables, marshalled

    def read(self) -> dict[str, dict[str, Any]] | None:
        try:
            handle = self.path.open("rb")
        except FileNotFoundError:
            return None
        with handle:
            stat = os.fstat(handle.fileno())  # of the very file read below, even if replaced meanwhile
            key = (stat.st_ino, stat.st_mtime_ns, stat.st_size)
            if key != self._key:
                self._tables = marshal.dumps(self._parse(handle.read()))
                self._key = key
        tables: dict[str, dict[str, Any]] = marshal.loads(self._tables)
        return tables

    def _parse(self, raw: bytes) -> dict[str, dict[str, Any]]:
        try:
            data = json.loads(raw)
        except ValueError as exc:  # JSONDecodeError and UnicodeDecodeError
            raise CorruptStoreError(self.path, self.hint, reason=str(exc)) from exc
        if not isinstance(data, dict) or not all(isinstance(table, dict) for table in data.values()):
            raise CorruptStoreError(self.path, self.hint, reason="not a JSON object of tables")
        return {name: _in_id_order(table) for name, table in data.items()}

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        atomic_write_json(self.path, data)


def _in_id_order(table: dict[str, Any]) -> dict[str, Any]:
    """Numeric order for TinyDB's decimal ids (shorter first, then as text), total for any key."""
    return dict(sorted(table.items(), key=lambda item: (len(item[0]), item[0])))
