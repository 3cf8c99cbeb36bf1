"""The rulebook's rules, one test each, with its own numbers («Изначально численность каждого
племени равна 20», «Базовый ЛЧ равен 30», «в численном соотношении 2 к 1», «до трети ЛЧ», «одной
пятой ЛЧ», «1/10», «3 собирателя, 2 охотника и 3 воина»…) and, where the copy we have lost a
table, with ours (data.toml, README)."""

from __future__ import annotations

from typing import cast

import pytest

from engines.rng import Rng
from engines.tribes import RULESET
from engines.tribes import community as numbers
from engines.tribes.checks import check
from engines.tribes.growth import mortality, starve
from engines.tribes.level import level_of
from engines.tribes.state import Community, State
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

WARRIORS = {"name": "Воинское братство", "en": "Warrior band", "effects": {"opens": ["warriors"]}}
ELDERS = {"name": "Погребальный обряд", "en": "Burial rite", "effects": {"opens": ["elders"]}}
X = "\u00a0×\u00a0"  # a food sum's «×», kept on its line
W = "Волки"


def one_tribe(rows: list[str] | None = None, cell: str = "Д5", **more: object) -> dict[str, object]:
    return world(rows or plain(), [cell], **more)


def alone(data: dict[str, object]) -> State:
    """The Wolves alone on a world."""
    return state_of(data, players=1)


def test_a_tribe_starts_with_one_community_of_limit_30_which_becomes_main_when_a_second_appears() -> None:
    """«Изначально в племени лишь одна община, она же станет главной общиной, когда появятся
    новые»: the lone community has the base ЛЧ 30, not the main one's 50 % more, so it first
    splits at 31; then it is the main one (45) and the new one has 30."""
    state = alone(one_tribe())
    tribe = state["tribes"][W]
    (start,) = tribe["communities"]
    assert numbers.people(start) == 20 and start["strata"]["aristocrats"] == 1 and not start["main"]
    level = level_of(state, W)
    assert numbers.limit(state, level, start, migrating=False) == 30  # «Базовый ЛЧ равен 30»
    assert (level.communities, level.distance) == (2, 4)
    assert len(tribe["explored"]) == 9  # «видит» 3×3
    crowded = set_community(
        state, W, 1, strata={"hunters": 16, "gatherers": 14, "aristocrats": 1}, children=0
    )
    after = resolve(crowded).state  # 31 > 30
    mother, new = sorted(after["tribes"][W]["communities"], key=lambda c: c["number"])
    assert mother["main"] and not new["main"] and numbers.people(new) == 10
    level = level_of(after, W)
    assert numbers.limit(after, level, mother, False) == 45 and numbers.limit(after, level, new, False) == 30


def test_a_community_over_its_limit_splits_two_to_one_with_the_mothers_strata() -> None:
    state = add_community(alone(one_tribe()), W, "Е5", {"hunters": 16, "gatherers": 15})
    state = set_community(state, W, 1, children=0)
    after = resolve(state).state  # 31 > 30: «новая община составит треть от численности старой»
    tribe = after["tribes"][W]
    assert len(tribe["communities"]) == 2 or len(after["ai"]) == 1
    second = community(state, W, 2)
    assert numbers.people(second) == 31
    new = [
        c
        for c in (*tribe["communities"], *(a["community"] for a in after["ai"]))
        if c["cell"] not in ("Д5", "Е5")
    ]
    assert [numbers.people(c) for c in new] == [10] and new[0]["strata"] == {"hunters": 5, "gatherers": 5}


def test_a_split_beyond_the_community_limit_makes_a_tribe_of_the_computers_which_keeps_two_turns() -> None:
    state = add_community(alone(one_tribe()), W, "Е5", {"hunters": 16, "gatherers": 15})
    result = resolve(state)  # two communities already: ЛО 2 reached
    after = result.state
    assert len(after["tribes"][W]["communities"]) == 2
    (split,) = [a for a in after["ai"] if a["frozen"]]
    assert numbers.people(split["community"]) == 10 and split["frozen"] == 2
    assert "стали новым племенем — «Люди Ручья»" in "\n".join(said(result.reports[W]))
    assert split["name"] in after["tribes"][W]["met"] and split["name"] not in after["powers"]
    for _ in range(2):
        after = resolve(after, seed=f"{after['turn']}").state
        assert numbers.people(next(a for a in after["ai"] if a["name"] == split["name"])["community"]) == 10
    after = resolve(after, seed="again").state
    settled = next(a for a in after["ai"] if a["name"] == split["name"])
    limit = numbers.ai_limit(after, settled["community"])
    assert numbers.people(settled["community"]) == limit * 75 // 100  # «численность 75% от ЛЧ»
    assert settled["community"]["strata"] == {"hunters": 9, "gatherers": 9, "warriors": 4}  # 2:2:1 of 22


