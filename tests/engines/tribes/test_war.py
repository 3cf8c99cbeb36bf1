"""«VI. Войны» with the rulebook's numbers: the attacker wins with 25 % more БО (at least 125 %),
losses fall on warriors (at most half, rounded up), then hunters (up to half of the rest), then
gatherers, farmers and herders evenly, never on aristocrats, shamans, priests, elders or children;
the beaten retreat 3 cells away from the attacker, or are no more; the winner takes 25 % of their
stock; a raid halves the losses and drives nobody off; a computer's tribe beaten loses ЛЧ by 50 %
and 25 % for two turns and a second defeat in them ends it."""

from __future__ import annotations

import copy
from typing import Any, cast

import pytest

from engines.tribes import community as numbers
from engines.tribes import contact, war
from engines.tribes.checks import check
from engines.tribes.said import Story
from engines.tribes.state import State
from tests.engines.tribes.helpers import (
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
WAR = {"name": "Война", "en": "War", "needs": {"mil": 900}, "effects": {"commands": ["war"]}}
RAID = {"name": "Набеги", "en": "Raids", "needs": {"mil": 900}, "effects": {"commands": ["raid"]}}


def two(rows: list[str] | None = None, cells: tuple[str, str] = ("Д5", "Е5"), **more: Any) -> State:
    """Wolves (who know war and raids) and Bears side by side; no ai."""
    state = state_of(world(rows or plain(), list(cells), techs=[WAR, RAID], **more), players=2)
    return learnt(state, W, "Война", "Набеги")


def fight(state: State, raid: bool = False) -> tuple[State, Story]:
    story = Story(state["powers"])
    own = community(state, W)
    target = contact.on_cell(state, W, own, community(state, B)["cell"])
    assert target is not None
    war.battle(state, W, own, target, raid, set(), {}, story)
    return state, story


def test_losses_fall_by_the_rulebooks_order_of_strata() -> None:
    strata = {"warriors": 4, "hunters": 6, "gatherers": 6, "farmers": 2, "aristocrats": 1, "shamans": 2}
    # 10: warriors 4 (half would be 5), hunters 3 of the 6 left, then 2 and 1 evenly
    assert war.casualties(strata, 10) == {"warriors": 4, "hunters": 3, "gatherers": 2, "farmers": 1}
    # warriors at most half (rounded up) of 7 = 4; hunters half of 3 = 2; the last one goes round again
    assert war.casualties({"warriors": 10, "hunters": 10}, 7) == {"warriors": 5, "hunters": 2}
    assert war.casualties({"aristocrats": 3, "shamans": 2, "priests": 1}, 5) == {}


@pytest.mark.parametrize(("hunters", "wins"), [(25, True), (24, False)])
def test_the_attacker_wins_with_25_percent_more_combat_points_at_least(hunters: int, wins: bool) -> None:
    state = set_community(two(), W, 1, strata={"hunters": hunters})  # БО 2 each: 50 or 48
    state = set_community(state, B, 1, strata={"hunters": 20}, children=8)  # БО 40; 50 = 125 %
    after, story = fight(state)
    report = said(story.reports[W])[0]
    assert report.startswith(f"Община 1 напала на Медведей на Е5 и {'победила' if wins else 'проиграла'}")
    assert (community(after, W)["cell"] == "Е5") == wins  # «Победившая сторона занимает территорию»


def test_the_beaten_retreat_three_cells_away_from_the_attacker_and_lose_a_quarter_of_their_stock() -> None:
    state = set_community(two(), W, 1, strata={"hunters": 30}, children=0)  # БО 60
    state = set_community(state, B, 1, strata={"hunters": 20, "aristocrats": 1}, children=8)  # БО 43
    after, story = fight(state)
    beaten = community(after, B)
    assert beaten["cell"] == "И5"  # Д5 → Е5: three cells further east
    assert beaten["children"] == 6 and community(after, W)["children"] == 2  # «25% от имевшихся запасов»
    # ours: the loser loses 30 % × 60/43 of 20 fighters, rounded up: 9 (below half: no destruction);
    # the winner 10 % × 43/60 of 30, rounded up: 3; the aristocrat takes no loss
    assert beaten["strata"] == {"hunters": 11, "aristocrats": 1}
    assert community(after, W)["strata"] == {"hunters": 27}
    assert after["tribes"][W]["war"] == {
        "plundered": 2,
        "killed": 9,
        "ai_destroyed": 0,
        "players_destroyed": 0,
        "assimilated": 0,
    }
    assert said(story.reports[B])[-1] == "Община 1 отступила на И5."


def test_a_loser_losing_half_its_fighters_is_no_more_and_a_raid_halves_losses_and_drives_none_off() -> None:
    strong = set_community(two(), W, 1, strata={"hunters": 40}, children=0)  # БО 80
    state = set_community(strong, B, 1, strata={"hunters": 10}, children=4)  # БО 20: 30 % × 4 = all
    after, _ = fight(state)
    assert after["tribes"][B]["communities"] == [] and after["tribes"][W]["war"]["players_destroyed"] == 1
    raided, story = fight(set_community(strong, B, 1, strata={"hunters": 16}, children=4), raid=True)
    # war: 30 % × 80/32 of 16 = 12; a raid halves it to 6, and nobody is driven off
    assert community(raided, B)["strata"] == {"hunters": 10} and community(raided, B)["cell"] == "Е5"
    assert community(raided, W)["cell"] == "Д5" and community(raided, B)["children"] == 3
    assert any(
        s.startswith("На общину 1 (Е5) совершили набег Волки и победили") for s in said(story.reports[B])
    )


def test_the_defender_gets_its_terrains_modifier_and_a_migrating_side_25_percent() -> None:
    hills = [" ".join(["Х"] * 9)] * 9  # «модификатор местности»: ours +25 % on hills
    state = set_community(two(hills), W, 1, strata={"hunters": 25})  # 50 against 40 × 1.25 = 50
    state = set_community(state, B, 1, strata={"hunters": 20})
    _, story = fight(copy.deepcopy(state))
    assert "проиграла" in said(story.reports[W])[0]
    state["tribes"][W]["migrating"] = True  # «25% бонус к БО»: 62,5 against 50
    _, story = fight(state)
    assert "победила" in said(story.reports[W])[0]


def test_the_tribe_attacked_learns_war_without_its_conditions_and_does_not_move() -> None:
    state = set_community(two(), W, 1, strata={"hunters": 30}, children=0)  # БО 60
    state = set_community(state, B, 1, strata={"hunters": 20, "gatherers": 10}, children=0)  # БО 50: held
    orders = {W: [order("war", community=1, cell="Е5")], B: [order("move", community=1, code="5")]}
    result = resolve(state, orders)
    assert "Война" in result.state["tribes"][B]["techs"]
    reports = "\n".join(said(result.reports[B]))
    assert "переняло технологию «Война»" in reports
    assert "Община 1 в этом ходу подверглась нападению и никуда не пошла." in reports


def test_war_needs_the_technology_a_neighbour_and_one_attack_a_community() -> None:
    state = two()
    lines = [order("war", 1, community=1, cell="Е5"), order("war", 2, community=1, cell="Е5")]
    assert said([p.msg for p in check(state, W, "orders", lines)]) == [
        "Община 1 уже нападает (строка 1): за ход — одно нападение."
    ]
    assert said([p.msg for p in check(state, B, "orders", [order("war", community=1, cell="Д5")])]) == [
        "Ваше племя ещё не знает войны."
    ]
    assert said([p.msg for p in check(state, W, "orders", [order("raid", community=1, cell="Ж5")])]) == [
        "Рядом с общиной 1 на Ж5 нет общины другого племени."
    ]


def test_a_computers_tribe_beaten_loses_relations_and_limit_and_a_second_defeat_ends_it() -> None:
    data = world(
        plain(), ["Д5"], techs=[WAR], ai=[{"name": "Люди Камня", "en": "Stone People", "cell": "Е5"}]
    )
    state = learnt(state_of(data, players=1), W, "Война")
    state = set_community(state, W, 1, strata={"hunters": 60})
    state["ai"][0]["relations"][W] = 70
    ai = state["ai"][0]
    limit = numbers.ai_limit(state, ai["community"])
    after = resolve(state, {W: [order("raid", community=1, cell="Е5")]}).state
    beaten = after["ai"][0]
    assert beaten["relations"][W] == 20 and beaten["beaten"] == 1  # «ухудшает взаимоотношения на 50 ед.»
    assert numbers.ai_limit(after, beaten["community"], beaten["beaten"]) == limit // 2  # turn 2: −50 %
    later = cast(State, {**after, "turn": 3})
    assert numbers.ai_limit(later, beaten["community"], 1) == limit * 75 // 100  # −25 %
    cell = beaten["community"]["cell"]
    again = resolve(after, {W: [order("raid", community=1, cell=cell)]}).state
    assert again["ai"] == [] and again["tribes"][W]["war"]["ai_destroyed"] == 1  # «два удачных нападения»
