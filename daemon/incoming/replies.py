"""How many answers the daemon may send: durable, so neither a restart nor cron's `run --once`
refills the quota an auto-responder or a flood has used up.

Bounds, against mail loops and backscatter (answering forged senders):
- each mailbox (`mailbox_key`: no "+tag", any case) at most `replies_per_hour` answers an hour;
- everyone together at most `limits.replies_total_per_hour` an hour;
- a mail that reached no game, from an address no game knows, at most once per mailbox and day
  (a forged sender gets one answer a day, not one per forgery);
- a copy to a player's registered address counts on that address's own ledger of copies, so a
  stranger's flood (or a thief's) can never silence it.

The ledger is one line per answer (`FILE_NAME`: `[second, kind, mailbox, mail id]`, JSON), kept
as long as the window that looks at it: an hour for replies and copies, a day for the answers to
mail that reached no game. Counting is keyed by the mail, so a mail handled again within its window
(after a crash, or a store failure that left it in the inbox) is counted once. It lives in memory
during a pass, and `save` adds the pass's answers to the file at its end, staged in the pass's
batch like every write (a failed commit only means `reload`): a pass that answers one sender among
20,000 writes one line, not the 2.9 MB the whole ledger takes. The lines of answers whose windows
have passed stay in the file until they outnumber the live ones; the pass that finds that writes
the live ones alone, so the file stays within twice what the windows hold. The ledger of older
versions (`replies.json`) is read once and replaced by this file at the first save.
"""

from __future__ import annotations

import json
import logging
import math
from collections import Counter, deque
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Literal, NamedTuple

from daemon.incoming.addresses import mailbox_key
from state import files

log = logging.getLogger(__name__)

HOUR = 3600  # seconds
DAY = 24 * HOUR
FILE_NAME = "replies.jsonl"
OLD_FILE_NAME = "replies.json"  # the whole ledger as one document, rewritten at every pass that answered
SPARE_LINES = 1000  # lines of passed answers a small ledger keeps before it is written anew
Kind = Literal["reply", "copy", "unrouted"]
WINDOW: dict[str, int] = {"reply": HOUR, "copy": HOUR, "unrouted": DAY}  # how long a limit looks back


@dataclass(frozen=True)
class ReplyLimits:
    per_sender_hour: int
    total_hour: int


class Answer(NamedTuple):
    """One answer counted: a line of the file."""

    second: int  # when, in Unix seconds rounded up (a window never ends early)
    kind: str
    mailbox: str
    mail_id: str


