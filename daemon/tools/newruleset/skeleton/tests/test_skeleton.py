"""The ruleset passes the conformance suite, check by check, and its rules do what its README says."""

from __future__ import annotations

from functools import cache

import pytest

from daemon.tools.conformance import CHECKS, Check, Trial, run_check
from engines import REGISTRY, get_ruleset
from engines.contract import Command
from engines.rng import Rng

NAME = "skeleton"


@cache
def trial() -> Trial:
    return Trial(REGISTRY[NAME])


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.name)
def test_the_ruleset_passes_the_conformance_check(check: Check) -> None:
    assert run_check(trial(), check) == []


def test_a_gift_arrives_before_the_harvest_and_a_sown_sack_gives_back_the_roll() -> None:
    ruleset = get_ruleset(NAME)
    state = ruleset.setup(ruleset.playable_powers(2), Rng("rules"))
    north, south = state["powers"]
    start = state["grain"][south]
    gift, sow = Command("gift", {"power": south, "sacks": 3}, 1), Command("sow", {"sacks": 2}, 1)
    rng = Rng("rules")
    after = ruleset.resolve(state, "orders", {north: [gift], south: [sow]}, rng).state
    (roll,) = rng.log
    assert after["grain"] == {north: start - 3, south: start + 3 - 2 + 2 * int(roll.values[0])}


def test_more_than_the_store_is_refused_on_its_line() -> None:
    ruleset = get_ruleset(NAME)
    state = ruleset.setup(ruleset.playable_powers(2), Rng("rules"))
    north, south = state["powers"]
    most = state["grain"][north]
    sow, gift = Command("sow", {"sacks": most - 1}, 1), Command("gift", {"power": south, "sacks": 2}, 2)
    assert [p.line for p in ruleset.check(state, north, "orders", [sow, gift])] == [2]
