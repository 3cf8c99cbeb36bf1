"""Putting projects (8.2): every requisite a project needs, each refused by name when missing and
checked against the world when given («Проект без реквизитов или с некорректными реквизитами не
принимается к рассмотрению»); project 3's commander and project 9's family may be left out, as the
rulebook then says what happens; how many projects a family may put depends on the form of
government and its status."""

from __future__ import annotations

import pytest

from engines.council import RULESET
from engines.council.data import DATA
from engines.council.world import new_army
from parsers.orders import parse_commands, parser_catalog
from tests.engines.council.helpers import game, parsed, refused, run

CATALOG = parser_catalog().merged(RULESET.catalog)


def parse_refusal(family: str, line: str) -> str:
    state = game()
    read = parse_commands([(1, line)], RULESET.phases["planning"], RULESET.vocabularies_for(state, family))
    (problem,) = read.problems
    return CATALOG.render(problem.msg, "ru")


@pytest.mark.parametrize(
    ("family", "line", "missing"),
    [
        ("Орсини", "СОЗДАТЬ АРМИЮ", "провинция"),
        ("Орсини", "СОЗДАТЬ АРМИЮ Лаций", "командующий"),
        ("Орсини", "ПРИЗВАТЬ ОПОЛЧЕНИЕ", "провинции"),
        ("Орсини", "СМЕНИТЬ КОМАНДУЮЩИХ", "армии и новые командующие"),
        ("Караччоло", "ИЗГНАТЬ ТОРГОВЦЕВ", "провинция"),
        ("Медичи", "ИСКЛЮЧИТЬ ИЗ СФЕРЫ", "провинция"),
        ("Орсини", "ПЕРЕСЕЛИТЬ", "откуда"),
        ("Орсини", "ПЕРЕСЕЛИТЬ Лаций", "куда"),
        ("Орсини", "РЕПРЕССИРОВАТЬ", "семьи"),
        ("Орсини", "НАЗНАЧИТЬ НАМЕСТНИКА", "провинция"),
        ("Дандоло", "УПРАВЛЯТЬ ФЛОТОМ", "флотилии и моря"),
        ("Орсини", "УСТРОИТЬ ЗРЕЛИЩА", "провинция"),
        ("Орсини", "СОЗДАТЬ ФЛОТИЛИЮ", "провинция"),
    ],
)
def test_a_project_without_a_requisite_is_refused_naming_it(family: str, line: str, missing: str) -> None:
    assert f"В приказе {line.split(' ')[0]}" in parse_refusal(family, line)
    assert f"не хватает значения «{missing}»" in parse_refusal(family, line)


def test_the_grant_of_rights_has_no_requisite() -> None:
    assert refused(game(), "Орсини", "ДАРОВАТЬ ПРАВА") == []


def test_a_project_names_only_what_its_power_holds() -> None:
    """Another power's army or kin is no name of this family at all: the parser refuses it."""
    state = game()
    florence = RULESET.vocabularies_for(state, "Медичи")
    assert "Орсини" not in florence["kin"] and "Медичи" in florence["kin"]
    assert "Лаций" in florence["province"]  # the map is public
    assert (
        "Флотилия 1" not in florence["flotilla"]
        and "Флотилия 1" in RULESET.vocabularies_for(state, "Дандоло")["flotilla"]
    )
    assert "«Орсини» (командующий)" in parse_refusal("Медичи", "СОЗДАТЬ АРМИЮ Тоскана Орсини")


# ---- each requisite against the world -----------------------------------------------------------------
def test_an_army_is_raised_in_a_free_province_of_the_power_with_room() -> None:
    state = game()
    assert refused(state, "Орсини", "СОЗДАТЬ АРМИЮ Тоскана Колонна") == ["council_not_our_province"]
    state["provinces"]["Умбрия"]["revolt"] = True
    assert refused(state, "Орсини", "СОЗДАТЬ АРМИЮ Умбрия Колонна") == ["council_province_not_free"]
    assert refused(state, "Орсини", "СОЗДАТЬ АРМИЮ Лаций Колонна") == []
    state["realms"]["Рим"]["armies"]["Армия 2"] = new_army("Лаций", "Колонна", 0, 3)
    assert refused(state, "Орсини", "СОЗДАТЬ АРМИЮ Лаций Савелли") == [
        "council_armies_full"
    ]  # 2 for a middle power


def test_no_family_commands_more_than_two_armies() -> None:
    state = game()
    armies = state["realms"]["Рим"]["armies"]
    armies["Армия 2"] = new_army("Лаций", "Колонна", 0, 3)
    for province in ("Абруццо", "Апулия"):  # six provinces: a large power, room for a third army
        state["provinces"][province]["realm"] = "Рим"
    assert refused(state, "Орсини", "СОЗДАТЬ АРМИЮ Лаций Колонна") == ["council_commander_full"]
    assert refused(state, "Орсини", "СОЗДАТЬ АРМИЮ Лаций Орсини") == []
    assert refused(state, "Орсини", "СМЕНИТЬ КОМАНДУЮЩИХ Армия 1 Савелли, Армия 2 Савелли") == []
    assert refused(state, "Орсини", "СМЕНИТЬ КОМАНДУЮЩИХ Армия 1 Колонна") == ["council_same_commander"]


