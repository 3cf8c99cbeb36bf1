"""States for the conformance suite (`Ruleset.example_states`) that reach what a game's first turns
do not: the orders between tribes, which technologies open and neighbours need, the decisions, a
vote, and a community short of food."""

from __future__ import annotations

from engines.tribes import founding, secret, world
from engines.tribes.data import DATA
from engines.tribes.state import Community, State

NO_CITY = "Город"  # the technology that founds a city ends the game: left out


def example_states() -> list[State]:
    """Turn 2 of a full game in which the first two tribes know every technology but the city's
    (every order between tribes is open, every decision offered); the second tribe and a
    computer's tribe that likes the first live next to its main community, beside which a small
    second community of the first stands; the main community has warriors and no food-getters
    (short of food); the last tribe died out and the players vote on its return."""
    state = founding.setup([tribe.name for tribe in DATA.tribes], secret.default())
    first, second, last = state["powers"][0], state["powers"][1], state["powers"][-1]
    techs = [t["name"] for t in state["secret"]["techs"] if t["name"] != NO_CITY]
    state["turn"], state["discovered"] = 2, techs
    for power in (first, second):
        state["tribes"][power]["techs"] = dict.fromkeys(techs, 1)
    home = state["tribes"][first]["communities"][0]
    home["strata"] = {"warriors": 20, "aristocrats": 1}
    near = [c for c in world.ring(state, home["cell"], 1) if world.passable(state, c)]
    state["tribes"][second]["communities"][0]["cell"] = near[0]
    state["ai"][0]["community"]["cell"], state["ai"][0]["relations"] = near[1], {first: 100}
    small: Community = {
        "number": 2,
        "cell": near[2],
        "strata": {"gatherers": 2},
        "elders": 0,
        "children": 0,
        "main": False,
    }
    state["tribes"][first]["communities"].append(small)
    state["tribes"][last]["extinct"], state["tribes"][last]["communities"] = 1, []
    state["vote"] = {"tribe": last, "turn": 2}
    return [state]
