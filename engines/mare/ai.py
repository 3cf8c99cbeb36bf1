"""The computer player: keeps its state connected when that saves МОЩЬ, spends a little on each
of its land territories (profitable victories), more on its border, takes neutral neighbours
(bonus lands first) and throws what is left at one enemy border territory next to it.
Deterministic: it reads only the state, and only what its own `view` could show."""

from __future__ import annotations

from engines.contract import Command
from engines.mare.data import DATA
from engines.mare.state import State
from engines.mare.world import (
    ORDERS,
    bonus_at,
    connectivity_cost,
    extra_components,
    held_generals,
    influence,
    is_border,
    is_land,
    neighbours,
    owned,
    pool,
)

Plan = list[tuple[str, dict[str, int | str]]]
T = DATA.thresholds


def ai_orders(state: State, power: str, phase: str) -> list[Command]:
    if state["over"] or phase != ORDERS:
        return []
    plan = _plan(state, power)
    return [Command(name, args, line) for line, (name, args) in enumerate(plan, start=1)]


def _plan(state: State, power: str) -> Plan:
    budget = influence(state, power)
    plan: Plan = []
    extra = extra_components(state, power)
    if extra and state["might"][power] >= T.mighty:
        paid = max((n for n in range(1, extra + 1) if connectivity_cost(n) * 2 <= budget), default=0)
        if paid:
            plan.append(("connect", {"count": paid}))
            budget -= connectivity_cost(paid)
    mine = owned(state, power)
    for territory in mine:
        if not is_land(territory) or territory in state["fortresses"]:
            continue
        bid = min(budget, T.profitable_spent if is_border(state, territory) else DATA.ai.own_land_bid)
        if bid > 0:
            plan.append(("influence", {"territory": territory, "amount": bid}))
            budget -= bid
    for territory in _neutral_targets(state, power):
        if budget < DATA.ai.neutral_bid:
            break
        plan.append(("influence", {"territory": territory, "amount": DATA.ai.neutral_bid}))
        budget -= DATA.ai.neutral_bid
    target = _enemy_target(state, power)
    if target and budget >= DATA.ai.attack_bid:
        plan.append(("influence", {"territory": target, "amount": budget}))
        victor = DATA.general_of("victor").name
        if victor in held_generals(state, power) and budget >= DATA.generals_rules.victor_min:
            plan.append(("general", {"general": victor, "territory": target}))
    sukh = DATA.general_of("sukhbaatar").name
    if sukh in held_generals(state, power) and [g for g in pool(state) if g != sukh]:
        plan.append(("exchange", {"general": next(g for g in pool(state) if g != sukh)}))
    return plan


def _neutral_targets(state: State, power: str) -> list[str]:
    """Neutral territories it may conquer: next to its own (or, landless, next to nobody's)."""
    mine = set(owned(state, power))
    found = []
    for territory in state["map"]:
        if state["owners"][territory]:
            continue
        owners = {state["owners"][n] for n in neighbours(state, territory)} - {""}
        if (mine and power in owners) or (not mine and not owners):
            found.append(territory)
    return sorted(found, key=lambda t: (not bonus_at(state, t), not is_land(t), state["map"].index(t)))


def _enemy_target(state: State, power: str) -> str:
    """An enemy border territory next to its own, rotated by its seat so AIs differ."""
    mine = set(owned(state, power))
    found = [
        t
        for t in state["map"]
        if state["owners"][t] not in ("", power)
        and is_border(state, t)
        and any(n in mine for n in neighbours(state, t))
    ]
    if not found:
        return ""
    seat = state["powers"].index(power)
    return found[seat % len(found)]
