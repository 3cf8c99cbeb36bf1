"""Rule checks of one power's orders, each problem tied to its line.

Each command has one named check (the table CHECKS). A mail is judged top to bottom with running
totals, so the line that overspends the treasury is the one refused; a refused line adds nothing.
Money is checked against the treasury the balance shows: this turn's income arrives in step 5 and
is spent from the next turn on (see README).
"""

from __future__ import annotations

from collections.abc import Sequence

from engines import toolkit
from engines.contract import Command, CommandSpec, Problem
from engines.rus import diplomacy_checks, trade, treaty_checks, war_checks
from engines.rus.data import DATA
from engines.rus.economy import mobilised
from engines.rus.judging import Check, Mail, msg, spend
from engines.rus.schema import PHASES, names_in
from engines.rus.science import missing_prerequisite
from engines.rus.state import State
from engines.rus.world import (
    allied,
    at_war,
    capital,
    country,
    druzhina,
    has_effect,
    is_ai,
    knows,
    policy_key,
    provinces_of,
    specs_of,
    suzerain,
    vassals_of,
)
from engines.text import Msg

S, R, B = DATA.stability, DATA.religions, DATA.buildings


def _own(mail: Mail, province: str) -> Msg | None:
    return None if mail.own(province) else msg("rus_not_your_province", province=province)


def _specialise(mail: Mail, cmd: Command) -> Msg | None:
    province, spec = str(cmd.args["province"]), str(cmd.args["spec"])
    if not mail.own(province):
        return msg("rus_not_your_province", province=province)
    here = mail.state["provinces"][province]
    if DATA.spec(spec).water_only and not DATA.province(province).water:
        return msg("rus_fishing_needs_water", province=province)
    if here["spec"] == spec and here["spec_turn"]:
        return msg("rus_spec_same", province=province, spec=spec)
    since = here["spec_turn"]
    if since and mail.state["turn"] - since < DATA.production.change_every:
        return msg("rus_spec_too_soon", province=province, turn=since + DATA.production.change_every)
    return None


def _recruit(mail: Mail, cmd: Command) -> Msg | None:
    if is_ai(mail.state, mail.power):
        return msg("rus_ai_no_recruit")
    return spend(mail, int(cmd.args["count"]) * DATA.army.druzhina_price)


def _dismiss(mail: Mail, cmd: Command) -> Msg | None:
    count, have = int(cmd.args["count"]), druzhina(mail.state, mail.power)
    return None if count <= have else msg("rus_not_enough_druzhina", need=count, have=have)


def _mobilise(mail: Mail, cmd: Command) -> Msg | None:
    province = str(cmd.args["province"])
    if is_ai(mail.state, mail.power):
        return msg("rus_ai_no_levy")  # «АИ-страна не проводит мобилизации» (8.4)
    if not mail.own(province):
        return msg("rus_not_your_province", province=province)
    here = mail.state["provinces"][province]
    if here["militia"]:
        return msg("rus_already_mobilised", province=province)
    if mobilised(here["op"])[1] < 1:
        return msg("rus_too_small_to_mobilise", province=province, op=here["op"])
    return None


def _disband(mail: Mail, cmd: Command) -> Msg | None:
    province = str(cmd.args["province"])
    if not mail.own(province) or not mail.state["provinces"][province]["militia"]:
        return msg("rus_no_militia", province=province)
    return None


def _tactic(mail: Mail, cmd: Command) -> Msg | None:
    if is_ai(mail.state, mail.power):
        return msg("rus_ai_no_tactic")
    tactic = str(cmd.args["tactic"])
    return msg("rus_same_choice", choice=tactic) if tactic == (mail.me["tactic"] or "") else None


def _policy(mail: Mail, cmd: Command) -> Msg | None:
    policy = str(cmd.args["policy"])
    if policy == mail.me["policy"]:
        return msg("rus_same_choice", choice=policy)
    mail.policy = DATA.policy(policy).key
    return None


