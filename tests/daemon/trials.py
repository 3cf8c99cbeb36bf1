"""The games of two play trials, rebuilt on the harness's real daemon from the trials' own mails
(tests/trials/): council-1 and tribes-1 of the players' trial, mare-1 of the GM's, each
signed up by the .eml its players sent, its lot drawn from the trial's seed, so every family,
tribe and people stands with the player it had; the powers the tests write for keep the trial's
passwords, which their mails carry."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from daemon.phases.start import start_game
from tests.daemon.harness import Harness

TRIALS = Path(__file__).parent.parent / "trials"
COUNCIL_GM = "gm@trial.local"
MARE_GM = "vedushiy@example.org"
MARE_GM_PASSWORD = "ved-parol-sekretnyi-77"

GAME = """
[games.{game}]
ruleset = "{ruleset}"
gm = "{gm}"
timezone = "Europe/Moscow"
language = "ru"
deadline = "48h"
reminder = "12h"
early_resolution = true
max_missed = 3  # the GM processes two silent turns of mare-1 before its pause
hold_share = 0.5
gm_password = "{gm_password}"
"""
CONFIG = """\
games_dir = "games"
address = "gonets@trial.local"
replies_per_hour = 50

[transport]
kind = "maildir"
inbox = "mail/inbox"
outbox = "mail/sent"
"""
GAMES = {  # id → ruleset, GM, GM password, the trial's seed, its signups in their order
    "council-1": (
        "council",
        COUNCIL_GM,
        "",
        "council-1:20261202:ce9196dee58d0c17",
        ("c-signup-anna", "c-signup-boris", "c-signup-vera", "c-signup-gleb3"),
    ),
    "tribes-1": (
        "tribes",
        COUNCIL_GM,
        "",
        "tribes-1:20261202:45a2b852ede63189",
        ("t-signup-anna", "t-signup-denis", "t-signup-egor"),
    ),
    "mare-1": (
        "mare",
        MARE_GM,
        MARE_GM_PASSWORD,
        "mare-1:20261202:fda74dfc24df2bfc",
        ("mare-su-anna", "mare-su-boris", "mare-su-vera", "mare-su-gleb"),
    ),
}
# game → the powers the trial's lot gave its players, by signup address: the lot of today seats
# players otherwise (council's councils of two), so the GM's seating (`powers`) deals these, and
# each player is given back the power the trial's mails are written for
SEATS = {
    "council-1": {
        "anna@player.local": "Контарини",
        "boris@player.local": "Орсини",
        "vera@player.local": "Сансеверино",
        "gleb@player.local": "Тривульцио",
    }
}
PASSWORDS = {  # game → power → the password its trial mails carry
    "council-1": {"Тривульцио": "c6cx-uwx6-z6mm", "Контарини": "ekeu-5zwa-buh5"},
    "mare-1": {"Римляне": "i8va-n6qb-gum8"},
}


def _seats(game: str) -> str:
    seats = SEATS.get(game, {}).values()
    return f"powers = {json.dumps(list(seats), ensure_ascii=False)}\n" if seats else ""


def eml(name: str) -> bytes:
    return (TRIALS / f"{name}.eml").read_bytes()


class TrialHarness(Harness):
    """The daemon serving the trials' games; `started` of them past their signup."""

    def __init__(
        self,
        root: Path,
        started: tuple[str, ...] = tuple(GAMES),
        unsent: tuple[str, ...] = (),
        **options: Any,
    ) -> None:
        """`unsent`: signup mails of `GAMES` left out (their game not to be `started`)."""
        super().__init__(root, **options)
        config = CONFIG + "".join(
            GAME.format(game=game, ruleset=ruleset, gm=gm, gm_password=password) + _seats(game)
            for game, (ruleset, gm, password, _, _) in GAMES.items()
        )
        self.config_path.write_text(config, encoding="utf-8")
        self.restart()
        for game in GAMES:
            self.game_id = game
            record = self.game.load()
            record.seed = GAMES[game][3]
            self.game.store.save(record)
            for signup in GAMES[game][4]:
                if signup not in unsent:
                    self.inbox.add(eml(signup))
        self.run()
        for game in started:
            self.game_id = game
            start_game(self.game, self.daemon.postman, self.clock())
            record = self.game.load()
            players = {p.address: p for p in record.players.values()}
            for address, power in SEATS.get(game, {}).items():
                record.players[power] = replace(players[address], power=power)
            for power, password in PASSWORDS.get(game, {}).items():
                record.players[power].password_hash = self.game.passwords.hash(password)
            self.game.store.save(record)
        self.run()
        self.mail_to_anyone()  # the signup answers and role mails: a test reads what follows

    def mail_to_anyone(self) -> list[Any]:
        """Every mail sent since the last read, whoever it went to."""
        addresses = {"gm@trial.local", MARE_GM}
        for game in GAMES:
            self.game_id = game
            record = self.game.load()
            addresses |= {s.address for s in record.signups}
        return [m for address in sorted(addresses) for m in self.mail_to(address)]

    def deliver(self, name: str) -> str:
        """The trial's mail `name` delivered and handled; the game it was read for is `game_id`."""
        self.inbox.add(eml(name))
        self.run()
        return name
