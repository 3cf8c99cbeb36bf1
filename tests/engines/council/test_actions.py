"""Each action of stage 3 (8.4) and what it needs, checked against the world as the stage began:
the unlimited ones (guards, mercenaries, disbanding, a tribal raid) and those of the family's limit
(trading posts, diplomats, prestige, holdings, colonies, improvements and grand works, fleet
orders, marches), each of the latter on an auction's right or the family's own forces."""

from __future__ import annotations

import pytest

from engines.council import RULESET
from engines.council.data import DATA
from tests.engines.council.helpers import actions, at_war, game, log, parsed, refused, run, told

A = DATA.actions


def test_guard_costs_money_has_a_ceiling_and_serves_where_it_is_sent() -> None:
    state = actions(game())
    state["families"]["Колонна"]["money"] = 25
    assert refused(state, "Колонна", "СОЗДАТЬ ГВАРДИЮ 3") == ["council_not_enough_money"]
    assert refused(state, "Колонна", "СОЗДАТЬ ГВАРДИЮ 2", "СОЗДАТЬ ГВАРДИЮ 1") == ["council_duplicate"]
    assert refused(state, "Колонна", "НАПРАВИТЬ ГВАРДИЮ Армия 1") == ["council_no_guard_home"]
    # the guard just raised may be sent in the same mail («в том числе и только что созданным»)
    result = run(state, {"Колонна": ["СОЗДАТЬ ГВАРДИЮ 2", "НАПРАВИТЬ ГВАРДИЮ Армия 1"]})
    # each outcome told to the family as to the reader, one line an action; the GM's log names it
    assert told(result, "Колонна")[:2] == [
        f"Вы создали 2 отряда гвардии за {2 * A.guard_cost}\u00a0Д.",
        "Ваша гвардия (2 отряда) направлена в Армию 1.",
    ]
    assert f"Колонна создали 2 отряда гвардии за {2 * A.guard_cost}\u00a0Д." in log(result)
    army = result.state["realms"]["Рим"]["armies"]["Армия 1"]
    assert army["guards"] == {"Колонна": 2} and result.state["families"]["Колонна"]["guard"] == 0
    assert result.state["families"]["Колонна"]["money"] == 25 - 2 * A.guard_cost + _income(result, "Колонна")
    after = actions(result.state)
    assert refused(after, "Колонна", f"СОЗДАТЬ ГВАРДИЮ {A.guard_most - 1}") == ["council_guard_full"]
    assert refused(after, "Орсини", "ОТОЗВАТЬ ГВАРДИЮ Армия 1") == ["council_no_guard_in"]
    recalled = run(after, {"Колонна": ["ОТОЗВАТЬ ГВАРДИЮ Армия 1"]}).state
    assert recalled["families"]["Колонна"]["guard"] == 2
    assert recalled["realms"]["Рим"]["armies"]["Армия 1"]["guards"] == {}


def _income(result: object, family: str) -> int:
    state = result.state  # type: ignore[attr-defined]
    return sum(line["amount"] for line in state["families"][family]["income"])


def test_mercenaries_need_the_auctions_right_and_join_an_army_of_the_power() -> None:
    state = actions(game())
    assert refused(state, "Савелли", "НАНЯТЬ НАЁМНИКОВ Армия 1") == ["council_no_right"]
    state["families"]["Савелли"]["rights"] = ["mercenaries"]
    assert refused(state, "Савелли", "НАНЯТЬ НАЁМНИКОВ Армия 1", "НАНЯТЬ НАЁМНИКОВ Армия 1") == [
        "council_no_right_more"
    ]
    after = run(state, {"Савелли": ["НАНЯТЬ НАЁМНИКОВ Армия 1"]}).state
    assert after["realms"]["Рим"]["armies"]["Армия 1"]["units"]["mercenaries"] == A.mercenaries
    assert after["families"]["Савелли"]["rights"] == []


