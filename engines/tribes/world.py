"""The map: cells named «К7», their terrain and features, the eight directions of a move code, and
distances (a diagonal step is one step: «в т.ч. по диагонали»). The map itself is the GM's secret
(`State.secret`); the coast is no letter of it but a cell next to the sea.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from engines.tribes.data import DATA, Feature, Terrain
from engines.tribes.secret import COLUMNS, cell_name
from engines.tribes.state import State

# a move code's digits, laid out as on a keypad: 1 2 3 / 4 * 5 / 6 7 8 (north up)
DIRECTIONS: dict[str, tuple[int, int]] = {
    "1": (-1, -1),
    "2": (0, -1),
    "3": (1, -1),
    "4": (-1, 0),
    "5": (1, 0),
    "6": (-1, 1),
    "7": (0, 1),
    "8": (1, 1),
}
_TERRAINS: dict[str, Terrain] = {t.code: t for t in DATA.terrains}
_FEATURES: dict[str, Feature] = {f.code: f for f in DATA.features if f.code}
COAST = DATA.feature("coast")


def xy(cell: str) -> tuple[int, int]:
    return COLUMNS.index(cell[0]), int(cell[1:]) - 1


def cell_at(state: State, x: int, y: int) -> str | None:
    """The cell at column x, row y, or None off the map."""
    secret = state["secret"]
    return cell_name(x, y) if 0 <= x < secret["width"] and 0 <= y < secret["height"] else None


def step(state: State, cell: str, digit: str) -> str | None:
    """The cell one step from `cell` in the direction of `digit`, or None off the map."""
    x, y = xy(cell)
    dx, dy = DIRECTIONS[digit]
    return cell_at(state, x + dx, y + dy)


def around(state: State, cell: str, radius: int = 1) -> Iterator[str]:
    """The cells within `radius` steps of `cell`, itself first, then row by row."""
    x, y = xy(cell)
    yield cell
    for dy in range(-radius, radius + 1):
        for dx in range(-radius, radius + 1):
            other = cell_at(state, x + dx, y + dy)
            if other is not None and (dx, dy) != (0, 0):
                yield other


def ring(state: State, cell: str, radius: int) -> list[str]:
    """The cells exactly `radius` steps from `cell`."""
    return [c for c in around(state, cell, radius) if distance(cell, c) == radius]


def distance(a: str, b: str) -> int:
    (ax, ay), (bx, by) = xy(a), xy(b)
    return max(abs(ax - bx), abs(ay - by))


def terrain_of(code: str) -> Terrain:
    """The terrain of a map cell's code («Рл» → plain)."""
    return _TERRAINS[code[0]]


def terrain(state: State, cell: str) -> Terrain:
    return terrain_of(state["secret"]["cells"][cell])


def passable(state: State, cell: str) -> bool:
    return terrain(state, cell).passable


def features(state: State, cell: str) -> tuple[Feature, ...]:
    """The cell's forest and river as the map has them, and the coast when a neighbour is sea."""
    own = tuple(_FEATURES[ch] for ch in state["secret"]["cells"][cell][1:])
    coast = any(not passable(state, c) for c in around(state, cell)) and passable(state, cell)
    return (*own, COAST) if coast else own


def places(state: State, cell: str) -> tuple[str, ...]:
    """What a cell is and has, as ids: its terrain and its features («plain», «forest», «coast»)."""
    return (terrain(state, cell).id, *(f.id for f in features(state, cell)))


def move_cost(state: State, cell: str) -> int:
    """What leaving `cell` costs: its terrain's points and its features' («двигаясь с клетки леса на
    клетку равнины вы потратите 2 очка перемещения»)."""
    return terrain(state, cell).move + sum(f.move for f in features(state, cell))


def land(state: State) -> Iterable[str]:
    """Every cell a community may live on, west to east, north to south."""
    for y in range(state["secret"]["height"]):
        for x in range(state["secret"]["width"]):
            cell = cell_name(x, y)
            if passable(state, cell):
                yield cell
