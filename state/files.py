"""Writing and reading files crash-safely: the primitives under `state.disk.Disk`.

A reader (or the daemon after a SIGKILL or power cut) sees either the old content or the new one,
never a mix: the data goes to a temp file in the same directory, is fsynced, renamed over the
target with `os.replace` (atomic on POSIX), and the directory is fsynced so the rename survives a
power cut. A crash leaves at most a stray ".tmp-*" file, which `remove_stray_temps` clears at start.
The games directory's stores go through their `Disk`, which stages a daemon pass's changes for the
journal; what is here writes now.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import re
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from state.syncing import fsync_dir

T = TypeVar("T")
TEMP_PREFIX = ".tmp-"
# what the games directory holds is the daemon's alone: mail, game records, logs
FILE_MODE, FOLDER_MODE = 0o600, 0o700
_SAFE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}")
_UNSAFE_CHARS = re.compile(r"[^A-Za-z0-9._-]+")


class Private:
    """Files, and folders' files, that only the lock holder reads (the archive, the outbox, the
    reply and password-guess counts): nobody else can see one of them half written, and after a
    crash the journal is replayed before the holder reads anything, so a file there that a synced
    journal record holds is written in place, without a temp file and a rename."""

    def __init__(self, paths: tuple[Path, ...]) -> None:
        self.files = {os.fspath(path) for path in paths if path.suffix}
        self.prefixes = tuple(os.path.join(path, "") for path in paths if not path.suffix)

    def __contains__(self, path: Path) -> bool:
        text = os.fspath(path)
        return text in self.files or text.startswith(self.prefixes)


def make_dirs(directory: Path, durable: bool = True) -> None:
    """`mkdir -p`, fsyncing each parent of a created directory so the new entries are durable."""
    if directory.is_dir():
        return
    make_dirs(directory.parent, durable)
    try:
        directory.mkdir(FOLDER_MODE)
    except FileExistsError:
        return
    if durable:
        fsync_dir(directory.parent)


def atomic_write_bytes(
    path: Path, data: bytes, *, temp_dir: Path | None = None, mtime_ns: int | None = None
) -> None:
    """Replace `path` with `data` atomically and durably, now; creates missing parent directories.

    `temp_dir` (same file system) is for formats that dictate where temp files live, like Maildir's
    tmp/; by default the temp file sits next to the target. `mtime_ns`: the time the file keeps.
    """
    write_durably(path, data, temp_dir=temp_dir, mtime_ns=mtime_ns)


def write_durably(
    path: Path,
    data: bytes,
    *,
    temp_dir: Path | None = None,
    mtime_ns: int | None = None,
    durable: bool = True,
) -> None:
    """`atomic_write_bytes`; not `durable`: the file and its folder are left for the caller to sync."""
    fd, temp_name = _in_folder(path.parent, durable, lambda: _new_temp(temp_dir or path.parent))
    try:
        try:  # straight to the descriptor: a buffered file object asks the kernel three questions first
            write_all(fd, data)
            if durable:
                os.fsync(fd)
        finally:
            os.close(fd)
        if mtime_ns is not None:
            os.utime(temp_name, ns=(mtime_ns, mtime_ns))
        os.replace(temp_name, path)
    except BaseException as error:
        Path(temp_name).unlink(missing_ok=True)
        raise _named(error, path) from error
    if durable:
        fsync_dir(path.parent)


def _new_temp(folder: Path) -> tuple[int, str]:
    """A new empty file of ours alone in `folder`, under a random temp name (as `tempfile.mkstemp`
    makes it: exclusive, not following a link, mode 0600), and its open descriptor. Not tempfile
    itself: its imports (shutil and the compressors) were a tenth of an empty cron pass."""
    while True:
        name = os.path.join(folder, f"{TEMP_PREFIX}{os.urandom(8).hex()}")
        try:
            return os.open(name, os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, FILE_MODE), name
        except FileExistsError:
            continue


def link_if_possible(source: Path, target: Path) -> bool:
    """`target` made a second name of `source` (a hard link), unsynced; False where the file system
    makes none, the target is there already (a move a crash cut short) or `source` moved on."""
    try:
        _in_folder(target.parent, False, lambda: os.link(source, target))
        return True
    except OSError as error:
        if error.errno not in (*_NO_HARD_LINK, errno.EEXIST, errno.ENOENT):
            raise _named(error, target) from error
        return False


# why a file system makes no hard link where a copy can be: another file system, none there, too many
_NO_HARD_LINK = (errno.EPERM, errno.EXDEV, errno.EMLINK, errno.ENOTSUP, errno.EOPNOTSUPP)


def _named(error: BaseException, path: Path) -> BaseException:
    """write() and fsync() name no file, and the GM's alert must say which one failed."""
    if isinstance(error, OSError) and error.filename is None and error.errno is not None:
        return OSError(error.errno, error.strerror, str(path))
    return error


