"""GM actions that change the game's past or its numbers: rollback, adjust, award."""

from __future__ import annotations

from daemon.gm.context import GmContext, Refused, refused, result
from daemon.gm.schema import field_id
from daemon.phases.start import START_RECORD
from engines.contract import Clamped, Command
from engines.text import Msg
from state import lifecycle
from state.records import GameRecord, OrderSet, Readiness


def rollback(ctx: GmContext, cmd: Command) -> Msg:
    """Back to the start of turn N: its state, the players' standing, and every order sent since;
    a player who joined since is gone again with the power the join placed.

    The turn records from there on are set aside (kept, never deleted); resolving again with the
    same orders gives the same result, and the mails of a re-released phase say they correct.
    """
    turn = int(cmd.args["turn"])
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
    record.deadline = ctx.game.deadline_from(record, ctx.now)
    said = result("gm_rolled_back", turn=turn, phases=len(later))
    ctx.save(
        record, "rollback", f"turn {turn}: {', '.join(later)}", str(cmd.args.get("reason", "")), said=said
    )
    _set_aside(ctx, record)
    return said


def _restore_orders(ctx: GmContext, data: dict[str, object]) -> None:
    """Each player's orders of a rolled-back phase back in the store, and with them its readiness:
    a power whose mail had refused lines does not become ready by a rollback (the turn record keeps
    the readiness of every power that was not ready or wrote ГОТОВО over refused lines)."""
    orders, readiness = data["orders"], data.get("readiness", {})
    assert isinstance(orders, dict) and isinstance(readiness, dict)
    for power, entry in orders.items():
        if entry["source"] not in ("player", "pass"):
            continue
        if power in readiness:
            kept = readiness[power]
            restored = {"turn": data["turn"], "phase": data["phase"], "power": power, **kept}
            mail = {"mail_key": f"rollback-{ctx.command_id}", "received": ctx.now.isoformat()}
            ctx.game.store.put_readiness(Readiness.from_json(restored | mail))
        standing = OrderSet.from_json(
            {
                "turn": data["turn"],
                "phase": data["phase"],
                "power": power,
                "commands": entry["commands"],
                "explicit_pass": entry["source"] == "pass",
                "mail_key": f"rollback-{ctx.command_id}",
                "received": ctx.now.isoformat(),
                "sender": "rollback",
            }
        )
        ctx.game.store.put_orders(standing)


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