def test_a_militia_is_called_once_in_each_free_province_of_the_power() -> None:
    state = game()
    assert refused(state, "Орсини", "ПРИЗВАТЬ ОПОЛЧЕНИЕ Лаций, Умбрия, Романья") == []
    assert refused(state, "Орсини", "ПРИЗВАТЬ ОПОЛЧЕНИЕ Лаций, Лаций") == ["council_named_twice"]
    assert refused(state, "Орсини", "ПРИЗВАТЬ ОПОЛЧЕНИЕ Лаций, Пиза") == ["council_not_our_province"]


def test_project_3_may_leave_an_army_without_a_commander() -> None:
    """«Если этот реквизит не указан, армия … останется без командира»: an army named without a
    family, or with the word «Никто» (or «без командира»), is left without one."""
    state = game()
    for line in ("СМЕНИТЬ КОМАНДУЮЩИХ Армия 1", "Сменить командующего Армии 1"):
        (order,) = parsed(state, "Орсини", line)
        assert order.pairs == {"changes": (("Армия 1", "Никто"),)}
    planned = run(state, {"Орсини": ["СМЕНИТЬ КОМАНДУЮЩИХ Армия 1"]}).state
    decided = run(planned, {"Орсини": ["ГОЛОСОВАТЬ 1 за"]}).state
    assert decided["realms"]["Рим"]["armies"]["Армия 1"]["commander"] == ""
    (order,) = parsed(state, "Орсини", "СМЕНИТЬ КОМАНДУЮЩИХ Армия 1 без командира")
    assert order.pairs == {"changes": (("Армия 1", "Никто"),)}
    assert refused(state, "Орсини", "СМЕНИТЬ КОМАНДУЮЩИХ Армия 1 Никто") == []
    state["realms"]["Рим"]["armies"]["Армия 1"]["commander"] = ""
    assert refused(state, "Орсини", "СМЕНИТЬ КОМАНДУЮЩИХ Армия 1 Никто") == ["council_same_commander"]
    assert "не больше 3 пар" in parse_refusal(
        "Орсини", "СМЕНИТЬ КОМАНДУЮЩИХ Армия 1 Никто, Армия 1 Орсини, Армия 1 Колонна, Армия 1 Савелли"
    )


def test_project_9_without_a_family_dismisses_the_governor() -> None:
    """«Если не указать нового наместника, … старый наместник уйдет, а провинция станет бесхозной»."""
    state = game()
    assert refused(state, "Орсини", "НАЗНАЧИТЬ НАМЕСТНИКА Умбрия") == []
    assert refused(state, "Орсини", "НАЗНАЧИТЬ НАМЕСТНИКА Анкона") == [
        "council_no_governor"
    ]  # none to dismiss
    assert refused(state, "Орсини", "НАЗНАЧИТЬ НАМЕСТНИКА Умбрия Колонна") == ["council_already_governor"]
    assert refused(state, "Орсини", "НАЗНАЧИТЬ НАМЕСТНИКА Пиза Колонна") == ["council_not_our_province"]


def test_traders_are_expelled_only_where_a_foreign_post_stands_on_the_power_or_its_sphere() -> None:
    state = game()
    assert refused(state, "Караччоло", "ИЗГНАТЬ ТОРГОВЦЕВ Апулия") == []  # Venice's post
    assert refused(state, "Караччоло", "ИЗГНАТЬ ТОРГОВЦЕВ Калабрия") == ["council_no_foreign_post"]
    assert refused(state, "Медичи", "ИЗГНАТЬ ТОРГОВЦЕВ Корсика") == []  # Naples' post in Florence's sphere
    assert refused(state, "Караччоло", "ИЗГНАТЬ ТОРГОВЦЕВ Корсика") == ["council_not_our_reach"]


def test_only_a_province_of_the_sphere_is_excluded_from_it() -> None:
    state = game()
    assert refused(state, "Медичи", "ИСКЛЮЧИТЬ ИЗ СФЕРЫ Корсика") == []
    assert refused(state, "Медичи", "ИСКЛЮЧИТЬ ИЗ СФЕРЫ Тоскана") == ["council_not_in_sphere"]


def test_a_migration_joins_two_provinces_by_the_powers_land_sphere_or_seas() -> None:
    state = game()
    assert refused(state, "Караччоло", "ПЕРЕСЕЛИТЬ Кампания Апулия") == []
    assert refused(state, "Караччоло", "ПЕРЕСЕЛИТЬ Кампания Кампания") == ["council_same_province"]
    # Tunis, Naples' sphere, lies across the Tyrrhenian Sea, where Naples' flotilla alone stands
    assert refused(state, "Караччоло", "ПЕРЕСЕЛИТЬ Кампания Тунис") == []
    state["realms"]["Флоренция"]["flotillas"]["Флотилия 1"] = {"sea": "Тирренское море", "squadrons": 1}
    assert refused(state, "Караччоло", "ПЕРЕСЕЛИТЬ Кампания Тунис") == ["council_not_connected"]
    state["provinces"]["Абруццо"]["population"] = 5
    assert refused(state, "Караччоло", "ПЕРЕСЕЛИТЬ Абруццо Кампания") == ["council_too_few_people"]


