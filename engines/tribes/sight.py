"""Fog of war: «Кол-во клеток, на которое община «видит» вокруг себя равно 3х3 клетки». A tribe
keeps every cell it has seen (`Tribe.explored`, also along its moves) and every tribe it has met
(within sight, which is also contact: «на расстоянии не больше 1 клетки»); it sees other
communities only where its own see now.
"""

from __future__ import annotations

from collections.abc import Iterator

from engines.tribes import world
from engines.tribes.data import DATA
from engines.tribes.state import Community, State

SIGHT = DATA.game.sight


def seen_from(state: State, cell: str) -> set[str]:
    return set(world.around(state, cell, SIGHT))


def explore(state: State, power: str, cells: set[str]) -> int:
    """Add `cells` to what `power` has seen; how many were new."""
    tribe = state["tribes"][power]
    new = cells - set(tribe["explored"])
    if new:
        tribe["explored"] = sorted({*tribe["explored"], *new})
    return len(new)


def occupants(state: State) -> Iterator[tuple[str, Community]]:
    """Every community on the map with its tribe's name: the players' and the computer's."""
    for power, tribe in state["tribes"].items():
        for community in tribe["communities"]:
            yield power, community
    for ai in state["ai"]:
        yield ai["name"], ai["community"]


def occupied(state: State) -> dict[str, str]:
    """Cell → the tribe living there."""
    return {community["cell"]: owner for owner, community in occupants(state)}


def in_sight(state: State, power: str) -> list[tuple[str, Community]]:
    """The other tribes' communities `power`'s communities see now, by cell."""
    tribe = state["tribes"][power]
    seen = set().union(*(seen_from(state, c["cell"]) for c in tribe["communities"]))
    found = [(owner, c) for owner, c in occupants(state) if owner != power and c["cell"] in seen]
    return sorted(found, key=lambda found: world.xy(found[1]["cell"])[::-1])


def look(state: State, power: str) -> list[str]:
    """`power` sees around each of its communities: the cells join what it has explored and the
    tribes there join those it has met; the tribes met for the first time, by name."""
    tribe = state["tribes"][power]
    for community in tribe["communities"]:
        explore(state, power, seen_from(state, community["cell"]))
    owners = sorted({owner for owner, _ in in_sight(state, power)} - set(tribe["met"]))
    if owners:
        tribe["met"] = sorted({*tribe["met"], *owners})
    return owners
