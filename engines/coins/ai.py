"""The computer player: balanced funding, buys technologies, defends its colonies, takes a
colony only when clearly stronger, offers trade to everyone, votes against what hurts it.
Deterministic: it reads only the state (and only what its own `view` could show)."""

from __future__ import annotations

from engines.coins import voting
from engines.coins.data import DATA
from engines.coins.state import State
from engines.coins.world import (
    ORDERS,
    TALKS,
    VOTE,
    available_army,
    country,
    has_grant,
    is_last_turn,
    others,
    owned_colonies,
    partners,
)
from engines.contract import Command

Plan = list[tuple[str, dict[str, int | str]]]


def ai_orders(state: State, power: str, phase: str) -> list[Command]:
    if state["over"] or phase != state["phase"]:
        return []
    plan = {ORDERS: _orders, TALKS: _talks, VOTE: _vote}[phase](state, power)
    return [Command(name, args, line) for line, (name, args) in enumerate(plan, start=1)]


def _orders(state: State, power: str) -> Plan:
    plan: Plan = []
    c = country(state, power)
    if not c["perk"]:
        perk = DATA.perks[state["powers"].index(power) % len(DATA.perks)]
        plan.append(("leader", {"perk": perk.name}))
    if state["turn"] > 1:
        disarmed = power in state["effects"]["disarmed"]
        plan += _defence(state, power, available_army(state, power)) if disarmed else _war(state, power)
    if not is_last_turn(state):
        for managed in state["effects"]["external"]:
            if managed != power:
                plan += [
                    ("manage", {"power": managed, "line": line.name, "amount": amount})
                    for line in DATA.lines
                    if (amount := _capped(state, line.name, DATA.ai.managed_level))
                ]
        if power not in state["effects"]["external"]:
            plan += [
                ("invest", {"line": line, "amount": n}) for line, n in _funding(state, power).items() if n
            ]
    return plan


def _funding(state: State, power: str) -> dict[str, int]:
    """Walk the data's priority list, raising each line to its level while coins last."""
    budget = country(state, power)["coins"]
    funding = {line.name: 0 for line in DATA.lines}
    for step in DATA.ai.funding:
        add = max(0, min(_capped(state, step.line, step.level) - funding[step.line], budget))
        funding[step.line] += add
        budget -= add
    return funding


def _capped(state: State, line: str, level: int) -> int:
    """Respect Arms Limitation when it passed this turn."""
    limit = state["effects"]["arms_limit"]
    return min(level, limit) if limit is not None and DATA.line(line).stat == "army" else level


def _war(state: State, power: str) -> Plan:
    army = available_army(state, power)
    target, force = _target(state, power, army)
    plan: Plan = [("attack", {"target": target, "army": force})] if target else []
    return plan + _defence(state, power, army - force)


def _defence(state: State, power: str, army: int) -> Plan:
    """Spread what is left evenly over its colonies (the remainder guards the metropole)."""
    colonies = owned_colonies(state, power)
    if not colonies or army <= 0:
        return []
    share, extra = divmod(army, len(colonies))
    sizes = [share + (1 if i < extra else 0) for i in range(len(colonies))]
    return [("defend", {"colony": name, "army": n}) for name, n in zip(colonies, sizes, strict=True) if n]


def _target(state: State, power: str, army: int) -> tuple[str, int]:
    """A colony worth attacking and the force to send, or ("", 0).

    Neutral colonies first (rotated by the power's seat so computer players do not all tie on
    the same one), then colonies of powers its intelligence shows to be clearly weaker.
    """
    immune = state["effects"]["immune"]
    seat = state["powers"].index(power)
    names = list(state["colonies"])
    rotated = names[seat % len(names) :] + names[: seat % len(names)]
    for name in rotated:
        owner, colony = state["colonies"][name], DATA.colony(name)
        if colony.requires and not has_grant(state, power, colony.requires):
            continue
        if not owner and army > colony.guard:
            return name, colony.guard + 1 if colony.guard else (army + 1) // 2
        known = state["intel"].get(power, {}).get(owner)
        hostile = owner and owner != power and owner not in immune
        if hostile and known and army >= known["army"] + DATA.ai.attack_margin:
            return name, known["army"] + 1
    return "", 0


def _talks(state: State, power: str) -> Plan:
    c = country(state, power)
    plan: Plan = []
    research = c["research"]
    for part in DATA.tech_parts:
        cost = DATA.tech_of_part(part).cost
        if part not in c["techs"] and research >= cost:
            plan.append(("research", {"tech": part}))
            research -= cost
    trade = DATA.alliance_kind("trade")
    allied = partners(state, trade.kind, power)
    plan += [("ally", {"kind": trade.name, "power": p}) for p in others(state, power) if p not in allied]
    proposal = DATA.proposal(DATA.ai.proposal)
    if state["chair"] == power and proposal.target == "power":
        plan.append(("propose", {"proposal": proposal.name, "target": power}))
    return plan


def _vote(state: State, power: str) -> Plan:
    record = state["proposal"]
    if not record:
        return []
    harms = DATA.proposal(record["name"]).harms
    x = voting.subject(state, record)
    hurt = (harms == "target" and x == power) or (harms == "others" and x != power)
    against = hurt and record["proposer"] != power
    return [("vote", {"choice": (DATA.votes.no if against else DATA.votes.yes).name})]
