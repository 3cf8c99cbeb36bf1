"""Whatever the checks accept resolves, and a project is carried out as it was accepted or the
report says why not: a flotilla only where the rulebook lets one be raised («только в провинциях
державы с портами или свойством «мореходные традиции»»: a shipyard is no port), and every kind
of project checked again when the council has voted, since the planning stage may have given
its province to another power, or a family given up the post it named."""

from __future__ import annotations

import copy
from collections.abc import Callable

import pytest

from engines.contract import Resolution
from engines.council.state import State
from tests.engines.council.helpers import game, group, refused, run, told

ROME, NAPLES = "Рим", "Неаполь"


def test_a_shipyard_is_no_port_so_an_inland_flotilla_is_refused_and_the_stage_resolves() -> None:
    """The trial's crash: Umbria, inland, with a shipyard, passed the check and the decisions
    stage raised StopIteration looking for its sea."""
    state = game()
    state["provinces"]["Умбрия"]["buildings"] = ["Верфь"]
    assert refused(state, "Орсини", "СОЗДАТЬ ФЛОТИЛИЮ Умбрия") == ["council_no_harbour"]
    planned = run(state, {"Орсини": ["СОЗДАТЬ ФЛОТИЛИЮ Анкона"]}).state
    decided = run(planned, {"Орсини": ["ГОЛОСОВАТЬ 1 за"]}).state
    assert decided["realms"][ROME]["flotillas"]["Флотилия 1"]["sea"] == "Адриатическое море"


def test_a_shipyard_is_built_only_by_a_port_or_seafaring_traditions() -> None:
    state = game()
    state["phase"] = "actions"
    state["families"]["Орсини"]["rights"] = ["improvements"]
    assert refused(state, "Орсини", "ПОСТРОИТЬ Умбрия Верфь") == ["council_shipyard_no_harbour"]
    assert refused(state, "Орсини", "ПОСТРОИТЬ Анкона Верфь") == []


def annexed(state: State, province: str, by: str) -> State:
    """`by` holds `province` with its army, so its ruling family may annex it at planning."""
    state["provinces"][province]["occupied"] = by
    return state


# ---- the planning stage gives a province to another power before the council votes ---------------
def voted(state: State, project: str, family: str, annex: str) -> Resolution[State]:
    """`family` puts `project` while Rome's ruling Orsini annex `annex`; then the council passes it."""
    planned = run(state, {family: [project], "Орсини": [f"АННЕКСИРОВАТЬ {annex}"]}).state
    assert planned["provinces"][annex]["realm"] == ROME
    return run(planned, {family: ["ГОЛОСОВАТЬ 1 за"]})


def test_a_governor_is_not_set_in_a_province_another_power_annexed() -> None:
    """The trial's case: a family became governor of a province another power annexed."""
    state = annexed(game(), "Абруццо", ROME)
    result = voted(state, "НАЗНАЧИТЬ НАМЕСТНИКА Абруццо Карафа", "Караччоло", "Абруццо")
    assert result.state["provinces"]["Абруццо"]["governor"] == ""
    assert group(result, NAPLES)[-2:] == ["Проект 1 не исполнен:", "Абруццо — не провинция Неаполя."]


def test_a_migration_to_a_province_another_power_annexed_is_not_decided() -> None:
    state = annexed(game(), "Абруццо", ROME)
    result = voted(state, "ПЕРЕСЕЛИТЬ Кампания Абруццо", "Караччоло", "Абруццо")
    assert result.state["realms"][NAPLES]["pending"] == []
    assert "Абруццо не принадлежит Неаполю и не входит в его сферу влияния." in group(result, NAPLES)


def test_traders_are_not_expelled_from_a_province_that_left_the_power() -> None:
    state = annexed(game(), "Апулия", ROME)
    result = voted(state, "ИЗГНАТЬ ТОРГОВЦЕВ Апулия", "Караччоло", "Апулия")
    assert result.state["realms"][NAPLES]["pending"] == []
    assert "Апулия не принадлежит Неаполю и не входит в его сферу влияния." in group(result, NAPLES)


def test_a_dismissal_of_a_governor_who_resigned_at_the_vote_is_not_carried_out() -> None:
    planned = run(game(), {"Орсини": ["НАЗНАЧИТЬ НАМЕСТНИКА Умбрия"]}).state
    result = run(planned, {"Орсини": ["ГОЛОСОВАТЬ 1 за"], "Колонна": ["ОТКАЗАТЬСЯ ОТ НАМЕСТНИЧЕСТВА Умбрия"]})
    assert group(result, ROME)[-1] == "У Умбрии и так нет наместника."


