"""«Технологии»: nine technologies (seven names, two in two parts) at 4 research points each."""

from __future__ import annotations

import pytest

from engines.coins import RULESET
from engines.coins.data import DATA
from engines.coins.state import Stat
from engines.coins.world import has_grant
from tests.engines.coins.helpers import CN, RU, US, country, game, problems, run, setc, typed
from tests.engines.helpers import codes, mail, o


def test_nine_technologies_seven_names_two_in_two_parts_4_points_each() -> None:
    assert len(DATA.techs) == 7
    assert len(DATA.tech_parts) == 9
    assert [t.name for t in DATA.techs if t.parts == 2] == ["Ядерное оружие", "Космическая программа"]
    assert {DATA.tech_of_part(p).cost for p in DATA.tech_parts} == {4}


@pytest.mark.parametrize("part", DATA.tech_parts)
def test_every_technology_is_bought_for_4_research_points(part: str) -> None:
    state = game(2, "talks")
    setc(state, US, research=5)
    state = run(state, {US: mail(o("research", tech=part))}).state
    tech = DATA.tech_of_part(part)
    works_at_once = tech.bonus if tech.stat == "research" else 0
    assert country(state, US)["techs"] == [part]
    assert country(state, US)["research"] == 5 - 4 + works_at_once


def test_research_needs_enough_points() -> None:
    state = game(2, "talks")
    setc(state, US, research=7)
    refused = problems(
        state, US, o("research", tech="Кибершпионаж"), o("research", tech="Искусственный интеллект")
    )
    assert refused == ["not_enough_research"]


def test_unspent_research_points_carry_over() -> None:
    state = game(2, "orders")
    setc(state, US, research=3)
    assert country(run(state).state, US)["research"] == 3


@pytest.mark.parametrize(
    ("tech", "stat"),
    [("Высокоточное оружие", "army"), ("Кибершпионаж", "intel"), ("Социальные технологии", "influence")],
)
def test_bonus_technology_adds_1_at_once_and_every_turn(tech: str, stat: Stat) -> None:
    state = game(2, "talks")
    setc(state, US, research=4)
    state = run(state, {US: mail(o("research", tech=tech))}).state
    assert country(state, US)[stat] == 1
    state = run(state).state
    assert country(state, US)[stat] == 1


def test_industrial_robots_give_1_coin_each_turn_starting_now() -> None:
    state = game(2, "talks")
    setc(state, US, research=4)
    state = run(state, {US: mail(o("research", tech="Промышленные роботы"))}).state
    assert country(state, US)["coins"] == 9
    state = run(state).state
    assert country(state, US)["income"] == {"funding": 2, "techs": 1}


def test_artificial_intelligence_gives_1_research_each_turn() -> None:
    state = game(2, "talks")
    setc(state, US, research=4)
    state = run(run(state, {US: mail(o("research", tech="Искусственный интеллект"))}).state).state
    assert country(state, US)["research_income"] == {"funding": 0, "techs": 1}


def test_technology_gift_works_at_once_and_giver_keeps_it() -> None:
    state = game(2, "talks")
    setc(state, US, techs=["Высокоточное оружие"], army=1)
    result = run(state, {US: mail(o("share", tech="Высокоточное оружие", power=CN))})
    assert country(result.state, CN)["army"] == 1
    assert country(result.state, US)["techs"] == ["Высокоточное оружие"]
    assert "tech_received" in codes(result.reports[CN])
    assert not [m for m in result.news if m.code.startswith("tech")], "technology transfers are secret"


def test_technology_sale_is_a_gift_plus_coins_back() -> None:
    state = game(2, "talks")
    setc(state, US, techs=["Кибершпионаж"])
    result = run(
        state,
        {US: mail(o("share", tech="Кибершпионаж", power=CN)), CN: mail(o("give", power=US, amount=3))},
    )
    assert country(result.state, CN)["intel"] == 1
    assert country(result.state, US)["coins"] == 11


def test_a_technology_bought_in_the_same_talks_can_be_given() -> None:
    state = game(2, "talks")
    setc(state, US, research=4)
    orders = {US: mail(o("research", tech="Кибершпионаж"), o("share", tech="Кибершпионаж", power=RU))}
    assert problems(state, US, *[(c.name, dict(c.args)) for c in orders[US]]) == []
    assert country(run(state, orders).state, RU)["techs"] == ["Кибершпионаж"]


def test_cannot_give_a_technology_one_does_not_have() -> None:
    assert problems(game(2, "talks"), US, o("share", tech="Кибершпионаж", power=CN)) == ["tech_not_owned"]


def test_nuclear_weapons_need_both_parts_and_are_announced() -> None:
    state = game(2, "talks")
    setc(state, US, research=8)
    state = run(state, {US: mail(o("research", tech="Ядерное оружие 1"))}).state
    assert not has_grant(typed(state), US, "nuclear")
    state["phase"] = "talks"
    result = run(state, {US: mail(o("research", tech="Ядерное оружие 2"))})
    assert has_grant(typed(result.state), US, "nuclear")
    assert "nuclear_power" in codes(result.news)


def test_two_part_technology_is_named_by_part_in_orders() -> None:
    vocabulary = RULESET.vocabularies(game())["tech"]
    assert "ЯО 2" in vocabulary["Ядерное оружие 2"]
    assert "Nuclear Weapons-1" in vocabulary["Ядерное оружие 1"]
    assert "КП1" in vocabulary["Космическая программа 1"]
