"""Who a mail is from in game terms: which game, which power, and whether the password holds.

A refusal is a `Msg` from templates/messages.toml that tells the sender why and how to fix it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from daemon.games import Game, Games
from daemon.incoming.throttle import Mark, blocked
from daemon.outgoing.render import moment
from daemon.passwords import PasswordChecks
from engines.contract import Vocabulary
from engines.text import Msg
from parsers.header import OrderHeader
from parsers.names import match_name, suggest_name
from state.lifecycle import Paused, Previewed
from state.records import GameRecord


@dataclass(frozen=True)
class Route:
    game: Game
    record: GameRecord
    power: str
    by_gm: bool = False  # the GM sent these orders on the power's behalf
    rehash: str = ""  # the keyed hash to store instead of the power's old-kind one


@dataclass(frozen=True)
class Refusal:
    msg: Msg
    game: Game | None = None
    mark: Mark | None = None  # a wrong password or a "wait" notice, for the throttle
    silent: bool = False  # logged, never answered: the sender was already told to wait


def find_game(header: OrderHeader, games: Games, recipients: Sequence[str] = ()) -> Game | Refusal:
    """By the ИГРА line or subject tag; failing both, by a plus-address `local+GAME@domain` among
    the recipients, so one mailbox serves many games."""
    game_id = header.game or next(filter(games.get, _plus_tags(recipients)), None)
    game = games.get(game_id) if game_id else None
    if game is not None:
        return game
    known = ", ".join(games.ids()) or "—"  # only for a refusal: a pass may serve a thousand games
    if not game_id:
        return Refusal(Msg("route_no_game", {"known": known}))
    return Refusal(Msg("route_unknown_game", {"game": game_id, "known": known}))


def _plus_tags(recipients: Sequence[str]) -> list[str]:
    local_parts = (address.rpartition("@")[0] for address in recipients)
    return [local.partition("+")[2] for local in local_parts if "+" in local]


def throttled(game: Game, sender: str, now: datetime, limit: int) -> Refusal | None:
    """A refusal, without looking at the password, while `sender` has used up its guesses."""
    block = blocked(game.store, sender, now, limit)
    if block is None:
        return None
    params: dict[str, str | int] = {
        "sender": sender,
        "game": game.id,
        "limit": limit,
        "until_ru": moment(block.until, game.settings.timezone).ru,
        "until_en": moment(block.until, game.settings.timezone).en,
    }
    return Refusal(Msg("throttle_wait", params), game, Mark(sender, "notice"), silent=block.told)


def wrong_password(msg: Msg, game: Game, sender: str) -> Refusal:
    return Refusal(msg, game, Mark(sender, "failure"))


def route_orders(
    header: OrderHeader,
    game: Game,
    sender: str,
    now: datetime,
    wrong_passwords: int,
    checks: PasswordChecks,
) -> Route | Refusal:
    """The power's password, or the GM's (from the GM's address) to send orders on its behalf;
    not even looked at once `sender` gave `wrong_passwords` wrong ones this hour."""
    record = game.load()
    if record.status == "signup":
        return Refusal(Msg("route_not_started", {"game": game.id}), game)
    if record.status == "over":
        return Refusal(Msg("route_game_over", {"game": game.id}), game)
    spellings = game.ruleset.vocabularies(record.state).get("power", {})
    powers: Vocabulary = {p: list(spellings.get(p, ())) for p in record.players}
    if not header.power:
        return Refusal(Msg("route_no_power", {"powers": ", ".join(sorted(powers))}), game)
    power = match_name(header.power, powers, game.ruleset.catalog.forms)
    if power is None:
        hint = suggest_name(header.power, powers) or ", ".join(sorted(powers))
        return Refusal(Msg("route_unknown_power", {"power": header.power, "hint": hint}), game)
    if not header.password:
        return Refusal(Msg("route_no_password", {"power": power}), game)
    if refusal := throttled(game, sender, now, wrong_passwords):
        return refusal
    player = record.players[power]
    by_gm = is_gm(game, sender, header.password, checks)
    if not by_gm and not checks.player(header.password, player.password_hash):
        return wrong_password(Msg("route_wrong_password", {"power": power}), game, sender)
    rehash = "" if by_gm else checks.upgrade(header.password, player.password_hash)
    if player.status != "active":
        code = "route_ended" if player.status == "ended" else "route_retired"
        return Refusal(Msg(code, {"power": power, "gm": game.settings.gm}), game)
    if header.turn is not None and header.turn != record.turn:
        return Refusal(Msg("route_stale_turn", {"turn": header.turn, "current": record.turn}), game)
    if isinstance(record.clock, Previewed | Paused) and not by_gm:
        code = "route_preview" if isinstance(record.clock, Previewed) else "route_paused"
        return Refusal(Msg(code, {"game": game.id, "turn": record.turn}), game)
    return Route(game, record, power, by_gm, rehash)


def is_gm(game: Game, sender: str, password: str, checks: PasswordChecks) -> bool:
    """The GM's address and the GM password together; a game without a GM password has no GM mail."""
    secret = game.settings.gm_password
    return bool(secret) and sender == game.settings.gm and checks.gm(password, secret)
