"""Small builders for Rus tests: a game with some players, direct edits, one resolution."""

from __future__ import annotations

from typing import Any

from engines.contract import JSON
from engines.rng import Rng
from engines.rus import RULESET
from engines.rus.data import DATA
from engines.rus.world import country
from tests.engines.helpers import RulesetUnderTest

PLAYERS = ["Рязань", "Чернигов", "Новгород", "Киев"]
RYAZAN, CHERNIGOV, NOVGOROD, KIEV = PLAYERS

_UNDER_TEST = RulesetUnderTest(RULESET)
run = _UNDER_TEST.run
problems = _UNDER_TEST.problems


def game(players: list[str] | None = None) -> JSON:
    """A fresh game with these player countries (the rest computer-run)."""
    return RULESET.setup(players or PLAYERS, Rng("setup"))


def setc(state: JSON, power: str, **values: Any) -> dict[str, Any]:
    c = country(state, power)
    c.update(values)
    return c


def seed_where(state: JSON, first: str, second: str, no_events: bool = True) -> str:
    """A seed whose lot puts `first` before `second` and, if asked, draws no random event."""
    for n in range(10_000):
        rng = Rng(f"s{n}")
        order = rng.shuffled(state["powers"], "order")
        if order.index(first) > order.index(second):
            continue
        rolls = [rng.randint(1, 100, "event") for _ in DATA.events]
        if no_events and any(r <= e.chance for r, e in zip(rolls, DATA.events, strict=True)):
            continue
        return f"s{n}"
    raise AssertionError("no seed found")