def test_only_the_commander_disbands_an_army_or_its_units_of_one_kind() -> None:
    state = actions(game())
    assert refused(state, "Орсини", "РАСФОРМИРОВАТЬ Армия 1") == ["council_not_commander"]
    assert refused(state, "Колонна", "РАСФОРМИРОВАТЬ Армия 1 Ополчение") == ["council_no_such_units"]
    state["realms"]["Рим"]["armies"]["Армия 1"]["guards"] = {"Савелли": 1}
    after = run(state, {"Колонна": ["РАСФОРМИРОВАТЬ Армия 1 Регулярные"]}).state
    assert after["realms"]["Рим"]["armies"]["Армия 1"]["units"]["regulars"] == 0
    gone = run(actions(after), {"Колонна": ["РАСФОРМИРОВАТЬ Армия 1"]}).state
    assert gone["realms"]["Рим"]["armies"] == {} and gone["families"]["Савелли"]["guard"] == 1


def test_a_trading_post_abroad_next_to_the_powers_reach_on_the_right() -> None:
    state = actions(game(), Пацци="trading_post")
    assert refused(state, "Пацци", "ОТКРЫТЬ ФАКТОРИЮ Сиена") == ["council_post_at_home"]
    assert refused(state, "Медичи", "ОТКРЫТЬ ФАКТОРИЮ Лаций") == ["council_no_right"]
    assert refused(state, "Пацци", "ОТКРЫТЬ ФАКТОРИЮ Далмация") == ["council_too_far"]
    result = run(state, {"Пацци": ["ОТКРЫТЬ ФАКТОРИЮ Лаций"]})
    assert {"province": "Лаций", "realm": "Флоренция", "family": "Пацци"} in result.state["trading_posts"]
    assert "Торговцы Флоренции открыли факторию в Лации." in [
        RULESET.catalog.render(m, "ru") for m in result.group_news["Рим"]
    ]
    # the post pays from the next turn: 4 Д
    assert {"item": "trading_posts", "amount": DATA.income.per_trading_post} in result.state["families"][
        "Пацци"
    ]["income"]


def test_a_diplomat_brings_free_barbarian_land_next_to_the_power_into_its_sphere() -> None:
    state = actions(game(), Караччоло="diplomats", Медичи="diplomats")
    assert refused(state, "Медичи", "ПОСЛАТЬ ДИПЛОМАТА Тунис") == ["council_not_open_land"]  # Naples' sphere
    assert refused(state, "Медичи", "ПОСЛАТЬ ДИПЛОМАТА Албания") == ["council_not_open_land"]  # occupied
    assert refused(state, "Медичи", "ПОСЛАТЬ ДИПЛОМАТА Сардиния") == []  # across the Tyrrhenian Sea
    result = run(state, {"Караччоло": ["ПОСЛАТЬ ДИПЛОМАТА Сардиния"]})
    assert result.state["provinces"]["Сардиния"]["sphere"] == "Неаполь"
    assert "Неаполь включил Сардинию в свою сферу влияния." in [
        RULESET.catalog.render(m, "ru") for m in result.news
    ]


def test_prestige_and_a_family_holding_spend_a_diplomat() -> None:
    state = actions(game(), Савелли=["diplomats", "diplomats"])
    assert refused(state, "Савелли", "ЗАЯВИТЬ ПРАВА Лаций") == ["council_has_governor"]
    assert refused(state, "Савелли", "ЗАЯВИТЬ ПРАВА Пиза") == ["council_not_our_reach"]
    # a junior family of a despotism takes one action a turn
    assert refused(state, "Савелли", "ЗАЯВИТЬ ПРАВА Анкона", "ПОВЫСИТЬ ПРЕСТИЖ") == ["council_actions_limit"]
    result = run(state, {"Савелли": ["ЗАЯВИТЬ ПРАВА Анкона"]})
    ancona = result.state["provinces"]["Анкона"]
    assert (ancona["governor"], ancona["holding"]) == ("Савелли", True)
    assert result.state["families"]["Савелли"]["rights"] == ["diplomats"]
    # the council cannot take a holding away
    assert refused(result.state, "Орсини", "НАЗНАЧИТЬ НАМЕСТНИКА Анкона Колонна") == ["council_holding"]
    state = actions(game(), Медичи="diplomats")
    influence = state["families"]["Медичи"]["influence"]
    after = run(state, {"Медичи": ["ПОВЫСИТЬ ПРЕСТИЖ"]}).state
    assert (
        after["families"]["Медичи"]["influence"]
        == influence + A.prestige + after["families"]["Медичи"]["gain"]
    )