@pytest.mark.parametrize(("people", "merges"), [(10, True), (11, False)])
def test_a_community_at_a_third_of_its_limit_may_merge_into_a_neighbour(people: int, merges: bool) -> None:
    state = add_community(alone(one_tribe()), W, "Е5", {"hunters": people})  # ЛЧ 30: a third is 10
    problems = check(state, W, "orders", [order("merge", community=2, into=1)])
    assert (problems == []) == merges
    if not merges:
        assert said([problems[0].msg]) == [
            "В общине 2 больше трети её ЛЧ (30): влить в другую можно только малую общину."
        ]


def test_merging_wants_neighbours_and_room_in_the_limit() -> None:
    far = add_community(alone(one_tribe()), W, "З5", {"hunters": 8})
    assert said([p.msg for p in check(far, W, "orders", [order("merge", community=2, into=1)])]) == [
        "Общины 2 и 1 не соседи: сливаются только общины на соседних клетках."
    ]
    full = set_community(
        add_community(alone(one_tribe()), W, "Е5", {"hunters": 8}), W, 1, strata={"hunters": 40}
    )
    assert said([p.msg for p in check(full, W, "orders", [order("merge", community=2, into=1)])]) == [
        "Вместе общины 2 и 1 превысят ЛЧ общины 1 (45)."
    ]
    ok = add_community(alone(one_tribe()), W, "Е5", {"hunters": 8})
    after = resolve(ok, {W: [order("merge", community=2, into=1)]}).state
    assert [c["number"] for c in after["tribes"][W]["communities"]] == [1]


@pytest.mark.parametrize(("people", "stays"), [(6, False), (5, False), (7, True)])
def test_a_community_at_a_fifth_of_its_limit_vanishes(people: int, stays: bool) -> None:
    state = add_community(alone(one_tribe()), W, "Ж5", {"gatherers": people + 1})  # one dies of age? no: 4%
    state = set_community(state, W, 2, strata={"gatherers": people})
    after = resolve(state).state
    assert any(c["number"] == 2 for c in after["tribes"][W]["communities"]) == stays


def test_the_main_or_last_community_never_vanishes_and_a_tribe_without_one_dies_out() -> None:
    state = set_community(alone(one_tribe()), W, 1, strata={"hunters": 8}, children=0)
    after = resolve(state).state
    assert len(after["tribes"][W]["communities"]) == 1  # 8 of 45: below a fifth, but the main one
    starving = set_community(
        alone(one_tribe(["П П П"] * 3, cell="Б2")), W, 1, strata={"aristocrats": 1}, children=0
    )
    result = resolve(starving)
    assert result.state["tribes"][W]["extinct"] == 1 and RULESET.ended(result.state) == {W}
    assert "Ваше племя вымерло: не осталось ни одной общины." in said(result.reports[W])


def test_elders_are_a_tenth_of_the_others_and_none_in_migration() -> None:
    state = learnt(alone(one_tribe(techs=[ELDERS])), W, "Погребальный обряд")
    state = set_community(state, W, 1, strata={"hunters": 20, "gatherers": 15}, children=0)
    level = level_of(state, W)
    assert numbers.elders(level, community(state, W), migrating=False) == 3  # 35 // 10
    assert numbers.elders(level, community(state, W), migrating=True) == 0


def test_famine_takes_the_elders_first_then_gatherers_hunters_herders_farmers_then_the_rest() -> None:
    village = {
        "number": 1,
        "cell": "А1",
        "strata": {"hunters": 3, "gatherers": 2, "warriors": 2, "aristocrats": 1},
        "elders": 1,
        "children": 0,
        "main": True,
    }
    dead = starve(village, 7)  # type: ignore[arg-type]
    assert dead == {"elders": 1, "gatherers": 2, "hunters": 3, "warriors": 1}
    assert village["strata"] == {"warriors": 1, "aristocrats": 1}


