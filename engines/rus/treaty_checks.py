"""Order checks of war, peace, terms, alliances and the call to arms (section 8). Resolution checks
again what earlier acts of the same turn may change (treaties.war_refusal)."""

from __future__ import annotations

from engines.contract import Command
from engines.rus.data import DATA
from engines.rus.judging import Check, Mail, msg
from engines.rus.schema import CESSION, WHITE
from engines.rus.trade import named as provinces_named
from engines.rus.trade import written
from engines.rus.world import allied, at_war, is_ai, owner, suzerain
from engines.text import Msg


def _war(mail: Mail, cmd: Command) -> Msg | None:
    target, state = str(cmd.args["power"]), mail.state
    if target == mail.power:
        return msg("rus_treaty_check_war_self")
    if target in DATA.diplomacy.no_war:
        return msg("rus_treaty_check_war_party", power=target)  # «Война против Польши … не возможна»
    if is_ai(state, mail.power):
        return msg("rus_treaty_check_war_ai")  # 8.4: «АИ-страны не начинают … войн»
    if at_war(state, mail.power, target):
        return msg("rus_treaty_check_war_already", power=target)
    if suzerain(state, mail.power) == target:
        return msg("rus_treaty_check_war_suzerain", power=target)
    left = state["renounced"].get(mail.power)
    if left and left["suzerain"] == target and state["turn"] <= left["turn"]:
        return msg("rus_treaty_check_war_renounced", power=target, turn=left["turn"] + 1)
    leaving = any(c.name == "leave_alliance" and c.args.get("power") == target for c in mail.commands)
    if allied(state, mail.power, target) and not leaving:
        return msg("rus_treaty_check_war_ally", power=target)
    return None


def _peace(mail: Mail, cmd: Command) -> Msg | None:
    enemy, state = str(cmd.args["power"]), mail.state
    if not at_war(state, mail.power, enemy):
        return msg("rus_treaty_check_not_enemy", power=enemy)
    if is_ai(state, enemy) and str(cmd.args.get("terms", WHITE)) != WHITE:
        return msg("rus_treaty_check_ai_white", power=enemy)
    return None


def _terms(mail: Mail, cmd: Command) -> Msg | None:
    enemy, state = str(cmd.args["power"]), mail.state
    if not at_war(state, mail.power, enemy):
        return msg("rus_treaty_check_not_enemy", power=enemy)
    text = written(cmd, "provinces")
    if not text:
        return None
    if str(cmd.args["outcome"]) != CESSION:
        return msg("rus_treaty_check_provinces_cession", outcome=CESSION)
    named = provinces_named(cmd, "provinces")
    if not named:
        return msg("rus_treaty_check_bad_provinces", provinces=text)
    foreign = [p for p in named if owner(state, p) != enemy]
    return msg("rus_treaty_check_not_theirs", province=foreign[0], power=enemy) if foreign else None


def _alliance(mail: Mail, cmd: Command) -> Msg | None:
    other, state = str(cmd.args["power"]), mail.state
    if is_ai(state, mail.power):
        return msg("rus_treaty_check_alliance_ai")  # 8.4: «не может быть участником военного союза»
    if other == mail.power or is_ai(state, other):
        return msg("rus_treaty_check_alliance_player", power=other)
    if at_war(state, mail.power, other):
        return msg("rus_treaty_check_alliance_enemy", power=other)
    if allied(state, mail.power, other):
        return msg("rus_treaty_check_alliance_exists", power=other)
    return None


def _leave(mail: Mail, cmd: Command) -> Msg | None:
    other = str(cmd.args["power"])
    return None if allied(mail.state, mail.power, other) else msg("rus_treaty_check_no_alliance", power=other)


def _call(mail: Mail, cmd: Command) -> Msg | None:
    vassal, province = str(cmd.args["vassal"]), str(cmd.args.get("province", ""))
    if suzerain(mail.state, vassal) != mail.power:
        return msg("rus_treaty_check_not_vassal", power=vassal)
    if province and owner(mail.state, province) != vassal:
        return msg("rus_treaty_check_call_province", province=province, power=vassal)
    return None


CHECKS: dict[str, Check] = {
    "war": _war,
    "peace": _peace,
    "terms": _terms,
    "alliance": _alliance,
    "leave_alliance": _leave,
    "call": _call,
}
ONCE: dict[str, tuple[str, ...]] = {
    "war": ("power",),
    "peace": ("power",),
    "terms": ("power",),
    "alliance": ("power",),
    "leave_alliance": ("power",),
    "call": ("vassal",),
}
