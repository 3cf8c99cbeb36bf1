"""«VIII. Взаимодействие между племенами» and development from contact, with the rulebook's numbers:
the catch-up bonus («племя 1 имеет 15 воентех и 10 хозтех, а племя 2 - 10 воентех и 15 хозтех.
Племя 1 получит бонус к росту хозтеха, равный 0,5»), +0,1 соцтех a community in contact, a
neighbour's technology without its trigger, isolation; exchange (+5 %), gifts, joining by consent,
the computer's tribes (exchange +20, gifts 1 to 1, assimilation at 100); development points divided
among the communities; decisions offered privately, in force from the next turn."""

from __future__ import annotations

from engines.tribes import RULESET, contact
from engines.tribes import community as numbers
from engines.tribes.checks import check
from engines.tribes.development import gains
from engines.tribes.level import level_of
from engines.tribes.state import State
from tests.engines.tribes.helpers import (
    add_community,
    community,
    learnt,
    order,
    plain,
    resolve,
    said,
    set_community,
    state_of,
    world,
)

W, B = "Волки", "Медведи"
STONE = {"name": "Люди Камня", "en": "Stone People", "cell": "Е5"}
FISHING = {
    "name": "Рыболовство",
    "en": "Fishing",
    "needs": {"eco": 5, "at": ["river"]},
    "effects": {"limit": 1},
}
EXCHANGE = {
    "name": "Обмен",
    "en": "Exchange",
    "needs": {"soc": 900},
    "effects": {"commands": ["exchange", "gift"]},
}
KIN = {"name": "Родство", "en": "Kinship", "needs": {"soc": 900}, "effects": {"commands": ["annex"]}}


def pair(cells: tuple[str, str] = ("Д5", "Е5"), rows: list[str] | None = None, **more: object) -> State:
    return state_of(world(rows or plain(), list(cells), **more), players=2)


def points(state: State, power: str, **tenths: int) -> State:
    state["tribes"][power]["points"].update(tenths)
    return state


def test_the_rulebooks_catch_up_example_and_a_tenth_of_soctech_a_community_in_contact() -> None:
    state = points(points(pair(), W, mil=150, eco=100), B, mil=100, eco=150)
    assert contact.bonuses(state, W) == {"soc": 1, "mil": 0, "eco": 5}  # хозтех +0,5; соцтех +0,1
    assert contact.bonuses(state, B) == {"soc": 1, "mil": 5, "eco": 0}
    state = points(state, B, eco=147)  # 0,1 of a gap of 4,7 is 0,47: «с округлением в меньшую сторону»
    assert contact.bonuses(state, W)["eco"] == 4
    apart = points(points(pair(("Б2", "Ж5")), W, eco=100), B, eco=150)
    assert contact.bonuses(apart, W) == {"soc": 0, "mil": 0, "eco": 0}  # two cells apart: no contact


def test_the_catch_up_bonus_reads_the_steps_start_whatever_the_lot() -> None:
    """The step of development is simultaneous: the Wolves' catch-up is a tenth of the gap as the
    step began, never of the Bears' points already raised earlier in the same step by the lot."""
    state = points(points(pair(), W, soc=100), B, soc=150)
    gained = set()
    for seed in map(str, range(8)):
        after = resolve(state, seed=seed).state
        gained.add(after["tribes"][W]["points"]["soc"] - 100)
    assert len(gained) == 1, gained


def test_only_the_widest_gap_counts_and_isolation_stops_it_both_ways() -> None:
    state = state_of(world(plain(), ["Д5", "Е5", "Д6"]), players=3)
    state = points(points(points(state, W, eco=100), B, eco=150), "Вороны", eco=300)
    assert contact.bonuses(state, W) == {"soc": 2, "mil": 0, "eco": 20}  # 0,1 × 20, not the sum
    state["tribes"]["Вороны"]["isolated"] = True
    assert contact.bonuses(state, W) == {"soc": 1, "mil": 0, "eco": 5}
    state["tribes"][W]["isolated"] = True
    assert contact.bonuses(state, W) == {"soc": 0, "mil": 0, "eco": 0}