def _stability(mail: Mail, cmd: Command) -> Msg | None:
    if mail.policy_now != "stability":
        return msg("rus_needs_policy", policy=DATA.policy_of("stability").name)
    if mail.me["stability"] >= DATA.game.stability_max:
        return msg("rus_stability_at_max", max=DATA.game.stability_max)
    return spend(mail, S.bought_cost)


def _sacrifice(mail: Mail, cmd: Command) -> Msg | None:
    province = str(cmd.args["province"])
    if mail.me["religion"] != R.pagan or mail.converting:
        return msg("rus_pagans_only")
    if not mail.own(province):
        return msg("rus_not_your_province", province=province)
    if mail.state["provinces"][province]["op"] - S.sacrifice_op < DATA.game.min_op:
        return msg("rus_op_too_low", province=province)
    return None


def _convert(mail: Mail, cmd: Command) -> Msg | None:
    if mail.me["religion"] != R.pagan:
        return msg("rus_already_christian")
    if any(c.name == "sacrifice" and c.line < cmd.line for c in mail.commands):
        return msg("rus_pagans_only")
    mail.converting = True
    return None


def _research(mail: Mail, cmd: Command) -> Msg | None:
    tech, amount = str(cmd.args["tech"]), int(cmd.args["amount"])
    if tech in mail.me["techs"]:
        return msg("rus_tech_known", tech=tech)
    missing = missing_prerequisite(mail.state, mail.power, tech)
    if missing:
        return msg("rus_tech_needs", tech=tech, needs=missing)
    return spend(mail, amount)


def _workshop(mail: Mail, cmd: Command) -> Msg | None:
    craft = DATA.craft(str(cmd.args["craft"]))
    province = str(cmd.args.get("province", capital(mail.state, mail.power)))
    if not mail.own(province):
        return msg("rus_not_your_province", province=province)
    if province != capital(mail.state, mail.power) and mail.policy_now != "crafts":
        return msg("rus_craft_capital_only", policy=DATA.policy_of("crafts").name)
    if mail.state["provinces"][province]["craft"]:
        return msg("rus_has_craft", province=province, craft=mail.state["provinces"][province]["craft"])
    if not knows(mail.state, mail.power, craft.tech):
        return msg("rus_needs_tech", tech=craft.tech)
    if craft.spec not in specs_of(mail.state, mail.power):
        return msg("rus_craft_needs_spec", craft=craft.name, spec=craft.spec)
    return spend(mail, craft.cost)


def _temple(mail: Mail, cmd: Command) -> Msg | None:
    province = str(cmd.args["province"])
    if mail.me["religion"] != R.christian and not mail.converting:
        return msg("rus_christians_only")
    if not mail.own(province):
        return msg("rus_not_your_province", province=province)
    if mail.state["provinces"][province]["temple"]:
        return msg("rus_has_temple", province=province)
    return spend(mail, B.temple)


def _fortress(mail: Mail, cmd: Command) -> Msg | None:
    province, level = str(cmd.args["province"]), int(cmd.args["level"])
    if is_ai(mail.state, mail.power):
        return msg("rus_ai_no_fortress")
    if not mail.own(province):
        return msg("rus_not_your_province", province=province)
    if mail.state["provinces"][province]["fortress"] >= level:
        return msg("rus_fortress_built", province=province, level=level)
    tech = B.fortress_techs[level - 1]
    if not knows(mail.state, mail.power, tech):
        return msg("rus_needs_tech", tech=tech)
    return spend(mail, B.fortress[level - 1])


def route_of(state: State, power: str, cmd: Command) -> list[str]:
    """The full path a TRADE order declares (the shortest open one if it names none); [] if bad."""
    province, partner = str(cmd.args["province"]), str(cmd.args["partner"])
    named = trade.named(cmd, "route")
    if named is None:
        return []
    if not named:
        return trade.shortest(state, power, province, partner)
    path = trade.full_path(state, province, partner, named)
    return path if not trade.path_problem(state, path, partner) else []


