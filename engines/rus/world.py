"""The start state and the questions every rule module asks of a state (its shape: state.py)."""

from __future__ import annotations

from collections.abc import Iterable

from engines.rus.data import DATA
from engines.rus.state import Country, Route, State

ORDERS = "orders"
G = DATA.game


def setup(players: Iterable[str]) -> State:
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
                "op": DATA.start_op(p),
                "spec": DATA.production.default,
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
                "tactic": "",
                "policy": "",
                "religion": DATA.religions.pagan,
                "techs": {},
                "invested": {},
                "peace": 0,
                "prestige": 0,
                "stories": 0,
                "story_opening": 0,
                "story_action": 0,
                "end_vote": False,
                "posts": {DATA.power(p).capital: G.start_druzhina},
                "marriages": [],
                "embassies": [],
                "bank": 0,
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
        "alliances": [],
        "rights": {},
        "renounced": {},
        "defeated": {},
        "weddings": [],
        "pending_stability": {},
        "order": [],
        "accounts": {p: [] for p in powers},
        "trade": [],
        "centres": [],
        "revolts": [],
        "gm_end": False,
    }


def country(state: State, power: str) -> Country:
    return state["countries"][power]


def druzhina(state: State, power: str) -> int:
    """The druzhina, ВС (п): the men posted wherever they stand (it is never stored apart)."""
    return sum(country(state, power)["posts"].values())


def is_ai(state: State, power: str) -> bool:
    return power in state["ai"]


def players(state: State) -> list[str]:
    return [p for p in state["powers"] if p not in state["ai"]]


def provinces_of(state: State, power: str) -> list[str]:
    """A country's provinces in map order."""
    return [name for name, p in state["provinces"].items() if p["owner"] == power]


def owner(state: State, province: str) -> str:
    return state["provinces"][province]["owner"]


def capital(state: State, power: str) -> str:
    """The data's capital while the country holds it, else its first province ("" if none)."""
    own = provinces_of(state, power)
    home = DATA.power(power).capital
    return home if home in own else (own[0] if own else "")


def knows(state: State, power: str, tech: str) -> bool:
    """Learned on an earlier turn: a technology works from the turn after it is learned."""
    learned = country(state, power)["techs"].get(tech)
    return learned is not None and learned < state["turn"]


def has_effect(state: State, power: str, effect: str) -> bool:
    return any(knows(state, power, t.name) for t in DATA.techs if t.effect == effect)


def policy_key(state: State, power: str) -> str:
    name = country(state, power)["policy"]
    return DATA.policy(name).key if name else ""


def at_war(state: State, a: str, b: str) -> bool:
    return [a, b] in state["wars"] or [b, a] in state["wars"]


def at_peace(state: State, power: str) -> bool:
    return not any(power in war for war in state["wars"])


def specs_of(state: State, power: str) -> set[str]:
    return {state["provinces"][p]["spec"] for p in provinces_of(state, power)}


def clamp_stability(value: int) -> int:
    return max(G.stability_min, min(G.stability_max, value))


def clamp_influence(value: int) -> int:
    """«шкалой-индикатором с диапазоном значений от -200 до +200»."""
    return max(G.influence_min, min(G.influence_max, value))


def change_stability(state: State, power: str, delta: int) -> int:
    """Apply a change of stability; an AI country stays at 0. The change actually made."""
    if is_ai(state, power):
        return 0
    c = country(state, power)
    before = c["stability"]
    c["stability"] = clamp_stability(before + delta)
    return c["stability"] - before


def neighbours_of_power(state: State, a: str, b: str) -> bool:
    """The two countries share a border."""
    theirs = set(provinces_of(state, b))
    return any(n in theirs for p in provinces_of(state, a) for n in DATA.adjacency[p])


# ---- war and diplomacy: who stands with whom ------------------------------------------------------
def controller(state: State, province: str) -> str:
    """Who holds the province now: the occupier, else the owner."""
    return state["occupied"].get(province, owner(state, province))


def pair(state: State, a: str, b: str) -> list[str]:
    """Two powers in setup order: how wars and alliances are stored."""
    order = state["powers"]
    return sorted([a, b], key=lambda p: order.index(p) if p in order else len(order))


def allied(state: State, a: str, b: str) -> bool:
    return pair(state, a, b) in state["alliances"]


def suzerain(state: State, power: str) -> str:
    return state["vassals"].get(power, "")


def vassals_of(state: State, power: str) -> list[str]:
    return [v for v in state["powers"] if state["vassals"].get(v) == power]


def friendly(state: State, a: str, b: str) -> bool:
    """The same side: itself, an ally, its suzerain or its vassal («вассал моего вассала не мой
    вассал»: only the direct bond counts)."""
    return a == b or allied(state, a, b) or suzerain(state, a) == b or suzerain(state, b) == a


def enemies_of(state: State, power: str) -> list[str]:
    return [q for war in state["wars"] if power in war for q in war if q != power]


def add_war(state: State, a: str, b: str) -> bool:
    """Put the two at war; False if they already were."""
    if at_war(state, a, b) or a == b:
        return False
    state["wars"].append(pair(state, a, b))
    return True


def end_war(state: State, a: str, b: str) -> None:
    """Peace between the two: their wars end and occupied provinces go back to their owners."""
    state["wars"] = [w for w in state["wars"] if sorted(w) != sorted([a, b])]
    for province, occupier in list(state["occupied"].items()):
        if {occupier, owner(state, province)} == {a, b}:
            del state["occupied"][province]


def set_druzhina(state: State, power: str, total: int) -> None:
    """Resize the druzhina: new men muster in the capital; men lost without a battle (dismissed,
    deserted, a GM correction) leave the capital's post first, then the others in map order."""
    c = country(state, power)
    posts = c["posts"]
    change = total - sum(posts.values())
    home = capital(state, power) or next(iter(posts), "")
    if change > 0 and home:
        posts[home] = posts.get(home, 0) + change
    order = [home, *(p for p in state["provinces"] if p != home)]
    for province in order:
        if change >= 0:
            break
        taken = min(posts.get(province, 0), -change)
        if taken:
            posts[province] -= taken
            change += taken
    c["posts"] = {p: n for p, n in posts.items() if n > 0}


def send_home(state: State, power: str, province: str) -> int:
    """The power's druzhina posted in the province marches to its capital (disbanded if it has
    none left); the men moved."""
    posts = country(state, power)["posts"]
    men = posts.pop(province, 0)
    home = capital(state, power)
    if men and home:
        posts[home] = posts.get(home, 0) + men
    return men


def change_owner(state: State, province: str, new_owner: str) -> list[Route]:
    """A province passes to another country (ceded, annexed): its occupation ends, its
    specialisation may change at once, the old owner's druzhina there goes home and its militia back
    to the ОП. The trade routes it was the caravan of end: they are returned."""
    here = state["provinces"][province]
    old = here["owner"]
    here["owner"], here["spec_turn"] = new_owner, 0
    state["occupied"].pop(province, None)
    here["op"] += here["militia"] * DATA.army.disband_rate
    here["militia"] = 0
    send_home(state, old, province)
    ended = [r for r in state["routes"] if r["province"] == province]
    state["routes"] = [r for r in state["routes"] if r["province"] != province]
    return ended
