"""The military projects and their limits (8.2), through to the actions stage that uses what they
made: a new army of regulars with an immune commander (project 1), militia called in free provinces
and given to armies by the ruling family (2), commanders changed (3), the council's fleet orders
carried out by the ruling family on its limit (10), a flotilla raised in a harbour (14); the
decisions of projects 5 and 7 carried out by an action of the same turn, or lapsing without one."""

from __future__ import annotations

from engines.council.data import DATA
from tests.engines.council.helpers import actions, game, group, log, refused, run, said, through, told

ROME, VENICE, NAPLES = "Рим", "Венеция", "Неаполь"


def test_a_new_army_has_the_regulars_of_the_data_and_an_immune_commander_one_a_turn() -> None:
    state = run(game(), {"Орсини": ["СОЗДАТЬ АРМИЮ Лаций Савелли"], "Колонна": ["СТАВКА Дипломат 3"]}).state
    assert refused(state, "Орсини", "ГОЛОСОВАТЬ 1 за") == []
    after = run(state, {"Орсини": ["ГОЛОСОВАТЬ 1 за"]}).state
    army = after["realms"][ROME]["armies"]["Армия 2"]
    assert army["units"] == {"regulars": DATA.war.new_army, "militia": 0, "mercenaries": 0}
    assert (army["commander"], army["immune_until"]) == ("Савелли", 1 + DATA.council.immunity_turns)
    # Rome is middle-sized: two armies at most, so no third one next turn
    assert refused(through(after, {}).state, "Орсини", "СОЗДАТЬ АРМИЮ Лаций Орсини") == [
        "council_armies_full"
    ]


def test_militia_costs_people_and_loyalty_waits_for_the_ruling_family_and_joins_an_army() -> None:
    state = run(game(), {"Орсини": ["ПРИЗВАТЬ ОПОЛЧЕНИЕ Лаций, Умбрия"]}).state
    decided = run(state, {"Орсини": ["ГОЛОСОВАТЬ 1 за"]}).state
    rome = decided["realms"][ROME]
    assert rome["militia"] == 2
    umbria = decided["provinces"]["Умбрия"]
    assert (umbria["population"], umbria["loyalty"]) == (25 - 3, 55 - 5)  # 0,3 of a жителя, −5
    assert refused(decided, "Колонна", "РАСПРЕДЕЛИТЬ ОПОЛЧЕНИЕ Армия 1 1") == ["council_ruling_only"]
    assert refused(decided, "Орсини", "РАСПРЕДЕЛИТЬ ОПОЛЧЕНИЕ Армия 1 3") == ["council_militia_short"]
    assert refused(
        decided, "Орсини", "РАСПРЕДЕЛИТЬ ОПОЛЧЕНИЕ Армия 1 1", "РАСПРЕДЕЛИТЬ ОПОЛЧЕНИЕ Армия 1 1"
    ) == ["council_duplicate"]
    result = run(decided, {"Орсини": ["РАСПРЕДЕЛИТЬ ОПОЛЧЕНИЕ Армия 1 2"]})
    army = result.state["realms"][ROME]["armies"]["Армия 1"]
    assert (army["units"]["militia"], result.state["realms"][ROME]["militia"]) == (2, 0)
    assert "Армия 1 получила ополчение: 2 отряда." in told(result, "Орсини")


def test_the_councils_fleet_orders_are_the_ruling_familys_action_and_idle_flotillas_stay() -> None:
    state = game()
    state["realms"][VENICE]["flotillas"]["Флотилия 2"] = {"sea": "Адриатическое море", "squadrons": 1}
    planned = run(state, {"Дандоло": ["УПРАВЛЯТЬ ФЛОТОМ Флотилия 1 Ионическое море"]}).state
    decided = run(planned, {"Дандоло": ["ГОЛОСОВАТЬ 1 за"]}).state
    assert [d["kind"] for d in decided["realms"][VENICE]["pending"]] == ["fleet"]
    # Venice is an oligarchy: the ruling family's two actions, one of them the council's
    assert refused(decided, "Дандоло", "ФЛОТ Флотилия 2 Ионическое море") == ["council_fleet_decided"]
    assert refused(decided, "Дандоло", "ПОВЫСИТЬ ПРЕСТИЖ") == ["council_no_right"]
    decided["families"]["Дандоло"]["rights"] = ["diplomats", "diplomats"]
    assert refused(decided, "Дандоло", "ПОВЫСИТЬ ПРЕСТИЖ", "ПОВЫСИТЬ ПРЕСТИЖ") == [
        "council_actions_limit_fleet"
    ]
    result = run(decided, {})
    flotillas = result.state["realms"][VENICE]["flotillas"]
    assert (flotillas["Флотилия 1"]["sea"], flotillas["Флотилия 2"]["sea"]) == (
        "Ионическое море",
        "Адриатическое море",
    )
    assert "Венеция: решение совета 1 о флоте исполняет правящая семья — Дандоло." in log(result)
    assert "Флотилия 1 перешла в Ионическое море." in group(result, VENICE)  # for the fleet's families
    assert "Флотилия 1 перешла в Ионическое море." not in told(result, "Дандоло")  # each event once
    assert result.state["realms"][VENICE]["pending"] == []


