"""GM actions that change the game's numbers: adjust, award (the past: rollback.py)."""

from __future__ import annotations

from daemon.gm.context import GmContext, Refused, refused, result
from daemon.gm.schema import field_id
from engines.contract import Clamped, Command
from engines.text import Msg


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
