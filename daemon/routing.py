"""Who a mail is from in game terms: which game, which power, and whether the password holds.

A refusal is a `Msg` from templates/messages.toml that tells the sender why and how to fix it.
"""

from __future__ import annotations

from dataclasses import dataclass

from daemon.auth import verify_password
from daemon.games import Game, Games
from engines.contract import Vocabulary
from engines.text import Msg
from parsers.header import OrderHeader
from parsers.names import match_name, suggest_name
from state.records import GameRecord


@dataclass(frozen=True)
class Route:
    game: Game
    record: GameRecord
    power: str


@dataclass(frozen=True)
class Refusal:
    msg: Msg
    game: Game | None = None


def find_game(header: OrderHeader, games: Games) -> Game | Refusal:
    known = ", ".join(games.ids()) or "—"
    if not header.game:
        return Refusal(Msg("route_no_game", {"known": known}))
    game = games.get(header.game)
    if game is None:
        return Refusal(Msg("route_unknown_game", {"game": header.game, "known": known}))
    return game


def route_orders(header: OrderHeader, game: Game) -> Route | Refusal:
    record = game.load()
    if record.status == "signup":
        return Refusal(Msg("route_not_started", {"game": game.id}), game)
    if record.status == "over":
        return Refusal(Msg("route_game_over", {"game": game.id}), game)
    spellings = game.ruleset.vocabularies(record.state).get("power", {})
    powers: Vocabulary = {p: list(spellings.get(p, ())) for p in record.players}
    if not header.power:
        return Refusal(Msg("route_no_power", {"powers": ", ".join(sorted(powers))}), game)
    power = match_name(header.power, powers)
    if power is None:
        hint = suggest_name(header.power, powers) or ", ".join(sorted(powers))
        return Refusal(Msg("route_unknown_power", {"power": header.power, "hint": hint}), game)
    if not header.password:
        return Refusal(Msg("route_no_password", {"power": power}), game)
    player = record.players[power]
    if not verify_password(header.password, player.password_hash):
        return Refusal(Msg("route_wrong_password", {"power": power}), game)
    if player.status != "active":
        return Refusal(Msg("route_retired", {"power": power}), game)
    if header.turn is not None and header.turn != record.turn:
        return Refusal(Msg("route_stale_turn", {"turn": header.turn, "current": record.turn}), game)
    return Route(game, record, power)
