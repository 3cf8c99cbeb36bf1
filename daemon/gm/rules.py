"""GM actions the rules decide: the ruleset's own GM commands, and reading its GM data again."""

from __future__ import annotations

from daemon import gm_data
from daemon.gm.context import GmContext, Refused, refused, result
from daemon.outgoing.render import languages, said_draws
from engines.contract import Command, GmApplied
from engines.rng import Rng
from engines.text import Msg


def rule_input(ctx: GmContext, cmd: Command) -> Msg:
    """A GM command the ruleset declares (`Ruleset.gm_commands`), applied purely by its `apply_gm`;
    its lot is seeded by the game and the command, so a rebuild draws the same."""
    record = ctx.game.load()
    if ctx.applied(record):
        return result("gm_already_done")
    rng = Rng(f"{record.seed}:gm:{record.turn}:{record.phase}:{ctx.command_id}")
    applied = ctx.game.ruleset.apply_gm(record.state, cmd, rng)
    if not isinstance(applied, GmApplied):
        return Refused(applied.code, applied.params)
    record.state = applied.state
    draws = said_draws(rng.log, languages(ctx.game.settings.language)[0], ctx.game.catalog)
    ctx.save(record, "rule", ctx.command + (f"; {draws}" if draws else ""), said=applied.said)
    return applied.said


def reload_data(ctx: GmContext, cmd: Command) -> Msg:
    """ДАННЫЕ: the game's GM data file read again into the state (`Ruleset.with_data`); the history
    entry names the bytes applied (kept in the store by their sha256), which is what a rebuild
    applies."""
    record = ctx.game.load()
    path = ctx.game.settings.data
    if path is None:
        return refused("gm_no_data")
    if ctx.applied(record):
        return result("gm_already_done")
    try:
        read = ctx.game.gm_data(ctx.command_id)
    except gm_data.Unreadable as error:
        said = error.said(path)
        return Refused(said.code, said.params)
    if read is None:
        return refused("gm_no_data")
    refusal = gm_data.refusal(ctx.game.ruleset, ctx.game.settings, record.state, read.data)
    if refusal is not None:
        return Refused(refusal.code, refusal.params)
    record.state = ctx.game.ruleset.with_data(record.state, read.data)
    said = result("gm_data_reloaded", path=str(path))
    ctx.save(record, "data", str(path), extra={"data_sha256": read.sha256}, said=said)
    return said
