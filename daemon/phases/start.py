"""Closing signup: the logged lot draw of powers (the ruleset's `draw`), the initial state with
the names players gave their powers, and the role mails (also a joining player's).

A password exists in clear only inside its role mail, and only until it is sent: the outbox then
keeps the copy with the password masked (`Postman.send`'s `secrets`). Role mails are queued one by
one, each after its player's hash is saved with the mail's id: after a crash, a player whose role
mail is already queued keeps that password, and one whose mail is not gets a fresh password and a
fresh mail.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from daemon import gm_data
from daemon.games import START_DATA, Game
from daemon.outgoing.heading import heading
from daemon.outgoing.postman import Letter, Postman
from daemon.outgoing.render import daemon_catalog, moment
from daemon.outgoing.views import blanks, status_texts
from daemon.passwords import new_password
from engines.contract import Command
from engines.errors import GonetsError
from engines.rng import Rng
from engines.text import Msg
from parsers.orders import normal_form
from state import lifecycle
from state.lifecycle import Starting
from state.records import GameRecord, Player

START_RECORD = "0000-start"  # the turn record of the lot draw; sorts before every turn


class StartError(GonetsError):
    """The game cannot start now; `msg` says why (templates/messages.toml)."""

    def __init__(self, msg: Msg) -> None:
        catalog = daemon_catalog()
        super().__init__(f"{catalog.render(msg, 'ru')} / {catalog.render(msg, 'en')}")
        self.msg = msg


@dataclass(frozen=True)
class StartResult:
    assignment: dict[str, str]  # power → player name
    draws: list[dict[str, object]]


def start_game(game: Game, postman: Postman, now: datetime) -> StartResult:
    record = game.load()
    if record.status != "signup":
        raise StartError(Msg("start_not_signup", {"game": game.id}))
    count = len(record.signups)
    if count < game.ruleset.min_players:
        raise StartError(Msg("start_too_few", {"count": count, "least": game.ruleset.min_players}))
    rng = Rng(f"{record.seed}:start")
    pool = game.ruleset.playable_powers(count)
    if len(pool) < count:
        raise StartError(Msg("start_too_many", {"count": count, "powers": len(pool)}))
    drawn = game.ruleset.draw(pool, count, rng)
    record.players = {  # with more powers than players, the ones left over stay with the computer
        power: Player(power=power, name=signup.name, address=signup.address, password_hash="")
        for power, signup in zip(drawn, record.signups, strict=False)
    }
    powers = [p for p in pool if p in record.players]
    names = {power: s.country for power, s in zip(drawn, record.signups, strict=False) if s.country}
    try:
        data = game.gm_data(START_DATA)
    except gm_data.Unreadable as error:
        raise StartError(error.said(game.settings.data)) from error
    set_up = game.ruleset.setup(powers, rng)
    state = game.ruleset.name_powers(set_up, names)
    record.players = _renamed(record.players, set_up["powers"], state["powers"])
    if data is not None:  # a game that names no file plays the ruleset's own default
        refusal = gm_data.refusal(game.ruleset, game.settings, state, data.data)
        if refusal is not None:
            raise StartError(refusal)
        state = game.ruleset.with_data(state, data.data)
    record.state = state
    record.status, record.pending = "running", lifecycle.begin(record.pending, Starting())
    record.deadline = game.deadline_from(record, now)
    draws = [d.to_json() for d in rng.log]
    game.store.write_turn_record(
        START_RECORD,
        {
            "game": game.id,
            "seed": rng.seed,
            "draws": draws,
            "assignment": {p: pl.address for p, pl in record.players.items()},
            # the GM data applied, kept in the store: a rebuild applies it ("": the game named none)
            "data_sha256": data.sha256 if data else "",
            # the names players gave their powers, by the lot's: the GM reads the lot by them
            "named": {
                old: new for old, new in zip(set_up["powers"], state["powers"], strict=True) if old != new
            },
            "state_after": record.state,
        },
    )
    game.store.save(record)
    finish_start(game, postman, record)
    return StartResult({p: pl.name for p, pl in record.players.items()}, draws)


def _renamed(players: dict[str, Player], before: list[str], after: list[str]) -> dict[str, Player]:
    """The players under the names `name_powers` gave their powers: a ruleset that names a power
    as its player asked (tribes) renames it in place in the state's "powers", order kept."""
    names = dict(zip(before, after, strict=True))
    return {names.get(p, p): replace(player, power=names.get(p, p)) for p, player in players.items()}


