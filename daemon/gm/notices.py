"""Notices of the GM's actions: to every active player of one that changes the game for all of
them (a rollback, a pause, a moved deadline), each headed for their own power, or to one player of
one that changes what they play (a replacement, an ejection, a leave); each mail's id derived from
the command's, so a command replayed after a crash mails no one twice."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from daemon.gm.context import GmContext
from daemon.outgoing.heading import heading
from daemon.outgoing.postman import Letter
from engines.text import Msg
from state.records import GameRecord


def tell_active(
    ctx: GmContext,
    record: GameRecord,
    kind: str,
    subject: str,
    subject_params: dict[str, str | int],
    context_of: Callable[[str], dict[str, Any]],
) -> None:
    """Mail templates/player/<kind> to each active player: `context_of(power)` adds what differs
    from one power to the next to the game's id and the heading."""
    catalog = ctx.game.catalog_for(record.state)
    for power in record.active_powers():
        player = record.players[power]
        context = {"game": ctx.game.id, "head": heading(ctx.game, record, power), **context_of(power)}
        params = {"game": ctx.game.id, **subject_params}
        letter = Letter(f"player/{kind}", context, subject, params, reader=player.name)
        mail_id = f"{ctx.game.id}-{kind}-{ctx.command_id}-{power}"
        ctx.postman.send(mail_id, player.address, letter, ctx.game.settings.language, catalog)


def tell_one(
    ctx: GmContext,
    address: str,
    power: str,
    msg: Msg,
    subject: str,
    reason: str = "",
    gone: bool = False,
    reader: str | None = None,
) -> None:
    """`msg` to one player, under a subject that says what happened (`subject`, a catalog code);
    one who no longer plays `power` (`gone`) is shown no deadline. `reader`: the name to greet,
    by default the player's of `power` if it is this address's."""
    record = ctx.game.load()
    head = heading(ctx.game, record, power, gone)
    context = {"game": ctx.game.id, "power": power, "msg": msg, "reason": reason or ctx.reason, "head": head}
    if reader is None:
        player = record.players.get(power)
        reader = player.name if player and player.address == address else ""
    params: dict[str, str | int] = {k: v for k, v in msg.params.items() if isinstance(v, str | int)}
    params |= {"game": ctx.game.id, "power": power}
    letter = Letter("player/notice", context, subject, params, reader=reader)
    mail_id = f"{ctx.game.id}-notice-{ctx.command_id}-{address}"
    catalog = ctx.game.catalog_for(record.state)
    ctx.postman.send(mail_id, address, letter, ctx.game.settings.language, catalog)
