"""The games `gonets bench` measures, built fast but stored exactly as the daemon stores them.

Playing 200 turns or starting 1000 games by mail would take longer than the measurement, so the
builders write through the project's own store API (`GameStore`, `MailArchive`, the Maildir
folders) with fsync switched off: the same bytes in the same files, only not made durable while
building. Every measured pass runs with fsync on. Players share one password hash (one scrypt
instead of one per player), as in `bench_burst`.
"""

from __future__ import annotations

import mailbox
import os
import random
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from pathlib import Path
from unittest import mock

from daemon.config import load_config
from daemon.games import Game
from daemon.outgoing.postman import Postman
from daemon.phases.start import start_game
from daemon.service import Daemon
from daemon.tools.demo import DemoClock
from daemon.tools.demo_players import Player
from daemon.transports import make_transport
from daemon.transports.maildir import MaildirTransport
from parsers.secrets import PASSWORD_ALPHABET
from state.records import OrderSet, Signup

ADDRESS = "gonets@bench.local"
PASSWORD = "benchpw7"
MAILDIR = '[transport]\nkind = "maildir"\ninbox = "mail/inbox"\noutbox = "mail/sent"\n'


@contextmanager
def unsynced() -> Iterator[None]:
    """Building only: the files are written as the daemon writes them, without waiting for the disk
    for each, then all synced at once, so that no writeback of what was built runs under a
    measured pass (a 200-turn history left thousands of files to write back, and creating a file
    beside them waited for it: the history ratio read 1.2–1.3 where it was 1.0)."""
    with mock.patch("os.fsync"):
        yield
    os.sync()


def config_text(games: Mapping[str, str], address: str = ADDRESS, transport: str = MAILDIR) -> str:
    """A config (Maildir unless `transport` is another [transport] table) whose games (id → ruleset)
    never resolve early and whose replies are not throttled: a measured pass handles mail, and
    resolves only when the bench says so."""
    text = [f'games_dir = "games"\naddress = "{address}"\nreplies_per_hour = 1000000\n']
    text.append("\n[limits]\nreplies_total_per_hour = 1000000\n")
    text.append(f"\n{transport}")
    for game, ruleset in games.items():
        text.append(
            f'\n[games.{game}]\nruleset = "{ruleset}"\ngm = "gm@bench.local"\nearly_resolution = false\n'
        )
    return "".join(text)


def start_shared(game: Game, postman: Postman, players: int, password: str) -> dict[str, str]:
    """Start `game` with `players` signups who all get `password`; returns power → address."""
    now = postman.clock()
    record = game.load()
    record.signups = [Signup(f"P{n}", f"p{n}.{game.id}@bench.local", now.isoformat()) for n in range(players)]
    game.store.save(record)
    with mock.patch("daemon.phases.start.new_password", lambda: password):
        start_game(game, postman, now)
    return {power: player.address for power, player in game.load().players.items()}


@dataclass
class Scene:
    """One daemon on its own folder, with the players of its first game."""

    root: Path
    daemon: Daemon
    clock: DemoClock
    game: Game
    players: list[Player]

    @property
    def inbox(self) -> mailbox.Maildir:
        return mailbox.Maildir(self.root / "mail" / "inbox", create=False)

    def order_mail(self, n: int) -> bytes:
        """The n-th order mail, from the players in turn, a second of game time after the last."""
        self.clock.advance(timedelta(seconds=1))
        return self.players[n % len(self.players)].orders(self.game, self.clock())

    def close(self) -> None:
        self.daemon.close()


