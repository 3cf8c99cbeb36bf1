"""The games directory's files as the daemon's stores write and read them: `Disk`.

Every store of the games directory (game records, the mail archive, the outbox, the reply and
password-guess counts, the control spool) is given the directory's one `Disk` and does all its
file work through it. What a change costs depends on where the daemon is in its pass:
- outside a pass (a command-line tool, a test), it is written and synced at once (`state.files`);
- inside a pass (`staging`, entered by `state.journal.Journal.batch`), it waits in the pass's
  batch, where every read of the pass sees it, until the journal makes the whole pass durable
  with one fsync (`Journal.commit`);
- while the outbox sends (`deferred_sync`, entered by `Journal.lazily`), it goes to the file at
  once and each file and folder written is synced once when the sends are over (`Deferred`).
The mode is the Disk's own, set by the journal for the pass: no store decides it, none can miss it.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Protocol

from state import files
from state.files import TEMP_PREFIX, json_bytes
from state.syncing import Deferred, fsync_dir, fsync_file


class Staging(Protocol):
    """What a pass's batch offers (`state.journal.Batch`); None from a read: not staged."""

    def covers(self, path: Path) -> bool: ...
    def write(self, path: Path, data: bytes, mtime_ns: int | None) -> None: ...
    def append(self, path: Path, data: bytes) -> None: ...
    def remove(self, path: Path) -> None: ...
    def link(self, source: Path, target: Path) -> None: ...
    def read(self, path: Path) -> bytes | None: ...
    def exists(self, path: Path) -> bool | None: ...
    def names(self, directory: Path, on_disk: set[str]) -> set[str]: ...
    def mtime_ns(self, path: Path) -> int | None: ...