def test_points_are_divided_among_the_communities() -> None:
    state = state_of(world(plain(), ["Д5"]), players=1)
    state = set_community(state, W, 1, strata={"gatherers": 10}, children=0)
    assert gains(state, W) == {"soc": 10, "mil": 0, "eco": 10}  # 10 gatherers × 0,1
    state = add_community(state, W, "Ж5", {"gatherers": 10})  # «одна средней численности община
    assert gains(state, W) == {"soc": 10, "mil": 0, "eco": 10}  # принесет больше ОР»: 20 × 0,1 ÷ 2


def test_a_neighbours_technology_comes_without_its_trigger_but_not_without_points() -> None:
    rows = [" ".join(["Рр", *["Р"] * 8]), *plain()[1:]]  # a river on А1 only
    state = learnt(pair(("Д5", "Е5"), rows=rows, techs=[FISHING]), B, "Рыболовство")
    state = points(state, W, eco=50)
    after = resolve(state).state
    assert "Рыболовство" in after["tribes"][W]["techs"]  # no river: its neighbour knows it
    lonely = points(state_of(world(rows, ["Д5"], techs=[FISHING]), players=1), W, eco=50)
    assert "Рыболовство" not in resolve(lonely).state["tribes"][W]["techs"]


def test_an_exchange_wants_both_sides_and_gives_each_five_percent_more_food() -> None:
    state = learnt(pair(techs=[EXCHANGE]), W, "Обмен")
    for power in (W, B):
        state = set_community(state, power, 1, strata={"gatherers": 20}, children=0)
    level = level_of(state, W)
    plain_food = numbers.gathered(state, level, community(state, W))
    assert numbers.gathered(state, level, community(state, W), more=5) == 23 > plain_food == 22
    one_sided = resolve(state, {W: [order("exchange", community=1, cell="Е5")]})
    assert "оно не ответило тем же" in "\n".join(said(one_sided.reports[W]))
    both = {W: [order("exchange", community=1, cell="Е5")], B: [order("exchange", community=1, cell="Д5")]}
    result = resolve(state, both)
    assert community(result.state, W)["children"] == community(one_sided.state, W)["children"] + 1
    assert "Обмен" in result.state["tribes"][B]["techs"]  # «вторая сторона получит эту технологию»


def test_the_computers_tribes_always_exchange_and_count_gifts_one_to_one_then_join_at_100() -> None:
    state = learnt(state_of(world(plain(), ["Д5"], techs=[EXCHANGE], ai=[STONE]), players=1), W, "Обмен")
    state = set_community(state, W, 1, strata={"gatherers": 20}, children=0)
    after = resolve(state, {W: [order("exchange", community=1, cell="Е5")]}).state
    assert after["ai"][0]["relations"][W] == 20  # «улучшает взаимоотношения на 20 ед.»
    after = resolve(after, {W: [order("gift", community=1, cell="Е5", count=2)]}).state
    assert after["ai"][0]["relations"][W] == 22  # «1 к одному»
    assert said(
        [p.msg for p in check(after, W, "orders", [order("assimilate", community=1, cell="Е5")])]
    ) == ["Отношения с племенем Людей Камня — 22 из 100: ассимилировать его можно при 100."]
    after["ai"][0]["relations"][W] = 100
    kept = after["ai"][0]["community"]["strata"]
    result = resolve(after, {W: [order("assimilate", community=1, cell="Е5")]})
    joined = result.state
    people = sum(kept.values())  # «полностью сохранив свой стратовый состав и численность»
    assert f"Племя Людей Камня вошло в ваше племя общиной 2: {people} человека." in said(result.reports[W])
    assert joined["ai"] == [] and community(joined, W, 2)["cell"] == "Е5"
    assert joined["tribes"][W]["war"]["assimilated"] == 1


