"""Founding tribes: the start («Изначально численность каждого племени равна 20», one aristocrat,
one community where the GM placed it, not yet the main one: its ЛЧ is the base 30 with the
terrain's and technologies' percents), the computer's tribes the GM placed, and a joining
player's new tribe on the eastern edge.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence

from engines.tribes import ai, sight, world
from engines.tribes.data import DATA, FIELDS
from engines.tribes.state import Community, Secret, State, Tribe

G = DATA.game


def start_community(cell: str) -> Community:
    strata = {"hunters": G.start_hunters, "gatherers": G.start_gatherers, "aristocrats": G.start_aristocrats}
    return {
        "number": 1,
        "cell": cell,
        "strata": strata,
        "elders": 0,
        "children": G.start_children,
        "main": False,
    }


def new_tribe(community: Community, points: dict[str, int] | None = None) -> Tribe:
    return {
        "communities": [community],
        "migrating": False,
        "points": dict(points) if points else dict.fromkeys(FIELDS, 0),
        "techs": {},
        "explored": [],
        "met": [],
        "computer": False,
        "extinct": 0,
        "decisions": {},
        "faith": "",
        "isolated": False,
        "offered": [],
        "war": {"plundered": 0, "killed": 0, "ai_destroyed": 0, "players_destroyed": 0, "assimilated": 0},
    }


def setup(powers: Sequence[str], secret: Secret) -> State:
    """The players' tribes at the GM's starting cells in the lot's order, the GM's computer tribes,
    each tribe's first look around."""
    state: State = {
        "turn": 1,
        "phase": "orders",
        "over": False,
        "powers": list(powers),
        "tribes": {},
        "ai": [],
        "secret": secret,
        "discovered": [],
        "places": [],
        "city": "",
        "vote": {"tribe": "", "turn": 0},
        "returns": [],
    }
    return placed(state, secret)


def placed(state: State, secret: Secret) -> State:
    """`state`'s tribes placed afresh on `secret`'s map, as at the start (before the first turn)."""
    fresh = copy.deepcopy(state)
    fresh["secret"] = secret
    fresh["tribes"] = {
        p: new_tribe(start_community(c))
        for p, c in zip(state["powers"], secret["start"]["players"], strict=False)
    }
    fresh["ai"] = [ai.new_ai(place["name"], start_community(place["cell"]), {}, 0) for place in secret["ai"]]
    for computer in fresh["ai"]:
        ai.settle(fresh, computer)
    for power in fresh["powers"]:
        sight.look(fresh, power)
    return fresh


def newcomers_cell(state: State) -> str | None:
    """Where a joining player's new tribe starts: «на восточной границе, в месте выбранном
    Ведущим»: the first free of the GM's chosen places (МЕСТО), then of the data's eastern places,
    then the free land cell furthest east (north first); None when the map is full."""
    taken = sight.occupied(state)
    eastern = sorted(world.land(state), key=lambda cell: (-world.xy(cell)[0], world.xy(cell)[1]))
    for cell in [*state["places"], *state["secret"]["start"]["east"], *eastern]:
        if cell not in taken and world.passable(state, cell):
            return cell
    return None