class Disk:
    """The files under `root`, written now, staged in a pass's batch, or synced at a block's end."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.batch: Staging | None = None  # the pass's, while one is staged
        self._deferred: Deferred | None = None

    @contextmanager
    def staging(self, batch: Staging) -> Iterator[None]:
        """Changes under the root wait in `batch` (and reads see them) until the block ends."""
        previous, self.batch = self.batch, batch
        try:
            yield
        finally:
            self.batch = previous

    @contextmanager
    def deferred_sync(self) -> Iterator[None]:
        """Changes go to the files at once; each file and folder is synced once when the block
        ends, what was delivered outside the root (`delivered`) before what was written under it."""
        deferred = Deferred(self.root)
        previous, self._deferred = self._deferred, deferred
        try:
            yield
        finally:
            self._deferred = previous
            deferred.sync()

    # --- writes ---------------------------------------------------------------------------------

    def write(self, path: Path, data: bytes, *, mtime_ns: int | None = None) -> None:
        """Replace `path` with `data` atomically (and in time durably); `mtime_ns`: the time the
        file keeps. A reader sees the old content or the new one, never a mix."""
        if batch := self._staged(path):
            batch.write(path, data, mtime_ns)
            return
        self.write_now(path, data, mtime_ns=mtime_ns)

    def write_json(self, path: Path, data: object) -> None:
        """Serialised first (a value that is not JSON touches no file), then `write`n."""
        self.write(path, json_bytes(data))

    def write_now(self, path: Path, data: bytes, *, mtime_ns: int | None = None) -> None:
        """`write`, but to the file now even in a pass (a big mail: the pass holds one at a time)."""
        files.write_durably(path, data, mtime_ns=mtime_ns, durable=self._synced_now(path))

    def write_marker(self, path: Path, data: bytes, same: Path | None = None) -> None:
        """A file whose existence is what counts. While sends are deferred it is written in place
        and only its folder synced: a crash may leave it short, never absent once its folder is
        synced; or, given `same`, a file written in the block that holds exactly `data`, it is a
        second name of that file (a hard link: no new file to allocate, no bytes to write again,
        and the file is synced before anything under the root). Elsewhere it is written as any."""
        deferred = self._deferred
        if deferred is None or self._staged(path):
            self.write(path, data)
            return
        deferred.folders.add(path.parent)
        if same is not None and files.link_if_possible(same, path):
            return
        files.write_in_place(path, data, mtime_ns=None)

    def append(self, path: Path, data: bytes) -> None:
        """One `write` on an O_APPEND file (a kill cannot interleave two lines), in time durable."""
        if batch := self._staged(path):
            batch.append(path, data)
            return
        files.append_now(path, data, durable=self._synced_now(path))

    def remove(self, path: Path) -> None:
        """Delete `path` if it is there."""
        if batch := self._staged(path):
            batch.remove(path)
            return
        path.unlink(missing_ok=True)
        if self._synced_now(path, written=False) and path.parent.is_dir():
            fsync_dir(path.parent)

    def link(self, source: Path, target: Path) -> None:
        """`target` becomes a second name of `source`'s file (a hard link: no new file to allocate),
        replacing whatever `target` was. For an index whose entries are other files' copies."""
        if batch := self._staged(target):
            batch.link(source, target)
            return
        durable = self._synced_now(target, written=False)
        files.hard_link(source, target, durable)
        if durable:
            fsync_dir(target.parent)

    def move(self, source: Path, target: Path) -> None:
        """`source` becomes `target` (same file system): a rename, or in a batch its copy and
        removal. While sends are deferred the target's folder is synced at the end: the new name
        may be a record."""
        if self._staged(source) or self._staged(target):
            self.write(target, self.read(source), mtime_ns=self.mtime_ns(source))
            self.remove(source)
            return
        if self._deferred is not None:
            self._deferred.folders.add(target.parent)
        durable = self._synced_now(target, written=False)
        files.rename(source, target, durable)

    def delivered(self, path: Path) -> None:
        """A mail a transport left outside the root, unsynced (`Sender.send`): synced with the
        block's other deliveries, before the records of their sending; at once outside a block."""
        if self._deferred is None:
            fsync_file(path)
            fsync_dir(path.parent)
            return
        self._deferred.files.add(path)
        self._deferred.folders.add(path.parent)

    # --- reads, as the pass sees the files ------------------------------------------------------

    def read(self, path: Path) -> bytes:
        """The file as this pass sees it: what its batch staged, else the disk."""
        if (batch := self._staged(path)) and (staged := batch.read(path)) is not None:
            return staged
        return files.read_regular(path)[0]  # a FIFO put in a file's place must not hang the reader

    def read_json(self, path: Path) -> Any:
        return json.loads(self.read(path))

    def exists(self, path: Path) -> bool:
        if (batch := self._staged(path)) and (staged := batch.exists(path)) is not None:
            return staged
        return path.exists()

    def names(self, directory: Path, suffix: str = "") -> list[str]:
        """The files in `directory` ending in `suffix`, as this pass sees them (no temp files), sorted."""
        try:
            on_disk = {name for name in os.listdir(directory) if not name.startswith(TEMP_PREFIX)}
        except FileNotFoundError:
            on_disk = set()
        if batch := self._staged(directory / TEMP_PREFIX):  # any name inside `directory`
            on_disk = batch.names(directory, on_disk)
        return sorted(name for name in on_disk if name.endswith(suffix))

    def mtime_ns(self, path: Path) -> int:
        if (batch := self._staged(path)) and (staged := batch.mtime_ns(path)) is not None:
            return staged
        return path.stat().st_mtime_ns

    # --- the mode ------------------------------------------------------------------------------

    def _staged(self, path: Path) -> Staging | None:
        batch = self.batch
        return batch if batch is not None and batch.covers(path) else None

    def _synced_now(self, path: Path, *, written: bool = True) -> bool:
        """Whether a change to `path` syncs at once; if not, a file `written` and its folder are
        synced when the deferred block ends."""
        deferred = self._deferred
        if deferred is None:
            return True
        if written:
            deferred.files.add(path)
            deferred.folders.add(path.parent)
        return False