def test_the_rulebooks_children_example_places_8_of_10_and_the_rest_go_by_default() -> None:
    """«если на этом ходу страта детей равна 10, то игрок может распределить по другим стратам 10
    человек – например 3 собирателя, 2 охотника и 3 воина»: 8 placed; the other 2 by default."""
    state = learnt(alone(one_tribe(techs=[WARRIORS])), W, "Воинское братство")
    state = set_community(state, W, 1, children=10, strata={"hunters": 10, "gatherers": 10})
    orders = [
        order("children", 1, community=1, stratum="Собиратели", count=3),
        order("children", 2, community=1, stratum="Охотники", count=2),
        order("children", 3, community=1, stratum="Воины", count=3),
    ]
    assert check(state, W, "orders", orders) == []
    result = resolve(state, {W: orders})
    assert "Община 1: дети выросли — охотники +3, собиратели +4, воины +3." in said(result.reports[W])
    refused = check(
        state, W, "orders", [*orders, order("children", 4, community=1, stratum="Охотники", count=3)]
    )
    assert said([p.msg for p in refused]) == [
        "В общине 1 всего 10 детей, а вместе со строками выше распределено больше (до этой строки — 8)."
    ]


def _village(cell: str, **strata: int) -> dict[str, object]:
    return {"number": 1, "cell": cell, "strata": strata, "elders": 0, "children": 0, "main": True}


def test_food_is_each_strata_yield_with_the_cells_bonuses_within_the_taiga_and_steppe_caps() -> None:
    state = alone(one_tribe(["Рлр Рл Р Р", "С Т М Р", "Р Р Р Р", "Р Р Р Р"], cell="А1"))
    level = level_of(state, W)

    def food(cell: str, **strata: int) -> int:
        return numbers.gathered(state, level, _village(cell, **strata))  # type: ignore[arg-type]

    assert food("Г4", hunters=10, gatherers=10) == 22  # 10 × 1,1 + 10 × 1,1 on a bare plain
    assert food("А1", hunters=10, gatherers=10) == 26  # forest and river: +20 % each, 26,4 rounded down
    assert food("В1", gatherers=10) == 12  # coast (the sea beside it): gatherers +10 %, 12,1
    assert food("Б2", hunters=30) == 24  # taiga: 33 capped at 24
    assert food("А2", hunters=30) == 26  # steppe: 33 capped at 26


def test_everyone_but_the_children_eats_one_and_what_is_left_is_the_next_turns_children() -> None:
    state = set_community(
        alone(one_tribe()), W, 1, strata={"hunters": 10, "gatherers": 10, "aristocrats": 1}, children=0
    )
    after = resolve(state).state  # 22 food, 21 eaters
    assert community(after, W)["children"] == 1
    assert (
        f"Община 1 добыла 22\u00a0ед. еды (охотники 10{X}1,1, собиратели 10{X}1,1), едоков 21: из остатка "
        "в следующем ходу будет 1 ребёнок." in said(resolve(state).reports[W])
    )


def test_the_report_sums_the_food_and_warns_the_turn_before_the_steppes_cap_starves_a_community() -> None:
    """The issue's tribe on the steppe: «Голод… добыто 26 ед. еды, а едоков 29», where by hand the
    strata gather 30,8 and the steppe caps food at 26. The sum says so, and the turn before, the
    report warns first that next turn's eaters exceed what the cell can give."""
    steppe = alone(one_tribe(["С С С"] * 3, cell="Б2"))
    hungry = set_community(
        steppe, W, 1, strata={"hunters": 14, "gatherers": 14, "aristocrats": 1}, children=0
    )
    famine = said(resolve(hungry).reports[W])
    assert (
        f"Голод в общине 1: добыто 26\u00a0ед. еды (охотники 14{X}1,1, собиратели 14{X}1,1 — 30,8, но в "
        "степи не больше 26), а едоков 29. Умерли 3 человека (собиратели 3), детей в следующем ходу не будет."
        in famine
    )
    elders = alone(one_tribe(["С С С"] * 3, cell="Б2", techs=[ELDERS]))  # elders from turn 2: 2 more eat
    before = set_community(
        elders, W, 1, strata={"hunters": 12, "gatherers": 12, "aristocrats": 1}, children=0
    )
    report = said(resolve(before).reports[W])  # fed on turn 1: 26 for 25
    assert report[0] == (
        f"Голод близко: в ходе 2 община 1 добудет на Б2 26\u00a0ед. еды (охотники 13{X}1,1, собиратели "
        f"12{X}1,1, старики 2{X}0,4 — 28,3, но в степи не больше 26), а едоков будет 28. Уведите её на землю "
        "побогаче (ИДТИ) или, когда еды не хватает, сделайте людей добытчиками (ПЕРЕВЕСТИ)."
    )


