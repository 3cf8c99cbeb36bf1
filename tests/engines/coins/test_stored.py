"""A game stored before technologies were renamed to sentence case («Высокоточное Оружие») loads
and plays on: its state and its orders are read with today's names."""

from __future__ import annotations

from engines.coins import RULESET
from engines.coins.stored import current_state
from engines.contract import Command
from tests.engines.coins.helpers import CN, US, country, game, run, setc, typed


def test_a_state_and_orders_with_former_tech_names_play_on_with_todays_names() -> None:
    state = game(3, "talks")
    setc(state, US, techs=["Высокоточное Оружие", "Ядерное Оружие 1"], research=4)
    state["intel"] = {
        CN: {
            US: {
                "income": 2,
                "research": 0,
                "army": 1,
                "intel": 0,
                "influence": 0,
                "techs": ["Ядерное Оружие 1"],
            }
        }
    }
    orders = [
        Command("share", {"tech": "Высокоточное Оружие", "power": CN}, 1),
        Command("research", {"tech": "Ядерное Оружие 2"}, 2),
    ]
    assert RULESET.check(state, US, "talks", orders) == []
    result = run(state, {US: orders})
    assert country(result.state, US)["techs"] == [
        "Высокоточное оружие",
        "Ядерное оружие 1",
        "Ядерное оружие 2",
    ]
    assert country(result.state, CN)["techs"] == ["Высокоточное оружие"]
    assert "Высокоточное оружие" in RULESET.view(state, US)["techs"]
    assert state["countries"][US]["techs"][0] == "Высокоточное Оружие"  # the stored state is not changed


def test_a_state_with_todays_names_is_handed_on_untouched() -> None:
    state = game(3, "talks")
    setc(state, US, techs=["Высокоточное оружие"])
    assert current_state(typed(state)) is state
