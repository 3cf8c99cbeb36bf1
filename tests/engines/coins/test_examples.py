"""Order examples that fit the reader (contract.OrderExamples): a real other power, the power's own
colony and technology, an amount it can afford; each example is an order the rules accept."""

from __future__ import annotations

import pytest

from engines.coins import RULESET
from engines.contract import JSON
from parsers.orders import parse_commands
from tests.engines.coins.helpers import CN, POWERS, US, game, setc


def _rich_game() -> JSON:
    """Turn 3: США hold Исландия and Кибершпионаж, chair, and have a military ally in Китай."""
    state = game(3, "talks")
    setc(state, US, army=3, research=4, techs=["Кибершпионаж"])
    state["colonies"]["Исландия"] = US
    state["alliances"] = [{"kind": "military", "powers": [US, CN]}]
    state["chair"] = US
    return state


@pytest.mark.parametrize("phase", ["talks", "orders"])
def test_every_example_of_an_open_command_is_an_order_the_rules_accept(phase: str) -> None:
    state = _rich_game()
    state["phase"] = phase
    fitting = RULESET.examples(state, US, phase)
    spec = RULESET.phases[phase]
    opened = {c.name for c in RULESET.open_commands(state, US, phase)}
    for name, line in fitting.items():
        parsed = parse_commands([(1, line)], spec, RULESET.vocabularies(state))
        assert parsed.problems == [] and [c.name for c in parsed.commands] == [name], line
        if name in opened:
            assert RULESET.check(state, US, phase, parsed.commands) == [], line
    assert {"give", "cede", "share", "help", "break", "propose"} <= set(fitting) or phase == "orders"


def test_no_power_is_told_to_give_to_itself_or_name_what_it_does_not_hold() -> None:
    state = _rich_game()
    for power in POWERS:
        fitting = RULESET.examples(state, power, "talks")
        assert f"ПЕРЕДАТЬ {power} " not in fitting["give"]
        assert not fitting.get("ally", "").endswith(f" {power}")
    china = RULESET.examples(state, CN, "talks")
    assert "cede" not in china and "share" not in china  # Китай holds no colony, no technology
    assert RULESET.examples(state, US, "talks")["cede"] == "УСТУПИТЬ Исландия Китай"
    assert RULESET.examples(state, US, "talks")["share"] == "ПОДАРИТЬ Кибершпионаж Китай"


def test_the_blank_offers_only_what_the_power_can_order_now() -> None:
    state = _rich_game()
    us = {c.name for c in RULESET.open_commands(state, US, "talks")}
    china = {c.name for c in RULESET.open_commands(state, CN, "talks")}
    assert {"cede", "share", "break", "propose"} <= us
    assert not {"cede", "share", "propose"} & china and "break" in china


def test_an_example_amount_is_what_the_power_can_afford() -> None:
    state = _rich_game()
    setc(state, US, coins=1)
    assert RULESET.examples(state, US, "talks")["give"] == "ПЕРЕДАТЬ Китай 1"
    state["phase"] = "orders"
    assert RULESET.examples(state, US, "orders")["invest"] == "ВЛОЖИТЬ Промышленность 1"