def test_a_repression_names_at_most_two_other_families() -> None:
    state = game()
    assert refused(state, "Орсини", "РЕПРЕССИРОВАТЬ Колонна, Савелли") == []
    assert refused(state, "Орсини", "РЕПРЕССИРОВАТЬ Орсини") == ["council_repress_self"]
    assert "не больше 2 названий" in parse_refusal("Орсини", "РЕПРЕССИРОВАТЬ Колонна, Савелли, Орсини")


def test_fleet_orders_and_flotillas_need_ships_and_harbours() -> None:
    state = game()
    assert refused(state, "Дандоло", "УПРАВЛЯТЬ ФЛОТОМ Флотилия 1 Ионическое море") == []
    assert refused(state, "Дандоло", "УПРАВЛЯТЬ ФЛОТОМ Флотилия 1 Ионическое море, Флотилия 1 Адриатика") == [
        "council_named_twice"
    ]
    assert refused(state, "Орсини", "СОЗДАТЬ ФЛОТИЛИЮ Анкона") == []
    assert refused(state, "Орсини", "СОЗДАТЬ ФЛОТИЛИЮ Умбрия") == ["council_no_harbour"]
    state["realms"]["Рим"]["flotillas"] = {
        f"Флотилия {n}": {"sea": "Тирренское море", "squadrons": 1} for n in (1, 2)
    }
    assert refused(state, "Орсини", "СОЗДАТЬ ФЛОТИЛИЮ Анкона") == ["council_flotillas_full"]


def test_games_are_held_in_a_province_of_the_power() -> None:
    state = game()
    assert refused(state, "Орсини", "УСТРОИТЬ ЗРЕЛИЩА Романья") == []
    assert refused(state, "Орсини", "УСТРОИТЬ ЗРЕЛИЩА Пиза") == ["council_not_our_province"]


def test_rights_are_not_granted_beyond_full_freedom() -> None:
    state = game()
    state["realms"]["Рим"]["freedom"] = DATA.bounds.freedom_max
    assert refused(state, "Орсини", "ДАРОВАТЬ ПРАВА") == ["council_freedom_full"]


# ---- how many -------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("ruler", "family", "freedom", "allowed"),
    [
        ("Орсини", "Орсини", 15, 3),  # despotism, ruling
        ("Орсини", "Орсини", 60, 2),  # oligarchy, ruling
        ("Орсини", "Колонна", 15, 0),  # despotism, junior (influence 20)
        ("Орсини", "Колонна", 30, 1),  # monarchy, junior
        ("Колонна", "Орсини", 15, 1),  # despotism, noble (influence 30)
        ("Колонна", "Орсини", 80, 2),  # republic, noble
    ],
)
def test_the_number_of_projects_depends_on_the_form_and_the_status(
    ruler: str, family: str, freedom: int, allowed: int
) -> None:
    state = game(Рим=ruler)
    state["realms"]["Рим"]["freedom"] = freedom
    lines = [
        "ДАРОВАТЬ ПРАВА",
        "УСТРОИТЬ ЗРЕЛИЩА Лаций",
        "ПРИЗВАТЬ ОПОЛЧЕНИЕ Умбрия",
        "СОЗДАТЬ ФЛОТИЛИЮ Анкона",
    ]
    codes = refused(state, family, *lines)
    assert len(codes) == len(lines) - allowed
    assert set(codes) <= {"council_projects_limit" if allowed else "council_projects_none"}


def test_the_refusal_says_the_form_the_status_and_the_number() -> None:
    state = game()
    state["realms"]["Рим"]["freedom"] = 30
    (problem,) = [
        p
        for p in RULESET.check(
            state, "Колонна", "planning", parsed(state, "Колонна", "ДАРОВАТЬ ПРАВА", "ДАРОВАТЬ ПРАВА")
        )
    ]
    assert RULESET.catalog.render(problem.msg, "ru") == (
        "При форме правления «Монархия» семья со статусом «Младшая» выдвигает не больше 1 проекта за ход."
    )


def test_a_refused_project_puts_nothing_on_the_council() -> None:
    state = game()
    result = run(state, {"Орсини": ["ДАРОВАТЬ ПРАВА"]})
    assert [i["kind"] for i in result.state["realms"]["Рим"]["agenda"]] == ["rights"]
    bad = parsed(state, "Орсини", "УСТРОИТЬ ЗРЕЛИЩА Пиза")
    from engines.rng import Rng

    later = RULESET.resolve(state, "planning", {"Орсини": bad}, Rng("t"))
    assert later.state["realms"]["Рим"]["agenda"] == []
    assert "Приказ в строке 1 не выполнен:" in RULESET.catalog.render(later.reports["Орсини"][0], "ru")