def open_scene(
    root: Path, ruleset: str, players: int, idle_games: int = 0, start: datetime | None = None
) -> Scene:
    """A started game of `ruleset` with `players` players, and `idle_games` more started copies of it
    (each with its own id and seed) that nobody writes to; started at `start` (the demo's fixed
    instant by default: a process with the real clock must be given the real time)."""
    games = {f"{ruleset}-{n:04d}": ruleset for n in range(1 + idle_games)}
    root.mkdir(parents=True, exist_ok=True)
    (root / "gonets.toml").write_text(config_text(games), encoding="utf-8")
    clock = DemoClock()
    if start is not None:
        clock.now = start
    with unsynced():
        config = load_config(root / "gonets.toml")
        daemon = Daemon(config, MaildirTransport(root / "mail" / "inbox", root / "mail" / "sent"), clock)
        daemon.archive.make_folders()  # as `gonets init` does
        first, *others = list(daemon.games)
        powers = start_shared(first, daemon.postman, players, PASSWORD)
        daemon.run_once()  # the role mails
        for other in others:
            _copy_game(first, other)
    people = [
        Player(f"P{n}", address, "plain", power=power, password=PASSWORD)
        for n, (power, address) in enumerate(sorted(powers.items()))
    ]
    return Scene(root, daemon, clock, first, people)


def reopen(scene: Scene, address: str, transport: str) -> Scene:
    """The same games, as stored, under a new daemon with another address and [transport] table:
    built over Maildir, measured over a real mail server. Closes `scene`'s daemon."""
    scene.close()
    games = {game_id: settings.ruleset for game_id, settings in scene.daemon.config.games.items()}
    path = scene.root / "gonets.toml"
    path.write_text(config_text(games, address, transport), encoding="utf-8")
    config = load_config(path)
    daemon = Daemon(config, make_transport(config), scene.clock)
    game = daemon.games.get(scene.game.id)
    assert game is not None
    return replace(scene, daemon=daemon, game=game)


def _copy_game(source: Game, target: Game) -> None:
    record = source.load()
    record.id, record.seed = target.id, target.load().seed
    target.store.save(record)
    for name in source.store.turn_records():
        target.store.write_turn_record(name, source.store.read_turn_record(name))


def grow_history(scene: Scene, turns: int, mails_per_turn: int) -> None:
    """What `turns` turns leave behind: a turn record per phase, every mail archived and marked
    done, and handled mails in the inbox's cur/ folder."""
    store, archive = scene.game.store, scene.daemon.archive
    phases = list(scene.game.ruleset.phases)
    sample = store.read_turn_record(store.turn_records()[0])
    inbox = scene.inbox
    with unsynced():
        for turn in range(1, turns + 1):
            for phase in phases:
                store.write_turn_record(f"{turn:04d}-{phase}", sample)
            for n in range(mails_per_turn):
                raw = scene.order_mail(n)
                key = archive.store(raw)
                archive.mark_done(key, {"outcome": "orders", "message_id": f"<h{turn}.{n}@bench.local>"})
                handled = mailbox.MaildirMessage(raw)
                handled.set_subdir("cur")
                handled.add_flag("S")
                inbox.add(handled)


def put_all_orders(scene: Scene) -> None:
    """Every expected power's orders for the current phase, as an accepted order mail stores them."""
    game, record = scene.game, scene.game.load()
    with unsynced():
        for power in record.expected_powers():
            commands = game.ruleset.ai_orders(record.state, power, record.phase)
            orders = OrderSet(
                record.turn,
                record.phase,
                power,
                list(commands),
                not commands,
                "bench",
                scene.clock().isoformat(),
                "",
            )
            game.store.put_orders(orders)


def stranger_mail(size: int) -> bytes:
    """A stranger's mail of `size` bytes of single letters of the password alphabet, one a word:
    every letter starts a password-shaped run, nearly every run another (a fixed seed)."""
    draw = random.Random(41)
    letters = " ".join(draw.choice(PASSWORD_ALPHABET) for _ in range(size // 2))
    head = "From: stranger@elsewhere.example\nTo: gonets@bench.local\nSubject: hello\n"
    return f"{head}Message-ID: <letters@elsewhere.example>\n\n{letters}\n".encode()