def routes_allowed(state: State, power: str, province: str, policy: str, doubled_now: str = "") -> int:
    """1 per province; under «Приоритет торговли» one province (the first to use it) may have 2.
    `doubled_now`: a province this mail already gave a second route."""
    if policy != "trade":
        return 1
    doubled = {p for p in provinces_of(state, power) if sum(r["province"] == p for r in state["routes"]) > 1}
    if doubled_now:
        doubled.add(doubled_now)
    return 2 if not doubled or doubled == {province} else 1


def _trade(mail: Mail, cmd: Command) -> Msg | None:
    province, partner = str(cmd.args["province"]), str(cmd.args["partner"])
    state = mail.state
    if is_ai(state, mail.power):
        return msg("rus_ai_no_trade")
    if not mail.own(province):
        return msg("rus_not_your_province", province=province)
    if partner == mail.power:
        return msg("rus_trade_self")
    if any(r["province"] == province and r["fair"] == partner for r in state["routes"]):
        return msg("rus_trade_exists", province=province, partner=partner)
    used = sum(r["province"] == province for r in state["routes"]) + sum(
        c.name == "trade" and c.args["province"] == province and c.line < cmd.line for c in mail.commands
    )
    if used >= routes_allowed(state, mail.power, province, mail.policy_now, mail.doubled):
        return msg("rus_province_trades", province=province)
    if at_war(state, mail.power, partner) or any(
        c.name == "war" and c.args.get("power") == partner for c in mail.commands
    ):
        return msg("rus_trade_war", partner=partner)
    if (trade.is_party(partner) or is_ai(state, partner)) and state["influence"][mail.power][
        partner
    ] < DATA.trade.min_influence:
        return msg("rus_trade_influence", partner=partner, min=DATA.trade.min_influence)
    if not route_of(state, mail.power, cmd):
        return msg("rus_bad_route", route=trade.written(cmd, "route") or "—", partner=partner)
    if used:
        mail.doubled = province
    return None


def _fair(mail: Mail, cmd: Command) -> Msg | None:
    province = str(cmd.args["province"])
    if is_ai(mail.state, mail.power):
        return msg("rus_ai_no_trade")
    if mail.own(province):
        return msg("rus_fair_own", province=province)
    return None


def _cancel(mail: Mail, cmd: Command) -> Msg | None:
    province = str(cmd.args["province"])
    mine = [
        r
        for r in mail.state["routes"]
        if r["province"] == province and mail.power in (r["caravan"], r["fair"])
    ]
    return None if mine else msg("rus_no_route", province=province)


def _finish(mail: Mail, cmd: Command) -> Msg | None:
    return msg("rus_ai_no_vote") if is_ai(mail.state, mail.power) else None


_ECONOMY: dict[str, Check] = {
    "specialise": _specialise,
    "recruit": _recruit,
    "dismiss": _dismiss,
    "mobilise": _mobilise,
    "disband": _disband,
    "tactic": _tactic,
    "policy": _policy,
    "stability": _stability,
    "sacrifice": _sacrifice,
    "convert": _convert,
    "research": _research,
    "workshop": _workshop,
    "temple": _temple,
    "fortress": _fortress,
    "trade": _trade,
    "fair": _fair,
    "cancel_trade": _cancel,
    "finish": _finish,
}

CHECKS: dict[str, Check] = {
    **_ECONOMY,
    **war_checks.CHECKS,
    **treaty_checks.CHECKS,
    **diplomacy_checks.CHECKS,
}

# Orders that may appear once per mail, keyed by these arguments (a second one is refused).
_ECONOMY_ONCE: dict[str, tuple[str, ...]] = {
    "specialise": ("province",),
    "recruit": (),
    "dismiss": (),
    "mobilise": ("province",),
    "disband": ("province",),
    "tactic": (),
    "policy": (),
    "stability": (),
    "sacrifice": (),
    "convert": (),
    "research": ("tech",),
    "workshop": ("province",),
    "temple": ("province",),
    "fortress": ("province",),
    "trade": ("province", "partner"),
    "fair": ("province",),
    "cancel_trade": ("province",),
    "finish": (),
}
ONCE = {**_ECONOMY_ONCE, **war_checks.ONCE, **treaty_checks.ONCE, **diplomacy_checks.ONCE}


