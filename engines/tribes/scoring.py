"""Victory points («X. Окончание игры и победные очки»), counted anew from the state whenever asked:
0,2 a cell a tribe has explored, and 3, 2 and 1 to the first three places of each rating — хозтех,
воентех, соцтех, their sum, and military power (БО) — «если какое-то из мест разделено между
несколькими игроками, то ПО получают все»; 5 a computer's community destroyed, 10 a player's, 5 a
community assimilated. «три игрока, набравшие наибольшее их количество объявляются победителями».
"""

from __future__ import annotations

from collections.abc import Mapping

from engines.tribes.data import DATA, FIELDS
from engines.tribes.level import level_of
from engines.tribes.state import State

S = DATA.scores


def might(state: State, power: str) -> int:
    """БО of a tribe: every person's combat points (the elders and children fight not)."""
    level = level_of(state, power)
    return sum(
        count * level.numbers[stratum]["fight"]
        for community in state["tribes"][power]["communities"]
        for stratum, count in community["strata"].items()
    )


def ratings(state: State) -> dict[str, dict[str, int]]:
    """Each rating's values by living tribe: development points (tenths) by field and in sum, БО."""
    living = [p for p in state["powers"] if not state["tribes"][p]["extinct"]]
    found: dict[str, dict[str, int]] = {
        f: {p: state["tribes"][p]["points"][f] for p in living} for f in FIELDS
    }
    found["total"] = {p: sum(state["tribes"][p]["points"].values()) for p in living}
    found["might"] = {p: might(state, p) for p in living}
    return found


def places(values: Mapping[str, int]) -> dict[str, int]:
    """The points of a rating's first three places; equal values share a place, nothing is no
    place (ours: a rating where nobody has anything gives nothing)."""
    distinct = sorted({v for v in values.values() if v > 0}, reverse=True)[: len(S.places)]
    return {p: S.places[distinct.index(v)] for p, v in values.items() if v in distinct}


def scores(state: State) -> dict[str, float]:
    tenths = {p: len(state["tribes"][p]["explored"]) * S.cell for p in state["powers"]}
    for rating in ratings(state).values():
        for power, points in places(rating).items():
            tenths[power] += points * 10
    for power in state["powers"]:
        war = state["tribes"][power]["war"]
        tenths[power] += 10 * (
            war["ai_destroyed"] * S.ai_destroyed
            + war["players_destroyed"] * S.player_destroyed
            + war["assimilated"] * S.assimilated
        )
    return {p: t / 10 for p, t in tenths.items()}


def winners(state: State) -> list[str]:
    """The three with the most victory points (ours: those equal to the third share it), best first."""
    scored = scores(state)
    ranked = sorted(scored, key=lambda p: (-scored[p], p))
    if len(ranked) <= S.winners:
        return ranked
    third = scored[ranked[S.winners - 1]]
    return [p for p in ranked if scored[p] >= third]
