"""«Разведка»: a report on a country only when your intelligence is strictly higher."""

from __future__ import annotations

from engines.contract import JSON, Resolution
from tests.engines.coins.helpers import CN, EU, RU, US, country, game, run
from tests.engines.helpers import mail, o


def start_turn_with_intel(**levels: int) -> Resolution[JSON]:
    """Fund intelligence on turn 1 so the powers start turn 2 with these levels (0, 2, 3, 4)."""
    coins_for = {0: 0, 2: 1, 3: 2, 4: 3}
    names = {"us": US, "cn": CN, "ru": RU, "eu": EU}
    orders = {
        names[key]: mail(o("invest", line="Разведка", amount=coins_for[level]))
        for key, level in levels.items()
    }
    return run(game(1, "orders"), orders)


def test_stronger_intelligence_gets_a_report_on_the_weaker() -> None:
    result = start_turn_with_intel(us=3, cn=2)
    state = result.state
    assert set(state["intel"][US]) == {CN, RU, EU}
    assert state["intel"][US][CN]["intel"] == 2
    (told,) = [m for m in result.reports[US] if m.code == "intel_gathered"]  # one line for all three
    assert str(told.params["powers"]).split(", ") == [CN, RU, EU]


def test_equal_intelligence_gives_nothing() -> None:
    state = start_turn_with_intel(us=3, cn=3).state
    assert CN not in state["intel"][US]
    assert US not in state["intel"][CN]


def test_report_goes_only_to_the_stronger() -> None:
    result = start_turn_with_intel(us=4, cn=2)
    assert US not in result.state["intel"][CN]
    told = [str(m.params["powers"]).split(", ") for m in result.reports[CN] if m.code == "intel_gathered"]
    assert all(US not in powers for powers in told)


def test_report_holds_income_research_army_intel_influence_and_technologies() -> None:
    state = game(1, "orders")
    orders = {
        US: mail(o("invest", line="Разведка", amount=1)),
        CN: mail(o("invest", line="Промышленность", amount=3), o("invest", line="Армия", amount=2)),
    }
    report = run(state, orders).state["intel"][US][CN]
    assert report == {
        "income": 8,
        "research": 0,
        "army": 3,
        "intel": 0,
        "influence": 0,
        "techs": [],
    }


def test_plus_1_vp_per_successful_intel_and_per_turn_nobody_spied_on_you() -> None:
    state = start_turn_with_intel(us=3, cn=2).state
    assert country(state, US)["vp"] == {**country(state, US)["vp"], "intel": 3, "unspied": 1}
    assert country(state, CN)["vp"]["intel"] == 2  # over Россия and Евросоюз, intelligence 0
    assert country(state, CN)["vp"]["unspied"] == 0
    assert country(state, RU)["vp"]["unspied"] == 0


def test_no_intelligence_at_all_means_nobody_was_spied_on() -> None:
    state = start_turn_with_intel().state
    assert all(country(state, p)["vp"]["unspied"] == 1 for p in (US, CN, RU, EU))
    assert all(not reports for reports in state["intel"].values())
