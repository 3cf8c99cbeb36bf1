"""Group commit: a daemon pass makes all its changes durable with one fsync, then acts on them.

The invariant, which every store of the games directory keeps through `state.files`:

    Nothing leaves the process (a mail acknowledged on the server, a mail handed to the
    transport) before every change it depends on is in a synced journal record.

A pass stages its writes in a `Batch` (reads in the pass see them) and `commit`s them at once:
(1) each file the GM's tools may read (game records, turn records, answers) goes to a temp file
beside it, (2) one record holding every change is appended to `journal.bin` and fsynced (the
commit point), (3) the temp files are renamed into place, the daemon's private files (archive,
outbox, reply counts: `files.Private`) written in place, removals and appends applied, none of
them synced. A SIGKILL or power cut before (2) leaves the files as they were, with at most stray
temp files; after (2) the record is replayed at the next start (`recover`, run by whoever takes
the directory's lock), and replaying is idempotent: a write puts the same bytes, an append writes
at the offset it was given. `checkpoint`, when the daemon has nothing to do (or the journal has
grown past a few megabytes), syncs the file system once and empties the journal.

What the outbox writes while sending (send attempts, sent copies) goes to the files at once
(`lazily`): a SIGKILL keeps it in the page cache, and at the end of the sends each written file
and folder is synced once, the transport's deliveries before the records that say they were
sent. A replay that finds its record older than such a mark only reinstates a pending entry
whose move to sent/ the outbox then finishes.

Counted for one order mail on Maildir: the journal's fsync, the sent copy's folder, and the
Maildir delivery's own two, where it was 24 fsyncs before.
"""

from __future__ import annotations

import hashlib
import logging
import os
import struct
from collections.abc import Collection, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from state import files, syncing

log = logging.getLogger(__name__)

JOURNAL_NAME = "journal.bin"
_HEAD = struct.Struct(">Q32s")  # payload length, sha256 of the payload
_OP = struct.Struct(">cIqQ")  # kind, path length, mtime_ns or append offset (-1: none), data length


@dataclass
class Put:
    data: bytes
    mtime_ns: int | None = None


@dataclass
class Gone:
    pass


@dataclass
class Append:
    chunks: list[bytes] = field(default_factory=list)


@dataclass
class Link:
    source: Path  # the file this one becomes a second name of


Change = Put | Gone | Append | Link


class Batch:
    """The changes of one pass under `root`, in the order first made, and reads that see them."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._prefix = os.path.join(root, "")
        self.changes: dict[Path, Change] = {}

    def covers(self, path: Path) -> bool:
        return os.fspath(path).startswith(self._prefix)

    def write(self, path: Path, data: bytes, mtime_ns: int | None) -> None:
        self.changes[path] = Put(data, mtime_ns)

    def append(self, path: Path, data: bytes) -> None:
        change = self.changes.get(path)
        if isinstance(change, Link):
            self.changes[path] = change = Put(self._linked(change))
        if isinstance(change, Put):
            change.data += data
        elif isinstance(change, Gone):
            self.changes[path] = Put(data)
        elif isinstance(change, Append):
            change.chunks.append(data)
        else:
            self.changes[path] = Append([data])

    def remove(self, path: Path) -> None:
        self.changes[path] = Gone()

    def link(self, source: Path, target: Path) -> None:
        self.changes[target] = Link(source)

    def read(self, path: Path) -> bytes | None:
        """Bytes as staged, or None when the batch has not touched the file (FileNotFoundError
        when it removed it)."""
        change = self.changes.get(path)
        if change is None:
            return None
        if isinstance(change, Gone):
            raise FileNotFoundError(2, "removed in this pass", str(path))
        if isinstance(change, Put):
            return change.data
        if isinstance(change, Link):
            return self._linked(change)
        try:
            before = path.read_bytes()
        except FileNotFoundError:
            before = b""
        return before + b"".join(change.chunks)

    def _linked(self, link: Link) -> bytes:
        staged = self.read(link.source)
        return staged if staged is not None else link.source.read_bytes()

    def exists(self, path: Path) -> bool | None:
        change = self.changes.get(path)
        return None if change is None else not isinstance(change, Gone)

    def names(self, directory: Path, on_disk: set[str]) -> set[str]:
        for path, change in self.changes.items():
            if path.parent == directory:
                if isinstance(change, Gone):
                    on_disk.discard(path.name)
                else:
                    on_disk.add(path.name)
        return on_disk

    def mtime_ns(self, path: Path) -> int | None:
        change = self.changes.get(path)
        return change.mtime_ns if isinstance(change, Put) else None


class Journal:
    """The games directory's journal; one per lock holder."""

    def __init__(self, root: Path, private: tuple[Path, ...] = ()) -> None:
        self.root = root
        self.path = root / JOURNAL_NAME
        self.private = private  # `files.Private`: files there are written in place
        self._applied = False  # records applied without a sync since the last checkpoint
        self._behind = False  # a record is synced but its changes were not all applied

    @contextmanager
    def batch(self) -> Iterator[Batch]:
        """Stage the writes under the directory; the caller commits (or drops them on an error)."""
        batch = Batch(self.root)
        with files.staging(batch):
            yield batch

    def lazily(self) -> AbstractContextManager[None]:
        """Writes go straight to the files; each file and folder is synced once when the block ends."""
        return files.deferred_sync(self.root)

    def catch_up(self) -> None:
        """After a commit whose changes could not all be applied (a full disk, say), apply them
        before anything reads the files again; raises while that still fails."""
        if self._behind:
            self.recover()
            self._behind = False

    def commit(self, batch: Batch, keep: Collection[Path] = ()) -> dict[Path, bytes]:
        """Make `batch` durable and visible. An error before the record is synced changes nothing
        (the temp files are removed); after it, `catch_up` or the next lock holder's `recover`
        finishes the work. The new content of the files in `keep` is recorded but not written:
        it is returned, for the caller to write or use up (the outbox: mails it sends at once)."""
        if not batch.changes:
            return {}
        self.catch_up()
        ops = _ops(batch)
        changes = batch.changes.items()
        kept = {path: change.data for path, change in changes if path in keep and isinstance(change, Put)}
        private = files.Private(self.private)
        temps: list[tuple[Path, Path, int | None]] = []
        try:
            for path, change in batch.changes.items():
                if isinstance(change, Put) and path not in private and path not in kept:
                    temps.append((files.write_temp(path, change.data), path, change.mtime_ns))
            self._append_record(_encode(self.root, ops))
        except BaseException:
            for temp, _, _ in temps:
                temp.unlink(missing_ok=True)
            raise
        self._applied = self._behind = True
        for temp, path, mtime_ns in temps:
            files.put_temp(temp, path, mtime_ns)
        for path, change in batch.changes.items():
            if isinstance(change, Put) and path in private and path not in kept:
                files.write_in_place(path, change.data, mtime_ns=change.mtime_ns)
            elif isinstance(change, Gone):
                path.unlink(missing_ok=True)
        for path, change in batch.changes.items():  # once the files they name are written
            if isinstance(change, Link):
                files.hard_link(change.source, path)
        for kind, path, offset, data in ops:
            if kind == b"A":
                files.write_at(path, offset, data)
        self._behind = False
        batch.changes.clear()
        return kept

    def checkpoint(self, *, unless_under: int = 0) -> None:
        """Sync every change applied since the last checkpoint and empty the journal, whose records
        are then no longer needed: one sync of the file system, when the daemon has nothing else
        to do or the journal has grown past `unless_under` bytes."""
        if not self._applied or self._behind:
            return
        if unless_under and _size(self.path) < unless_under:
            return
        syncing.sync_file_system(self.root)
        os.truncate(self.path, 0)
        self._applied = False

    def recover(self) -> int:
        """Replay the records a crash left, in order (an unfinished last record is dropped: it was
        never committed); returns how many. Only for the holder of the directory's lock."""
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return 0
        replayed = 0
        for payload in _records(raw):
            for kind, path, number, data in _decode(self.root, payload):
                _replay(self.root, kind, path, number, data)
            replayed += 1
        if replayed:
            log.warning("replayed %d journal records left by a crash", replayed)
        if raw:
            self._applied, self._behind = True, False
            self.checkpoint()
        return replayed

    def _append_record(self, payload: bytes) -> None:
        new = not self.path.exists()
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            size = os.fstat(fd).st_size
            try:
                files.write_all(fd, _HEAD.pack(len(payload), hashlib.sha256(payload).digest()) + payload)
                os.fsync(fd)
            except BaseException:
                os.ftruncate(fd, size)  # not committed: a later replay must not find it whole
                raise
        finally:
            os.close(fd)
        if new:
            syncing.fsync_dir(self.root)