def test_a_flotilla_in_a_harbour_takes_the_reserve_and_bought_squadrons_join_the_first_flotilla() -> None:
    state = game()
    state["provinces"]["Анкона"]["buildings"] = ["Верфь"]  # a shipyard by the port adds its squadron
    state["realms"][ROME]["squadrons"] = 2
    planned = run(state, {"Орсини": ["СОЗДАТЬ ФЛОТИЛИЮ Анкона"]}).state
    decided = run(planned, {"Орсини": ["ГОЛОСОВАТЬ 1 за"]}).state
    assert decided["realms"][ROME]["flotillas"]["Флотилия 1"] == {
        "sea": "Адриатическое море",
        "squadrons": DATA.council.flotilla_squadrons + 1 + 2,
    }
    decided["realms"][VENICE]["squadrons"] = 1
    after = run(decided, {}).state
    assert after["realms"][VENICE]["flotillas"]["Флотилия 1"]["squadrons"] == 3
    assert after["realms"][VENICE]["squadrons"] == 0


def test_an_expulsion_is_carried_out_by_an_action_of_the_same_turn() -> None:
    planned = run(game(), {"Караччоло": ["ИЗГНАТЬ ТОРГОВЦЕВ Апулия"]}).state
    decided = run(planned, {"Караччоло": ["ГОЛОСОВАТЬ 1 за"]}).state
    assert refused(decided, "Карафа", "ЗАКРЫТЬ ФАКТОРИЮ Корсика") == ["council_no_expel_decision"]
    result = run(decided, {"Карафа": ["ЗАКРЫТЬ ФАКТОРИЮ Апулия"]})
    assert not [p for p in result.state["trading_posts"] if p["province"] == "Апулия"]
    assert "Неаполь изгнал чужеземных торговцев из Апулии." in said(result.news)
    assert "Неаполь закрыл вашу факторию в Апулии." in told(result, "Дандоло")
    assert not any("аннулировано" in line for line in group(result, NAPLES))


def test_a_migration_is_carried_out_by_an_action_of_the_same_turn() -> None:
    planned = run(game(), {"Караччоло": ["ПЕРЕСЕЛИТЬ Кампания Апулия"]}).state
    decided = run(planned, {"Караччоло": ["ГОЛОСОВАТЬ 1 за"]}).state
    result = run(decided, {"Сансеверино": ["ПРОВЕСТИ ПЕРЕСЕЛЕНИЕ"]})
    provinces = result.state["provinces"]
    assert (provinces["Кампания"]["population"], provinces["Апулия"]["population"]) == (30, 40)
    assert "Житель переселён из Кампании в Апулию." in group(result, NAPLES)


def test_projects_5_and_7_lapse_without_the_action() -> None:
    planned = run(game(), {"Караччоло": ["ИЗГНАТЬ ТОРГОВЦЕВ Апулия", "ПЕРЕСЕЛИТЬ Кампания Апулия"]}).state
    decided = run(planned, {"Караччоло": ["ГОЛОСОВАТЬ 1 за, 2 за"]}).state
    assert sorted(d["kind"] for d in decided["realms"][NAPLES]["pending"]) == ["expel", "migration"]
    result = run(decided, {})
    assert group(result, NAPLES)[:2] == [
        "Решение 1 («Изгнание торговцев») аннулировано: акцию никто не провёл.",
        "Решение 2 («Переселение») аннулировано: акцию никто не провёл.",
    ]
    assert any(p["province"] == "Апулия" for p in result.state["trading_posts"])
    assert result.state["provinces"]["Кампания"]["population"] == 40
    assert result.state["realms"][NAPLES]["pending"] == []
    # next turn the action has no decision to carry out
    assert refused(actions(result.state), "Карафа", "ПРОВЕСТИ ПЕРЕСЕЛЕНИЕ") == [
        "council_no_migration_decision"
    ]


def test_militia_given_without_a_count_is_all_that_awaits_orders() -> None:
    """A player trial wrote «распределить ополчение в армию 2»: all the militia called up."""
    state = run(game(), {"Орсини": ["ПРИЗВАТЬ ОПОЛЧЕНИЕ Лаций, Умбрия"]}).state
    decided = run(state, {"Орсини": ["ГОЛОСОВАТЬ 1 за"]}).state
    assert refused(decided, "Орсини", "распределить ополчение в армию 1") == []
    result = run(decided, {"Орсини": ["распределить ополчение в армию 1"]})
    army = result.state["realms"][ROME]["armies"]["Армия 1"]
    assert (army["units"]["militia"], result.state["realms"][ROME]["militia"]) == (2, 0)
    assert "Армия 1 получила ополчение: 2 отряда." in told(result, "Орсини")
    none = run(run(game(), {}).state, {}).state  # the actions stage of a turn that called none up
    assert refused(none, "Орсини", "РАСПРЕДЕЛИТЬ ОПОЛЧЕНИЕ Армия 1") == ["council_militia_short"]