def test_famine_leaves_no_children_and_kills_as_many_as_food_is_missing() -> None:
    state = alone(one_tribe(["П П П"] * 3, cell="Б2"))  # desert: −60 % food, ЛЧ 30 − 50 % = 15
    state = set_community(state, W, 1, strata={"hunters": 8, "gatherers": 6, "aristocrats": 1}, children=0)
    result = resolve(state)  # 15 eat, 6 gathered: 14 × 1,1 × 40 % = 6,16
    village = community(result.state, W)
    assert village["children"] == 0
    assert (
        f"Голод в общине 1: добыто 6\u00a0ед. еды (пустыня: охотники 8{X}1,1 −60\u00a0%, собиратели 6{X}1,1 "
        "−60\u00a0%), а едоков 15. "
        "Умерли 9 человек (охотники 3, собиратели 6), детей в следующем ходу не будет."
        in said(result.reports[W])
    )


def test_natural_mortality_keeps_its_fractions_so_a_small_stratum_loses_its_rate_over_the_turns() -> None:
    """«Каждая страта каждый ход сокращается»: 8 % of 25 hunters is 2, the 0,96 of 24 gatherers
    is carried and kills one the next turn; 12 hunters at 8 % lose 0, 1, 1, 1, 1 over five turns
    (0,96 a turn: 4,8 in all), never a stratum too small to die."""
    state = alone(one_tribe())
    level = level_of(state, W)
    village = cast(Community, _village("Д5", hunters=25, gatherers=24, aristocrats=1))
    deaths, carried = mortality(level, village)
    assert deaths == {"hunters": 2} and carried == {"gatherers": 96, "aristocrats": 5}
    village["dying"] = carried
    assert mortality(level, village)[0]["gatherers"] == 1  # 0,96 + 0,96
    hunters = cast(Community, _village("Д5", hunters=12))
    lost = []
    for _ in range(5):
        dead, hunters["dying"] = mortality(level, hunters)
        lost.append(dead.get("hunters", 0))
    assert lost == [0, 1, 1, 1, 1]


def test_warriors_all_and_half_the_aristocrats_may_become_workers_only_when_food_is_short() -> None:
    """«игрок может в любой ход единомоментно перевести до 100% страты воинов и до 50% страт
    священников и аристократов», «когда кол-во добытой еды становится меньше, чем ее потребление»:
    each refusal says that rule, in the rulebook's words."""
    fed = learnt(alone(one_tribe(techs=[WARRIORS])), W, "Воинское братство")
    fed = set_community(fed, W, 1, strata={"hunters": 10, "warriors": 6, "aristocrats": 4}, children=0)
    convert = order("convert", community=1, source="Воины", count=6, target="Охотники")
    assert check(fed, W, "orders", [convert]) == []  # 14 food for 20 eaters
    aristocrats = order("convert", 2, community=1, source="Аристократы", count=3, target="Собиратели")
    rule = (
        "В добытчики переводят «до 100% страты воинов и до 50% страт священников и аристократов», "
        "с округлением вниз: "
    )
    assert said([p.msg for p in check(fed, W, "orders", [convert, aristocrats])]) == [
        rule + "в общине 1 аристократов: 4, перевести можно не больше 2."
    ]
    one = order("convert", 2, community=1, source="Аристократы", count=1, target="Собиратели")
    two = order("convert", 3, community=1, source="Аристократы", count=2, target="Охотники")
    assert said([p.msg for p in check(fed, W, "orders", [one, two])]) == [
        "В общине 1 аристократов: 4, перевести можно не больше 2 (50\u00a0%), а вместе со строками выше "
        "выходит больше (до этой строки — 1)."
    ]
    alone_chief = set_community(fed, W, 1, strata={"hunters": 5, "aristocrats": 1})  # 5 food for 6
    chief = order("convert", community=1, source="Аристократы", count=1, target="Охотники")
    assert said([p.msg for p in check(alone_chief, W, "orders", [chief])]) == [
        rule + "в общине 1 аристократов: 1, а 50\u00a0% от этого меньше человека — переводить некого."
    ]
    plenty = set_community(fed, W, 1, strata={"hunters": 30, "warriors": 2, "aristocrats": 1})
    assert said([p.msg for p in check(plenty, W, "orders", [convert])]) == [
        "Общине 1 хватает еды: в этом ходу она добудет 34\u00a0ед. на 33 едока, а в добытчики переводят, "
        "только «когда кол-во добытой еды становится меньше, чем ее потребление»."
    ]