def write_temp(path: Path, data: bytes) -> Path:
    """The journal's first step: `data` in a temp file beside `path`, not synced (the journal's
    record is). One fixed name per target: only the lock holder writes here."""
    temp = path.with_name(f"{TEMP_PREFIX}{path.name}")
    try:
        fd = _open_creating(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        try:
            write_all(fd, data)
        finally:
            os.close(fd)
    except OSError as error:
        temp.unlink(missing_ok=True)
        raise _named(error, path) from error
    return temp


def write_in_place(path: Path, data: bytes, mtime_ns: int | None) -> None:
    """Write `path` in place, unsynced: for a `Private` file that a synced journal record holds
    (a failure half way is repaired by replaying the record)."""
    try:
        fd = _open_creating(path, os.O_WRONLY | os.O_CREAT)
        try:  # over the old bytes, then cut: cheaper than freeing them first (O_TRUNC)
            write_all(fd, data)
            os.ftruncate(fd, len(data))
        finally:
            os.close(fd)
        if mtime_ns is not None:
            os.utime(path, ns=(mtime_ns, mtime_ns))
    except OSError as error:
        raise _named(error, path) from error


def _open_creating(path: Path, flags: int, durable: bool = False) -> int:
    """`os.open` that makes the missing folders on the way (fsynced if `durable`)."""
    return _in_folder(path.parent, durable, lambda: os.open(path, flags, FILE_MODE))


def _in_folder(folder: Path, durable: bool, create: Callable[[], T]) -> T:
    """`create` a file in `folder`, making the folder first only when it is missing: a store's
    folders are there almost always, and looking first costs a stat per write."""
    try:
        return create()
    except FileNotFoundError:
        make_dirs(folder, durable)
        return create()


def write_all(fd: int, data: bytes) -> None:
    """`os.write` until every byte is written (a write may take fewer than it was given)."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def put_temp(temp: Path, path: Path, mtime_ns: int | None) -> None:
    if mtime_ns is not None:
        os.utime(temp, ns=(mtime_ns, mtime_ns))
    os.replace(temp, path)


def write_at(path: Path, offset: int, data: bytes) -> None:
    """An append pinned to its offset, so that doing it again changes nothing."""
    fd = _open_creating(path, os.O_WRONLY | os.O_CREAT)
    try:
        os.pwrite(fd, data, offset)
        os.ftruncate(fd, offset + len(data))
    finally:
        os.close(fd)


def append_now(path: Path, data: bytes, durable: bool = True) -> None:
    """One `write` on an O_APPEND file (a kill cannot interleave two lines), synced if `durable`."""
    fd = _open_creating(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, durable)
    try:
        os.write(fd, data)
        if durable:
            os.fsync(fd)
    finally:
        os.close(fd)


def hard_link(source: Path, target: Path, durable: bool = False) -> None:
    """`link` done now, unsynced (but for new folders if `durable`); doing it again changes
    nothing. A file system without hard links gets a copy."""
    target.unlink(missing_ok=True)
    try:
        _in_folder(target.parent, durable, lambda: os.link(source, target))
    except OSError as error:
        if error.errno not in _NO_HARD_LINK:
            raise _named(error, target) from error
        write_in_place(target, source.read_bytes(), mtime_ns=None)


def rename(source: Path, target: Path, durable: bool = True) -> None:
    """`source` becomes `target` (same file system); both folders synced if `durable`."""
    _in_folder(target.parent, durable, lambda: os.replace(source, target))
    if durable:
        fsync_dir(target.parent)
        fsync_dir(source.parent)


class NotRegularFile(OSError):
    """A path read as a file that is something else: a FIFO, a directory, a symbolic link, a
    socket or a device. `kind` is one of those five words, for a message in the reader's language."""

    kind = ""


class FileTooLarge(OSError):
    """A file over the size its reader accepts; not read beyond that size."""


_KINDS = (
    (stat.S_ISFIFO, "fifo"),
    (stat.S_ISDIR, "directory"),
    (stat.S_ISLNK, "symlink"),
    (stat.S_ISSOCK, "socket"),
)
KIND_NAMES = {  # what a `NotRegularFile` is, in Russian and in English, for messages a GM reads
    "fifo": ("именованный канал (FIFO)", "a FIFO"),
    "directory": ("каталог", "a directory"),
    "symlink": ("символическая ссылка", "a symbolic link"),
    "socket": ("сокет", "a socket"),
    "device": ("устройство", "a device"),
}


def _not_regular(path: Path, kind: str) -> NotRegularFile:
    ru, en = KIND_NAMES[kind]
    error = NotRegularFile(errno.EINVAL, f"не обычный файл, а {ru} / not a regular file but {en}", str(path))
    error.kind = kind
    return error


def _too_large(path: Path, limit: int) -> FileTooLarge:
    return FileTooLarge(errno.EFBIG, f"больше {limit} байт / larger than {limit} bytes", str(path))


def open_regular(
    path: Path, flags: int = os.O_RDONLY, *, follow_links: bool = False, mode: int = 0o600
) -> tuple[int, os.stat_result]:
    """An open descriptor of `path` and its status, only if it is a regular file (`NotRegularFile`
    otherwise). It never waits: a FIFO opened for reading without O_NONBLOCK blocks until some
    writer comes, for writing until some reader does, so it is opened non-blocking (which a
    regular file ignores) and refused by its `fstat`; the type is checked after the open, on what
    was opened, so nothing can swap the file in between. A symbolic link is refused unless
    `follow_links` (a config file the administrator links is fine; a file planted in the games
    directory that points elsewhere is not)."""
    flags |= os.O_NONBLOCK | os.O_CLOEXEC | (0 if follow_links else os.O_NOFOLLOW)
    try:
        fd = os.open(path, flags, mode)
    except OSError as error:
        if error.errno == errno.ELOOP and not follow_links:
            raise _not_regular(path, "symlink") from None
        if error.errno == errno.ENXIO:  # a FIFO opened for writing with no reader, or a socket
            raise _not_regular(path, "fifo" if stat.S_ISFIFO(os.lstat(path).st_mode) else "socket") from None
        raise
    try:
        status = os.fstat(fd)
        if not stat.S_ISREG(status.st_mode):
            raise _not_regular(path, next((k for test, k in _KINDS if test(status.st_mode)), "device"))
    except BaseException:
        os.close(fd)
        raise
    return fd, status


def read_regular(
    path: Path, limit: int | None = None, *, follow_links: bool = False
) -> tuple[bytes, os.stat_result]:
    """The bytes of `path` and its status, if it is a regular file (`open_regular`) of at most
    `limit` bytes (`FileTooLarge` past it, having read no more than one byte over)."""
    fd, status = open_regular(path, follow_links=follow_links)
    with open(fd, "rb") as file:  # closes `fd`
        if limit is not None and status.st_size > limit:
            raise _too_large(path, limit)
        data = file.read() if limit is None else file.read(limit + 1)
    if limit is not None and len(data) > limit:  # it grew after the fstat
        raise _too_large(path, limit)
    return data, status


def json_bytes(data: object) -> bytes:
    """Compact, key-sorted UTF-8 JSON. Without `indent` json uses its C encoder (4-10 times faster
    on a game record); every file this writes is the daemon's own state (`jq .` shows it indented),
    and stores written indented by older versions read the same."""
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode("utf-8")


def atomic_write_json(path: Path, data: object) -> None:
    """Serialise first (a non-serialisable value touches no file), then write atomically."""
    atomic_write_bytes(path, json_bytes(data))


def read_json(path: Path) -> Any:
    return json.loads(read_regular(path)[0])


def make_private(directory: Path) -> int:
    """Every file under `directory` readable by its owner only, and every folder: for a directory
    written before it was so (its own mode tells, so a private one costs one stat). Returns how
    many were changed."""
    if not directory.stat().st_mode & 0o077:
        return 0
    changed = 0
    for folder, folders, names in os.walk(directory):
        for name, mode in [*((n, FOLDER_MODE) for n in folders), *((n, FILE_MODE) for n in names)]:
            path = os.path.join(folder, name)
            if not os.path.islink(path) and os.stat(path).st_mode & 0o077:
                os.chmod(path, mode)
                changed += 1
    os.chmod(directory, FOLDER_MODE)
    return changed + 1


def remove_stray_temps(directory: Path) -> int:
    """Delete the ".tmp-*" files a crash left under `directory`; returns how many.

    Only safe while no other writer works in `directory`: call it holding the `DirectoryLock`.
    """
    removed = 0
    for path in directory.rglob(TEMP_PREFIX + "*"):
        if path.is_file():
            path.unlink(missing_ok=True)
            removed += 1
    return removed


def safe_file_name(text: str) -> str:
    """A file name for an arbitrary id: the id itself when it is plain, else a readable slug made
    unique by a hash of the id (no "/", ":" or leading dot, so it suits Maildir and never looks like
    a temp file)."""
    if _SAFE_NAME.fullmatch(text):
        return text
    slug = _UNSAFE_CHARS.sub("_", text).strip("._-")[:60]
    digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:20]
    return f"{slug}-{digest}" if slug else digest
