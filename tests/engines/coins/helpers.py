"""Small builders for coins tests: a game at a given turn and phase, orders, one resolution."""

from __future__ import annotations

from typing import Any, cast

from engines.coins import RULESET, world
from engines.coins.state import Country, State
from engines.contract import JSON, Resolution
from engines.rng import Rng
from tests.engines.helpers import RulesetUnderTest

POWERS = RULESET.playable_powers(4)
US, CN, RU, EU = POWERS

_UNDER_TEST = RulesetUnderTest(RULESET)
run = _UNDER_TEST.run
problems = _UNDER_TEST.problems


def game(turn: int = 2, phase: str = "talks", players: int = 4) -> JSON:
    """A fresh game moved to `turn`/`phase`, every power with its 8 starting coins and no funding."""
    state: JSON = RULESET.setup(RULESET.playable_powers(players), Rng("setup"))
    state["turn"], state["phase"] = turn, phase
    return state


def setc(state: JSON, power: str, **values: Any) -> None:
    """Set a power's numbers directly (coins, army, intel, influence, research, techs, perk…)."""
    state["countries"][power].update(values)


def country(state: JSON, power: str) -> Country:
    """A power's numbers, read through the typed state as the rules read them."""
    return world.country(typed(state), power)


def play_ai_game(players: int = 5, seed: str = "game") -> tuple[JSON, list[Resolution[JSON]]]:
    """Every power played by the computer from setup to the end; every order set must pass check."""
    state = RULESET.setup(RULESET.playable_powers(players), Rng(seed))
    history: list[Resolution[JSON]] = []
    while not state["over"]:
        phase = state["phase"]
        orders = {p: RULESET.ai_orders(state, p, phase) for p in state["powers"]}
        for power, commands in orders.items():
            assert RULESET.check(state, power, phase, commands) == [], (state["turn"], phase, power)
        result = RULESET.resolve(state, phase, orders, Rng(f"{seed}-{len(history)}"))
        history.append(result)
        state = result.state
        assert len(history) < 100
    return state, history


def typed(state: JSON) -> State:
    """A state the tests hold as JSON, as the ruleset's modules type it (no copy, no check)."""
    return cast(State, state)


def plain(state: State) -> JSON:
    """The ruleset's state as the daemon holds it."""
    return cast(JSON, state)
