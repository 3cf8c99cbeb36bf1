"""One community's move (step 9, «Перемещения общин»): a move order is a digit code, one digit a
step to a neighbouring cell (1 2 3 / 4 * 5 / 6 7 8: «223» is twice north, then north-east), each
step costing what leaving its cell costs («Первой клеткой движения является исходная клетка»), 3
points a turn or 20 in migration. Through unknown land a community walks blind; it stops before
the sea, the map's edge or a cell another tribe's community holds, when its points run out, where
its conditions say (the default: on meeting another tribe), and before a step that would take it
beyond ЛР of where its tribe stands (`Leash`). Its own tribe's communities never block its way:
their cells are kin's (marching.py keeps two from ending on one). The first step of a turn is
always made, whatever it costs, so no community is stuck for good. `plan` is what a check can know
beforehand from the tribe's own map; `walk` is the move itself; marching.py judges and makes a
tribe's moves together.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engines.tribes import sight, world
from engines.tribes.data import DATA
from engines.tribes.level import Level
from engines.tribes.state import Community, State, Tribe

G = DATA.game


def points(tribe: Tribe, level: Level) -> int:
    """Movement points this turn: by the mode in force, and the technologies'."""
    return (G.migration_moves if tribe["migrating"] else G.moves) + level.moves


@dataclass(frozen=True)
class Plan:
    """A move as the tribe's own map shows it before it is made."""

    end: str  # where it ends if nothing stops it (at the map's edge if it runs off)
    least: int  # the fewest points it can cost: unknown cells cost 1
    sea: int  # the first step into a known cell no one may enter (1-based), 0: none
    path: tuple[str, ...] = ()  # the cells it enters, in order, up to its end


def plan(state: State, power: str, start: str, code: str) -> Plan:
    explored = set(state["tribes"][power]["explored"])
    cell, least, path = start, 0, list[str]()
    for number, digit in enumerate(code, 1):
        after = world.step(state, cell, digit)
        if after is None:
            break
        if after in explored and not world.passable(state, after):
            return Plan(cell, least, number, tuple(path))
        least += world.move_cost(state, cell) if cell in explored else 1
        cell = after
        path.append(after)
    return Plan(cell, least, 0, tuple(path))


@dataclass(frozen=True)
class Leash:
    """Where a walk may go: within `distance` (ЛР) of each of `cells` (community number → cell)."""

    distance: int
    cells: dict[int, str]

    def holding(self, cell: str) -> int:
        """The community `cell` is too far from (0: none)."""
        return next((n for n, at in self.cells.items() if world.distance(cell, at) > self.distance), 0)


FREE = Leash(0, {})


@dataclass(frozen=True)
class Walk:
    """A move as it was made: the cells entered, why it stopped and what stopped it."""

    path: tuple[str, ...]
    stop: str  # done, tired, sea, edge, taken, met, reached, far (ЛР), kin (its own tribe's cell)
    what: str = ""  # the cell that stopped it, the place reached, or the tribes met
    who: str = ""  # the tribe holding the cell (taken), or its own community's number (far, kin)


def conditions(names: Sequence[str]) -> tuple[bool, set[str]]:
    """Whether meeting stops the move (the default, unless «мимо»), and the places that do."""
    chosen = [DATA.condition(name) for name in names]
    meet = next((c.meet for c in chosen if c.meet is not None), True)
    return meet, {c.at for c in chosen if c.at}


def walk(
    state: State,
    power: str,
    community: Community,
    code: str,
    clauses: Sequence[str],
    level: Level,
    leash: Leash = FREE,
) -> Walk:
    """Make the move: `community` goes step by step, seeing around each cell it enters; its own
    tribe's communities are never in its way (marching.py keeps it off their cells at the end)."""
    tribe = state["tribes"][power]
    stops_on_meeting, stops_at = conditions(clauses)
    known = {(owner, c["cell"]) for owner, c in sight.in_sight(state, power)}
    taken = {cell: owner for cell, owner in sight.occupied(state).items() if owner != power}
    left, path = points(tribe, level), list[str]()
    cell = community["cell"]
    for digit in code:
        after = world.step(state, cell, digit)
        if after is None:
            return Walk(tuple(path), "edge", cell)
        if not world.passable(state, after):
            sight.explore(state, power, {after})
            return Walk(tuple(path), "sea", after)
        if after in taken:
            return Walk(tuple(path), "taken", after, taken[after])
        far = leash.holding(after)
        if far:
            return Walk(tuple(path), "far", after, str(far))
        cost = world.move_cost(state, cell)
        if cost > left and path:
            return Walk(tuple(path), "tired", cell)
        left -= cost
        cell = community["cell"] = after
        path.append(after)
        sight.explore(state, power, sight.seen_from(state, after))
        met = sorted(
            {
                o
                for o, c in sight.in_sight(state, power)
                if (o, c["cell"]) not in known and c["cell"] in sight.seen_from(state, after)
            }
        )
        if stops_on_meeting and met:
            return Walk(tuple(path), "met", ", ".join(met))
        reached = stops_at.intersection(world.places(state, after))
        if reached:
            return Walk(tuple(path), "reached", sorted(reached)[0])
    return Walk(tuple(path), "done")
