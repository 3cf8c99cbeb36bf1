"""Step 4, internal policy: specialisation, militia, tactic, policy, stability bought, religion."""

from __future__ import annotations

from engines.contract import Command
from engines.rus.data import DATA
from engines.rus.economy import mobilised
from engines.rus.report import Turn
from engines.rus.state import State
from engines.rus.world import capital, change_stability, country, policy_key, provinces_of
from engines.toolkit import Orders

S = DATA.stability


def apply(new: State, orders: Orders, turn: Turn) -> None:
    for power, cmds in orders.items():
        for cmd in cmds:
            _one(new, power, cmd, turn)


def _one(new: State, power: str, cmd: Command, turn: Turn) -> None:
    c = country(new, power)
    if cmd.name == "specialise":
        province, spec = str(cmd.args["province"]), str(cmd.args["spec"])
        here = new["provinces"][province]
        here["spec"], here["spec_turn"] = spec, new["turn"]
        turn.tell(power, "rus_specialised", province=province, spec=spec)
    elif cmd.name == "mobilise":
        mobilise(new, power, str(cmd.args["province"]), turn)
    elif cmd.name == "disband":
        province = str(cmd.args["province"])
        here = new["provinces"][province]
        back = here["militia"] * DATA.army.disband_rate
        turn.tell(power, "rus_disbanded", province=province, militia=here["militia"], op=back)
        here["op"] += back
        here["militia"] = 0
    elif cmd.name == "tactic":
        c["tactic"] = str(cmd.args["tactic"])
        turn.tell(power, "rus_tactic_set", tactic=c["tactic"])
    elif cmd.name == "policy":
        _policy(new, power, str(cmd.args["policy"]), turn)
    elif cmd.name == "stability":
        if c["money"] >= S.bought_cost and policy_key(new, power) == "stability":
            turn.book(new, power, "stability", -S.bought_cost)
            change_stability(new, power, S.bought)
            turn.tell(power, "rus_stability_bought", stability=c["stability"])
    elif cmd.name == "sacrifice":
        here = new["provinces"][str(cmd.args["province"])]
        here["op"] = max(DATA.game.min_op, here["op"] - S.sacrifice_op)
        change_stability(new, power, S.sacrifice)
        turn.tell(power, "rus_sacrificed", province=str(cmd.args["province"]), stability=c["stability"])
    elif cmd.name == "convert":
        c["religion"] = DATA.religions.christian
        c["peace"] = 0
        change_stability(new, power, S.conversion)
        turn.tell(power, "rus_converted", stability=c["stability"])
        turn.announce("rus_news_converted", power=power)


def mobilise(new: State, power: str, province: str, turn: Turn) -> None:
    """Raise the province's militia (an order, or a suzerain's call to arms)."""
    here = new["provinces"][province]
    if province in new["revolts"]:
        turn.tell(power, "rus_no_levy_in_revolt", province=province)
        return
    given, militia = mobilised(here["op"])
    here["op"] -= given
    here["militia"] += militia
    turn.tell(power, "rus_mobilised", province=province, op=given, militia=militia)


def _policy(new: State, power: str, policy: str, turn: Turn) -> None:
    """A change (not the first choice) costs 1 stability; leaving «Торговля» drops the extra route,
    leaving «Ремесло» the workshops outside the capital (with the ОП they gave)."""
    c = country(new, power)
    old = policy_key(new, power)
    c["policy"] = policy
    turn.tell(power, "rus_policy_set", policy=policy)
    if not old:
        return
    change_stability(new, power, S.policy_change)
    if old == "trade":
        seen: set[str] = set()
        for route in [r for r in new["routes"] if r["caravan"] == power]:
            if route["province"] in seen:
                new["routes"].remove(route)
                turn.tell_all(
                    [power, route["fair"]],
                    "rus_trade_extra_lost",
                    province=route["province"],
                    partner=route["fair"],
                )
            seen.add(route["province"])
    if old == "crafts":
        home = capital(new, power)
        for province in provinces_of(new, power):
            here = new["provinces"][province]
            if province != home and here["craft"]:
                bonus = DATA.craft(here["craft"]).op
                here["op"] = max(DATA.game.min_op, here["op"] - bonus)
                turn.tell(power, "rus_craft_lost", province=province, craft=here["craft"], op=bonus)
                here["craft"] = ""
