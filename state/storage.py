"""A TinyDB storage that survives SIGKILL: `TinyDB(path, storage=AtomicJSONStorage, disk=disk)`.

TinyDB's own JSONStorage rewrites the file in place and a kill mid-write leaves it unreadable
(SIGKILLs mid-write left 9 of 140 such files broken). Here every write goes through the games
directory's `Disk` (atomic, or staged in the daemon's pass), and a file that does not parse stops
the daemon with a recovery hint instead of silently starting an empty game.
"""

from __future__ import annotations

import hashlib
import json
import marshal
from pathlib import Path
from typing import Any

from tinydb import Storage

from engines.errors import GonetsError
from state.disk import Disk
from state.errors import DEFAULT_HINT, CorruptStoreError
from state.files import json_bytes


class AtomicJSONStorage(Storage):
    """Writes atomically; parses the file only when its bytes changed since the last read.

    TinyDB reads the whole database on every access, several times per mail. The parsed tables are
    kept with the sha256 of the bytes they came from: hashing costs a twentieth of a parse, and
    unlike (inode, mtime, size) it cannot be fooled, as ext4 hands a freed inode to the next
    atomic write within the same coarse mtime tick. TinyDB mutates what `read` returns, so each
    read hands out a fresh copy (marshal, a third of a parse's cost) of the tables TinyDB asks for,
    never the kept ones (`Tables`). A write keeps what it wrote the same way, so the writer's next
    read does not parse its own bytes, and encodes only the tables that changed.

    Inside a daemon pass (a `state.journal` batch) nobody but this storage writes the file: the
    pass reads it from disk once, to see what a crash or a hand left there, then from memory.
    """

    def __init__(self, path: str | Path, disk: Disk, hint: str = DEFAULT_HINT) -> None:
        super().__init__()
        self.path = Path(path)
        self.disk = disk
        self.hint = hint
        self._digest = b""  # sha256 of the bytes last parsed or written
        self._parts: dict[str, Table] = {}  # what they hold, table by table
        self._pass: object = None  # the batch whose reads may come from `_parts`

    def read(self) -> dict[str, dict[str, Any]] | None:
        batch = self.disk.batch
        if batch is None or batch is not self._pass or not self._digest:
            try:
                raw = self.disk.read(self.path)
            except FileNotFoundError:
                return None
            digest = hashlib.sha256(raw).digest()
            if digest != self._digest:
                self._parts = {name: Table(marshal.dumps(t)) for name, t in self._parse(raw).items()}
                self._digest = digest
            self._pass = batch
        return Tables(self._parts)

    def _parse(self, raw: bytes) -> dict[str, dict[str, Any]]:
        try:
            data = json.loads(raw)
        except ValueError as exc:  # JSONDecodeError and UnicodeDecodeError
            raise CorruptStoreError(self.path, self.hint, reason=str(exc)) from exc
        if not isinstance(data, dict) or not all(isinstance(table, dict) for table in data.values()):
            raise CorruptStoreError(self.path, self.hint, reason="not a JSON object of tables")
        return {name: _in_id_order(table) for name, table in data.items()}

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        """The file as `json_bytes` writes it, each table TinyDB did not replace reused as it was."""
        parts: dict[str, Table] = {}
        for name in data:
            kept = dict.__getitem__(data, name)
            if isinstance(kept, Table):
                parts[name] = kept
            else:
                ordered = _in_id_order(kept)
                parts[name] = Table(marshal.dumps(ordered), json_bytes(ordered))
        raw = b"{" + b",".join(json_bytes(name) + b":" + parts[name].json() for name in sorted(parts)) + b"}"
        self.disk.write(self.path, raw)
        self._parts = parts
        self._digest = hashlib.sha256(raw).digest()
        self._pass = self.disk.batch


class Table:
    """One table as marshal bytes (a fresh copy is a third of a JSON parse) and, once needed, as
    the JSON the file holds for it: a write re-encodes only the tables that changed."""

    __slots__ = ("_json", "packed")

    def __init__(self, packed: bytes, encoded: bytes = b"") -> None:
        self.packed = packed
        self._json = encoded

    def json(self) -> bytes:
        if not self._json:
            self._json = json_bytes(marshal.loads(self.packed))
        return self._json

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        return self  # immutable


class Tables(dict[str, Any]):
    """What `read` hands TinyDB: a table becomes a fresh dict only when TinyDB asks for it, since
    TinyDB changes what it reads in place; one it never asks for costs nothing, read or written."""

    def __getitem__(self, name: str) -> Any:
        table = super().__getitem__(name)
        return marshal.loads(table.packed) if isinstance(table, Table) else table

    def get(self, name: str, default: Any = None) -> Any:
        try:
            return self[name]
        except KeyError:
            return default

    def items(self) -> Any:
        return {name: self[name] for name in self}.items()

    def values(self) -> Any:
        return [self[name] for name in self]

    def __eq__(self, other: object) -> bool:
        return dict(self.items()) == other

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = None  # a dict's, as __eq__ is overridden


class ReadOnlyStoreError(GonetsError):
    """A read-only command tried to write: a bug, never a state to recover from."""

    exit_code = 70


class SnapshotStorage(AtomicJSONStorage):
    """For a reader beside a running writer (`gonets status` while `gonets run` holds the lock).

    The writer replaces the file by rename, so any read sees one whole version. The first read is
    kept for every later access, so one command sees one version throughout: a game record and
    the orders stored with it, never the record of one write and the orders of the next.
    """

    def __init__(self, path: str | Path, disk: Disk, hint: str = DEFAULT_HINT) -> None:
        super().__init__(path, disk, hint)
        self._snapshot: dict[str, dict[str, Any]] | None = None
        self._taken = False

    def read(self) -> dict[str, dict[str, Any]] | None:
        """A copy each time, as TinyDB changes what it read in place before it asks to write: a
        new `Tables` over the first read's, each table unpacked only when asked for (a deep copy
        of every table cost a 16-player Русь game 0.9 ms a read, three reads a game in `status`)."""
        if not self._taken:
            self._snapshot, self._taken = super().read(), True
        return None if self._snapshot is None else Tables(dict.copy(self._snapshot))

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        raise ReadOnlyStoreError(f"{self.path}: a read-only command may not write")


def _in_id_order(table: dict[str, Any]) -> dict[str, Any]:
    """Numeric order for TinyDB's decimal ids (shorter first, then as text), total for any key."""
    return dict(sorted(table.items(), key=lambda item: (len(item[0]), item[0])))