def test_a_small_community_joins_another_tribe_when_both_order_it() -> None:
    state = learnt(pair(("Д5", "З5"), techs=[KIN]), B, "Родство")
    state = add_community(state, W, "Ж5", {"hunters": 7})  # a third of 30 or less
    state = set_community(state, B, 1, children=0)  # the Bears' 20 take it within their ЛЧ 30
    cede = {W: [order("cede", community=2, cell="З5")]}
    alone = resolve(state, cede)
    assert len(alone.state["tribes"][W]["communities"]) == 2
    both = resolve(state, {**cede, B: [order("accept", community=1, cell="Ж5")]})
    assert len(both.state["tribes"][W]["communities"]) == 1
    assert "Община 2 ушла к племени Медведей." in said(both.reports[W])


def test_a_decision_is_offered_privately_and_works_from_the_next_turn() -> None:
    rite = {"name": "Обряд", "en": "Rite", "needs": {"soc": 1}, "effects": {"limit": 1}}
    decision = {
        "name": "Уклад",
        "en": "Way",
        "needs": {"after": ["Обряд"]},
        "permanent": True,
        "options": [
            {"name": "Охота", "en": "Hunt", "effects": {"numbers": {"hunters": {"food": 0.5}}}},
            {"name": "Сбор", "en": "Gather", "effects": {"numbers": {"gatherers": {"food": 0.5}}}},
        ],
    }
    state = learnt(
        state_of(world(plain(), ["Д5"], techs=[rite], decisions=[decision]), players=1), W, "Обряд"
    )
    offered = resolve(state)
    text = "\n".join(said(offered.reports[W]))
    assert "Вам предложено решение «Уклад» (принимается раз и навсегда): Охота — охотники: еда +0,5" in text
    assert all("Уклад" not in said([m])[0] for m in offered.news)  # offered privately
    chose = resolve(offered.state, {W: [order("choose", option="Охота")]}).state
    assert level_of(chose, W).numbers["hunters"]["food"] == 16  # 1,1 + 0,5, from the next turn
    assert said([p.msg for p in check(chose, W, "orders", [order("choose", option="Сбор")])]) == [
        "Решение «Уклад» вам сейчас не предложено или уже принято навсегда."
    ]


def test_a_city_ends_the_game_and_the_news_names_three_winners() -> None:
    city = {"name": "Город", "en": "City", "needs": {"eco": 5}, "effects": {"city": True}}
    state = state_of(world(plain(), ["Б2", "Д5", "З8", "Б8"], techs=[city]), players=4)
    state = points(state, W, eco=50)
    state["tribes"][B]["war"]["ai_destroyed"] = 2  # 10 victory points: first
    result = resolve(state)
    assert result.state["over"] and result.state["city"] == W
    news = said(result.news)
    assert "Основан первый город: игра окончена." in news
    winners = RULESET.public_view(result.state)["winners"]
    assert winners[0] == B and W in winners and len(winners) >= 3
    assert f"Победители: {', '.join(winners)}." in news


def test_a_changeable_decision_changes_and_the_faith_is_written_once_a_technology_opens_it() -> None:
    pantheon = {
        "name": "Пантеон",
        "en": "Pantheon",
        "needs": {"soc": 900},
        "effects": {"commands": ["faith"]},
    }
    decision = {
        "name": "Уклад",
        "en": "Way",
        "options": [
            {"name": "Старейшины", "en": "Elders", "effects": {"limit": 1}},
            {"name": "Вождь", "en": "Chief", "effects": {"limit": 2}},
        ],
    }
    state = state_of(world(plain(), ["Д5"], techs=[pantheon], decisions=[decision]), players=1)
    first = resolve(state, {W: [order("choose", option="Старейшины")]}).state
    assert level_of(first, W).limit == 1
    second = resolve(first, {W: [order("choose", option="Вождь")]}).state
    assert level_of(second, W).limit == 2 and second["tribes"][W]["decisions"]["Уклад"]["option"] == "Вождь"
    faith = [order("faith", text="Небо — отец, земля — мать")]
    assert said([p.msg for p in check(second, W, "orders", faith)]) == [
        "Записать свою веру ваше племя сможет, когда у него появится пантеон богов."
    ]
    believing = resolve(learnt(second, W, "Пантеон"), {W: faith}).state
    assert RULESET.view(believing, W)["faith"] == "Небо — отец, земля — мать"