CODES = toolkit.CheckCodes(
    game_over="rus_game_over",
    wrong_phase="rus_wrong_phase",
    not_in_phase="rus_not_in_phase",
    argument_missing="rus_argument_missing",
    name_not_in_game="rus_name_not_in_game",
    bad_number="rus_argument_missing",
    duplicate="rus_duplicate_order",
)


def _keys(mail: Mail, cmd: Command) -> list[tuple[str, ...]]:
    """Once per order and its ONCE arguments; a workshop without a province is the capital's."""
    args = {**cmd.args, **{name: ", ".join(items) for name, items in cmd.lists.items()}}
    if cmd.name == "workshop":
        args.setdefault("province", capital(mail.state, mail.power))
    return [(cmd.name, *(str(args.get(arg, "")) for arg in ONCE[cmd.name]))]


def _judge(state: State, power: str, phase: str, commands: Sequence[Command]) -> tuple[list[Problem], Mail]:
    mail = Mail(state, power, commands, names_in(state))

    def shape(mail: Mail, cmd: Command) -> Msg | None:
        return toolkit.shape_problem(PHASES[phase], mail, cmd, CODES)

    return toolkit.judge(mail, shape, CHECKS, _keys, CODES.duplicate), mail


def check(state: State, power: str, phase: str, commands: Sequence[Command]) -> list[Problem]:
    if gated := toolkit.gate(state, phase, CODES):
        return gated
    if power not in state["powers"]:
        return [Problem(0, msg("rus_name_not_in_game", name=power))]
    return _judge(state, power, phase, commands)[0]


def summary(state: State, power: str, phase: str, commands: Sequence[Command]) -> list[Msg]:
    """What accepted orders spend of the treasury."""
    if state["over"] or phase != state["phase"] or power not in state["powers"]:
        return []
    mail = _judge(state, power, phase, commands)[1]
    have = mail.me["money"]
    return [msg("rus_summary_money", spent=mail.spent, have=have, left=have - mail.spent)]


def open_commands(state: State, power: str, phase: str) -> list[CommandSpec]:
    """What the order blank offers: the phase's commands minus those this country cannot use."""
    c = country(state, power)
    ai = is_ai(state, power)
    lord = suzerain(state, power)
    my_vassals = vassals_of(state, power)
    at_war_now = any(power in war for war in state["wars"])
    closed = {
        "recruit": ai,
        "mobilise": ai,
        "tactic": ai,
        "fortress": ai,
        "trade": ai,
        "fair": ai,
        "finish": ai,
        "sacrifice": c["religion"] != R.pagan,
        "convert": c["religion"] != R.pagan,
        "temple": c["religion"] != R.christian,
        "stability": policy_key(state, power) != "stability",
        "disband": not any(state["provinces"][p]["militia"] for p in provinces_of(state, power)),
        "cancel_trade": not any(power in (r["caravan"], r["fair"]) for r in state["routes"]),
        "boats": ai or not has_effect(state, power, "boats"),
        "lend": ai or not (lord or any(allied(state, power, q) for q in state["powers"])),
        "war": ai,
        "peace": not at_war_now,
        "terms": ai or not at_war_now,
        "alliance": ai,
        "leave_alliance": not any(power in a for a in state["alliances"]),
        "marriage": ai,
        "divorce": ai or not c["marriages"],
        "gift": ai,
        "accept_gift": ai,
        "undermine": ai,
        "pay": ai,
        "embassy": ai or not has_effect(state, power, "embassies"),
        "close_embassy": not c["embassies"],
        "cede": ai,
        "accept_province": ai,
        "give_tech": ai,
        "demand": ai or not any(power in claims for claims in state["rights"].values()),
        "fealty": ai or not state["rights"].get(power),
        "renounce": ai or not lord,
        "call": not my_vassals,
        "bank": not any(is_ai(state, v) for v in my_vassals),
    }
    return [spec for spec in PHASES[phase].commands if not closed.get(spec.name, False)]
