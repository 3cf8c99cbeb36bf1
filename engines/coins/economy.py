"""Money and the five funding lines: payouts, start-of-turn income, transfers and funding."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engines.coins.data import DATA
from engines.coins.state import Country, Stat, State
from engines.coins.world import LEVELS, country, owned_colonies, partners
from engines.toolkit import Events


def payout(line_name: str, invested: int) -> int:
    return DATA.line(line_name).payout[invested]


def bonuses(c: Country, stat: Stat) -> dict[str, int]:
    """Free additions to `stat`: the leader's perk and every technology that boosts it."""
    found: dict[str, int] = {}
    if c["perk"] and DATA.perk(c["perk"]).stat == stat:
        found["perk"] = DATA.perk(c["perk"]).bonus
    owned = set(c["techs"])
    techs = sum(t.bonus for t in DATA.techs if t.stat == stat and set(t.part_names) <= owned)
    if techs:
        found["techs"] = techs
    return found


def refresh_levels(c: Country) -> None:
    """Army, intelligence and influence for the turn: funding payout + perk + techs (× factor)."""
    for stat in LEVELS:
        line = DATA.line_for(stat)
        value = payout(line.name, c["funding"][line.name]) + sum(bonuses(c, stat).values())
        c[stat] = value * c["influence_factor"] if stat == "influence" else value


def collect_income(state: State, power: str) -> None:
    """Start of a turn: coins and research from last turn's funding, techs, perk, colonies, trade."""
    c = country(state, power)
    coins_line, research_line = DATA.line_for("coins"), DATA.line_for("research")
    income = {"funding": payout(coins_line.name, c["funding"][coins_line.name]), **bonuses(c, "coins")}
    colonies = sum(DATA.colony(name).income for name in owned_colonies(state, power))
    trade = DATA.alliance_kind("trade")
    if colonies:
        income["colonies"] = colonies
    if partners(state, trade.kind, power):
        income["trade"] = trade.income * len(partners(state, trade.kind, power))
    research = {"funding": payout(research_line.name, c["funding"][research_line.name])}
    research.update(bonuses(c, "research"))
    c["income"], c["research_income"] = income, research
    c["coins"] += sum(income.values())
    c["research"] += sum(research.values())
    refresh_levels(c)


def pay(state: State, giver: str, receiver: str, amount: int) -> int:
    """Move up to `amount` coins (never below zero); returns what actually moved."""
    moved = max(0, min(amount, country(state, giver)["coins"]))
    country(state, giver)["coins"] -= moved
    country(state, receiver)["coins"] += moved
    return moved


def settle_transfers(state: State, transfers: Sequence[tuple[str, str, int]], events: Events) -> None:
    """Open coin transfers, in order; a giver who ran short (plunder) pays what is left."""
    for giver, receiver, amount in transfers:
        moved = pay(state, giver, receiver, amount)
        events.announce("coins_given", giver=giver, receiver=receiver, amount=moved)
        if moved < amount:
            events.tell(giver, "transfer_cut", receiver=receiver, amount=amount, paid=moved)


def invest(state: State, power: str, funding: Mapping[str, int], events: Events) -> None:
    """Set next turn's funding, paying line by line in data order; short coins cut the line."""
    c = country(state, power)
    c["funding"] = {line.name: 0 for line in DATA.lines}
    for line in DATA.lines:
        wanted = funding.get(line.name, 0)
        paid = min(wanted, c["coins"])
        c["funding"][line.name] = paid
        c["coins"] -= paid
        if paid < wanted:
            events.tell(power, "funding_cut", line=line.name, amount=wanted, paid=paid)
    spent = sum(c["funding"].values())
    events.tell(power, "funding_set", spent=spent, coins=c["coins"])
