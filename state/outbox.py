"""Durable queue of outgoing mail, retried with backoff until sent or given up.

Layout under `root`, named by `safe_file_name(mail.id)`:

    pending/<name>.eml + <name>.json    to send; the .json (written last) makes the entry exist
    pending/<name>.kept                 the copy to keep instead once sent or given up, when the
                                        mail carries a secret (a role mail's password, masked here)
    sent/<name>.eml                     the mail as sent (its kept copy if it has one); being there
                                        is the record that it was sent (older releases also wrote
                                        a sent/<name>.json, which still counts)
    failed/<name>.eml + <name>.json     given up, with the reason; never retried

A crash mid-enqueue leaves nothing or a lone pending .eml, which is ignored and overwritten by the
next enqueue of that id. A mail sent moves to sent/ (its .eml first: from then on the id counts as
sent, never sent again nor re-enqueued), then what is left of it in pending/ goes; a mail given up
gets its failed/ .json first, then moves the same way. `due` finishes a move a crash interrupted.

A mail queued and sent in the same daemon pass never reaches pending/ on disk: its pending files
are in the pass's synced journal record (`hold`), the send reads them from memory and writes the
sent copy, and `settle` writes whatever a failed send left pending. A crash in between replays
the record, and `due` finishes the move from the sent copy as above.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from state.disk import Disk
from state.files import json_bytes, safe_file_name
from state.sending import FinishedMail

FIRST_BACKOFF = 60.0
MAX_BACKOFF = 3600.0


@dataclass(frozen=True)
class QueuedMail:
    id: str
    recipients: tuple[str, ...]
    raw: bytes
    attempts: int
    next_try: float
    last_error: str
    game: str = ""  # the game the mail belongs to, so a mail given up on reaches its GM's digest
    subject: str = ""  # for the GM: which mail it was

    def outgoing(self) -> FinishedMail:
        return FinishedMail(self.id, self.recipients, self.raw)


class Outbox:
    def __init__(self, root: Path, disk: Disk, clock: Callable[[], float] = time.time) -> None:
        self.root = root
        self.disk = disk
        self._clock = clock
        self._pending = root / "pending"
        self._sent = root / "sent"
        self._failed = root / "failed"
        self._held: dict[Path, bytes] = {}  # pending files a synced journal record holds, not yet on disk
        # Names this process found in neither sent/ nor failed/: only it moves mails there, so they
        # stay absent until it moves them (`_finish_move` forgets them), and need no second look.
        self._not_moved: set[str] = set()
        self.queued = True  # a mail was queued since the send loop last looked (`Delivery.prepare`)
        self.sent_secret = False  # a mail with a secret (a role mail) left since the caller last looked

    def enqueue(self, mail: FinishedMail, *, game: str = "", subject: str = "") -> bool:
        """Queue `mail` unless its id is already pending, sent or failed (then False, nothing
        written): re-running a step after a crash does not mail a player twice."""
        if mail.id in self:
            return False
        name = safe_file_name(mail.id)
        self.disk.write(self._pending / f"{name}.eml", mail.raw)
        kept = self._pending / f"{name}.kept"
        if mail.kept is not None:
            self.disk.write(kept, mail.kept)
        else:
            self.disk.remove(kept)  # left by a crash mid-enqueue of another mail with this id
        meta = {
            "id": mail.id,
            "recipients": list(mail.recipients),
            "attempts": 0,
            "next_try": self._clock(),
            "last_error": "",
            "game": game,
            "subject": subject,
            # Real wall time, so queue order holds even with an injected (frozen) clock.
            "enqueued_ns": time.time_ns(),
        }
        self.disk.write_json(self._pending / f"{name}.json", meta)
        self.queued = True
        return True

    def __contains__(self, id: object) -> bool:
        """Whether a mail with this id is pending, sent or failed: lets a caller skip composing a
        mail that `enqueue` would refuse anyway."""
        if not isinstance(id, str):
            return False
        name = safe_file_name(id)
        if self._exists(self._pending / f"{name}.json"):
            return True
        if name in self._not_moved:
            return False
        # An older release's sent/<name>.json alone only marks a move `due` has yet to finish,
        # whose pending entry is still there: no need to look for it here.
        if self._exists(self._sent / f"{name}.eml") or self._exists(self._failed / f"{name}.json"):
            return True
        self._not_moved.add(name)
        return False

    def due(self) -> list[QueuedMail]:
        """Pending mails whose `next_try` has come, oldest enqueue first. Also finishes the moves a
        crash interrupted (only the lock holder calls it)."""
        live, interrupted = self._scan_pending()
        for name, folder in interrupted:
            self._finish_move(name, folder)
        now = self._clock()
        return [self._queued(self._pending, meta) for meta in live if meta["next_try"] <= now]

    def pending_count(self) -> int:
        return len(self._scan_pending()[0])

    def mark_sent(self, id: str, delivered: Path | None = None) -> None:
        """The mail went: its copy moves to sent/, as a second name of `delivered` (the file the
        transport left with the same bytes) where it can be, so no new file is made for it."""
        self._finish_move(self._pending_name(id), self._sent, delivered)

    def mark_retry(self, id: str, error: str) -> None:
        """Count a failed attempt and wait 60 s, doubling per attempt, at most an hour."""
        meta = _failed_attempt(self._load(id), error)
        meta["next_try"] = self._clock() + _backoff(meta["attempts"])
        self._write(self._pending / f"{safe_file_name(id)}.json", json_bytes(meta))

    def mark_failed(self, id: str, error: str) -> None:
        """Count a failed attempt and give up: the mail is kept in failed/ with the reason."""
        name, meta = safe_file_name(id), _failed_attempt(self._load(id), error)
        self._not_moved.discard(name)
        self.disk.write_json(self._failed / f"{name}.json", {**meta, "moved_at": self._clock()})
        self._finish_move(name, self._failed)

    def failed(self) -> list[QueuedMail]:
        metas = [self.disk.read_json(self._failed / name) for name in self.disk.names(self._failed, ".json")]
        return [self._queued(self._failed, meta) for meta in sorted(metas, key=_queue_order)]

    def unreported(self) -> list[QueuedMail]:
        """Mails given up on whose failure has not yet been handed to their game (`mark_reported`)."""
        return [
            mail
            for mail in self.failed()
            if not self.disk.read_json(self._failed_meta(mail.id)).get("reported")
        ]

    def mark_reported(self, id: str) -> None:
        path = self._failed_meta(id)
        self.disk.write_json(path, {**self.disk.read_json(path), "reported": True})

    def queue_files(self, mails: Sequence[QueuedMail]) -> set[Path]:
        """The pending files of `mails`: what the pass's commit may `hold` instead of writing."""
        names = [safe_file_name(mail.id) for mail in mails]
        return {self._pending / f"{name}{suffix}" for name in names for suffix in (".eml", ".kept", ".json")}

    def hold(self, held: dict[Path, bytes]) -> None:
        """Pending files a synced journal record holds, kept in memory until sent or `settle`d."""
        self._held.update(held)

    @property
    def holding(self) -> bool:
        """Whether pending files live only in memory and the journal (which must not be emptied)."""
        return bool(self._held)

    def settle(self) -> None:
        """Write the pending files still held (a send failed or was not tried): mails first, then
        the .json that makes each entry exist."""
        for path in sorted(self._held, key=lambda p: p.suffix == ".json"):
            self.disk.write(path, self._held[path])
            del self._held[path]

    def record_attempt(self, id: str) -> None:
        """Before a send (`Delivery`). A send never recorded as done (a crash, a store that cannot
        write) is repeated once at once, then only after a backoff that doubles with each send
        begun: a broken store costs a few copies a day, not one a pass."""
        meta = self._load(id)
        meta["tries"] = meta.get("tries", 0) + 1
        if meta["tries"] > 1:
            meta["next_try"] = self._clock() + _backoff(meta["tries"] - 1)
        self._write(self._pending / f"{safe_file_name(id)}.json", json_bytes(meta))

    def _scan_pending(self) -> tuple[list[dict[str, Any]], list[tuple[str, Path]]]:
        """Read-only: metadata of live pending entries, oldest first, and the (name, folder) of
        entries whose move to sent/ or failed/ a crash interrupted."""
        live, interrupted = [], []
        held = {path.name for path in self._held if path.parent == self._pending and path.suffix == ".json"}
        for name in sorted({*self.disk.names(self._pending, ".json"), *held}):
            # a held entry was queued by this pass, so none of it is in sent/ or failed/ yet
            stem = name.removesuffix(".json")
            moved_to = None if name in held or stem in self._not_moved else self._moved_to(stem)
            if moved_to is None:
                live.append(json.loads(self._read(self._pending / name)))
            else:
                interrupted.append((name.removesuffix(".json"), moved_to))
        return sorted(live, key=_queue_order), interrupted

    def _moved_to(self, name: str) -> Path | None:
        """sent/ or failed/ when the mail's record is there: its move has begun."""
        if self._exists(self._sent / f"{name}.eml") or self._exists(self._sent / f"{name}.json"):
            return self._sent
        return self._failed if self._exists(self._failed / f"{name}.json") else None

    def _pending_name(self, id: str) -> str:
        name = safe_file_name(id)
        if not self._exists(self._pending / f"{name}.json"):
            raise KeyError(f"no pending mail with id {id!r}")
        return name

    def _load(self, id: str) -> dict[str, Any]:
        meta: dict[str, Any] = json.loads(self._read(self._pending / f"{self._pending_name(id)}.json"))
        return meta

    def _queued(self, folder: Path, meta: dict[str, Any]) -> QueuedMail:
        return QueuedMail(
            id=meta["id"],
            recipients=tuple(meta["recipients"]),
            raw=self._read(folder / f"{safe_file_name(meta['id'])}.eml"),
            attempts=meta["attempts"],
            next_try=meta["next_try"],
            last_error=meta["last_error"],
            game=meta.get("game", ""),
            subject=meta.get("subject", ""),
        )

    # The pending files, held in memory or on disk.
    def _read(self, path: Path) -> bytes:
        held = self._held.get(path)
        return held if held is not None else self.disk.read(path)

    def _exists(self, path: Path) -> bool:
        return path in self._held or self.disk.exists(path)

    def _write(self, path: Path, data: bytes) -> None:
        self._held.pop(path, None)
        self.disk.write(path, data)

    def _remove(self, path: Path) -> None:
        self._held.pop(path, None)
        self.disk.remove(path)  # an older version may be on disk (a mail queued in an earlier pass)

    def _move_file(self, source: Path, target: Path, same: Path | None = None) -> None:
        """A held mail is written where it goes, in place (or linked to `same`, a file with its
        bytes), its folder synced at the end of the sends (a power cut may leave the copy short,
        never the record that it went); one on disk is renamed there, the rename synced as well."""
        held = self._held.get(source)
        if held is None:
            self.disk.move(source, target)
        else:  # a write that fails keeps it held: `settle` puts it in pending/
            self.disk.write_marker(target, held, same)
            self._remove(source)

    def _failed_meta(self, id: str) -> Path:
        return self._failed / f"{safe_file_name(id)}.json"

    def _finish_move(self, name: str, folder: Path, delivered: Path | None = None) -> None:
        """The mail goes to `folder`, or its kept copy if it has one, then what is left of it in
        pending/ goes. A copy already in `folder` is a move a crash interrupted: it stays, so the
        copy with the secret never replaces the kept one. `delivered` holds the mail's bytes (not
        the kept copy's)."""
        self._not_moved.discard(name)
        eml, kept = self._pending / f"{name}.eml", self._pending / f"{name}.kept"
        target, secret = folder / f"{name}.eml", self._exists(kept)
        self.sent_secret |= secret
        if not self._exists(target):
            source = kept if secret else eml
            if self._exists(source):
                self._move_file(source, target, None if secret else delivered)
        for leftover in (kept, eml, self._pending / f"{name}.json"):
            self._remove(leftover)


def _failed_attempt(meta: dict[str, Any], error: str) -> dict[str, Any]:
    return {**meta, "attempts": meta["attempts"] + 1, "last_error": error}


def _backoff(attempts: int) -> float:
    return float(min(FIRST_BACKOFF * 2 ** max(attempts - 1, 0), MAX_BACKOFF))


def _queue_order(meta: dict[str, Any]) -> tuple[int, str]:
    return meta["enqueued_ns"], meta["id"]
