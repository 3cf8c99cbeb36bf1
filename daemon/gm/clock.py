"""GM actions on the game's clock and phases: start, extend, cadence, pause, process, preview.

Each moves the phase's clock through `state.lifecycle`; a previewed phase has no clock left to
extend, pause or process, so those answer that it waits for ВЫПУСТИТЬ or ПЕРЕСЧИТАТЬ.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from daemon.games import on_the_minute
from daemon.gm.context import GmContext, refused, result
from daemon.gm.notices import tell_active
from daemon.gm.schema import phase_id
from daemon.outgoing.render import moment
from daemon.phases.deadlines import commit, resolve, tick
from daemon.phases.naming import record_name
from daemon.phases.start import StartError, start_game
from engines.contract import Command
from engines.text import Msg
from state import lifecycle
from state.lifecycle import Paused, Previewed
from state.records import GameRecord


def _local(ctx: GmContext, instant: datetime) -> dict[str, str | int]:
    said = moment(instant, ctx.game.settings.timezone)
    return {"deadline_ru": said.ru, "deadline_en": said.en}


def _phase(ctx: GmContext, turn: int, phase: str) -> dict[str, str | int]:
    """A phase by its title, never its id: «ход 3, фаза «Переговоры»»."""
    spec = ctx.game.ruleset.phases.get(phase)
    title = spec.title if spec else None
    return {"turn": turn, "phase_ru": title.ru if title else phase, "phase_en": title.en if title else phase}


def start(ctx: GmContext, cmd: Command) -> Msg:
    try:
        outcome = start_game(ctx.game, ctx.postman, ctx.now)
    except StartError as error:
        return refused(error.msg.code, **error.msg.params)
    record = ctx.game.load()
    players = ", ".join(f"{p} — {n}" for p, n in sorted(outcome.assignment.items()))
    said = result("gm_started", players=players)
    ctx.save(record, "start", players, said=said)
    return said


def extend(ctx: GmContext, cmd: Command) -> Msg:
    record = ctx.game.load()
    if record.status != "running":
        return refused("gm_not_running")
    if ctx.applied(record):
        _tell_players(ctx, record, "extended", hours=int(cmd.args["hours"]))
        return result("gm_already_done")
    if isinstance(record.clock, Previewed):
        return _preview_pending(ctx, record)
    more = timedelta(hours=int(cmd.args["hours"]))
    deadline = on_the_minute(max(ctx.game.deadline(record) or ctx.now, ctx.now) + more)
    record.deadline, record.clock = deadline.isoformat(), lifecycle.extend(record.clock, more.total_seconds())
    said = result("gm_extended", hours=int(cmd.args["hours"]), **_local(ctx, deadline))
    ctx.save(record, "extend", f"+{cmd.args['hours']}h → {deadline.isoformat(timespec='minutes')}", said=said)
    _tell_players(ctx, record, "extended", hours=int(cmd.args["hours"]))
    return said


def cadence(ctx: GmContext, cmd: Command) -> Msg:
    record = ctx.game.load()
    hours = int(cmd.args["hours"])
    phases = [_phase_of(ctx, cmd)] if "phase" in cmd.args else list(ctx.game.ruleset.phases)
    for phase in phases:
        record.durations[phase] = hours * 3600.0
    titles = [ctx.game.ruleset.phases[p].title for p in phases]
    said = result(
        "gm_cadence",
        phases_ru=", ".join(f"«{t.ru}»" for t in titles),
        phases_en=", ".join(f'"{t.en}"' for t in titles),
        hours=hours,
    )
    ctx.save(record, "cadence", f"{', '.join(phases)}: {hours}h", said=said)
    return said


def pause(ctx: GmContext, cmd: Command) -> Msg:
    record = ctx.game.load()
    deadline = ctx.game.deadline(record)
    if ctx.applied(record):
        _tell_players(ctx, record, "paused")
    if isinstance(record.clock, Paused):
        return result("gm_already_done")
    if record.status != "running" or deadline is None:
        return refused("gm_not_running")
    if isinstance(record.clock, Previewed):
        return _preview_pending(ctx, record)
    left = max(0.0, (deadline - ctx.now).total_seconds())
    record.clock = lifecycle.pause(record.clock, left)
    ctx.save(record, "pause", f"{left / 3600:.1f}h left", said=result("gm_paused"))
    _tell_players(ctx, record, "paused")
    return result("gm_paused")


def resume(ctx: GmContext, cmd: Command) -> Msg:
    record = ctx.game.load()
    if ctx.applied(record):
        _tell_players(ctx, record, "resumed")
    if not isinstance(record.clock, Paused):
        return result("gm_already_done")
    deadline = on_the_minute(ctx.now + timedelta(seconds=record.clock.left))
    record.deadline, record.clock = deadline.isoformat(), lifecycle.resume(record.clock)
    said = result("gm_resumed", **_local(ctx, deadline))
    ctx.save(record, "resume", deadline.isoformat(timespec="minutes"), said=said)
    _tell_players(ctx, record, "resumed")
    return said


def _tell_players(ctx: GmContext, record: GameRecord, what: str, hours: int = 0) -> None:
    """Every active player hears that the clock stopped, moved or runs again, and the deadline it
    now has: a player should not learn of a pause from a refused order. A command replayed after a
    crash tells again, but the mail ids derived from the command's keep it to one mail each."""
    deadline = ctx.game.deadline(record)
    paused = isinstance(record.clock, Paused)
    said: dict[str, str | int] = {"hours": hours}
    if deadline and not paused:
        said |= _local(ctx, deadline)
    elif what == "extended":
        what = "extended_paused"  # no deadline yet: the time is added to what is left
    context = {"what": what, "turn": record.turn, "reason": ctx.reason, **said}
    tell_active(ctx, record, "clock", f"subject_{what}", said, lambda power: context)