def finish_start(game: Game, postman: Postman, record: GameRecord) -> None:
    """Queue every role mail not yet queued, then the GM's notice; safe to call again."""
    for power in sorted(record.players):
        mail_password(game, postman, record, power)
    data = game.store.read_turn_record(START_RECORD)
    named = data.get("named", {})  # start records written before names were kept have none
    context = {
        "game": game.id,
        "head": heading(game, record),
        "powers_title": game.ruleset.powers_title,
        "players": sorted((p, pl.name, pl.address) for p, pl in record.players.items()),
        "draws": [
            {**d, "values": [named.get(v, v) for v in d["values"]]} if "values" in d else d
            for d in data["draws"]
        ],
        "seed": data["seed"],
    }
    postman.send(
        f"{game.id}-start",
        game.settings.gm,
        Letter("gm/started", context, "subject_started", {"game": game.id}),
        game.settings.language,
        game.catalog,
    )
    record.pending = lifecycle.finish(record.pending, Starting())
    game.store.save(record)


def mail_password(game: Game, postman: Postman, record: GameRecord, power: str, why: str = "start") -> bool:
    """A fresh password and its role mail, unless the mail for the password now valid is queued;
    `why` the player gets the power (`ROLE_SUBJECTS`): the start's lot, a return, a replacement, a join.

    The hash and the mail's id are saved before the mail is queued: after a crash the player
    either has the queued mail's password or gets a new one, never a password nobody was told.
    """
    player = record.players[power]
    if player.role_mail and player.role_mail in postman.outbox:
        return False
    password = new_password()
    player.password_hash = game.passwords.hash(password)
    player.role_mail = f"{game.id}-role-{power}-{secrets.token_hex(4)}"
    game.store.save(record)
    letter = role_letter(game, record, power, password, why)
    postman.send(
        player.role_mail,
        player.address,
        letter,
        game.settings.language,
        game.catalog_for(record.state),
        secrets=(password,),
    )
    return True


ROLE_SUBJECTS = {
    "start": "subject_role",
    "return": "subject_role_return",
    "replace": "subject_role_replace",
    "join": "subject_role_join",
}
COMPUTER_PHASES_TOLD = 10  # a return lists what the computer ordered in at most this many last phases


def role_letter(game: Game, record: GameRecord, power: str, password: str, why: str = "start") -> Letter:
    """The mail that gives a player a power and its password: at the start by lot, on the GM's
    return (with what the computer ordered meanwhile), replacement or join, each told as what it is."""
    player = record.players[power]
    deadline = game.deadline(record)
    played = computer_played(game, power) if why in ("return", "replace") else []
    context = {
        "why": why,
        "computer": played[-COMPUTER_PHASES_TOLD:],
        "computer_more": max(0, len(played) - COMPUTER_PHASES_TOLD),
        "game": game.id,
        "title": game.ruleset.title,
        "name": player.name,
        "power": power,
        "password": password,
        "turn": record.turn,
        "phase": game.phase_spec(record).title,
        "deadline": moment(deadline, game.settings.timezone) if deadline else None,
        "max_missed": game.settings.max_missed,
        "glossary": game.ruleset.glossary,
        "head": heading(game, record, power),
        "status": status_texts(game, record, power),
        "blank": blanks(game, record, power, password),
    }
    params: dict[str, str | int] = {"game": game.id, "power": power, "turn": record.turn}
    return Letter("player/role", context, ROLE_SUBJECTS[why], params, reader=player.name)


def computer_played(game: Game, power: str) -> list[dict[str, Any]]:
    """What the computer ordered for `power` in the phases it last played it without a break,
    oldest first, from the turn records: each phase's turn, title and orders in normal form."""
    played: list[dict[str, Any]] = []
    for name in reversed([n for n in game.store.turn_records() if n != START_RECORD]):
        data = game.store.read_turn_record(name)
        entry = data["orders"].get(power)
        if entry is None or entry["source"] != "ai":
            break
        phase = game.ruleset.phases[data["phase"]]
        lines = [normal_form(Command.from_json(c), phase) for c in entry["commands"]]
        played.insert(0, {"turn": data["turn"], "phase": phase.title, "lines": lines})
    return played
