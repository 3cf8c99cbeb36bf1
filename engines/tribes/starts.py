"""Whether a GM's map gives every tribe a fair start: on each of the file's starting places, a
tribe that orders nothing neither starves nor shrinks (never fewer people than the turn before)
in its first five turns. Played out by the rules themselves, never guessed: every starting place
gets a tribe, and the world is resolved five turns without orders (a fixed seed, so the verdict is
the same each time). A start that fails is a warning to the GM (`gonets check-data`), not a
mistake: the file is still taken.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.rng import Rng
from engines.text import Text
from engines.tribes import community as numbers
from engines.tribes import founding, secret
from engines.tribes.state import State
from engines.tribes.turn import resolve

TURNS = 5  # the first turns a start must carry a tribe through
SEED = "fair-start"


def data_warnings(state: State | None, data: Mapping[str, Any]) -> list[Text]:
    """A line for each starting place of the GM's file where a tribe that orders nothing starves
    or shrinks in its first five turns (none for a file with mistakes, which refuse it, nor once
    the game is past its start)."""
    if not data or (state is not None and state["turn"] > 1) or secret.problems(data):
        return []
    places = secret.stored(data)["start"]["players"]
    names = [str(n) for n in range(1, len(places) + 1)]
    world = founding.setup(names, secret.stored(data))
    found: dict[str, tuple[int, str]] = {}  # name → the first turn it failed, and how
    people = {name: _people(world, name) for name in names}
    for turn in range(1, TURNS + 1):
        result = resolve(world, "orders", {}, Rng(f"{SEED}:{turn}"))
        world = result.state
        for name in names:
            now = _people(world, name)
            if name not in found and any(m.code == "tribes.famine" for m in result.reports[name]):
                found[name] = turn, "famine"
            elif name not in found and now < people[name]:
                found[name] = turn, "shrinks"
            people[name] = now
    return [_said(places[int(name) - 1], *found[name]) for name in names if name in found]


def _people(state: State, power: str) -> int:
    return sum(numbers.people(c) for c in state["tribes"][power]["communities"])


def _said(cell: str, turn: int, how: str) -> Text:
    if how == "famine":
        return Text(
            f"start.players: {cell} — племя, которое ничего не приказывает, голодает уже в ходе {turn}",
            f"start.players: {cell} — a tribe that orders nothing starves as soon as turn {turn}",
        )
    return Text(
        f"start.players: {cell} — племя, которое ничего не приказывает, теряет людей в ходе {turn}",
        f"start.players: {cell} — a tribe that orders nothing loses people in turn {turn}",
    )