def test_a_colony_is_founded_in_the_sphere_the_power_had_when_the_stage_began() -> None:
    state = actions(game(), Медичи="colonists", Пацци="diplomats")
    assert refused(state, "Медичи", "ОСНОВАТЬ КОЛОНИЮ Сардиния") == ["council_not_in_sphere"]
    # a diplomat and a colonist in one turn: the colony needs the sphere of the stage's start (8.6)
    state["families"]["Медичи"]["rights"].append("diplomats")
    assert refused(state, "Медичи", "ОСНОВАТЬ КОЛОНИЮ Корсика") == []
    result = run(state, {"Медичи": ["ОСНОВАТЬ КОЛОНИЮ Корсика"]})
    corsica = result.state["provinces"]["Корсика"]
    assert (corsica["realm"], corsica["sphere"], corsica["governor"]) == ("Флоренция", "", "Медичи")
    assert "Флоренция основала колонию на Корсике." in [RULESET.catalog.render(m, "ru") for m in result.news]


def test_improvements_in_a_free_province_of_the_power_and_a_grand_work_for_money() -> None:
    state = actions(game(), Колонна="improvements")
    assert refused(state, "Колонна", "ПОСТРОИТЬ Лаций Собор") == ["council_already_built"]
    assert refused(state, "Колонна", "ПОСТРОИТЬ Пиза Рынок") == ["council_not_our_province"]
    state["provinces"]["Умбрия"]["revolt"] = True
    assert refused(state, "Колонна", "ПОСТРОИТЬ Умбрия Рынок") == ["council_province_not_free"]
    state["families"]["Колонна"]["money"] = A.grand_cost - 1
    assert refused(state, "Колонна", "ПОСТРОИТЬ Лаций Дворец") == ["council_not_enough_money"]
    state["families"]["Колонна"]["money"] = A.grand_cost
    result = run(state, {"Колонна": ["ПОСТРОИТЬ Лаций Дворец"]})
    assert "Дворец" in result.state["provinces"]["Лаций"]["buildings"]
    assert "Колонна возвели грандиозное сооружение «Дворец» в Лации." in [
        RULESET.catalog.render(m, "ru") for m in result.news
    ]


def test_the_ruling_family_sails_its_flotillas_one_sea_on_as_one_action() -> None:
    state = actions(game())
    assert refused(state, "Мочениго", "ФЛОТ Флотилия 1 Ионическое море") == ["council_ruling_only"]
    assert refused(state, "Дандоло", "ФЛОТ Флотилия 1 Тирренское море") == ["council_sea_too_far"]
    assert "ФЛОТ" not in {c.keywords[0] for c in RULESET.known_commands(state, "Медичи", "actions")}
    assert refused(state, "Дандоло", "ФЛОТ Флотилия 1 Ионическое море") == []


def test_a_march_needs_the_command_a_path_along_borders_and_ends_on_land() -> None:
    state = actions(game())
    assert refused(state, "Орсини", "ПОХОД Армия 1 Умбрия") == ["council_not_commander"]
    assert refused(state, "Колонна", "ПОХОД Армия 1 Анкона") == ["council_path_broken"]
    assert refused(state, "Колонна", "ПОХОД Армия 1 Тирренское море") == ["council_path_ends_at_sea"]
    assert refused(state, "Колонна", "ПОХОД Армия 1 Сиена") == ["council_path_closed"]  # no war with Florence
    assert refused(state, "Колонна", "ПОХОД Армия 1 Умбрия Анкона") == []
    at_war(state, "Рим", "Флоренция")
    assert refused(state, "Колонна", "ПОХОД Армия 1 Сиена") == []


