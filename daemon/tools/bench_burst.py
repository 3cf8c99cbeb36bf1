"""A burst of order mails across many games through the Maildir transport, for `gonets bench` and
the load test (tests/load/): valid orders, the same raw mail delivered again, and garbage.

The mix is built so the outcome is known in advance: every valid mail stores its orders and gets
one reply, a re-delivered mail gets nothing more, garbage gets one "not accepted" reply unless it
must never be answered (a bounce, a mail without a From). Each garbage mail has a sender of its
own (a stranger whose mail reaches no game is answered once a day) and the overall hourly limit is
lifted, so every reply that should go out does.

Cost: a valid order mail pays for one scrypt password check (~70 ms, deliberately), which would
make 10,000 valid mails take twelve minutes; the scrypt cost is not lowered for the burst. Instead
valid mails are a minority of the mix (as in a real inbox under attack), and the games are set up
with one shared password hash, so setting up 400 players costs one hash instead of 400.
"""

from __future__ import annotations

import mailbox
import os
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

from daemon.config import load_config
from daemon.service import Daemon
from daemon.tools.bench_games import start_shared
from daemon.transports.maildir import MaildirTransport
from state.archive import MailArchive

ADDRESS = "gonets@burst.local"
PASSWORD = "burstpw7"
PLAYERS = 4  # the coins minimum: fewer players, fewer deliberate scrypt checks per game
_GARBAGE = ("no game", "unknown game", "no power", "bounce", "no from", "binary")
_ANSWERED_GARBAGE = ("no game", "unknown game", "no power")


@dataclass
class Burst:
    """The mails of a burst and what each must lead to."""

    mails: list[bytes] = field(default_factory=list)
    answered: set[str] = field(default_factory=set)  # Message-IDs that must get exactly one reply
    unanswered: set[str] = field(default_factory=set)  # Message-IDs that must get none
    # (game, power) → (archive key, order line) of each valid mail for it
    valid: dict[tuple[str, str], list[tuple[str, str]]] = field(default_factory=dict)
    duplicates: int = 0


def game_ids(games: int) -> list[str]:
    return [f"burst-{n:03d}" for n in range(games)]


def write_config(root: Path, games: int) -> Path:
    """Games that do not resolve early: the burst measures mail handling, not resolutions."""
    text = [f'games_dir = "games"\naddress = "{ADDRESS}"\n\n[limits]\nreplies_total_per_hour = 1000000\n']
    text.append('\n[transport]\nkind = "maildir"\n')
    text.append('inbox = "mail/inbox"\noutbox = "mail/sent"\n')
    for game in game_ids(games):
        text.append(f'\n[games.{game}]\nruleset = "coins"\ngm = "gm@burst.local"\nearly_resolution = false\n')
    path = root / "gonets.toml"
    path.write_text("".join(text), encoding="utf-8")
    return path


def open_daemon(root: Path, games: int) -> Daemon:
    config = load_config(write_config(root, games))
    clock = lambda: datetime(2026, 3, 2, 9, 0, tzinfo=UTC)  # noqa: E731 - a fixed instant: one hour's quota
    return Daemon(config, MaildirTransport(root / "mail" / "inbox", root / "mail" / "sent"), clock)


def start_games(daemon: Daemon) -> dict[str, dict[str, str]]:
    """Start every game with PLAYERS signed-up players sharing one password; game → power → address."""
    powers = {game.id: start_shared(game, daemon.postman, PLAYERS, PASSWORD) for game in daemon.games}
    daemon.delivery.flush(daemon.transport)
    return powers


def _mail(sender: str, text: str, **headers: str) -> tuple[str, bytes]:
    message = EmailMessage()
    if sender:
        message["From"] = sender
    message["To"] = ADDRESS
    message["Subject"] = "orders"
    message["Message-ID"] = make_msgid(domain="burst.local")
    for name, value in headers.items():
        message[name] = value
    message.set_content(text)
    return str(message["Message-ID"]), bytes(message)


def build(powers: dict[str, dict[str, str]], total: int, duplicate_share: float = 0.2) -> Burst:
    """Two valid mails per player, `duplicate_share` of `total` re-deliveries, garbage for the rest."""
    burst = Burst()
    lines = ("ВЛОЖИТЬ Промышленность 1", "ВЛОЖИТЬ Наука 2")
    for game, players in sorted(powers.items()):
        for power, address in sorted(players.items()):
            for line in lines:
                text = f"ИГРА {game}\nСТРАНА {power}\nПАРОЛЬ {PASSWORD}\n{line}\nКОНЕЦ"
                message_id, raw = _mail(address, text)
                burst.mails.append(raw)
                burst.answered.add(message_id)
                burst.valid.setdefault((game, power), []).append((MailArchive.key(raw), line))
    duplicates = int(total * duplicate_share)
    for n in range(max(0, total - len(burst.mails) - duplicates)):
        kind = _GARBAGE[n % len(_GARBAGE)]
        message_id, raw = _garbage(kind, n, sorted(powers))
        burst.mails.append(raw)
        (burst.answered if kind in _ANSWERED_GARBAGE else burst.unanswered).add(message_id)
    originals = list(burst.mails)
    burst.mails.extend(originals[n * 7 % len(originals)] for n in range(duplicates))
    burst.duplicates = duplicates
    return burst


def _garbage(kind: str, n: int, games: list[str]) -> tuple[str, bytes]:
    sender = f"junk{n}@burst.local"  # a stranger per mail: each is answered once a day
    if kind == "no game":
        return _mail(sender, f"Привет! Когда следующий ход? {n}")
    if kind == "unknown game":
        return _mail(sender, f"ИГРА chess-{n}\nСТРАНА США")
    if kind == "no power":
        return _mail(sender, f"ИГРА {games[n % len(games)]}\nВЛОЖИТЬ Армия {n}")
    if kind == "bounce":
        return _mail(
            f"MAILER-DAEMON@mx{n}.burst.local", "Delivery failed", **{"Auto-Submitted": "auto-replied"}
        )
    if kind == "no from":
        return _mail("", f"orphan {n}")
    message_id = make_msgid(domain="burst.local")
    return message_id, f"Message-ID: {message_id}\n\n".encode() + os.urandom(200)


def deliver(root: Path, burst: Burst) -> None:
    inbox = mailbox.Maildir(root / "mail" / "inbox", create=False)
    for raw in burst.mails:
        inbox.add(raw)


def run(daemon: Daemon) -> float:
    """Seconds to handle the whole inbox, reply to it and flush the replies, in passes until empty."""
    began = time.perf_counter()
    while daemon.run_once().mails:
        pass
    return time.perf_counter() - began
