"""The one place that writes a file crash-safely.

A reader (or the daemon after a SIGKILL or power cut) sees either the old content or the new one,
never a mix: the data goes to a temp file in the same directory, is fsynced, renamed over the
target with `os.replace` (atomic on POSIX), and the directory is fsynced so the rename survives a
power cut. A crash leaves at most a stray ".tmp-*" file, which `remove_stray_temps` clears at start.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
from pathlib import Path
from typing import Any

TEMP_PREFIX = ".tmp-"
_SAFE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}")
_UNSAFE_CHARS = re.compile(r"[^A-Za-z0-9._-]+")


def fsync_dir(directory: Path) -> None:
    """Make a rename, creation or deletion inside `directory` durable."""
    fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def make_dirs(directory: Path) -> None:
    """`mkdir -p`, fsyncing each parent of a created directory so the new entries are durable."""
    if directory.is_dir():
        return
    make_dirs(directory.parent)
    try:
        directory.mkdir()
    except FileExistsError:
        return
    fsync_dir(directory.parent)


def atomic_write_bytes(path: Path, data: bytes, *, temp_dir: Path | None = None) -> None:
    """Replace `path` with `data` atomically and durably; creates missing parent directories.

    `temp_dir` (same file system) is for formats that dictate where temp files live, like Maildir's
    tmp/; by default the temp file sits next to the target.
    """
    make_dirs(path.parent)
    fd, temp_name = tempfile.mkstemp(prefix=TEMP_PREFIX, dir=temp_dir or path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp_name, path)
    except BaseException as error:
        Path(temp_name).unlink(missing_ok=True)
        if isinstance(error, OSError) and error.filename is None and error.errno is not None:
            # write() and fsync() name no file, and the GM's alert must say which one failed
            raise OSError(error.errno, error.strerror, str(path)) from error
        raise
    fsync_dir(path.parent)


def json_bytes(data: object) -> bytes:
    """Compact, key-sorted UTF-8 JSON. Without `indent` json uses its C encoder (4-10 times faster
    on a game record); every file this writes is the daemon's own state (`jq .` shows it indented),
    and stores written indented by older versions read the same."""
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode("utf-8")


def atomic_write_json(path: Path, data: object) -> None:
    """Serialise first (a non-serialisable value touches no file), then write atomically."""
    atomic_write_bytes(path, json_bytes(data))


def read_json(path: Path) -> Any:
    return json.loads(path.read_bytes())


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
