"""How many answers the daemon may send: durable, so neither a restart nor cron's `run --once`
refills the quota an auto-responder or a flood has used up.

Bounds, against mail loops and backscatter (answering forged senders):
- each mailbox (`mailbox_key`: no "+tag", any case) at most `replies_per_hour` answers an hour;
- everyone together at most `limits.replies_total_per_hour` an hour;
- a mail that reached no game, from an address no game knows, at most once per mailbox and day
  (a forged sender gets one answer a day, not one per forgery);
- a copy to a player's registered address counts on that address's own ledger of copies, so a
  stranger's flood (or a thief's) can never silence it.

The ledger lives in memory during a pass and is written once at its end (`save`): a crash loses
at most that pass's counts, never a mail. Entries older than a day are dropped at each save, so
the file holds only the last day's senders. Counting is keyed by the mail, so a mail handled again
after a crash is counted once.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Literal

from daemon.incoming.addresses import mailbox_key
from state.files import atomic_write_json, read_json

log = logging.getLogger(__name__)

HOUR = timedelta(hours=1)
DAY = timedelta(days=1)
FILE_NAME = "replies.json"
Kind = Literal["reply", "copy", "unrouted"]


@dataclass(frozen=True)
class ReplyLimits:
    per_sender_hour: int
    total_hour: int


class ReplyLedger:
    def __init__(self, directory: Path, limits: ReplyLimits) -> None:
        self.path = directory / FILE_NAME
        self.limits = limits
        self.reload()

    def reload(self) -> None:
        """The counts as saved: after a pass whose changes were dropped, its replies never left."""
        data = _read(self.path)
        self._senders: dict[str, dict[str, str]] = data.get("senders", {})
        self._total: dict[str, int] = data.get("total", {})  # minute ("2026-03-02T09:05") → answers
        self._dirty = False

    def may_send(self, to: str, mail_id: str, now: datetime, kind: Kind = "reply") -> bool:
        """Whether the mail `mail_id` may go to `to`; if so it is counted (once per id)."""
        ledger = self._senders.setdefault(f"{kind}:{mailbox_key(to)}", {})
        if mail_id in ledger:
            return True
        recent = [t for t in ledger.values() if datetime.fromisoformat(t) > now - HOUR]
        total = sum(n for minute, n in self._total.items() if minute > _minute(now - HOUR))
        if kind == "unrouted" and any(datetime.fromisoformat(t) > now - DAY for t in ledger.values()):
            reason = "one answer a day to an unknown sender whose mail reached no game"
        elif len(recent) >= self.limits.per_sender_hour:
            reason = f"over {self.limits.per_sender_hour} an hour for this mailbox"
        elif total >= self.limits.total_hour:
            reason = f"over {self.limits.total_hour} an hour in all"
        else:
            ledger[mail_id] = now.isoformat()
            self._total[_minute(now)] = self._total.get(_minute(now), 0) + 1
            self._dirty = True
            return True
        log.warning("%s to %s suppressed: %s", kind, to, reason)
        return False

    def save(self, now: datetime) -> None:
        """Write the ledger if it changed, without what no limit looks at any more."""
        if not self._dirty:
            return
        self._senders = {s: _since(times, now - DAY) for s, times in self._senders.items()}
        self._senders = {s: times for s, times in self._senders.items() if times}
        self._total = {m: n for m, n in self._total.items() if m > _minute(now - HOUR)}
        data: dict[str, Any] = {"senders": self._senders, "total": self._total}
        atomic_write_json(self.path, data)
        self._dirty = False


def _read(path: Path) -> dict[str, Any]:
    """The ledger as saved; an unreadable one only costs the counts since the last save."""
    try:
        data = read_json(path)
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as error:
        log.error("%s unreadable, reply counts start afresh: %s", path, error)
        return {}
    return data if isinstance(data, dict) else {}


def _minute(when: datetime) -> str:
    """ISO minutes in UTC sort as text, so the buckets need no parsing."""
    return when.astimezone(UTC).strftime("%Y-%m-%dT%H:%M")


def _since(times: dict[str, str], start: datetime) -> dict[str, str]:
    return {key: t for key, t in times.items() if datetime.fromisoformat(t) > start}
