"""Technologies: bought with research points or received as a gift, working at once."""

from __future__ import annotations

from engines.coins.data import DATA
from engines.coins.economy import refresh_levels
from engines.coins.state import State
from engines.coins.world import country, has_grant
from engines.toolkit import Events


def acquire(state: State, power: str, part: str, events: Events) -> bool:
    """Give `power` a tech part; it works at once, as if developed at the start of this turn.

    Coins and research from the tech are paid now (the start-of-turn income is past); levels
    (army, intelligence, influence) are recomputed. Completing nuclear weapons is announced:
    immunity to attack is something every attacker must know. Returns False if already owned.
    """
    c = country(state, power)
    if part in c["techs"]:
        return False
    had_nuclear = has_grant(state, power, "nuclear")
    c["techs"] = [p for p in DATA.tech_parts if p in c["techs"] or p == part]
    tech = DATA.tech_of_part(part)
    if set(tech.part_names) <= set(c["techs"]) and tech.stat in ("coins", "research"):
        c[tech.stat] += tech.bonus
        ledger = c["income"] if tech.stat == "coins" else c["research_income"]
        ledger["techs"] = ledger.get("techs", 0) + tech.bonus
    refresh_levels(c)
    if not had_nuclear and has_grant(state, power, "nuclear"):
        events.announce("nuclear_power", power=power)
    return True


def research(state: State, power: str, part: str, events: Events) -> None:
    tech = DATA.tech_of_part(part)
    country(state, power)["research"] -= tech.cost
    acquire(state, power, part, events)
    events.tell(power, "tech_researched", tech=part, cost=tech.cost)


def give(state: State, giver: str, receiver: str, part: str, events: Events) -> None:
    """A tech gift (or the tech half of a sale): the giver keeps its copy; it is private news."""
    if part not in country(state, giver)["techs"]:
        events.tell(giver, "tech_not_owned", tech=part)
        return
    received = acquire(state, receiver, part, events)
    events.tell(giver, "tech_given", tech=part, receiver=receiver)
    events.tell(receiver, "tech_received" if received else "tech_already_known", tech=part, giver=giver)
