"""The state's shape (plain JSON) and the questions every rule module asks of it.

state = {turn, phase, over, powers,                  # the contract keys; powers = all 16, data order
         ai: [power],                                # computer-run countries (stability always 0)
         provinces: {name: {owner, op, spec, spec_turn, craft, temple, fortress, militia}},
         countries: {power: {money, stability, druzhina, tactic, policy, religion,
                             techs: {tech: turn learned}, invested: {tech: Д},
                             peace: int, prestige, stories, story_opening, story_action,
                             end_vote}},
         learned: {tech: how many countries know it},
         routes: [{caravan, province, fair, path: [province]}],
         influence: {power: {power or party: points}},   # part 2 moves it; trade uses it
         wars: [[a, b]], occupied: {province: power}, battles: [province],   # part 2
         vassals: {vassal: suzerain},                        # part 2
         order: [power],                              # this turn's lot order
         accounts: {power: [{item, amount, note}]},   # last turn's income and expenses, by line
         trade: [{caravan, province, fair, gross, transit, net, fair_income, closed}],
         centres: [power], revolts: [province], gm_end: bool}
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engines.contract import JSON
from engines.rus.data import DATA

ORDERS = "orders"
G = DATA.game


def setup(players: Iterable[str]) -> JSON:
    powers = [p.name for p in DATA.powers]
    chosen = set(players)
    ai = [p for p in powers if p not in chosen]
    partners = powers + [party.name for party in DATA.parties]
    return {
        "turn": 1,
        "phase": ORDERS,
        "over": False,
        "powers": powers,
        "ai": ai,
        "provinces": {
            p.name: {
                "owner": p.owner,
                "op": p.op,
                "spec": DATA.misc.default_spec,
                "spec_turn": 0,
                "craft": "",
                "temple": False,
                "fortress": 0,
                "militia": 0,
            }
            for p in DATA.provinces
        },
        "countries": {
            p: {
                "money": G.start_money,
                "stability": 0 if p in ai else G.start_stability,
                "druzhina": G.start_druzhina,
                "tactic": "",
                "policy": "",
                "religion": DATA.misc.pagan,
                "techs": {},
                "invested": {},
                "peace": 0,
                "prestige": 0,
                "stories": 0,
                "story_opening": 0,
                "story_action": 0,
                "end_vote": False,
            }
            for p in powers
        },
        "learned": {},
        "routes": [],
        "influence": {p: {q: 0 for q in partners if q != p} for p in powers},
        "wars": [],
        "occupied": {},
        "battles": [],
        "vassals": {},
        "order": [],
        "accounts": {p: [] for p in powers},
        "trade": [],
        "centres": [],
        "revolts": [],
        "gm_end": False,
    }


def country(state: JSON, power: str) -> dict[str, Any]:
    result: dict[str, Any] = state["countries"][power]
    return result


def is_ai(state: JSON, power: str) -> bool:
    return power in state["ai"]


def players(state: JSON) -> list[str]:
    return [p for p in state["powers"] if p not in state["ai"]]


def provinces_of(state: JSON, power: str) -> list[str]:
    """A country's provinces in map order."""
    return [name for name, p in state["provinces"].items() if p["owner"] == power]


def owner(state: JSON, province: str) -> str:
    result: str = state["provinces"][province]["owner"]
    return result


def capital(state: JSON, power: str) -> str:
    """The data's capital while the country holds it, else its first province ("" if none)."""
    own = provinces_of(state, power)
    home = DATA.power(power).capital
    return home if home in own else (own[0] if own else "")


def knows(state: JSON, power: str, tech: str) -> bool:
    """Learned on an earlier turn: a technology works from the turn after it is learned."""
    learned = country(state, power)["techs"].get(tech)
    return learned is not None and learned < state["turn"]


def has_effect(state: JSON, power: str, effect: str) -> bool:
    return any(knows(state, power, t.name) for t in DATA.techs if t.effect == effect)


def policy_key(state: JSON, power: str) -> str:
    name = country(state, power)["policy"]
    return DATA.policy(name).key if name else ""


def at_war(state: JSON, a: str, b: str) -> bool:
    return [a, b] in state["wars"] or [b, a] in state["wars"]


def at_peace(state: JSON, power: str) -> bool:
    return not any(power in war for war in state["wars"])


def specs_of(state: JSON, power: str) -> set[str]:
    return {state["provinces"][p]["spec"] for p in provinces_of(state, power)}


def clamp_stability(value: int) -> int:
    return max(G.stability_min, min(G.stability_max, value))


def change_stability(state: JSON, power: str, delta: int) -> int:
    """Apply a change of stability; an AI country stays at 0. The change actually made."""
    if is_ai(state, power):
        return 0
    c = country(state, power)
    before = c["stability"]
    c["stability"] = clamp_stability(before + delta)
    return int(c["stability"] - before)


def neighbours_of_power(state: JSON, a: str, b: str) -> bool:
    """The two countries share a border."""
    theirs = set(provinces_of(state, b))
    return any(n in theirs for p in provinces_of(state, a) for n in DATA.adjacency[p])
