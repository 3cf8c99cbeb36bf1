"""GM actions on the game's clock and phases: start, extend, cadence, pause, process, preview.

Each moves the phase's clock through `state.lifecycle`; a previewed phase has no clock left to
extend, pause or process, so those answer that it waits for ВЫПУСТИТЬ or ПЕРЕСЧИТАТЬ.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from daemon.gm.context import GmContext, refused, result
from daemon.phases.deadlines import commit, resolve, tick
from daemon.phases.naming import record_name
from daemon.phases.start import StartError, start_game
from engines.contract import Command
from engines.text import Msg
from state import lifecycle
from state.lifecycle import Paused, Previewed
from state.records import GameRecord


def _local(ctx: GmContext, instant: datetime) -> str:
    return f"{instant.astimezone(ctx.game.settings.timezone):%d.%m.%Y %H:%M %Z}"


def start(ctx: GmContext, cmd: Command) -> Msg:
    try:
        outcome = start_game(ctx.game, ctx.postman, ctx.now)
    except StartError as error:
        return refused("gm_refused", why=str(error))
    record = ctx.game.load()
    players = ", ".join(f"{p} — {n}" for p, n in sorted(outcome.assignment.items()))
    ctx.save(record, "start", players)
    return result("gm_started", players=players)


def extend(ctx: GmContext, cmd: Command) -> Msg:
    record = ctx.game.load()
    if record.status != "running":
        return refused("gm_not_running")
    if ctx.applied(record):
        return result("gm_already_done")
    if isinstance(record.clock, Previewed):
        return _preview_pending(record)
    more = timedelta(hours=int(cmd.args["hours"]))
    deadline = max(ctx.game.deadline(record) or ctx.now, ctx.now) + more
    record.deadline, record.clock = deadline.isoformat(), lifecycle.extend(record.clock, more.total_seconds())
    ctx.save(record, "extend", f"+{cmd.args['hours']}h → {deadline.isoformat(timespec='minutes')}")
    return result("gm_extended", deadline=_local(ctx, deadline))


def cadence(ctx: GmContext, cmd: Command) -> Msg:
    record = ctx.game.load()
    hours = int(cmd.args["hours"])
    phases = [str(cmd.args["phase"])] if "phase" in cmd.args else list(ctx.game.ruleset.phases)
    for phase in phases:
        record.durations[phase] = hours * 3600.0
    ctx.save(record, "cadence", f"{', '.join(phases)}: {hours}h")
    return result("gm_cadence", phases=", ".join(phases), hours=hours)


def pause(ctx: GmContext, cmd: Command) -> Msg:
    record = ctx.game.load()
    deadline = ctx.game.deadline(record)
    if isinstance(record.clock, Paused):
        return result("gm_already_done")
    if record.status != "running" or deadline is None:
        return refused("gm_not_running")
    if isinstance(record.clock, Previewed):
        return _preview_pending(record)
    left = max(0.0, (deadline - ctx.now).total_seconds())
    record.clock = lifecycle.pause(record.clock, left)
    ctx.save(record, "pause", f"{left / 3600:.1f}h left")
    return result("gm_paused")


def resume(ctx: GmContext, cmd: Command) -> Msg:
    record = ctx.game.load()
    if not isinstance(record.clock, Paused):
        return result("gm_already_done")
    deadline = ctx.now + timedelta(seconds=record.clock.left)
    record.deadline, record.clock = deadline.isoformat(), lifecycle.resume(record.clock)
    ctx.save(record, "resume", deadline.isoformat(timespec="minutes"))
    return result("gm_resumed", deadline=_local(ctx, deadline))


def _preview_pending(record: GameRecord) -> Msg:
    return result("gm_preview_pending", turn=record.turn, phase=record.phase)


def _is_current(ctx: GmContext, cmd: Command) -> bool:
    record = ctx.game.load()
    return record.status == "running" and (record.turn, record.phase) == (cmd.args["turn"], cmd.args["phase"])


def process(ctx: GmContext, cmd: Command) -> Msg:
    """Resolve now, held or not; a phase that has already moved on is left alone."""
    if not _is_current(ctx, cmd):
        return result("gm_moved_on", turn=int(cmd.args["turn"]), phase=str(cmd.args["phase"]))
    record = ctx.game.load()
    if isinstance(record.clock, Previewed):
        return _preview_pending(record)
    record.clock = lifecycle.process(record.clock)
    ctx.save(record, "process", record_name(ctx.game, record))
    tick(ctx.game, ctx.postman, ctx.now)
    return result("gm_processed", turn=int(cmd.args["turn"]), phase=str(cmd.args["phase"]))


def preview(ctx: GmContext, cmd: Command) -> Msg:
    record = ctx.game.load()
    record.preview_mode = cmd.args["mode"] == "ВКЛ"
    ctx.save(record, "preview", "on" if record.preview_mode else "off")
    return result("gm_preview_on" if record.preview_mode else "gm_preview_off")


def release(ctx: GmContext, cmd: Command) -> Msg:
    record = ctx.game.load()
    if not isinstance(record.clock, Previewed) or not _is_current(ctx, cmd):
        return refused("gm_nothing_to_release", turn=int(cmd.args["turn"]), phase=str(cmd.args["phase"]))
    ctx.save(record, "release", record.clock.turn_record)
    commit(ctx.game, ctx.postman, ctx.game.load(), ctx.now)
    return result("gm_released", turn=int(cmd.args["turn"]), phase=str(cmd.args["phase"]))


def reresolve(ctx: GmContext, cmd: Command) -> Msg:
    """Resolve the previewed phase again from the orders and state as the GM corrected them."""
    record = ctx.game.load()
    if not isinstance(record.clock, Previewed):
        return refused("gm_no_preview")
    record.clock = lifecycle.reresolve(record.clock)
    ctx.save(record, "reresolve", record_name(ctx.game, record))
    record = ctx.game.load()
    resolve(ctx.game, ctx.postman, record, ctx.now)
    return result("gm_reresolved", turn=record.turn, phase=record.phase)
