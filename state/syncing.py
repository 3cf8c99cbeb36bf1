"""Making written files durable: one file, one folder, a whole file system, or a block's worth of
writes at its end (`Deferred`, used by `state.files.deferred_sync`)."""

from __future__ import annotations

import os
from collections.abc import Callable
from contextlib import suppress
from functools import cache
from pathlib import Path


class Deferred:
    """Writes whose fsyncs wait for the end of a block: each file written, and its folder, is
    synced once, however many writes touched it. What was written outside `root` (the mail a
    Maildir transport delivered) is synced before what was written under it (the outbox's record
    that the mail was sent), so a record is never durable before its mail; more than `MANY` files
    on either side are synced with one syncfs of each file system they and their folders are on
    (a resolution's 17 deliveries: one call instead of 17 fsyncs). A move's new folder is
    synced (the outbox's sent copy is its record); removals are not: the block's writer must be
    able to redo them (the outbox clears what a move to sent/ left in pending/), as after a crash."""

    MANY = 4  # a syncfs costs about as much as fsyncing this many files and their folder

    def __init__(self, root: Path) -> None:
        self.prefix = os.path.join(root, "")
        self.files: set[Path] = set()
        self.folders: set[Path] = set()

    def sync(self) -> None:
        for under_root in (False, True):
            written = sorted(p for p in self.files if self._under(p) == under_root)
            folders = sorted(f for f in self.folders if self._under(os.path.join(f, "")) == under_root)
            if len(written) > self.MANY:
                for place in _one_folder_each_file_system({*(p.parent for p in written), *folders}):
                    sync_file_system(place)
                continue
            for path in written:
                fsync_file(path)
            for folder in folders:
                with suppress(FileNotFoundError):  # removed in the same block
                    fsync_dir(folder)
        self.files.clear()
        self.folders.clear()

    def _under(self, path: Path | str) -> bool:
        return os.fspath(path).startswith(self.prefix)


def _one_folder_each_file_system(folders: set[Path]) -> list[Path]:
    """A folder of each file system among `folders` (those still there), in order."""
    found: dict[int, Path] = {}
    for folder in sorted(folders):
        with suppress(FileNotFoundError):
            found.setdefault(os.stat(folder).st_dev, folder)
    return list(found.values())


def fsync_file(path: Path) -> None:
    """Make a file's content durable, if it is still there."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except FileNotFoundError:  # written, then moved or removed in the same block
        return
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def fsync_dir(directory: Path) -> None:
    """Make a rename, creation or deletion inside `directory` durable."""
    fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def sync_file_system(directory: Path) -> None:
    """syncfs(2) on Linux: one call flushes every file written under `directory`'s file system;
    elsewhere the whole machine's `sync`."""
    fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY)
    try:
        syncfs = _syncfs()
        if syncfs is None or syncfs(fd) != 0:
            os.sync()
    finally:
        os.close(fd)


@cache
def _syncfs() -> Callable[[int], int] | None:
    """The C library's syncfs, looked up when first needed: ctypes is no cost of a pass that
    syncs nothing."""
    import ctypes

    try:
        found: Callable[[int], int] = ctypes.CDLL(None, use_errno=True).syncfs
        return found
    except (OSError, AttributeError):
        return None
