"""The physical floor `gonets bench` holds the pipeline against: the least a durable mail handler
must do, on the same disk, in the same run.

For one mail: read its bytes from the file it was delivered as; write the archive copy (a new
file), the state (the game file replaced: a temp file renamed over it) and the reply (a new file),
each fsynced with its folder. For a batch of mails: the same reads and writes, the state once as
the batch leaves it, then one fsync of each file written and of each folder. No parsing, no rules,
no bookkeeping: what is left when a handler does nothing but keep the mail, its effect and its
answer through a power cut.

Beside it, `parsed`: the chosen mail parser (mail-parser) reading the same mails and nothing else,
the least any handler built on it adds to the floor. Floor / (floor + parse) is the highest share
a pipeline on that parser could reach if everything else it did were free.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import mailparser

from state.files import write_all
from state.syncing import fsync_dir, fsync_file


class Floor:
    """The floor's folders under `root` (the pipeline's disk): an inbox it reads from, and the
    archive, state and reply folders it writes to."""

    def __init__(self, root: Path) -> None:
        self.inbox, self.archive, self.state, self.replies = (
            root / n for n in ("in", "archive", "state", "out")
        )
        for folder in (self.inbox, self.archive, self.state, self.replies):
            folder.mkdir(parents=True)
        self._count = 0

    def deliver(self, raws: list[bytes]) -> list[Path]:
        """The mails as delivered files, unsynced (as a mail server leaves them to the handler)."""
        paths = []
        for raw in raws:
            path = self.inbox / self._name()
            path.write_bytes(raw)
            paths.append(path)
        return paths

    def one(self, mail: Path, state: bytes, reply: bytes) -> float:
        """Seconds for one mail: its three writes each fsynced with its folder."""
        began = time.perf_counter()
        raw = mail.read_bytes()
        for folder, data in ((self.archive, raw), (self.replies, reply)):
            self._write(folder / self._name(), data, sync=True)
            fsync_dir(folder)
        self._replace_state(state, durable=True)
        return time.perf_counter() - began

    def batch(self, mails: list[Path], state: bytes, reply: bytes) -> float:
        """Seconds for a batch: every mail read, archived and answered, the state written once,
        then each file and each folder fsynced once."""
        began = time.perf_counter()
        written = []
        for mail in mails:
            raw = mail.read_bytes()
            written.append(self._write(self.archive / self._name(), raw))
            written.append(self._write(self.replies / self._name(), reply))
        written.append(self._replace_state(state, durable=False))
        for path in written:
            fsync_file(path)
        for folder in (self.archive, self.replies, self.state):
            fsync_dir(folder)
        return time.perf_counter() - began

    @staticmethod
    def parsed(mails: list[Path]) -> float:
        """Seconds for mail-parser to read `mails` (already delivered), one after another."""
        raws = [mail.read_bytes() for mail in mails]
        began = time.perf_counter()
        for raw in raws:
            mailparser.parse_from_bytes(raw)
        return time.perf_counter() - began

    def _replace_state(self, data: bytes, durable: bool) -> Path:
        target = self.state / "game.json"
        temp = self._write(self.state / f".tmp-{self._name()}", data, sync=durable)
        os.replace(temp, target)
        if durable:
            fsync_dir(self.state)
        return target

    def _write(self, path: Path, data: bytes, sync: bool = False) -> Path:
        """A new file holding `data`, fsynced before it is closed if `sync`."""
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            write_all(fd, data)
            if sync:
                os.fsync(fd)
        finally:
            os.close(fd)
        return path

    def _name(self) -> str:
        self._count += 1
        return f"{self._count:07d}"
