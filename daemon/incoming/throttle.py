"""Wrong passwords per sender per game: past a few an hour, the password is no longer checked.

Without it, order mails are a password oracle: anyone can try guesses for a power and read the
answer. After `Limits.wrong_passwords` wrong passwords from one address for one game within an
hour, that address's order mails for the game are not checked at all (a right password would be
refused too, so the answer tells nothing); the first of them gets one "wait" reply, the rest are
logged and left unanswered, so the refusals cannot themselves be used to flood anyone.

Durable, in a small file beside the game's store (`throttle.json`): a restart must not give a
guesser a fresh quota. Senders are counted by mailbox (`mailbox_key`: no "+tag", any case), and
the file keeps only the last hour's entries. Failures are keyed by the archive key of the mail, so
a mail handled again after a crash counts once. Reading happens in `evaluate`, writing only in
`apply`, so `gonets check` changes nothing. Trade-off, on purpose: someone who forges a player's
From address can lock that address out for an hour; the player may still write from another
address (the registered one gets a copy) and the GM may send the orders on the power's behalf.
The GM's own address has a larger allowance and is cleared by the right password (`mailflow._gm`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Literal

from daemon.incoming.addresses import mailbox_key
from state.game_store import GameStore

WINDOW = timedelta(hours=1)
FILE_NAME = "throttle.json"


@dataclass(frozen=True)
class Mark:
    """What `apply` must remember of a mail: a wrong password, that the sender was told to wait,
    or (the GM's address only) a right password, which clears the count."""

    sender: str
    kind: Literal["failure", "notice", "reset"]


@dataclass(frozen=True)
class Blocked:
    until: datetime  # when the oldest counted failure leaves the window and one guess is allowed again
    told: bool  # the sender already had the "wait" reply for this block


def blocked(store: GameStore, sender: str, now: datetime, limit: int) -> Blocked | None:
    """None while `sender` may still try a password for the game `store` holds."""
    entry = _load(store).get(mailbox_key(sender), {})
    times = sorted(t for t in _times(entry) if t > now - WINDOW)
    if len(times) < limit:
        return None
    notice = entry.get("notice")
    told = notice is not None and datetime.fromisoformat(notice) >= times[-1]
    return Blocked(times[len(times) - limit] + WINDOW, told)


def record(store: GameStore, mark: Mark, key: str, now: datetime) -> None:
    """Remember a failure (once per mail key), a notice, or clear a sender. Every sender whose
    failures and notice are all older than the window is dropped in the same write, so the file
    holds only the last hour's guessers however many came before."""
    data = _load(store)
    sender = mailbox_key(mark.sender)
    if mark.kind == "reset" and sender not in data:
        return
    entry = data.setdefault(sender, {})
    if mark.kind == "reset":
        del data[sender]
    elif mark.kind == "notice":
        entry["notice"] = now.isoformat()
    else:
        entry.setdefault("failures", {}).setdefault(key, now.isoformat())
    fresh = {name: _fresh(value, now) for name, value in data.items()}
    store.disk.write_json(
        store.directory / FILE_NAME, {name: value for name, value in fresh.items() if value}
    )


def _fresh(entry: dict[str, Any], now: datetime) -> dict[str, Any]:
    """The part of an entry that still matters at `now`: failures in the window, a recent notice."""
    failures = {
        k: t for k, t in entry.get("failures", {}).items() if datetime.fromisoformat(t) > now - WINDOW
    }
    notice = entry.get("notice")
    kept: dict[str, Any] = {"failures": failures} if failures else {}
    if notice is not None and datetime.fromisoformat(notice) > now - WINDOW:
        kept["notice"] = notice
    return kept


def _load(store: GameStore) -> dict[str, Any]:
    path = store.directory / FILE_NAME
    if not store.disk.exists(path):
        return {}
    data = store.disk.read_json(path)
    return data if isinstance(data, dict) else {}


def _times(entry: dict[str, Any]) -> list[datetime]:
    return [datetime.fromisoformat(t) for t in entry.get("failures", {}).values()]
