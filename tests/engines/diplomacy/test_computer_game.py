"""The computer plays every power of every variant: legal orders in every phase (the ruleset's
own check accepts each), a whole game to a win or a draw (which the computer accepts when the
board stands still, or after the years data.toml gives) and the same game, byte for byte, from
the same seed."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engines import get_ruleset
from engines.diplomacy.data import DATA
from engines.diplomacy.ruleset import DiplomacyRuleset
from engines.rng import Rng

VARIANTS = ("diplomacy", "diplomacy_pure", "diplomacy_ancmed")


def computer_game(name: str, seed: str) -> tuple[list[str], Any]:
    """Every phase of a game the computer plays for all: the phases played, and the last state."""
    ruleset = get_ruleset(name)
    assert isinstance(ruleset, DiplomacyRuleset)
    state = ruleset.setup([], Rng(seed))  # no player drew a power: the computer plays them all
    phases = []
    while not state["over"]:
        assert state["turn"] <= DATA.computer.draw_after_years + 1, "no end within the draw rule's years"
        phase = state["phase"]
        orders = {
            p: ruleset.ai_orders(state, p, phase) for p in state["powers"] if p not in ruleset.ended(state)
        }
        for power, commands in orders.items():
            assert ruleset.check(state, power, phase, commands) == [], (power, phase, commands)
        phases.append(phase)
        result = ruleset.resolve(state, phase, orders, Rng(f"{seed}:{state['turn']}:{phase}"))
        state = json.loads(json.dumps(result.state, ensure_ascii=False))
    return phases, state


@pytest.mark.parametrize("name", VARIANTS)
def test_the_computer_plays_every_power_to_a_win_or_a_draw_the_same_each_time(name: str) -> None:
    phases, last = computer_game(name, "seven")
    assert last["winner"] or last["draw"]
    assert {"spring", "autumn"} <= set(phases)
    assert computer_game(name, "seven") == (phases, last)
