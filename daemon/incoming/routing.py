"""Who a mail is from in game terms: which game, which power, and whether the password holds.

A refusal is a `Msg` from templates/messages.toml that tells the sender why and how to fix it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from daemon.games import Game, Games
from daemon.incoming.throttle import Mark, blocked
from daemon.outgoing.render import moment
from daemon.outgoing.views import power_word
from daemon.passwords import PasswordChecks
from engines.contract import Vocabulary
from engines.text import Msg, Param
from parsers.header import OrderHeader, is_placeholder
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


Via = Literal["line", "subject", "address"]  # how a mail named its game: ИГРА, [tag] or local+GAME@
Form = Literal["orders", "gm", "signup", "none"]  # the model mail a refusal shows: how to write it


@dataclass(frozen=True)
class Refusal:
    """Why a mail was not read; with its `game` known, the reply's subject is `subject` (default:
    `subject_<msg code>` of templates/messages.toml) and it shows the `form` that would do."""

    msg: Msg
    game: Game | None = None
    mark: Mark | None = None  # a wrong password or a "wait" notice, for the throttle
    silent: bool = False  # logged, never answered: the sender was already told to wait
    form: Form = "orders"
    subject: str = ""
    named: str = ""  # a power the mail named that this game has not: maybe the sender's elsewhere
    meant: Game | None = None  # the game the sender plays that power in, whose blank the reply shows


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
    until = moment(block.until, game.settings.timezone)
    msg = said(game, "throttle_wait", sender=sender, limit=limit, until_ru=until.ru, until_en=until.en)
    return Refusal(msg, game, Mark(sender, "notice"), silent=block.told, form="none")


def wrong_password(msg: Msg, game: Game, sender: str, form: Form = "orders") -> Refusal:
    return Refusal(msg, game, Mark(sender, "failure"), form=form)


def said(game: Game, code: str, **params: Param) -> Msg:
    """A refusal in `game`, with what every one may name: the game, its GM's address, and its own
    word for what a player plays (`word`: «семья», `keyword`: the header word СЕМЬЯ)."""
    title = game.ruleset.power_title
    words: dict[str, Param] = {
        "game": game.id,
        "gm": game.settings.gm,
        "word": title.ru.lower(),
        "word_en": title.en.lower(),
        "keyword": power_word(game.ruleset),
    }
    return Msg(code, words | params)


def route_orders(
    header: OrderHeader,
    game: Game,
    sender: str,
    now: datetime,
    wrong_passwords: int,
    checks: PasswordChecks,
    ready_alone: bool = False,
) -> Route | Refusal:
    """The power's password, or the GM's (from the GM's address) to send orders on its behalf;
    not even looked at once `sender` gave `wrong_passwords` wrong ones this hour. A mail that
    says only ГОТОВО (`ready_alone`) with no password is the sender's own power's (`_ready_route`)."""
    record = game.load()
    if record.status == "signup":
        return Refusal(said(game, "route_not_started"), game, form="signup")
    if record.status == "over":
        return Refusal(said(game, "route_game_over"), game, form="none")
    if ready_alone and not header.password and (route := _ready_route(game, record, sender)):
        return route
    spellings = game.ruleset.vocabularies(record.state).get("power", {})
    powers: Vocabulary = {p: list(spellings.get(p, ())) for p in record.players}
    playing = ", ".join(sorted(powers))
    if not header.power:
        return Refusal(said(game, "route_no_power", powers=playing), game)
    power = match_name(header.power, powers, game.ruleset.catalog.forms)
    if power is None:
        hint = suggest_name(header.power, powers)
        msg = (
            said(game, "route_unknown_power", power=header.power, hint=hint)
            if hint
            else said(game, "route_unknown_power_none", power=header.power, powers=playing)
        )
        return Refusal(msg, game, subject="subject_route_unknown_power", named=header.power)
    if not header.password:
        return Refusal(said(game, "route_no_password", power=power), game)
    if is_placeholder(header.password):  # not filled in: no guess, so the throttle never counts it
        return Refusal(said(game, "route_placeholder_password", power=power, word=header.password), game)
    if refusal := throttled(game, sender, now, wrong_passwords):
        return refusal
    player = record.players[power]
    by_gm = is_gm(game, sender, header.password, checks)
    if not by_gm and not checks.player(header.password, player.password_hash):
        return wrong_password(said(game, "route_wrong_password", power=power), game, sender)
    rehash = "" if by_gm else checks.upgrade(header.password, player.password_hash)
    if player.status != "active":
        code = "route_ended" if player.status == "ended" else "route_retired"
        return Refusal(said(game, code, power=power), game, form="none")
    if header.turn is not None and header.turn != record.turn:
        return Refusal(said(game, "route_stale_turn", turn=header.turn, current=record.turn), game)
    return (None if by_gm else _closed(game, record)) or Route(game, record, power, by_gm, rehash)


def _ready_route(game: Game, record: GameRecord, sender: str) -> Route | Refusal | None:
    """A ГОТОВО alone, in the subject or the body, from the address of the one active player of the
    game it is tagged for: that power's, with no СТРАНА line or password, in every ruleset. It
    only lets the orders that player already sent under the password go ahead, as they stand,
    so the address is enough; None when the sender plays no power here (or several)."""
    mine = [
        p for p, player in record.players.items() if player.address == sender and player.status == "active"
    ]
    if len(mine) != 1:
        return None
    return _closed(game, record) or Route(game, record, mine[0])


def _closed(game: Game, record: GameRecord) -> Refusal | None:
    """Why no player's orders are taken now: the phase's results wait for the GM, or it is paused."""
    if not isinstance(record.clock, Previewed | Paused):
        return None
    code = "route_preview" if isinstance(record.clock, Previewed) else "route_paused"
    return Refusal(said(game, code, turn=record.turn), game)


def played_elsewhere(refusal: Refusal, games: Games, sender: str, via: Via) -> Refusal:
    """A power the mail's game has not that is the sender's own in another game: the mail went to
    the wrong game (a reply kept the old subject), and the reply says which game it was read for,
    why (`via`: its ИГРА line, its subject's tag or the address it came to), and which to write to."""
    if not refusal.named or refusal.game is None:
        return refusal
    for other in games:
        record = other.load()
        mine = [p for p, player in record.players.items() if player.address == sender]
        if other is refusal.game or not mine:
            continue
        spellings = other.ruleset.vocabularies(record.state).get("power", {})
        powers: Vocabulary = {p: list(spellings.get(p, ())) for p in mine}
        power = match_name(refusal.named, powers, other.ruleset.catalog.forms)
        if power is not None:
            own = other.ruleset.power_title
            names: dict[str, Param] = {
                "power": power,
                "other": other.id,
                "own": own.ru.lower(),
                "own_en": own.en.lower(),
            }
            msg = said(refusal.game, f"route_other_game_{via}", **names)
            return Refusal(msg, refusal.game, subject="subject_route_other_game", meant=other)
    return refusal


def is_gm(game: Game, sender: str, password: str, checks: PasswordChecks) -> bool:
    """The GM's address and the GM password together; a game without a GM password has no GM mail."""
    secret = game.settings.gm_password
    return bool(secret) and sender == game.settings.gm and checks.gm(password, secret)
