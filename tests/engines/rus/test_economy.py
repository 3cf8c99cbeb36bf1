"""Taxes, the oversize penalty, druzhina, militia, production: the rulebook's own numbers."""

from __future__ import annotations

import pytest

from engines.rus.economy import harvest, mobilised, oversize_percent, province_tax, taxes, upkeep_per_man
from engines.rus.world import druzhina, provinces_of
from tests.engines.helpers import mail, o
from tests.engines.rus.helpers import CHERNIGOV, RYAZAN, game, problems, run, seed_where, setc, typed


@pytest.mark.parametrize(
    ("stability", "tax"), [(3, 200), (2, 166), (1, 142), (0, 125), (-1, 111), (-2, 100), (-3, 0)]
)
def test_tax_of_a_10_op_province_by_stability(stability: int, tax: int) -> None:
    assert province_tax(10, stability, obrok=False) == tax  # «провинция, имеющая 10 ОП, дает … 200Д»


def test_obrok_adds_5_per_province() -> None:
    assert province_tax(10, 3, obrok=True) == 205


@pytest.mark.parametrize(
    ("count", "percent"), [(1, 100), (3, 100), (4, 80), (5, 60), (7, 20), (8, 0), (12, 0)]
)
def test_oversize_penalty(count: int, percent: int) -> None:
    assert oversize_percent(count, governors=False) == percent
    assert oversize_percent(count, governors=True) == 100  # «Наместничество» removes it


def test_taxes_of_a_country_with_the_penalty_and_governors() -> None:
    state = game()
    for name in ("Мценск", "Козельск"):
        state["provinces"][name]["owner"] = RYAZAN  # five provinces: 60%
    setc(state, RYAZAN, stability=3)
    per, percent, total = taxes(state, RYAZAN, set())
    assert percent == 60 and sum(per.values()) == 300 + 4 * 200 and total == 1100 * 60 // 100
    setc(state, RYAZAN, techs={"Наместничество": 1})
    state["turn"] = 2
    assert taxes(state, RYAZAN, set())[1:] == (100, 1100)


def test_computer_countries_are_taxed_at_stability_0() -> None:
    state = game()
    setc(state, "Муром", stability=3)  # cannot happen; the rule still taxes it at 0
    assert taxes(state, "Муром", set())[2] == 125


def test_militia_half_the_op_at_2_to_1() -> None:
    assert mobilised(10) == (5, 2)  # «10 ОП, может обменять 5 ОП на 2 ВС (о)»
    assert mobilised(15) == (7, 3)


def test_mobilise_then_disband_in_play() -> None:
    state = game()
    state = run(
        state, {RYAZAN: mail(o("mobilise", province="Тула"))}, seed_where(state, RYAZAN, CHERNIGOV)
    ).state
    assert state["provinces"]["Тула"]["militia"] == 2 and state["provinces"]["Тула"]["op"] == 5
    state = run(
        state, {RYAZAN: mail(o("disband", province="Тула"))}, seed_where(state, RYAZAN, CHERNIGOV)
    ).state
    assert state["provinces"]["Тула"] == {**state["provinces"]["Тула"], "militia": 0, "op": 9}


def test_druzhina_price_and_upkeep() -> None:
    state = game()
    seed = seed_where(state, RYAZAN, CHERNIGOV)
    before = state["countries"][RYAZAN]["money"]
    after = run(state, {RYAZAN: mail(o("recruit", count=2))}, seed).state
    lines = {line["item"]: line["amount"] for line in after["accounts"][RYAZAN]}
    assert lines["recruit"] == -100 and lines["upkeep"] == -12 * 20
    assert druzhina(typed(after), RYAZAN) == 12
    assert after["countries"][RYAZAN]["money"] == before + sum(lines.values())


def test_upkeep_with_cavalry_and_the_standing_army_policy() -> None:
    state = game()
    assert upkeep_per_man(state, RYAZAN) == 20
    setc(state, RYAZAN, tactic="Конница")
    assert upkeep_per_man(state, RYAZAN) == 40
    setc(state, RYAZAN, policy="Постоянная армия")
    assert upkeep_per_man(state, RYAZAN) == 30
    setc(state, RYAZAN, tactic="Лучники")
    assert upkeep_per_man(state, RYAZAN) == 15


def test_the_36_province_production_example() -> None:
    state = game()
    names = list(state["provinces"])
    plan = ["Хлебопашество"] * 5 + ["Животноводство"] * 7 + ["Рыболовство"] * 11 + ["Охота"] * 4
    plan += ["Собирательство"] * 9
    for name, spec in zip(names, plan, strict=True):
        state["provinces"][name]["spec"] = spec
    crops = harvest(state)
    by_spec = {state["provinces"][n]["spec"]: crops[n] for n in names}
    assert by_spec == {
        "Хлебопашество": 20,
        "Животноводство": 14,
        "Рыболовство": 9,
        "Охота": 25,
        "Собирательство": 11,
    }


def test_fishing_only_on_water_and_change_once_in_five_turns() -> None:
    state = game()
    assert problems(state, RYAZAN, o("specialise", province="Тула", spec="Рыболовство")) == [
        "rus_fishing_needs_water"
    ]
    assert problems(state, RYAZAN, o("specialise", province="Мценск", spec="Охота")) == [
        "rus_not_your_province"
    ]
    state = run(state, {RYAZAN: mail(o("specialise", province="Рязань", spec="Рыболовство"))}).state
    assert state["provinces"]["Рязань"]["spec"] == "Рыболовство"
    assert problems(state, RYAZAN, o("specialise", province="Рязань", spec="Охота")) == ["rus_spec_too_soon"]
    state["turn"] = 6
    assert problems(state, RYAZAN, o("specialise", province="Рязань", spec="Охота")) == []


def test_every_country_is_paid_its_harvest_and_computer_provinces_grow_bread() -> None:
    state = game()
    after = run(state, {}, seed_where(state, RYAZAN, CHERNIGOV)).state
    assert all(p["spec"] == "Хлебопашество" for p in after["provinces"].values())
    lines = [line for line in after["accounts"]["Муром"] if line["item"] == "harvest"]
    assert lines == [{"item": "harvest", "amount": 100 // 36, "note": ""}]
    assert len(provinces_of(typed(after), "Муром")) == 1
