"""No accepted order may ever make `resolve` raise, in any shipped ruleset: many seeded games in which
every power sends random orders drawn from what its own blank offers and `check` accepts (not only
the computer's choices), through every phase of several turns, each phase resolved and the state
left valid after it (`daemon/tools/conformance/random_play.py`, which `gonets conformance` plays
too, with fewer seeds). A fault names its seed, turn and phase and the orders that broke it."""

from __future__ import annotations

import pytest

from daemon.tools.conformance.random_play import played
from engines import REGISTRY, get_ruleset

SEEDS = 24
TURNS = 5


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_random_accepted_orders_always_resolve_and_leave_a_valid_state(name: str) -> None:
    ruleset = get_ruleset(name)
    found = played(ruleset, SEEDS, TURNS)
    assert found.faults == []
    assert found.resolved >= SEEDS * len(ruleset.phases)  # every game went past its first turn
    assert found.unreached(ruleset) == []
