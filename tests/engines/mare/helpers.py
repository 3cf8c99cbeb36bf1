"""Small builders for mare tests: a game, hand-set owners and МОЩЬ, orders, one resolution."""

from __future__ import annotations

from typing import Any, cast

from engines.contract import JSON, Resolution
from engines.mare import RULESET
from engines.mare.state import State
from engines.mare.world import owned
from engines.rng import Rng
from tests.engines.helpers import RulesetUnderTest, o

POWERS = RULESET.playable_powers(4)
ROME, GREEKS, GAULS, PUNICS = POWERS
NEUTRALS = "Нейтралы"

_UNDER_TEST = RulesetUnderTest(RULESET)
run = _UNDER_TEST.run
problems = _UNDER_TEST.problems


def game(players: int = 4, **might: int) -> JSON:
    """A fresh game; `might` by power index name: rome=…, greeks=…, gauls=…, punics=…"""
    state: JSON = RULESET.setup(RULESET.playable_powers(players), Rng("setup"))
    keys = dict(zip(("rome", "greeks", "gauls", "punics"), POWERS, strict=True))
    for key, value in might.items():
        state["might"][keys[key]] = value
    return state


def own(state: JSON, power: str, *territories: str) -> JSON:
    for territory in territories:
        state["owners"][territory] = power
    return state


def bid(territory: str, amount: int) -> tuple[str, dict[str, int | str]]:
    return o("influence", territory=territory, amount=amount)


def told(result: Resolution[JSON], power: str, code: str) -> list[dict[str, Any]]:
    return [dict(m.params) for m in result.reports[power] if m.code == code]


def count(state: JSON, power: str) -> int:
    return len(owned(typed(state), power))


def typed(state: JSON) -> State:
    """A state the tests hold as JSON, as the ruleset's modules type it (no copy, no check)."""
    return cast(State, state)


def plain(state: State) -> JSON:
    """The ruleset's state as the daemon holds it."""
    return cast(JSON, state)
