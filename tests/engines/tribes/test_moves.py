"""Moves: the rulebook's own code examples («223 … 232»), the cost of the cell left, the points of
each mode, the stops (the sea, the map's edge, a held cell, another tribe met, the place a
condition names) and, as properties over any code, the path a walk takes."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.tribes import moves, world
from engines.tribes.checks import check
from engines.tribes.level import level_of
from engines.tribes.state import State
from tests.engines.tribes.helpers import (
    add_community,
    community,
    order,
    plain,
    resolve,
    said,
    set_community,
    state_of,
)
from tests.engines.tribes.helpers import (
    world as gm_world,
)

X = "\u00a0×\u00a0"  # a food sum's «×», kept on its line
W = "Волки"
DIGITS = "12345678"


def alone(rows: list[str], cell: str) -> State:
    return state_of(gm_world(rows, [cell]), players=1)


def walked(state: State, code: str, clauses: tuple[str, ...] = ()) -> moves.Walk:
    return moves.walk(state, W, community(state, W), code, clauses, level_of(state, W))


def test_223_and_232_end_on_the_same_cell_through_different_cells() -> None:
    """«заявка вида 223 будет означать перемещение дважды на север и затем один раз на
    северо-восток. При этом 232 – … оно пройдет разные клетки»."""
    first, second = alone(plain(), "Д5"), alone(plain(), "Д5")
    one, two = walked(first, "223"), walked(second, "232")
    assert one.path == ("Д4", "Д3", "Е2") and two.path == ("Д4", "Е3", "Е2")


def test_leaving_a_forest_for_a_plain_costs_two_points() -> None:
    """«двигаясь с клетки леса на клетку равнины вы потратите 2 очка перемещения»"""
    rows = ["Рл Р Р Р", "Р Р Р Р", "Р Р Р Р"]
    made = walked(alone(rows, "А1"), "555")
    assert made.path == ("Б1", "В1") and made.stop == "tired"  # 2 + 1 = 3 points: the third step has none
    (known,) = check(alone(rows, "А1"), W, "orders", [order("move", community=1, code="555")])
    assert said([known.msg]) == ["На этот путь нужно не меньше 4 очков перемещения, а у общины 3."]
    blind = ["Р Р Рл Р", "Р Р Р Р", "Р Р Р Р"]  # the forest on В1 is unexplored: the order stands
    result = resolve(alone(blind, "А1"), {W: [order("move", community=1, code="555")]})
    walk = "Община 1 прошла 2 клетки: А1 → Б1 → В1; на большее не хватило очков перемещения."
    assert walk in said(result.reports[W])


def test_the_first_step_is_made_whatever_it_costs() -> None:
    state = alone(["Гл Р Р", "Р Р Р", "Р Р Р"], "А1")  # a forested mountain: 3 + 1 points
    assert walked(state, "55").path == ("Б1",)


def test_a_walk_stops_before_the_sea_the_edge_and_a_held_cell() -> None:
    state = alone(["Р Р М", "Р Р Р", "Р Р Р"], "А1")
    assert walked(state, "55") == moves.Walk(("Б1",), "sea", "В1")
    assert walked(alone(plain(3, 3), "А1"), "4") == moves.Walk((), "edge", "А1")
    held = state_of(gm_world(plain(), ["Д5", "Е5"]), players=2)
    assert walked(held, "5") == moves.Walk((), "taken", "Е5", "Медведи")


def test_meeting_another_tribe_stops_a_walk_unless_it_goes_past() -> None:
    def state() -> State:
        both = state_of(gm_world(plain(12, 3), ["А2", "И2"]), players=2)
        both["tribes"][W]["migrating"] = True
        return both

    assert walked(state(), "555555555") == moves.Walk(
        ("Б2", "В2", "Г2", "Д2", "Е2", "Ж2", "З2"), "met", "Медведи"
    )
    assert walked(state(), "555555555", ("мимо",)).stop == "taken"  # stopped only by the held cell


def test_a_condition_stops_a_walk_where_it_names() -> None:
    state = alone(["Р Р Рр Р Р"] * 3, "А1")
    made = walked(state, "5555", ("до реки",))
    assert made == moves.Walk(("Б1", "В1"), "reached", "river")


def test_the_check_refuses_a_known_sea_too_many_steps_and_both_meeting_conditions() -> None:
    state = alone(["Р М Р", "Р Р Р", "Р Р Р"], "А1")
    for code, clauses, said_ in (
        ("5", (), "Шаг 1 ведёт в море."),
        ("7777", (), "За ход община проходит не больше 3 клеток, а в коде 4 шага."),
        ("7", ("мимо", "до встречи"), "«до встречи» и «мимо» вместе не бывают."),
    ):
        (problem,) = check(
            state, W, "orders", [order("move", community=1, code=code, lists={"conditions": clauses})]
        )
        assert said([problem.msg]) == [said_]


def test_a_move_that_would_leave_the_distance_limit_is_refused_and_one_that_does_breaks_away() -> None:
    state = add_community(alone(plain(12, 3), "А2"), W, "Д2", {"hunters": 6})  # 4 cells: ЛР 4
    (problem,) = check(state, W, "orders", [order("move", community=2, code="5")])
    assert said([problem.msg]) == [
        "Община 2 зашла бы на Е2, дальше 4 клеток от главной общины (после всех ходов письма она "
        "будет на А2), и ушла бы из племени (ЛР)."
    ]
    far = set_community(state, W, 2, cell="Е2")  # already beyond, by a retreat or a change of ЛР
    result = resolve(far)
    assert [c["number"] for c in result.state["tribes"][W]["communities"]] == [1] and len(
        result.state["ai"]
    ) == 1
    assert (
        "Община 2 оказалась дальше 4 клеток от главной (ЛР) и стала независимым племенем — «Люди Ручья»."
        in said(result.reports[W])
    )


def test_a_community_gathers_on_the_cell_it_held_at_the_start_of_the_turn() -> None:
    state = set_community(
        alone(["Рлр Р Р", "Р Р Р", "Р Р Р"], "А1"), W, 1, strata={"hunters": 10, "gatherers": 10}, children=0
    )
    result = resolve(state, {W: [order("move", community=1, code="5")]})
    assert (
        f"Община 1 добыла 26\u00a0ед. еды (лес, река: охотники 10{X}1,1 +20\u00a0%, собиратели 10{X}1,1 "
        "+20\u00a0%), едоков 20" in said(result.reports[W])[1]
    )  # the forest and river's
    assert community(result.state, W)["cell"] == "Б1"


WIDE = [" ".join(["Р"] * 28)] * 28


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=DIGITS, min_size=1, max_size=20))
def test_a_walk_over_open_land_follows_its_code_step_by_step_to_its_sum(code: str) -> None:
    state = alone(WIDE, "Н14")
    state["tribes"][W]["migrating"] = True
    made = walked(state, code)
    assert made.stop == "done" and len(made.path) == len(code)
    cells = ["Н14", *made.path]
    assert all(world.distance(a, b) == 1 for a, b in itertools.pairwise(cells))
    x, y = world.xy("Н14")
    dx, dy = sum(world.DIRECTIONS[d][0] for d in code), sum(world.DIRECTIONS[d][1] for d in code)
    assert world.xy(made.path[-1]) == (x + dx, y + dy)
    assert moves.plan(state, W, "Н14", code).end == made.path[-1]


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=DIGITS, min_size=1, max_size=20), st.randoms(use_true_random=False))
def test_codes_of_the_same_steps_in_any_order_end_on_one_cell(code: str, random: object) -> None:
    shuffled = list(code)
    random.shuffle(shuffled)  # type: ignore[attr-defined]
    ends = []
    for order_ in (code, "".join(shuffled)):
        state = alone(WIDE, "Н14")
        state["tribes"][W]["migrating"] = True
        ends.append(walked(state, order_).path[-1])
    assert ends[0] == ends[1]


LAND = st.lists(st.sampled_from(["Р", "Рл", "Т", "Г", "М", "Б"]), min_size=36, max_size=36)


@settings(max_examples=60, deadline=None)
@given(LAND, st.text(alphabet=DIGITS, min_size=1, max_size=20), st.booleans())
def test_a_walk_never_leaves_the_map_nor_enters_the_sea_nor_spends_more_than_it_has(
    cells: list[str], code: str, migrating: bool
) -> None:
    cells[14] = "Р"  # the start, В3
    rows = [" ".join(cells[row * 6 : row * 6 + 6]) for row in range(6)]
    state = alone(rows, "В3")
    state["tribes"][W]["migrating"] = migrating
    made = walked(state, code)
    cells_walked = ["В3", *made.path]
    assert all(world.passable(state, c) for c in made.path)
    spent = sum(world.move_cost(state, c) for c in cells_walked[:-1])
    points = moves.points(state["tribes"][W], level_of(state, W))
    assert spent <= points or len(made.path) == 1
    assert len(made.path) == len(code) or made.stop in ("sea", "edge", "tired")
