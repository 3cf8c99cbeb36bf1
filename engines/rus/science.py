"""Science (7): current prices, investments kept between turns, discovery in the turn's lot order."""

from __future__ import annotations

from engines.rus.data import DATA
from engines.rus.state import State
from engines.rus.world import country, policy_key

SC = DATA.science


def price(state: State, power: str, tech: str, policy: str | None = None) -> int:
    """First-turn price +10% of it per country that already learned it, −10% under «Приоритет
    науки» (`policy` overrides the country's for a policy chosen this turn); rounded up."""
    learned = state["learned"].get(tech, 0)
    key = policy_key(state, power) if policy is None else policy
    discount = SC.policy_discount_percent if key == "science" else 0
    value = DATA.tech(tech).cost * (100 + SC.rise_percent * learned) * (100 - discount)
    return -(-value // 10000)


def missing_prerequisite(state: State, power: str, tech: str) -> str:
    """The first prerequisite the country has not learned yet ("" if none)."""
    own = country(state, power)["techs"]
    return next((t for t in DATA.tech(tech).requires if t not in own), "")


def invest(state: State, power: str, tech: str, amount: int) -> tuple[bool, int, int]:
    """Add `amount` to the country's investment in `tech`; learn it if that reaches the price now.

    Returns (learned, the price, Д burnt: the excess over the price)."""
    c = country(state, power)
    total = c["invested"].get(tech, 0) + amount
    cost = price(state, power, tech)
    if total < cost:
        c["invested"][tech] = total
        return False, cost, 0
    c["invested"].pop(tech, None)
    c["techs"][tech] = state["turn"]
    state["learned"][tech] = state["learned"].get(tech, 0) + 1
    return True, cost, total - cost


def grant(state: State, power: str, tech: str) -> None:
    """A technology given for nothing (an event): it counts as learned for everyone's prices."""
    c = country(state, power)
    c["invested"].pop(tech, None)
    c["techs"][tech] = state["turn"]
    state["learned"][tech] = state["learned"].get(tech, 0) + 1