def test_development_points_are_divided_among_the_communities() -> None:
    """«одна средней численности община принесет больше ОР, чем одна многочисленная и одна
    малочисленная»: 25 gatherers in one community against 30 and 10 in two."""
    from engines.tribes.development import gains

    one = set_community(alone(one_tribe()), W, 1, strata={"gatherers": 25}, children=0)
    two = add_community(set_community(one, W, 1, strata={"gatherers": 30}), W, "Е5", {"gatherers": 10})
    assert gains(one, W)["eco"] == 25 and gains(two, W)["eco"] == 20  # tenths: 2,5 against 40 ÷ 2


def test_a_technology_is_discovered_when_its_conditions_are_met_and_works_from_the_next_turn() -> None:
    state = alone(one_tribe(["Рр Р Р"] * 3, cell="А2"))  # a river: «Теснота» needs one
    result = resolve(state)
    assert result.state["tribes"][W]["techs"] == {"Теснота": 1}
    assert "Открыта технология «Теснота»: ЛЧ −18." in said(result.news)
    assert level_of(result.state, W).limit == -18  # in force on turn 2
    assert level_of(state, W).limit == 0
    assert "Технология «Теснота» вступила в действие." in said(resolve(result.state).reports[W])


def test_the_lot_of_the_turns_order_is_drawn_anew_each_turn_and_logged() -> None:
    state = state_of(world(plain(), ["Б2", "Б8", "З2", "З8"]))
    rng = Rng("lot")
    RULESET.resolve(state, "orders", {}, rng)
    (draw,) = [d for d in rng.log if d.purpose.code == "tribes.draw_order"]
    assert draw.purpose.params["turn"] == 1 and sorted(map(str, draw.values)) == sorted(state["powers"])


def test_migration_halves_the_limit_drops_the_elders_and_walks_twenty_from_the_next_turn() -> None:
    state = learnt(alone(one_tribe(plain(24, 9), cell="Б5", techs=[ELDERS])), W, "Погребальный обряд")
    state = set_community(state, W, 1, strata={"hunters": 7, "gatherers": 6, "aristocrats": 1}, children=0)
    after = resolve(state, {W: [order("migrate")]}).state  # 14 people: within a migrating ЛЧ of 15
    assert after["tribes"][W]["migrating"]
    level = level_of(after, W)  # the percents add up: the main one 100 + 50 − 50, another 100 − 50
    assert numbers.limit(after, level, community(after, W), migrating=True) == 15  # alone: no main yet
    far = add_community(after, W, "Б7", {"hunters": 5})
    assert numbers.limit(far, level, community(far, W), migrating=True) == 30
    assert numbers.limit(far, level, community(far, W, 2), migrating=True) == 15
    walked = resolve(after, {W: [order("move", community=1, code="5" * 20)]}).state
    assert community(walked, W)["cell"] == "Ц5" and community(walked, W)["elders"] == 0


SHAMANS = {"name": "Анимизм", "en": "Animism", "effects": {"opens": ["shamans"], "caps": {"shamans": 2}}}
PRIESTS = {"name": "Пантеон", "en": "Pantheon", "effects": {"opens": ["priests"]}}


def test_shamans_are_capped_and_priests_never_live_with_them() -> None:
    """«Количество шаманов в племени ограничено технологиями», «Количество священнослужителей … не
    ограничено, однако они не могут существовать в одной общине с шаманами»."""
    state = learnt(alone(one_tribe(techs=[SHAMANS, PRIESTS])), W, "Анимизм", "Пантеон")
    state = set_community(state, W, 1, children=10)

    def refusals(*orders: object) -> list[str]:
        return said([p.msg for p in check(state, W, "orders", list(orders))])  # type: ignore[arg-type]

    two = order("children", 1, community=1, stratum="Шаманы", count=2)
    assert refusals(two) == []
    assert refusals(two, order("children", 2, community=1, stratum="Шаманы", count=1)) == [
        "Страта «шаманы»: в общине 1 может быть не больше 2, а вместе со строками выше выходит больше "
        "(до этой строки — 2)."
    ]
    assert refusals(two, order("children", 2, community=1, stratum="Священнослужители", count=5)) == [
        "В общине 1 есть шаманы или священнослужители: вместе они в одной общине не живут."
    ]
    assert refusals(order("children", 1, community=1, stratum="Священнослужители", count=9)) == []
