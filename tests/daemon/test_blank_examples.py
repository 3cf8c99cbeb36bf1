"""The order blank and ПОМОЩЬ offer a power only orders it can give now: each example line, made
for that power, parses as its command and passes the ruleset's `check` alone. Random games of each
ruleset are played by the computer (a lot of powers, a seed), and every power's blank is read at
every phase on the way: more games than the conformance suite's one (its `blank_faults`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from daemon.incoming.orderflow import help_pages
from daemon.outgoing.views import offered_orders
from daemon.tools.conformance.knowledge import blank_faults
from engines import get_ruleset
from engines.contract import JSON, Ruleset
from engines.rng import Rng

RULESETS = ("coins", "council", "mare", "rus")
SEEDS = range(6)
PHASES_PLAYED = 9  # phases of each game: three coins turns, nine of the others


def played(ruleset: Ruleset[Any], seed: int) -> Iterator[JSON]:
    """The states of a game the computer plays for every power, phase after phase."""
    rng = Rng(f"blank-{ruleset.name}-{seed}")
    players = ruleset.min_players + seed % (ruleset.max_players - ruleset.min_players + 1)
    state = ruleset.setup(ruleset.playable_powers(players), rng)
    for _ in range(PHASES_PLAYED):
        if state["over"]:
            return
        yield state
        phase = state["phase"]
        orders = {power: ruleset.ai_orders(state, power, phase) for power in state["powers"]}
        state = ruleset.resolve(state, phase, orders, rng).state


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", RULESETS)
def test_every_example_of_every_blank_parses_and_passes_check(name: str, seed: int) -> None:
    ruleset = get_ruleset(name)
    found = [
        fault
        for state in played(ruleset, seed)
        for power in state["powers"]
        for fault in blank_faults(ruleset, state, power)
    ]
    assert found == []


@pytest.mark.parametrize("name", RULESETS)
def test_help_offers_what_the_blank_offers(name: str) -> None:
    ruleset = get_ruleset(name)
    for state in played(ruleset, 0):
        for power in state["powers"]:
            phase = state["phase"]
            (page,) = [
                p for p in help_pages(ruleset, state, power) if p["title"] == ruleset.phases[phase].title
            ]
            offered = offered_orders(ruleset, state, power, phase)
            assert page["commands"] == [(example, spec.help) for spec, example in offered]