def _preview_pending(ctx: GmContext, record: GameRecord) -> Msg:
    return result("gm_preview_pending", **_phase(ctx, record.turn, record.phase))


def _phase_of(ctx: GmContext, cmd: Command) -> str:
    return phase_id(ctx.game, str(cmd.args["phase"]))


def _is_current(ctx: GmContext, cmd: Command) -> bool:
    record = ctx.game.load()
    return record.status == "running" and (record.turn, record.phase) == (
        cmd.args["turn"],
        _phase_of(ctx, cmd),
    )


def _not_reached(ctx: GmContext, record: GameRecord, turn: int, phase: str) -> bool:
    """The named phase lies ahead of the game's current one (or the game has not begun)."""
    if record.status == "signup":
        return True
    order = list(ctx.game.ruleset.phases)
    ahead = (turn, order.index(phase) if phase in order else 0) > (record.turn, order.index(record.phase))
    return record.status == "running" and ahead


def process(ctx: GmContext, cmd: Command) -> Msg:
    """Resolve now, held or not; a phase that has already moved on is left alone (a repeat is
    harmless), one not yet reached is refused."""
    record = ctx.game.load()
    turn, phase = int(cmd.args["turn"]), _phase_of(ctx, cmd)
    if _not_reached(ctx, record, turn, phase):
        now = _phase(ctx, record.turn, record.phase)
        return refused("gm_not_reached", **_phase(ctx, turn, phase), now_turn=record.turn, **_now(now))
    if not _is_current(ctx, cmd):
        return result("gm_moved_on", **_phase(ctx, turn, phase))
    if isinstance(record.clock, Previewed):
        return _preview_pending(ctx, record)
    record.clock = lifecycle.process(record.clock)
    said = result("gm_processed", **_phase(ctx, turn, phase))
    ctx.save(record, "process", record_name(ctx.game, record), said=said)
    tick(ctx.game, ctx.postman, ctx.now)
    return said


def _now(phase: dict[str, str | int]) -> dict[str, str | int]:
    return {"now_ru": phase["phase_ru"], "now_en": phase["phase_en"]}


def preview(ctx: GmContext, cmd: Command) -> Msg:
    record = ctx.game.load()
    record.preview_mode = cmd.args["mode"] == "ВКЛ"
    said = result("gm_preview_on" if record.preview_mode else "gm_preview_off")
    ctx.save(record, "preview", "on" if record.preview_mode else "off", said=said)
    return said


def release(ctx: GmContext, cmd: Command) -> Msg:
    record = ctx.game.load()
    if not isinstance(record.clock, Previewed) or not _is_current(ctx, cmd):
        return refused("gm_nothing_to_release", **_phase(ctx, int(cmd.args["turn"]), _phase_of(ctx, cmd)))
    said = result("gm_released", **_phase(ctx, int(cmd.args["turn"]), _phase_of(ctx, cmd)))
    ctx.save(record, "release", record.clock.turn_record, said=said)
    commit(ctx.game, ctx.postman, ctx.game.load(), ctx.now)
    return said


def reresolve(ctx: GmContext, cmd: Command) -> Msg:
    """Resolve the previewed phase again from the orders and state as the GM corrected them."""
    record = ctx.game.load()
    if not isinstance(record.clock, Previewed):
        return refused("gm_no_preview")
    record.clock = lifecycle.reresolve(record.clock)
    said = result("gm_reresolved", **_phase(ctx, record.turn, record.phase))
    ctx.save(record, "reresolve", record_name(ctx.game, record), said=said)
    record = ctx.game.load()
    resolve(ctx.game, ctx.postman, record, ctx.now)
    return said
