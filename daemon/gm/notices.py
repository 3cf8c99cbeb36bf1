"""One notice to every active player of a GM action that changes the game for all of them (a
rollback, a pause, a moved deadline): each headed for their own power, its mail id derived from
the command's, so a command replayed after a crash mails no one twice."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from daemon.gm.context import GmContext
from daemon.outgoing.heading import heading
from daemon.outgoing.postman import Letter
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