def test_all_the_marches_of_a_family_are_one_action() -> None:
    state = actions(game())
    state["realms"]["Рим"]["armies"]["Армия 2"] = state["realms"]["Рим"]["armies"]["Армия 1"] | {
        "province": "Анкона"
    }
    state["families"]["Колонна"]["rights"] = ["diplomats"]
    # Colonna are junior in a despotism: one action, and both marches are it
    assert refused(state, "Колонна", "ПОХОД Армия 1 Умбрия", "ПОХОД Армия 2 Абруццо") == [
        "council_path_closed"
    ]
    assert refused(state, "Колонна", "ПОХОД Армия 1 Умбрия", "ПОХОД Армия 2 Романья") == []
    assert refused(state, "Колонна", "ПОХОД Армия 1 Умбрия", "ПОВЫСИТЬ ПРЕСТИЖ") == ["council_actions_limit"]


@pytest.mark.parametrize(
    ("family", "line", "code"),
    [
        ("Карафа", "ЗАКРЫТЬ ФАКТОРИЮ Апулия", "council_no_expel_decision"),
        ("Карафа", "ПРОВЕСТИ ПЕРЕСЕЛЕНИЕ", "council_no_migration_decision"),
        ("Карафа", "ОСНОВАТЬ КОЛОНИЮ Тунис", "council_no_right"),
        ("Карафа", "ПОСЛАТЬ ДИПЛОМАТА Сардиния", "council_no_right"),
        ("Карафа", "ПОСТРОИТЬ Абруццо Рынок", "council_no_right"),
    ],
)
def test_each_limited_action_names_what_it_lacks(family: str, line: str, code: str) -> None:
    assert refused(actions(game()), family, line) == [code]


def test_a_tribal_raid_is_the_secret_leaders_and_reaches_across_one_sea() -> None:
    state = RULESET.with_data(actions(game()), {"tribal_unions": {"Сарды": "Пацци"}})
    assert "raid" in {c.name for c in RULESET.known_commands(state, "Пацци", "actions")}
    assert "raid" not in {c.name for c in RULESET.known_commands(state, "Медичи", "actions")}
    assert refused(state, "Пацци", "НАБЕГ Корсы Лаций") == ["council_not_leader"]
    assert refused(state, "Пацци", "НАБЕГ Сарды Венето") == ["council_raid_too_far"]
    state["tribes"]["Сарды"]["warriors"] = (
        12  # beyond any defence of Latium: 1 + 2 + a die against 12 + a die
    )
    result = run(state, {"Пацци": ["НАБЕГ Сарды Лаций"]})
    latium = result.state["provinces"]["Лаций"]
    assert latium["population"] == 40 - A.raid_population
    news = [RULESET.catalog.render(m, "ru") for m in result.news]
    assert any(line.startswith("Союз «Сарды» разорил Лаций") for line in news)
    assert not any("Пацци" in line for line in news)  # the leader stays secret
    assert "Набег на Лаций удался." in told(result, "Пацци")
    assert any("Пацци: НАБЕГ Сарды Лаций" in line for line in log(result))


def test_every_action_of_the_stage_parses_in_the_familys_own_names() -> None:
    state = actions(game(), Колонна="improvements")
    assert [c.name for c in parsed(state, "Колонна", "ПОСТРОИТЬ Лаций Рынок", "ПОХОД Армия 1 Умбрия")] == [
        "build",
        "march",
    ]


def test_a_mail_that_disbands_an_army_and_then_its_units_resolves() -> None:
    """Random accepted orders found it: the second line's army was gone and `resolve` raised."""
    state = actions(game())
    lines = ("РАСФОРМИРОВАТЬ Армия 1", "РАСФОРМИРОВАТЬ Армия 1 Регулярные")
    result = run(state, {"Колонна": list(lines)})
    assert result.state["realms"]["Рим"]["armies"] == {}
    assert "Армия 1 уже расформирована строкой выше." in told(result, "Колонна")
