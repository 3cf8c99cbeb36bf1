"""Small builders for coins tests: a game at a given turn and phase, orders, one resolution."""

from __future__ import annotations

from typing import Any

from engines.coins import RULESET
from engines.coins.world import country
from engines.contract import JSON
from engines.rng import Rng
from tests.engines.helpers import RulesetUnderTest

POWERS = RULESET.playable_powers(4)
US, CN, RU, EU = POWERS

_UNDER_TEST = RulesetUnderTest(RULESET)
run = _UNDER_TEST.run
problems = _UNDER_TEST.problems


def game(turn: int = 2, phase: str = "talks", players: int = 4) -> JSON:
    """A fresh game moved to `turn`/`phase`, every power with its 8 starting coins and no funding."""
    state = RULESET.setup(RULESET.playable_powers(players), Rng("setup"))
    state["turn"], state["phase"] = turn, phase
    return state


def setc(state: JSON, power: str, **values: Any) -> dict[str, Any]:
    """Set a power's numbers directly (coins, army, intel, influence, research, techs, perk…)."""
    c = country(state, power)
    c.update(values)
    return c