Op = tuple[bytes, Path, int, bytes]


def _ops(batch: Batch) -> list[Op]:
    """The batch as journal operations; an append is pinned to the offset it starts at, so that
    replaying it twice writes the same bytes at the same place. A link comes after every write,
    as `commit` applies it: its file is written first."""
    ops: list[Op] = []
    links: list[Op] = []
    for path, change in batch.changes.items():
        if isinstance(change, Put):
            ops.append((b"P", path, -1 if change.mtime_ns is None else change.mtime_ns, change.data))
        elif isinstance(change, Gone):
            ops.append((b"G", path, -1, b""))
        elif isinstance(change, Link):
            links.append((b"L", path, -1, _name(batch.root, change.source)))
        else:
            ops.append((b"A", path, _size(path), b"".join(change.chunks)))
    return ops + links


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except FileNotFoundError:
        return 0


def _encode(root: Path, ops: list[Op]) -> bytes:
    parts = []
    for kind, path, number, data in ops:
        name = _name(root, path)
        parts += [_OP.pack(kind, len(name), number, len(data)), name, data]
    return b"".join(parts)


def _name(root: Path, path: Path) -> bytes:
    """`path` relative to `root` (string slicing: `Path.relative_to` costs more than the write)."""
    text, prefix = os.fspath(path), os.path.join(root, "")
    if not text.startswith(prefix):
        raise ValueError(f"{path} is not under {root}")
    return text[len(prefix) :].encode("utf-8", "surrogateescape")


def _decode(root: Path, payload: bytes) -> Iterator[Op]:
    at = 0
    while at < len(payload):
        kind, name_length, number, data_length = _OP.unpack_from(payload, at)
        at += _OP.size
        name = payload[at : at + name_length].decode("utf-8", "surrogateescape")
        at += name_length
        yield kind, root / name, number, payload[at : at + data_length]
        at += data_length


def _records(raw: bytes) -> Iterator[bytes]:
    at = 0
    while at + _HEAD.size <= len(raw):
        length, digest = _HEAD.unpack_from(raw, at)
        payload = raw[at + _HEAD.size : at + _HEAD.size + length]
        if len(payload) < length or hashlib.sha256(payload).digest() != digest:
            return  # cut by the crash before its fsync returned: never committed
        yield payload
        at += _HEAD.size + length


def _replay(root: Path, kind: bytes, path: Path, number: int, data: bytes) -> None:
    if kind == b"P":
        files.put_temp(files.write_temp(path, data), path, None if number < 0 else number)
    elif kind == b"G":
        path.unlink(missing_ok=True)
    elif kind == b"L":
        files.hard_link(root / data.decode("utf-8", "surrogateescape"), path)
    else:
        files.write_at(path, number, data)
