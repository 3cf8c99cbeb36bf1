"""Science (7): the «Замет» example, prices, prerequisites, effects from the next turn."""

from __future__ import annotations

from engines.rus.science import price
from tests.engines.helpers import mail, o
from tests.engines.rus.helpers import CHERNIGOV, RYAZAN, game, problems, run, seed_where, setc, typed


def test_zamet_ryazan_first_then_chernigov_needs_50_more() -> None:
    state = game()
    orders = {
        RYAZAN: mail(o("research", tech="Замет", amount=500)),
        CHERNIGOV: mail(o("research", tech="Замет", amount=500)),
    }
    result = run(state, orders, seed_where(state, RYAZAN, CHERNIGOV))
    after = typed(result.state)
    assert after["order"].index(RYAZAN) < after["order"].index(CHERNIGOV)
    assert after["countries"][RYAZAN]["techs"] == {"Замет": 1}
    assert after["countries"][CHERNIGOV]["invested"] == {"Замет": 500}
    assert price(after, CHERNIGOV, "Замет") == 550 and price(after, "Киев", "Замет") == 550
    after = typed(run(after, {CHERNIGOV: mail(o("research", tech="Замет", amount=50))}).state)
    assert after["countries"][CHERNIGOV]["techs"] == {"Замет": 2}
    assert price(after, "Киев", "Замет") == 600


def test_the_science_policy_makes_it_10_percent_cheaper_and_excess_burns() -> None:
    state = game()
    setc(state, RYAZAN, policy="Наука")
    assert price(state, RYAZAN, "Замет") == 450
    after = run(state, {RYAZAN: mail(o("research", tech="Замет", amount=500))}).state
    assert (
        after["countries"][RYAZAN]["techs"] == {"Замет": 1} and after["countries"][RYAZAN]["invested"] == {}
    )


def test_prerequisites() -> None:
    state = game()
    assert problems(state, RYAZAN, o("research", tech="Острог", amount=500)) == ["rus_tech_needs"]
    assert problems(state, RYAZAN, o("research", tech="Кольчуга", amount=500)) == ["rus_tech_needs"]
    setc(state, RYAZAN, techs={"Выделка кожи": 1, "Кожаные доспехи": 1, "Ковка металла": 1})
    assert problems(state, RYAZAN, o("research", tech="Кольчуга", amount=500)) == []


def test_a_technology_works_from_the_next_turn() -> None:
    state = game()
    setc(state, RYAZAN, money=1000)
    state = typed(run(state, {RYAZAN: mail(o("research", tech="Выделка кожи", amount=200))}).state)
    state["provinces"]["Тула"]["spec"] = "Охота"
    setc(state, RYAZAN, money=1000)
    assert problems(state, RYAZAN, o("workshop", craft="Скорняжная мастерская")) == []
    state["countries"][RYAZAN]["techs"]["Выделка кожи"] = state["turn"]
    assert problems(state, RYAZAN, o("workshop", craft="Скорняжная мастерская")) == ["rus_needs_tech"]


def test_workshops_need_their_branch_and_sit_in_the_capital_unless_the_craft_policy() -> None:
    state = game()
    setc(state, RYAZAN, money=2000, techs={"Ковка металла": 0})
    assert problems(state, RYAZAN, o("workshop", craft="Кузница")) == ["rus_craft_needs_spec"]
    state["provinces"]["Тула"]["spec"] = "Собирательство"
    assert problems(state, RYAZAN, o("workshop", craft="Кузница", province="Тула")) == [
        "rus_craft_capital_only"
    ]
    assert (
        problems(
            state, RYAZAN, o("policy", policy="Ремесло"), o("workshop", craft="Кузница", province="Тула")
        )
        == []
    )
    after = run(state, {RYAZAN: mail(o("workshop", craft="Кузница"))}).state
    assert after["provinces"]["Рязань"]["craft"] == "Кузница"
    assert after["provinces"]["Рязань"]["op"] == 15 + 5  # +5 ОП; stability 0: no growth


def test_temple_for_christians_and_fortress_levels_need_their_technology() -> None:
    state = game()
    setc(state, RYAZAN, money=5000)
    assert problems(state, RYAZAN, o("temple", province="Рязань")) == ["rus_christians_only"]
    assert problems(state, RYAZAN, o("convert"), o("temple", province="Рязань")) == []
    assert problems(state, RYAZAN, o("fortress", province="Рязань", level=1)) == ["rus_needs_tech"]
    setc(state, RYAZAN, techs={"Замет": 0})
    after = run(state, {RYAZAN: mail(o("fortress", province="Рязань", level=1))}).state
    assert after["provinces"]["Рязань"]["fortress"] == 1
    assert [x["amount"] for x in after["accounts"][RYAZAN] if x["item"] == "fortress"] == [-1000]
