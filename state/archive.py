"""Every raw incoming mail, kept forever, processed at most once.

Layout under `root` (one file per mail, fanned out by the first two hex digits so no directory
grows past what a file system handles well, and no cost grows with the number of mails):

    raw/ab/<key>.eml      the mail byte for byte, once handled with its passwords blanked
                          (`blank`); key = sha256 of the bytes as they came
    done/ab/<key>.json    processed marker: what happened (game, power, outcome); the truth
    content/cd/<f>.txt    f = the mail's fingerprint (sender, Message-ID, content: `Daemon`):
                          a hard link to the done/ record of the first done mail with it (no new
                          file to allocate per mail); archives before 2026-12 hold the bare key
    log/YYYY-MM.jsonl     one line per processed mail, for humans and `gonets rebuild`

The 256 fan-out folders of raw/, done/ and content/ are made at once by `make_folders` (`gonets
init`), so that a new archive's mails do not each pay for creating their folders.

The pipeline stores a mail before anything else and marks it done once its effects are stored, so
a crash in between only means the mail is processed again on restart, never lost.
"""

from __future__ import annotations

import hashlib
import json
import re
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from state import files
from state.files import atomic_write_bytes, atomic_write_json, read_json

_KEY = re.compile(r"[0-9a-f]{64}")
# A mail bigger than this goes to disk at once, synced on its own, rather than wait in the pass's
# batch: a pass over many big mails holds one of them in memory at a time.
BIG_MAIL = 256 * 1024


class MailArchive:
    def __init__(self, root: Path, clock: Callable[[], float] = time.time) -> None:
        self.root = root
        self._clock = clock
        self._stamp = 0  # the last raw file's mtime_ns given by this process

    def make_folders(self) -> None:
        """Every fan-out folder, made now (the last one made says they all are)."""
        kinds = ("raw", "done", "content")
        if (self.root / kinds[-1] / "ff").is_dir():
            return
        for kind in kinds:
            for shard in range(256):
                files.make_dirs(self.root / kind / f"{shard:02x}", durable=False)

    @staticmethod
    def key(raw: bytes) -> str:
        return hashlib.sha256(raw).hexdigest()

    def store(self, raw: bytes) -> str:
        """Archive `raw` unless it is there already (same bytes, same key); returns the key."""
        key = self.key(raw)
        path = self._raw_path(key)
        if not files.exists(path):
            _write_raw(path, raw, self._next_stamp())
        return key

    def _next_stamp(self) -> int:
        """Store order is the raw files' mtime: strictly increasing within a process, even for
        mails stored in one pass and written to disk together."""
        self._stamp = max(time.time_ns(), self._stamp + 1)
        return self._stamp

    def blank(self, key: str, raw: bytes) -> None:
        """Replace the archived copy of `key` by `raw` (its passwords blanked), before it is marked
        done. It keeps its key, so the same bytes delivered again are still known and done, and its
        mtime, so its place in store order."""
        path = self._raw_path(key)
        _write_raw(path, raw, files.mtime_ns(path))

    def raw(self, key: str) -> bytes:
        return files.read_bytes(self._raw_path(key))

    def is_done(self, key: str) -> bool:
        return files.exists(_fanned(self.root / "done", _checked(key), ".json"))

    def mark_done(self, key: str, record: dict[str, Any]) -> None:
        """Record what processing `key` did, and index it under its fingerprint unless a done mail
        has that fingerprint already. The daemon does both in one journal record."""
        if not files.exists(self._raw_path(key)):
            raise KeyError(f"mail {key} is not archived; store it before marking it done")
        now = datetime.fromtimestamp(self._clock(), UTC)
        entry = {**record, "key": key, "time": now.isoformat(timespec="seconds")}
        fingerprint = record.get("fingerprint")
        fingerprint = fingerprint if isinstance(fingerprint, str) and _KEY.fullmatch(fingerprint) else ""
        done = _fanned(self.root / "done", key, ".json")
        atomic_write_json(done, entry)
        if fingerprint and not self.seen_fingerprint(fingerprint):
            files.link(done, self._content_path(fingerprint))
        self._append_log(now, entry)

    def done_record(self, key: str) -> dict[str, Any] | None:
        """What processing `key` did (the entry its log line also holds), or None when not done."""
        path = _fanned(self.root / "done", _checked(key), ".json")
        if not files.exists(path):
            return None
        entry: dict[str, Any] = read_json(path)
        return entry

    def seen_fingerprint(self, fingerprint: str) -> str | None:
        """Key of a done mail with this fingerprint: the same mail resent with other bytes (a relay
        adding headers) is a duplicate even though its content hash differs. Never the Message-ID
        alone: clients reuse them, and a reused one must not swallow new orders."""
        if not _KEY.fullmatch(fingerprint):
            return None
        try:
            indexed = files.read_bytes(self._content_path(fingerprint))
        except FileNotFoundError:
            return None
        key = _indexed_key(indexed)
        return key if key is not None and self.is_done(key) else None

    def keys(self) -> Iterator[str]:
        """Every archived key in store order: `store` never rewrites a mail, so the file's mtime_ns
        is when it was stored; ties (coarse clocks, restored backups) are broken by key."""
        stamped = [(path.stat().st_mtime_ns, path.stem) for path in (self.root / "raw").glob("??/*.eml")]
        for _, key in sorted(stamped):
            yield key

    def _raw_path(self, key: str) -> Path:
        return _fanned(self.root / "raw", _checked(key), ".eml")

    def _content_path(self, fingerprint: str) -> Path:
        return _fanned(self.root / "content", fingerprint, ".txt")

    def _append_log(self, now: datetime, entry: dict[str, Any]) -> None:
        """Appended: the log is only advisory (the markers are the truth), so no rename dance."""
        line = json.dumps(entry, ensure_ascii=False, sort_keys=True) + "\n"
        files.append_bytes(self.root / "log" / f"{now:%Y-%m}.jsonl", line.encode("utf-8"))


def _write_raw(path: Path, raw: bytes, mtime_ns: int) -> None:
    """A big mail goes to disk at once (`BIG_MAIL`); any other waits in the pass's batch."""
    write = files.write_durably if len(raw) > BIG_MAIL else atomic_write_bytes
    write(path, raw, mtime_ns=mtime_ns)


def _indexed_key(indexed: bytes) -> str | None:
    """The key a content/ entry names: its done record's, or (older archives) its whole text."""
    try:
        text = indexed.decode("utf-8")
        key = json.loads(text).get("key") if text.startswith("{") else text.strip()
    except (UnicodeDecodeError, ValueError, AttributeError):
        return None
    return key if isinstance(key, str) and _KEY.fullmatch(key) else None


def _checked(key: str) -> str:
    """Keys become paths: refuse anything but a sha256 hex digest (no "../")."""
    if not _KEY.fullmatch(key):
        raise ValueError(f"not an archive key: {key!r}")
    return key


def _fanned(directory: Path, name: str, suffix: str) -> Path:
    return directory / name[:2] / f"{name}{suffix}"
