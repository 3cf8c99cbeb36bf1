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

A record is replayed only if this directory's Gonets could have written it, and `recover` checks
every record before it applies any: each one is bound to its games directory by the id in
`directory.id` (written at the directory's first start, kept with it in a backup), names only
files under the directory by relative paths (no "..", no NUL, no symbolic link out of it) and
holds only the four kinds of change below. Anything else (a journal copied from another games
directory, a crafted record, a FIFO where the journal is) stops the start with `JournalRefused`,
applying nothing. Records written before there were ids (an older Gonets that crashed just before
the upgrade) are replayed, checked the same way, only while the directory has no id yet: at its
first start under this version. Whoever can write the games directory can still write any file
in it; the checks keep a journal from writing anywhere else, or another directory's state here.
"""

from __future__ import annotations

import hashlib
import logging
import os
import re
import struct
from collections.abc import Collection, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from engines.errors import GonetsError
from state import files, syncing
from state.disk import Disk

log = logging.getLogger(__name__)

JOURNAL_NAME = "journal.bin"
ID_NAME = "directory.id"
_HEAD = struct.Struct(">Q32s")  # payload length, sha256 of the payload
_OP = struct.Struct(">cIqQ")  # kind, path length, mtime_ns or append offset (-1: none), data length
_BOUND = b"D"  # a record's first operation: the id of the directory it was written for, as data
_KINDS = (b"P", b"G", b"A", b"L")  # put, gone, append, link: every other kind is refused
_ID = re.compile(r"[0-9a-f]{32}")
_TODO = (
    "Если он попал сюда по ошибке (скопирован из другой папки игр или подложен), уберите его "
    "(mv {path} {path}.refused) и запустите Гонца снова.",
    "If it got here by mistake (copied from another games directory, or planted), move it away "
    "(mv {path} {path}.refused) and start Gonets again.",
)


class JournalRefused(GonetsError):
    """A journal this directory's Gonets did not write, or cannot read as its own: the start
    stops and nothing of it is applied. The message says, in Russian and English, which file and
    what is wrong; `digest` tells one such journal from another (the GM is alerted once for it)."""

    exit_code = 3

    def __init__(self, path: Path, what: tuple[str, str], digest: str, todo: tuple[str, str] = _TODO) -> None:
        self.path, self.what, self.digest = path, what, digest
        self.ru = (
            f"Журнал {path} не применён, ни одна его запись не выполнена: {what[0]}. "
            f"Гонец не запустится, пока этот журнал на месте. {todo[0].format(path=path)}"
        )
        self.en = (
            f"The journal {path} was not replayed, and nothing of it was applied: {what[1]}. "
            f"Gonets will not start while it is there. {todo[1].format(path=path)}"
        )
        super().__init__(f"{self.ru}\n\n{self.en}")


class _Untrusted(Exception):
    """What is wrong with a journal, in Russian and English, and what to do (`JournalRefused`)."""

    def __init__(self, ru: str, en: str, todo: tuple[str, str] = _TODO) -> None:
        super().__init__(en)
        self.what, self.todo = (ru, en), todo


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

    def __init__(self, disk: Disk, private: tuple[Path, ...] = ()) -> None:
        self.disk = disk  # the directory's files, which a pass's writes go through
        self.root = root = disk.root
        self.path = root / JOURNAL_NAME
        self.private = private  # `files.Private`: files there are written in place
        self._applied = False  # records applied without a sync since the last checkpoint
        self._behind = False  # a record is synced but its changes were not all applied
        self._id: bytes | None = None  # the directory's, read (or made) before the first record

    @contextmanager
    def batch(self) -> Iterator[Batch]:
        """Stage the writes under the directory; the caller commits (or drops them on an error)."""
        batch = Batch(self.root)
        with self.disk.staging(batch):
            yield batch

    def lazily(self) -> AbstractContextManager[None]:
        """Writes go straight to the files; each file and folder is synced once when the block ends."""
        return self.disk.deferred_sync()

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
            self._append_record(_encode(self.root, self._directory_id(), ops))
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
        never committed), once every one of them is checked: `JournalRefused`, applying none of
        them, if one is not this directory's. Returns how many. Only for the holder of the
        directory's lock, which gets the directory's id here at its first start."""
        try:
            raw = files.read_regular(self.path)[0]
        except FileNotFoundError:
            raw = b""
        except files.NotRegularFile as error:
            ru, en = files.KIND_NAMES[error.kind]
            what = (f"это не обычный файл, а {ru}", f"it is not a regular file but {en}")
            raise JournalRefused(self.path, what, error.kind) from None
        records = list(_records(raw))
        try:
            checked = _checked(self.root, records)
        except _Untrusted as error:
            raise JournalRefused(self.path, error.what, hashlib.sha256(raw).hexdigest(), error.todo) from None
        for ops in checked:
            for kind, path, number, data in ops:
                _replay(self.root, kind, path, number, data)
        if records:
            log.warning("replayed %d journal records left by a crash", len(records))
        if raw:
            self._applied, self._behind = True, False
            self.checkpoint()
        self._directory_id()  # once the journal is empty: its records may be of an older Gonets
        return len(records)

    def _directory_id(self) -> bytes:
        """The id every record carries: the directory's, written at its first start (or at the
        first commit of a journal no lock holder recovered: the tests')."""
        if self._id is None:
            try:
                self._id = _read_id(self.root)
            except _Untrusted:  # nothing is bound to it: `recover` refuses a journal that is
                log.warning("%s is damaged; the games directory gets a new id", self.root / ID_NAME)
            if self._id is None:
                self._id = os.urandom(16).hex().encode("ascii")  # as a uuid4's hex: 32 random hex digits
                files.write_durably(self.root / ID_NAME, self._id + b"\n")
        return self._id

    def _append_record(self, payload: bytes) -> None:
        new = not self.path.exists()
        fd, status = files.open_regular(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
        try:
            size = status.st_size
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


def _encode(root: Path, directory_id: bytes, ops: list[Op]) -> bytes:
    parts = [_OP.pack(_BOUND, 0, -1, len(directory_id)), directory_id]
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


def _checked(root: Path, records: list[bytes]) -> list[list[Op]]:
    """Every record's operations, once all of them are known to be this directory's (`_Untrusted`
    otherwise): bound to its id, or to none while it has none (records of an older Gonets, at the
    directory's first start under this one), each a known kind on a path confined to `root`."""
    ours = _read_id(root) if records else None
    checked = []
    for number, payload in enumerate(records, 1):
        ops = _decode(payload, number)
        if ops and ops[0][0] == _BOUND:
            _same_directory(root, ours, ops.pop(0)[3])
        elif ours is not None:
            raise _Untrusted(
                f"запись {number} не привязана ни к какой папке игр, а у этой папки есть метка "
                f"(файл {root / ID_NAME}): такие записи писал только Гонец старой версии",
                f"record {number} is bound to no games directory, while this one has an id "
                f"(in {root / ID_NAME}): only an older Gonets wrote such records",
            )
        for kind, _, offset, data in ops:
            if kind not in _KINDS:
                shown = _shown(kind.decode("latin-1"))
                raise _Untrusted(
                    f"в записи {number} неизвестное действие «{shown}»",
                    f"record {number} holds an unknown kind of change “{shown}”",
                )
            if kind == b"A" and offset < 0:  # an append is pinned to where it starts
                raise _malformed(number)
            if kind == b"L":  # its data names the file it links to
                _confined(root, number, data.decode("utf-8", "surrogateescape"))
        checked.append([(kind, _confined(root, number, name), at, data) for kind, name, at, data in ops])
    return checked


def _same_directory(root: Path, ours: bytes | None, theirs: bytes) -> None:
    shown, path = _shown(theirs.decode("ascii", "replace")), root / ID_NAME
    if ours is None:
        raise _Untrusted(
            f"он записан для папки игр с меткой {shown}, а у этой папки нет файла метки {path}",
            f"it was written for the games directory with the id {shown}, and this directory has "
            f"no id file {path}",
            (
                f"{_TODO[0]} Если же это журнал этой папки, а файл метки удалён, запишите метку "
                f"обратно (echo {shown} > {path}) и запустите Гонца снова.",
                f"{_TODO[1]} If it is this directory's own journal and its id file was removed, "
                f"write the id back (echo {shown} > {path}) and start Gonets again.",
            ),
        )
    if theirs != ours:
        raise _Untrusted(
            f"он записан для другой папки игр: у неё метка {shown}, а у этой папки — {ours.decode()} "
            f"(файл {path})",
            f"it was written for another games directory: its id is {shown}, this directory's is "
            f"{ours.decode()} (in {path})",
            (
                f"{_TODO[0]} Если же это журнал этой папки, а файл метки заменён, верните в него "
                f"метку {shown}.",
                f"{_TODO[1]} If it is this directory's own journal and its id file was replaced, "
                f"put the id {shown} back in it.",
            ),
        )


def _read_id(root: Path) -> bytes | None:
    """The directory's id, None before its first start; `_Untrusted` for a damaged id file."""
    path = root / ID_NAME
    try:
        data = files.read_regular(path, 256)[0].strip()
    except FileNotFoundError:
        return None
    except OSError as error:
        raise _Untrusted(
            f"файл метки папки {path} не читается: {error.strerror}",
            f"the directory's id file {path} cannot be read: {error.strerror}",
        ) from error
    if not _ID.fullmatch(data.decode("ascii", "replace")):
        raise _Untrusted(f"файл метки папки {path} испорчен", f"the directory's id file {path} is damaged")
    return data


def _confined(root: Path, number: int, name: str) -> Path:
    """`root / name` if `name` is a path this directory's journal may name; `_Untrusted` if not."""
    parts = name.split("/")
    if "\0" in name:
        why = ("в пути нулевой байт", "a NUL byte in the path")
    elif name.startswith("/"):
        why = ("это абсолютный путь, вне папки игр", "an absolute path, outside the games directory")
    elif ".." in parts:
        why = ("путь с «..» ведёт из папки игр", "a path with “..” leads out of the games directory")
    elif "" in parts or "." in parts:
        why = ("Гонец так пути не пишет", "not a path as Gonets writes one")
    elif name in (JOURNAL_NAME, ID_NAME):
        why = ("это файл самого журнала", "it is the journal's own file")
    elif not _inside(root, root / name):
        why = (
            "путь ведёт по символической ссылке из папки игр",
            "the path follows a symbolic link out of the games directory",
        )
    else:
        return root / name
    raise _Untrusted(
        f"запись {number} называет файл «{_shown(name)}»: {why[0]}",
        f"record {number} names the file “{_shown(name)}”: {why[1]}",
    )


def _inside(root: Path, path: Path) -> bool:
    return os.path.realpath(path).startswith(os.path.join(os.path.realpath(root), ""))


def _shown(text: str) -> str:
    """`text` as a message may show it: no control character, at most 200 characters."""
    printable = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text[:200])
    return printable + ("…" if len(text) > 200 else "")


def _decode(payload: bytes, number: int) -> list[tuple[bytes, str, int, bytes]]:
    """A record's operations: kind, path relative to the root, number, data."""
    ops = []
    at = 0
    while at < len(payload):
        if at + _OP.size > len(payload):
            raise _malformed(number)
        kind, name_length, offset, data_length = _OP.unpack_from(payload, at)
        name_at = at + _OP.size
        at = name_at + name_length + data_length
        if at > len(payload):
            raise _malformed(number)
        name = payload[name_at : name_at + name_length].decode("utf-8", "surrogateescape")
        ops.append((kind, name, offset, payload[name_at + name_length : at]))
    return ops


def _malformed(number: int) -> _Untrusted:
    return _Untrusted(
        f"запись {number} испорчена: её части не сходятся по длине",
        f"record {number} is malformed: the lengths of its parts do not add up",
    )


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
