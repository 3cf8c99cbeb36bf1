"""`gonets bench`: what one order mail costs, on a fresh game and after a long history.

The store keeps history out of the hot file (turn records, archive), so the two figures should
be the same; a growing second figure means something started scanning history.
"""

from __future__ import annotations

import mailbox
import tempfile
import time
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

from daemon.config import load_config
from daemon.incoming.auth import Passwords
from daemon.phases.start import start_game
from daemon.service import Daemon
from daemon.tools import bench_burst
from daemon.tools.demo import GAME, PLAYERS, DemoClock
from daemon.tools.demo_players import Player
from daemon.tools.setup import init_game
from daemon.transports.maildir import MaildirTransport
from parsers.html_text import html_to_text
from parsers.mime import parse_mail


def run_bench(turns: int, mails: int) -> int:
    with tempfile.TemporaryDirectory(prefix="gonets-bench-") as tmp:
        root = Path(tmp)
        config_path = root / "gonets.toml"
        init_game(config_path, GAME, "coins", "gm@demo.local", "gonets@demo.local")
        # time mail handling alone: no resolution and no reply throttling in the measurement
        text = config_path.read_text(encoding="utf-8")
        text = text.replace("early_resolution = true", "early_resolution = false")
        text = text.replace("replies_per_hour = 20", "replies_per_hour = 1000000")
        text = text.replace("replies_total_per_hour = 2000", "replies_total_per_hour = 1000000")
        config_path.write_text(text, encoding="utf-8")
        config = load_config(config_path)
        clock = DemoClock()
        inbox_path = root / "mail" / "inbox"
        daemon = Daemon(config, MaildirTransport(inbox_path, root / "mail" / "sent"), clock)
        try:
            fresh, history = _measure(daemon, clock, mailbox.Maildir(inbox_path), root, turns, mails)
        finally:
            daemon.close()
    print(f"order mail, fresh game:             {fresh * 1000:7.2f} ms/mail ({1 / fresh:6.1f} mails/s)")
    print(f"order mail, {turns} turns of history: {history * 1000:7.2f} ms/mail ({1 / history:6.1f} mails/s)")
    print(f"ratio history/fresh: {history / fresh:.2f} (1.00 = cost independent of history)")
    print(f"of which the keyed password check: {_check_seconds(daemon.games.passwords) * 1000:7.3f} ms/mail")
    _burst()
    _hostile()
    return 0


def _hostile() -> None:
    """Inputs an attacker shapes to be slow; each must cost time linear in its size."""
    cases: dict[str, Callable[[], object]] = {
        "2.2 MB of nested <div>s": lambda: html_to_text("<div>x" * 200_000 + "</div>" * 200_000),
        "1.3 MB Subject of words (cut with the 100 KB header cap)": lambda: _mail(
            f"Subject: {'word ' * 260_000}"
        ),
        "90 KB Subject of words": lambda: _mail(f"Subject: {'word ' * 18_000}"),
        "90 KB References header": lambda: _mail(f"References: {_ids(5_300)}"),
    }
    for name, case in cases.items():
        began = time.perf_counter()
        case()
        print(f"hostile input, {name}: {time.perf_counter() - began:6.2f} s")


def _mail(header: str) -> object:
    return parse_mail(f"From: a@b.example\nMessage-ID: <x@b.example>\n{header}\n\nhi".encode())


def _ids(count: int) -> str:
    return " ".join(f"<{n}@b.example>" for n in range(count))


def _burst(games: int = 10, mails: int = 1000) -> None:
    """A mixed burst (valid, re-delivered, garbage) through Maildir; tests/load runs 10,000 of them."""
    with tempfile.TemporaryDirectory(prefix="gonets-burst-") as tmp:
        root = Path(tmp)
        daemon = bench_burst.open_daemon(root, games)
        try:
            burst = bench_burst.build(bench_burst.start_games(daemon), mails)
            bench_burst.deliver(root, burst)
            seconds = bench_burst.run(daemon)
        finally:
            daemon.close()
    valid = sum(len(sent) for sent in burst.valid.values())
    print(
        f"burst of {mails} mails over {games} games ({valid} valid, {burst.duplicates} re-delivered, "
        f"the rest garbage): {seconds:.1f} s, {mails / seconds:.1f} mails/s"
    )


def _measure(
    daemon: Daemon, clock: DemoClock, inbox: mailbox.Maildir, root: Path, turns: int, mails: int
) -> tuple[float, float]:
    game = daemon.games.get(GAME)
    assert game is not None
    players = [Player(name, address, style) for name, address, style, _ in PLAYERS]
    for player in players:
        inbox.add(player.signup(GAME, clock()))
    daemon.run_once()
    start_game(game, daemon.postman, clock())
    daemon.run_once()
    for player in players:
        player.learn_role(root / "mail" / "sent")
    fresh = _time_orders(daemon, clock, inbox, players, mails)
    _grow_history(daemon, turns)
    return fresh, _time_orders(daemon, clock, inbox, players, mails)


def _time_orders(
    daemon: Daemon, clock: DemoClock, inbox: mailbox.Maildir, players: list[Player], mails: int
) -> float:
    """Seconds per mail through the whole pipeline: fetch, archive, parse, route, check, store, reply."""
    game = daemon.games.get(GAME)
    assert game is not None
    total = 0.0
    for i in range(mails):
        clock.advance(timedelta(seconds=1))
        inbox.add(players[i % len(players)].orders(game, clock()))
        began = time.perf_counter()
        daemon.run_once()
        total += time.perf_counter() - began
    return total / mails


def _grow_history(daemon: Daemon, turns: int) -> None:
    """Turn records and archived mails as a long game leaves them."""
    game = daemon.games.get(GAME)
    assert game is not None
    sample = game.store.read_turn_record("0000-start")
    for turn in range(1, turns + 1):
        for phase in ("talks", "vote", "orders"):
            game.store.write_turn_record(f"{turn + 1000:04d}-{phase}", sample)
        for n in range(20):
            key = daemon.archive.store(f"history mail {turn} {n}".encode())
            daemon.archive.mark_done(key, {"outcome": "orders", "message_id": f"<h{turn}.{n}@bench>"})


def _check_seconds(passwords: Passwords, rounds: int = 1000) -> float:
    """One password check (HMAC under the installation's key)."""
    stored = passwords.hash("bench-password")
    began = time.perf_counter()
    for _ in range(rounds):
        passwords.check("bench-password", stored)
    return (time.perf_counter() - began) / rounds
