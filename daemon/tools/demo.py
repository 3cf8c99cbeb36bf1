"""`gonets demo`: a whole coins game on Maildir, with simulated players and an accelerated clock.

The game is played from a seed (`--seed`): two runs with the same seed end with the same
standings. Four players sign up by mail; one misspells an order and resends it after reading the reply, one
writes HTML-only mail, one writes in windows-1251 and goes silent from turn 4 (warned, then
passed to the computer), and every mail goes through the real pipeline: inbox Maildir → daemon →
sent Maildir, which the players read. The directory is left behind to inspect.
"""

from __future__ import annotations

import mailbox
import tempfile
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from pathlib import Path

from daemon.config import load_config
from daemon.games import Game
from daemon.outgoing.render import languages, points, ranking
from daemon.phases.start import start_game
from daemon.service import Daemon
from daemon.tools.demo_players import Player, SentFolder
from daemon.tools.setup import init_game
from daemon.transports.maildir import MaildirTransport

GAME = "coins-demo"
PLAYERS = (
    ("Анна", "anna@demo.local", "plain", 0),
    ("Борис", "boris@demo.local", "typo", 0),
    ("Вера", "vera@demo.local", "html", 0),
    ("Глеб", "gleb@demo.local", "cp1251", 4),
)


class DemoClock:
    """Game time that jumps to each deadline instead of waiting for it."""

    def __init__(self) -> None:
        self.now = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, by: timedelta) -> None:
        self.now += by


SEED = "gonets-demo"


def run_demo(directory: Path | None, seed: str = SEED) -> int:
    root = directory or Path(tempfile.mkdtemp(prefix="gonets-demo-"))
    root.mkdir(parents=True, exist_ok=True)
    config_path = root / "gonets.toml"
    if config_path.exists():
        print(f"{config_path} exists: pick an empty directory / выберите пустую папку")
        return 2
    init_game(config_path, GAME, "coins", "gm@demo.local", "gonets@demo.local")
    config = load_config(config_path)
    inbox, sent = root / "mail" / "inbox", root / "mail" / "sent"
    clock = DemoClock()
    daemon = Daemon(config, MaildirTransport(inbox, sent), clock)
    try:
        scores = _play(daemon, clock, mailbox.Maildir(inbox), SentFolder(sent), seed)
    finally:
        daemon.close()
    print("\nИтог / final scores:")
    lang = languages(config.games[GAME].language)[0]
    for power, score in ranking(scores):
        print(f"  {power:<12} {points(score, lang)}")
    print(f"\nПочта и игра остались в / mail and game left in: {root}")
    print(f"  входящие / inbox: {inbox}\n  отправленные / sent: {sent}")
    print(f"  gonets status --config {config_path}")
    return 0


def _play(
    daemon: Daemon, clock: DemoClock, inbox: mailbox.Maildir, sent: SentFolder, seed: str
) -> Mapping[str, float]:
    game = daemon.games.get(GAME)
    assert game is not None
    record = game.load()
    record.seed = f"{GAME}:{seed}"  # every lot of the game drawn from it
    game.store.save(record)
    players = [Player(name, address, style, silent) for name, address, style, silent in PLAYERS]
    for player in players:
        inbox.add(player.signup(GAME, clock()))
    daemon.run_once()
    start = start_game(game, daemon.postman, clock())
    daemon.run_once()
    print(
        f"Игра {GAME} началась / started: "
        + ", ".join(f"{p} — {n}" for p, n in sorted(start.assignment.items()))
    )
    for player in players:
        player.learn_role(sent)
    while game.load().status == "running":
        _one_phase(daemon, game, clock, inbox, sent, players)
    return game.ruleset.scores(game.load().state)


def _one_phase(
    daemon: Daemon,
    game: Game,
    clock: DemoClock,
    inbox: mailbox.Maildir,
    sent: SentFolder,
    players: list[Player],
) -> None:
    record = game.load()
    turn, phase = record.turn, record.phase
    for player in players:
        if record.players[player.power].status != "active" or 0 < player.silent_from <= turn:
            continue
        typo = player.style == "typo" and phase == "orders" and turn == 2
        inbox.add(player.orders(game, clock(), typo=typo))
        if typo:  # read the refusal, then send the corrected orders, as a player would
            daemon.run_once()
            replies = player.read_mail(sent)
            refused = [line for body in replies for line in body.splitlines() if line.startswith("Строка ")]
            print(f"  {player.name} ошибся, ответ Гонца / mistyped, the reply says: {refused[0].strip()}")
            inbox.add(player.orders(game, clock()))
    clock.advance(timedelta(minutes=10))
    result = daemon.run_once()
    if not result.resolved:  # someone is silent: wait for the deadline
        deadline = game.deadline(game.load())
        assert deadline is not None
        clock.now = deadline
        daemon.run_once()
    after = game.load()
    for player in players:
        player.read_mail(sent)
    retired = [p for p, pl in sorted(after.players.items()) if pl.status == "ai"]
    print(
        f"ход/turn {turn:>2} {phase:<7} решён / resolved"
        + (f"; компьютер играет за / computer plays: {', '.join(retired)}" if retired else "")
    )
