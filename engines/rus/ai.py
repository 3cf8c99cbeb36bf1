"""Orders of computer-run countries, deterministic from the state.

A GM country (section 8.4) does nothing of its own: no levy, no druzhina above the start, no
fortress, no tactic, no trade; its provinces grow bread. A player's country the computer keeps
for a while (leave) is run as a careful steward: it names its specialisations once (the branch
fewest provinces follow), picks the science policy, funds the cheapest open technology, opens one
route to Poland or Hungary and builds a workshop when it can, always keeping a year's upkeep.
"""

from __future__ import annotations

from collections import Counter

from engines.contract import Command
from engines.rus import trade
from engines.rus.checks import check
from engines.rus.data import DATA
from engines.rus.economy import upkeep_per_man
from engines.rus.science import missing_prerequisite, price
from engines.rus.state import State
from engines.rus.world import ORDERS, capital, country, druzhina, is_ai, knows, provinces_of, specs_of


def ai_orders(state: State, power: str, phase: str) -> list[Command]:
    if state["over"] or phase != ORDERS or is_ai(state, power):
        return []
    wanted = _steward(state, power)
    commands = [Command(name, args, line) for line, (name, args) in enumerate(wanted, start=1)]
    refused = {p.line for p in check(state, power, phase, commands)}
    return [c for c in commands if c.line not in refused]


def _steward(state: State, power: str) -> list[tuple[str, dict[str, int | str]]]:
    c = country(state, power)
    orders: list[tuple[str, dict[str, int | str]]] = []
    counts = Counter(p["spec"] for p in state["provinces"].values())
    for province in provinces_of(state, power):
        here = state["provinces"][province]
        if here["spec_turn"]:
            continue
        allowed = [s for s in DATA.specs if not s.water_only or DATA.province(province).water]
        best = min(allowed, key=lambda s: (counts[s.name], DATA.specs.index(s)))
        counts[here["spec"]] -= 1
        counts[best.name] += 1
        if best.name != here["spec"]:
            orders.append(("specialise", {"province": province, "spec": best.name}))
    if not c["policy"]:
        orders.append(("policy", {"policy": DATA.policy_of("science").name}))
    spare = c["money"] - druzhina(state, power) * upkeep_per_man(state, power)
    home = capital(state, power)
    free = bool(home) and not state["provinces"][home]["craft"]
    for craft in DATA.crafts:
        usable = knows(state, power, craft.tech) and craft.spec in specs_of(state, power)
        if free and usable and craft.cost <= spare:
            orders.append(("workshop", {"craft": craft.name}))
            spare -= craft.cost
            break
    open_techs = [
        t for t in DATA.techs if t.name not in c["techs"] and not missing_prerequisite(state, power, t.name)
    ]
    if open_techs:
        tech = min(open_techs, key=lambda t: (price(state, power, t.name), DATA.techs.index(t)))
        need = price(state, power, tech.name) - c["invested"].get(tech.name, 0)
        amount = min(need, spare)
        if amount > 0:
            orders.append(("research", {"tech": tech.name, "amount": amount}))
    if home and not any(r["caravan"] == power for r in state["routes"]):
        for party in (p for p in DATA.parties if p.trade):
            if trade.shortest(state, power, home, party.name):
                orders.append(("trade", {"province": home, "partner": party.name}))
                break
    return orders
