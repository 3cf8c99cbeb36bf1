"""GM actions that change the game's past or its numbers: rollback, adjust, award."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from daemon.games import on_the_minute
from daemon.gm.context import GmContext, Refused, refused, result
from daemon.gm.notices import tell_active
from daemon.gm.schema import MOST_HOURS, field_id, hours_first
from daemon.phases.start import START_RECORD
from engines.contract import Clamped, Command
from engines.text import Msg
from parsers.orders import normal_form
from state import lifecycle
from state.records import GameRecord, OrderSet, Readiness


def rollback(ctx: GmContext, cmd: Command) -> Msg:
    """Back to the start of turn N: its state, the players' standing, and every order sent since;
    a player who joined since is gone again with the power the join placed.

    The turn records from there on are set aside (kept, never deleted). The phase does not resolve
    again at once: the GM rolls back so that players may correct. Their restored orders stand, but
    make no power ready (`_restore_orders`), and the phase runs to a fresh deadline: the hours the
    GM gives after the turn («ОТКАТ 3 24 часа …»), else the phase's length from now. Each player is
    told what was kept and until when it may change (`_tell_players`). Resolving with the same
    orders gives the same result, and the mails of a re-released phase say they correct.
    """
    turn = int(cmd.args["turn"])
    hours, reason = hours_first(str(cmd.args.get("reason", "")))
    if hours is not None and not 1 <= hours <= MOST_HOURS:
        return refused("gm_bad_hours", hours=hours, most=MOST_HOURS)
    record = ctx.game.load()
    names = [n for n in ctx.game.store.turn_records() if n != START_RECORD]
    later = [n for n in names if int(n[:4]) >= turn]
    if ctx.applied(record):
        _set_aside(ctx, record)
        return result("gm_already_done")
    if not later or int(later[0][:4]) != turn:
        return refused("gm_no_such_turn", turn=turn)
    first = ctx.game.store.read_turn_record(later[0])
    for name in later:
        _restore_orders(ctx, ctx.game.store.read_turn_record(name))
    record.state = first["state_before"]
    record.players = {
        p: pl for p, pl in record.players.items() if p in first["players_before"]
    }  # joined since
    for power, standing in first["players_before"].items():
        record.players[power].restore(standing)
    record.status, record.clock = "running", lifecycle.restart(record.clock)
    record.pending = lifecycle.abandon(record.pending)
    record.revision += 1
    record.corrections = later
    if hours is None:
        record.deadline = ctx.game.deadline_from(record, ctx.now)
    else:
        record.deadline = on_the_minute(ctx.now + timedelta(hours=hours)).isoformat()
    said = result("gm_rolled_back", turn=turn, phases=len(later))
    ctx.save(record, "rollback", f"turn {turn}: {', '.join(later)}", reason, said=said)
    _set_aside(ctx, record)
    _tell_players(ctx, ctx.game.load(), reason or ctx.reason)
    return said


def _restore_orders(ctx: GmContext, data: dict[str, object]) -> None:
    """Each player's orders of a rolled-back phase back in the store, each power not ready: the
    players were rolled back to correct, so a phase resolves early only once each one sends orders
    or ГОТОВО again (`Readiness` with no refused line and not ready says just that). The refused
    lines of a power's last mail (kept in the turn record) stay for the digest."""
    orders, readiness = data["orders"], data.get("readiness", {})
    assert isinstance(orders, dict) and isinstance(readiness, dict)
    mail = {"mail_key": f"rollback-{ctx.command_id}", "received": ctx.now.isoformat()}
    for power, entry in orders.items():
        if entry["source"] not in ("player", "pass", "gm"):
            continue
        kept = readiness.get(power, {"refused": [], "refused_count": 0})
        restored = {"turn": data["turn"], "phase": data["phase"], "power": power, **kept, "ready": False}
        ctx.game.store.put_readiness(Readiness.from_json(restored | mail))
        standing = OrderSet.from_json(
            {
                "turn": data["turn"],
                "phase": data["phase"],
                "power": power,
                "commands": entry["commands"],
                "explicit_pass": entry["source"] == "pass" or not entry["commands"],
                **mail,
                "sender": "rollback",
                "by_gm": entry["source"] == "gm",
            }
        )
        ctx.game.store.put_orders(standing)


def _tell_players(ctx: GmContext, record: GameRecord, reason: str) -> None:
    """Every active player hears of the rollback: the phase the game is back at, the orders of
    theirs it kept, and until when they may change them or confirm them with ГОТОВО."""
    phase = ctx.game.phase_spec(record)
    orders = ctx.game.store.orders(record.turn, record.phase)

    def kept(power: str) -> dict[str, Any]:
        standing = orders.get(power)
        return {
            "turn": record.turn,
            "phase": phase.title,
            "orders": [normal_form(c, phase) for c in standing.commands] if standing else [],
            "explicit_pass": standing is not None and standing.explicit_pass,
            "reason": reason,
        }

    tell_active(ctx, record, "rollback", "subject_rollback", {"turn": record.turn}, kept)


def _set_aside(ctx: GmContext, record: GameRecord) -> None:
    present = [n for n in record.corrections if ctx.game.store.has_turn_record(n)]
    ctx.game.store.set_aside(present, f"rolled-back-r{record.revision}")


def _change(ctx: GmContext, cmd: Command, value_of: str) -> Msg:
    record = ctx.game.load()
    if ctx.applied(record):
        return result("gm_already_done")
    power, name = str(cmd.args["power"]), field_id(ctx.game, str(cmd.args["field"]))
    spec = ctx.game.ruleset.adjustables[name]
    before = ctx.game.ruleset.read(record.state, power, name)
    value = before + int(cmd.args["delta"]) if value_of == "delta" else int(cmd.args["value"])
    low = spec.minimum if spec.minimum is not None else value
    high = spec.maximum if spec.maximum is not None else value
    if not low <= value <= high:
        return refused("gm_out_of_bounds", field=spec.title.ru, value=value, low=low, high=high)
    limited = ctx.game.ruleset.limit(record.state, power, name, value)
    if isinstance(limited, Msg):
        return Refused(limited.code, limited.params)
    taken = limited.value if isinstance(limited, Clamped) else value
    record.state = ctx.game.ruleset.adjust(record.state, power, name, taken)
    action = "award" if value_of == "delta" else "adjust"
    detail = f"{power} {name}: {before} → {taken}"
    said = result("gm_adjusted", power=power, field=spec.title.ru, before=before, after=taken)
    if isinstance(limited, Clamped):
        why = {lang: ctx.game.catalog_for(record.state).render(limited.why, lang) for lang in ("ru", "en")}
        detail += f" (asked {value}: {why['en']})"
        said = result(
            "gm_clamped",
            power=power,
            field=spec.title.ru,
            before=before,
            after=taken,
            asked=value,
            why_ru=why["ru"],
            why_en=why["en"],
        )
    ctx.save(record, action, detail, str(cmd.args.get("reason", "")), said=said)
    return said


def adjust(ctx: GmContext, cmd: Command) -> Msg:
    return _change(ctx, cmd, "value")


def award(ctx: GmContext, cmd: Command) -> Msg:
    return _change(ctx, cmd, "delta")