class ReplyLedger:
    def __init__(self, directory: Path, limits: ReplyLimits) -> None:
        self.path = directory / FILE_NAME
        self.old_path = directory / OLD_FILE_NAME
        self.limits = limits
        self.reload()

    def reload(self) -> None:
        """The counts as saved: after a pass whose changes were dropped, its replies never left."""
        answers, self._lines, self._rewrite = _read(self.path, self.old_path)
        self._mailboxes: dict[tuple[str, str], dict[str, int]] = {}  # (kind, mailbox) → mail id → second
        self._by_window: dict[int, deque[Answer]] = {window: deque() for window in set(WINDOW.values())}
        self._minutes: Counter[int] = Counter()  # minute (Unix seconds // 60) → answers, for the total
        for answer in sorted(answers):
            self._count(answer)
        self._unsaved: list[Answer] = []

    def may_send(self, to: str, mail_id: str, now: datetime, kind: Kind = "reply") -> bool:
        """Whether the mail `mail_id` may go to `to`; if so it is counted (once per id)."""
        at = now.timestamp()
        self._expire(at)
        key = (kind, mailbox_key(to))
        answered = self._mailboxes.get(key, {})
        if mail_id in answered:
            return True
        recent = sum(second > at - HOUR for second in answered.values())
        total = sum(n for minute, n in self._minutes.items() if minute > (at - HOUR) // 60)
        if kind == "unrouted" and answered:  # what expiry left is the day's
            reason = "one answer a day to an unknown sender whose mail reached no game"
        elif recent >= self.limits.per_sender_hour:
            reason = f"over {self.limits.per_sender_hour} an hour for this mailbox"
        elif total >= self.limits.total_hour:
            reason = f"over {self.limits.total_hour} an hour in all"
        else:
            answer = Answer(math.ceil(at), kind, key[1], mail_id)
            self._count(answer)
            self._unsaved.append(answer)
            return True
        log.warning("%s to %s suppressed: %s", kind, to, reason)
        return False

    def save(self, now: datetime) -> None:
        """Add the answers counted since the last save to the file, or write the file anew with
        only what a window still holds once the lines of passed answers outnumber those."""
        if not self._unsaved:
            return
        self._expire(now.timestamp())
        live = sum(len(answers) for answers in self._by_window.values())
        if self._rewrite or self._lines + len(self._unsaved) > 2 * live + SPARE_LINES:
            kept = sorted(answer for answers in self._by_window.values() for answer in answers)
            files.atomic_write_bytes(self.path, _lines(kept))
            if self._rewrite:  # what was read was the old file, or nothing readable
                files.remove(self.old_path)
            self._lines, self._rewrite = live, False
        else:
            files.append_bytes(self.path, _lines(self._unsaved))
            self._lines += len(self._unsaved)
        self._unsaved = []

    def _count(self, answer: Answer) -> None:
        self._mailboxes.setdefault((answer.kind, answer.mailbox), {})[answer.mail_id] = answer.second
        self._by_window[WINDOW[answer.kind]].append(answer)
        self._minutes[answer.second // 60] += 1

    def _expire(self, at: float) -> None:
        """Forget the answers no window looks at any more: the oldest first, each window's alone."""
        for window, answers in self._by_window.items():
            while answers and answers[0].second <= at - window:
                answer = answers.popleft()
                key = (answer.kind, answer.mailbox)
                answered = self._mailboxes.get(key, {})
                if answered.get(answer.mail_id) == answer.second:  # not a later count of the same mail
                    del answered[answer.mail_id]
                if not answered:
                    self._mailboxes.pop(key, None)
        for minute in [minute for minute in self._minutes if minute <= (at - HOUR) // 60]:
            del self._minutes[minute]


def _read(path: Path, old_path: Path) -> tuple[list[Answer], int, bool]:
    """The answers saved, the lines the file holds, and whether it must be written anew (the old
    file was read, or nothing readable). An unreadable ledger only costs the counts it held."""
    try:
        text = files.read_bytes(path)
    except FileNotFoundError:
        old = _read_old(old_path)
        return old or [], 0, old is not None
    except OSError as error:
        log.error("%s unreadable, reply counts start afresh: %s", path, error)
        return [], 0, True
    lines = text.splitlines()
    try:
        rows = json.loads(b"[" + b",".join(lines) + b"]")  # one parse, not one per line
        answers = [Answer(int(s), str(k), str(m), str(i)) for s, k, m, i in rows if k in WINDOW]
    except (ValueError, TypeError) as error:
        log.error("%s unreadable, reply counts start afresh: %s", path, error)
        return [], 0, True
    return answers, len(lines), False


def _read_old(path: Path) -> list[Answer] | None:
    """The ledger as versions before this one saved it, None when there is none: {"senders":
    {"kind:mailbox": {mail id: ISO time}}, "total": …}, the total being what the answers of the
    last hour add up to."""
    try:
        senders = files.read_json(path).get("senders", {})
        return [
            Answer(math.ceil(datetime.fromisoformat(when).timestamp()), kind, mailbox, mail_id)
            for sender, answered in senders.items()
            for kind, _, mailbox in [sender.partition(":")]
            if kind in WINDOW
            for mail_id, when in answered.items()
        ]
    except FileNotFoundError:
        return None
    except (OSError, ValueError, TypeError, AttributeError) as error:
        log.error("%s unreadable, reply counts start afresh: %s", path, error)
        return []


def _lines(answers: list[Answer]) -> bytes:
    return b"".join(files.json_bytes(answer) + b"\n" for answer in answers)