def test_an_army_left_without_a_commander_at_the_vote_is_not_left_so_again() -> None:
    planned = run(game(), {"Орсини": ["СМЕНИТЬ КОМАНДУЮЩИХ Армия 1 Никто"]}).state
    result = run(planned, {"Орсини": ["ГОЛОСОВАТЬ 1 за"], "Колонна": ["ОТКАЗАТЬСЯ ОТ КОМАНДОВАНИЯ Армия 1"]})
    assert "В Армии 1 ничего не меняется: командующий тот же." in group(result, ROME)
    assert "Армия 1 осталась без командира." not in group(result, ROME)


# ---- every kind, its target changed hands after it was put ---------------------------------------
def _to_naples(province: str) -> Callable[[State], None]:
    def change(state: State) -> None:
        here = state["provinces"][province]
        here["realm"], here["governor"], here["sphere"] = NAPLES, "", ""

    return change


def _commanded_by(family: str) -> Callable[[State], None]:
    def change(state: State) -> None:
        state["realms"][ROME]["armies"]["Армия 1"]["commander"] = family

    return change


def _posts_closed(state: State) -> None:
    state["trading_posts"] = [p for p in state["trading_posts"] if p["province"] != "Корсика"]


# Rome's projects (Medici's for the sphere), and how the world changed after they were put. A
# grant of rights and a repression name nothing that changes hands; fleet orders are carried out
# by an action, which finds a flotilla sunk or driven off by an earlier battle of the stage.
CHANGED = [
    ("Орсини", "СОЗДАТЬ АРМИЮ Анкона Савелли", _to_naples("Анкона"), "Анкона — не провинция Рима."),
    ("Орсини", "ПРИЗВАТЬ ОПОЛЧЕНИЕ Лаций, Умбрия", _to_naples("Умбрия"), "Умбрия — не провинция Рима."),
    (
        "Орсини",
        "СМЕНИТЬ КОМАНДУЮЩИХ Армия 1 Савелли",
        _commanded_by("Савелли"),
        "В Армии 1 ничего не меняется: командующий тот же.",
    ),
    (
        "Медичи",
        "ИЗГНАТЬ ТОРГОВЦЕВ Корсика",
        _posts_closed,
        "Чужой фактории на Корсике нет.",
    ),
    (
        "Медичи",
        "ИСКЛЮЧИТЬ ИЗ СФЕРЫ Корсика",
        _to_naples("Корсика"),
        "Корсика не входит в сферу влияния Флоренции.",
    ),
    (
        "Орсини",
        "ПЕРЕСЕЛИТЬ Лаций Умбрия",
        _to_naples("Умбрия"),
        "Умбрия не принадлежит Риму и не входит в его сферу влияния.",
    ),
    ("Орсини", "НАЗНАЧИТЬ НАМЕСТНИКА Анкона Савелли", _to_naples("Анкона"), "Анкона — не провинция Рима."),
    ("Орсини", "УСТРОИТЬ ЗРЕЛИЩА Романья", _to_naples("Романья"), "Романья — не провинция Рима."),
    ("Орсини", "СОЗДАТЬ ФЛОТИЛИЮ Анкона", _to_naples("Анкона"), "Анкона — не провинция Рима."),
]


@pytest.mark.parametrize(("family", "project", "change", "why"), CHANGED)
def test_every_project_is_checked_again_when_the_council_has_voted(
    family: str, project: str, change: Callable[[State], None], why: str
) -> None:
    planned = run(game(), {family: [project]}).state
    change(planned)
    before = copy.deepcopy(planned)
    result = run(planned, {family: ["ГОЛОСОВАТЬ 1 за"]})
    realm = result.state["families"][family]["realm"]
    news = group(result, realm)
    assert news[-1] == why and (news[-2] == "Проект 1 не исполнен:" or "КОМАНДУЮЩИХ" in project)
    after = result.state
    assert after["provinces"] == before["provinces"] and after["trading_posts"] == before["trading_posts"]
    assert after["realms"][realm]["armies"] == before["realms"][realm]["armies"]
    assert after["realms"][realm]["flotillas"] == before["realms"][realm]["flotillas"]
    assert (after["realms"][realm]["militia"], after["realms"][realm]["pending"]) == (0, [])


def test_the_councils_fleet_orders_find_their_flotilla_sunk_earlier_in_the_stage() -> None:
    state = game()
    state["realms"]["Венеция"]["flotillas"]["Флотилия 1"]["sea"] = "Ионическое море"
    planned = run(state, {"Караччоло": ["УПРАВЛЯТЬ ФЛОТОМ Флотилия 1 Ионическое море"]}).state
    decided = run(planned, {"Караччоло": ["ГОЛОСОВАТЬ 1 за"]}).state
    del decided["realms"][NAPLES]["flotillas"]["Флотилия 1"]  # as if sunk before Naples' turn came
    result = run(decided, {})
    assert "Флотилия 1 потоплена или отброшена раньше в этой стадии." in told(result, "Караччоло")
