"""The setup of a game and the map questions every rule module asks (the shape: state.py)."""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction

from engines.mare.data import DATA
from engines.mare.state import State

ORDERS = "orders"
CONQUEST, DOMINATION = "conquest", "domination"


def setup(powers: list[str]) -> State:
    territories = DATA.map_for(powers)
    return {
        "turn": 1,
        "phase": ORDERS,
        "over": False,
        "powers": list(powers),
        "map": [t.name for t in territories],
        "owners": {t.name: t.home if t.home in powers else "" for t in territories},
        "might": {p: DATA.game.start_might for p in powers},
        "fortresses": {},
        "bonuses": {b.name: b.at for b in DATA.bonuses},
        "generals": {g.name: "" for g in DATA.generals},
        "pesterator": [],
        "allocations": {p: {"rows": [], "available": 0, "spent": 0, "left": 0} for p in powers},
        "winner": "",
        "victory": "",
    }


def neighbours(state: State, territory: str) -> list[str]:
    present = set(state["map"])
    return [n for n in DATA.territory(territory).neighbours if n in present]


def adjacent(state: State, a: str, b: str) -> bool:
    return b in neighbours(state, a)


def owned(state: State, power: str) -> list[str]:
    return [t for t in state["map"] if state["owners"][t] == power]


def is_land(territory: str) -> bool:
    return DATA.territory(territory).is_land


def is_border(state: State, territory: str) -> bool:
    """Next to a territory of another player (neutrals do not count)."""
    owner = state["owners"][territory]
    return bool(owner) and any(state["owners"][n] not in ("", owner) for n in neighbours(state, territory))


def is_internal(state: State, territory: str) -> bool:
    return bool(state["owners"][territory]) and not is_border(state, territory)


def near(state: State, power: str, territory: str) -> bool:
    """Owned by `power` or next to one of its territories."""
    mine = set(owned(state, power))
    return territory in mine or any(n in mine for n in neighbours(state, territory))


def bonuses_of(state: State, power: str) -> list[str]:
    return [b.name for b in DATA.bonuses if state["owners"].get(state["bonuses"][b.name]) == power]


def has_bonus_kind(state: State, power: str, kind: str) -> bool:
    return any(DATA.bonus(b).kind == kind for b in bonuses_of(state, power))


def bonus_at(state: State, territory: str) -> str:
    return next((b for b, at in state["bonuses"].items() if at == territory), "")


def coefficient(state: State, power: str, territory: str) -> Fraction:
    """«Удалённость территорий»: 1 near, else 0.8 sea / 0.7 land, × 0.5 on another's internal one."""
    d = DATA.distance
    if near(state, power, territory):
        return d.near
    sea = not is_land(territory)
    factor = d.near if sea and has_bonus_kind(state, power, "sea_reach") else d.sea if sea else d.land
    owner = state["owners"][territory]
    if (
        owner
        and owner != power
        and is_internal(state, territory)
        and not has_bonus_kind(state, power, "no_internal")
    ):
        factor *= d.internal
    return factor


def components(state: State, power: str) -> list[list[str]]:
    """The connected pieces of a power's state, each in map order, largest first (ties: map order)."""
    mine = owned(state, power)
    left, pieces = set(mine), []
    for start in mine:
        if start not in left:
            continue
        piece, stack = {start}, [start]
        left.discard(start)
        while stack:
            for n in neighbours(state, stack.pop()):
                if n in left:
                    left.discard(n)
                    piece.add(n)
                    stack.append(n)
        pieces.append([t for t in mine if t in piece])
    return sorted(pieces, key=lambda p: -len(p))


def extra_components(state: State, power: str) -> int:
    return max(0, len(components(state, power)) - 1)


def connectivity_cost(paid: int) -> int:
    """1 for the 2nd component, 2 for the 3rd…: paying for `paid` extra pieces costs 1+2+…+paid."""
    return DATA.costs.connectivity_step * paid * (paid + 1) // 2


def influence(state: State, power: str) -> int:
    """Influence to spread this turn: МОЩЬ plus the income bonuses held (fortresses are extra)."""
    income = sum(DATA.bonus(b).value for b in bonuses_of(state, power) if DATA.bonus(b).kind == "influence")
    return max(0, state["might"][power]) + income


def fortresses_of(state: State, power: str) -> list[str]:
    return [t for t in state["map"] if state["fortresses"].get(t) == power]


def held_generals(state: State, power: str) -> list[str]:
    return [g.name for g in DATA.generals if state["generals"][g.name] == power]


def pool(state: State) -> list[str]:
    return [g.name for g in DATA.generals if not state["generals"][g.name]]


def conquest_target(state: State) -> int:
    t = DATA.thresholds
    return math.ceil(len(state["map"]) * t.conquest_num / t.conquest_den)


def others(state: State, power: str) -> list[str]:
    return [p for p in state["powers"] if p != power]


def sides(state: State) -> list[str]:
    """Who may be supported or charmed: the powers and the neutrals."""
    return [*state["powers"], DATA.neutrals.name]


def names_in(items: Iterable[str]) -> str:
    return ", ".join(items)
