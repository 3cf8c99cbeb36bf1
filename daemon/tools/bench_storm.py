"""Many deadlines at one instant (a storm): a host of started games of every ruleset, `due` of
them with the same deadline, every power's orders in, run by the long-running daemon's pass in a
process of its own.

    python -m daemon.tools.bench_storm ROOT

The child loads every ruleset as `gonets run` does at its start, makes a first pass in which one
game of each ruleset is resolved (a daemon that has run a while has every ruleset's templates,
pictures and dictionaries loaded), an idle pass, and notes its resident memory (idle). Then its
clock reaches the deadline; one second into the storm a player's order mail is delivered. It
prints, as one JSON line, in seconds from the deadline: the first report handed to the transport,
the last, and the answer to that mail (from its delivery); the peak resident memory during the
storm (the kernel's high-water mark, reset at the deadline) and the resident memory once the storm
is over, both with the idle figure.
"""

from __future__ import annotations

import gc
import json
import mailbox
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from email import message_from_bytes, policy
from pathlib import Path

from daemon.config import load_config
from daemon.games import Game
from daemon.service import Daemon
from daemon.tools.bench_games import PASSWORD, config_text, start_shared, unsynced
from daemon.tools.demo import DemoClock
from daemon.tools.demo_players import Player
from daemon.transports.maildir import MaildirTransport
from engines import REGISTRY, get_ruleset
from state.records import OrderSet
from state.sending import FinishedMail

DEADLINE = datetime(2027, 1, 4, 18, 0, tzinfo=UTC)
LATER = DEADLINE + timedelta(days=7)  # the deadline of every game outside the storm
EARLIER = DEADLINE - timedelta(minutes=30)  # one game of each ruleset, resolved before: the warm-up
MAIL_AFTER = 1.0  # seconds into the storm when the player's mail arrives


@dataclass(frozen=True)
class Storm:
    games: int  # of each ruleset
    due: int  # of each ruleset, all at DEADLINE


def build(root: Path, storm: Storm) -> None:
    """`storm.games` started games of every shipped ruleset (each with its most players), the
    first `storm.due` of each with every power's orders in and the deadline DEADLINE, the next one
    so too but due EARLIER."""
    games = {f"{name}-{n:04d}": name for name in sorted(REGISTRY) for n in range(storm.games)}
    root.mkdir(parents=True, exist_ok=True)
    (root / "gonets.toml").write_text(config_text(games), encoding="utf-8")
    clock = DemoClock()
    clock.now = DEADLINE - timedelta(days=1)
    with unsynced():
        config = load_config(root / "gonets.toml")
        daemon = Daemon(config, _transport(root), clock)
        daemon.archive.make_folders()
        by_ruleset: dict[str, list[str]] = {}
        for game_id, name in games.items():
            by_ruleset.setdefault(name, []).append(game_id)
        for name, ids in by_ruleset.items():
            first = daemon.games.get(ids[0])
            assert first is not None
            start_shared(first, daemon.postman, get_ruleset(name).max_players, PASSWORD)
            daemon.run_once()  # the role mails
            for n, game_id in enumerate(ids):
                game = daemon.games.get(game_id)
                assert game is not None
                record = first.load()
                record.id, record.seed = game_id, f"{game_id}:storm"
                record.deadline = (
                    DEADLINE if n < storm.due else EARLIER if n == storm.due else LATER
                ).isoformat()
                game.store.save(record)
                if n <= storm.due:
                    _all_orders(game, clock())
        daemon.close()


def _all_orders(game: Game, now: datetime) -> None:
    """Every expected power's orders, as an accepted order mail stores them: none is silent."""
    record = game.load()
    for power in record.expected_powers():
        commands = game.ruleset.ai_orders(record.state, power, record.phase)
        game.store.put_orders(
            OrderSet(
                record.turn, record.phase, power, list(commands), not commands, "bench", now.isoformat(), ""
            )
        )


def _transport(root: Path) -> MaildirTransport:
    return MaildirTransport(root / "mail" / "inbox", root / "mail" / "sent")


def weather(root: Path) -> dict[str, float]:
    """The storm in this process, measured as the module's docstring says."""
    shift = [DEADLINE - timedelta(minutes=1) - datetime.now(UTC)]
    config = load_config(root / "gonets.toml")
    daemon = Daemon(config, _transport(root), lambda: datetime.now(UTC) + shift[0])
    for game in daemon.games:  # as `gonets run` does at its start
        game.ruleset  # noqa: B018
    daemon.run_once()  # the warm-up's resolutions
    daemon.run_once()
    gc.collect()
    idle = _resident_mb()
    mailer = [g for g in daemon.games if g.id.startswith("coins")][-1]  # outside the storm if any is
    power, seat = next(iter(mailer.load().players.items()))
    player = Player("P", seat.address, "plain", power=power, password=PASSWORD)
    tag = f"[{mailer.id}]"

    sent: list[tuple[float, bool]] = []  # when, and whether it answers the player's mail
    send = daemon.transport.send

    def timed(mail: FinishedMail) -> Path | None:
        delivered = send(mail)
        subject = message_from_bytes(mail.raw, policy=policy.default)["Subject"]
        sent.append((time.perf_counter(), tag in str(subject) and "итоги" not in str(subject)))
        return delivered

    daemon.transport.send = timed  # type: ignore[method-assign]
    delivered: list[float] = []

    def deliver() -> None:
        time.sleep(MAIL_AFTER)
        mailbox.Maildir(root / "mail" / "inbox", create=False).add(player.orders(mailer, daemon.clock()))
        delivered.append(time.perf_counter())

    gc.collect()
    Path("/proc/self/clear_refs").write_text("5")  # the peak from here on
    shift[0] = DEADLINE - datetime.now(UTC)
    began = time.perf_counter()
    threading.Thread(target=deliver, daemon=True).start()
    reports = daemon.run_once().resolved
    while not delivered or not any(answer for at, answer in sent if at >= delivered[0]):
        reports += daemon.run_once().resolved  # the mail came after the storm: the next pass
    peak = _resident_mb("VmHWM")
    daemon.close()
    gc.collect()
    answered = min(at for at, answer in sent if answer and at >= delivered[0])
    return {
        "first_report": sent[0][0] - began,
        "last_report": max(at for at, answer in sent if not answer) - began,
        "mail_answered": answered - delivered[0],
        "resolved": reports,
        "idle_mb": idle,
        "peak_mb": peak,
        "after_mb": _resident_mb(),
    }


def _resident_mb(field: str = "VmRSS") -> float:
    for line in Path("/proc/self/status").read_text(encoding="ascii").splitlines():
        if line.startswith(f"{field}:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"/proc/self/status has no {field}")


def run_child(root: Path) -> dict[str, float]:
    """`weather` in a fresh process: what it printed."""
    command = [sys.executable, "-m", "daemon.tools.bench_storm", str(root)]
    done = subprocess.run(command, capture_output=True, check=True)
    found: dict[str, float] = json.loads(done.stdout)
    return found


if __name__ == "__main__":
    print(json.dumps(weather(Path(sys.argv[1]))))
