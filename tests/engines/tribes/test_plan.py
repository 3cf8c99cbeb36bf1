"""«a tribe's moves are one plan, judged and made together»: the check judges ЛР, the cells and
the ways against where all the tribe's communities end, whatever the lines' order, and step 9
makes exactly that plan; what another tribe changes on the ground stops a walk short with the
reason told, never into a loss beyond ЛР; a split settles off the tribe's ordered ways."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.contract import Command
from engines.tribes import moves, world
from engines.tribes.checks import check
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
from tests.engines.tribes.helpers import world as gm_world

W, B = "Волки", "Медведи"
WIDE = plain(20, 9)


def wolves(*more: tuple[str, dict[str, int]], cell: str = "Д6", migrating: bool = False) -> State:
    """The Wolves on a wide plain: their main community on `cell`, the others as given."""
    state = state_of(gm_world(WIDE, [cell]), players=1)
    for number, (where, strata) in enumerate(more, 2):
        state = add_community(state, W, where, strata, number=number)
    state["tribes"][W]["migrating"] = migrating
    return state


def moving(*lines: tuple[int, str, Sequence[str]]) -> list[Command]:
    return [
        order("move", line, community=number, code=code, lists={"conditions": clauses})
        for line, (number, code, clauses) in enumerate(lines, 1)
    ]


def cells(state: State) -> dict[int, str]:
    return {c["number"]: c["cell"] for c in state["tribes"][W]["communities"]}


def test_two_communities_walking_east_together_are_judged_and_made_as_one_plan_in_either_order() -> None:
    """The issue's tribe: community 1 on Д6, community 2 on Е6. Each walk alone would leave the
    other beyond ЛР; together they stay within it, and neither blocks the other's way."""
    state = wolves(("Е6", {"hunters": 12}), migrating=True)
    both = ((1, "55555", ()), (2, "55555", ()))
    for lines in (both, both[::-1]):
        commands = moving(*lines)
        assert check(state, W, "orders", commands) == []
        result = resolve(state, {W: commands})
        assert cells(result.state) == {1: "К6", 2: "Л6"} and result.state["ai"] == []
    passing = moving((1, "55", ("мимо",)), (2, "5555", ("мимо",)))  # 1 walks through 2's cell
    for commands in (passing, passing[::-1]):
        assert check(state, W, "orders", commands) == []
        after = resolve(state, {W: commands})
        assert cells(after.state) == {1: "Ж6", 2: "К6"}
        assert "Община 1 прошла 2 клетки: Д6 → Е6 → Ж6." in said(after.reports[W])


def test_a_move_past_the_distance_limit_is_refused_with_the_whole_plan_in_view() -> None:
    state = wolves(("Е6", {"hunters": 12}), migrating=True)
    (problem,) = check(state, W, "orders", moving((2, "55555", ())))
    assert problem.line == 1 and said([problem.msg]) == [
        "Община 2 зашла бы на К6, дальше 4 клеток от главной общины (после всех ходов письма она будет "
        "на Д6), и ушла бы из племени (ЛР)."
    ]
    (main,) = check(state, W, "orders", moving((1, "44444", ())))
    assert said([main.msg]) == [
        "Главная община зашла бы на А6, дальше 4 клеток от общины 2 (та остаётся на Е6), "
        "и та ушла бы из племени (ЛР)."
    ]
    after = resolve(state, {W: moving((2, "55555", ()))})  # refused: carried out as nothing
    assert cells(after.state) == {1: "Д6", 2: "Е6"} and after.state["ai"] == []


def test_two_communities_never_end_on_one_cell() -> None:
    state = wolves(("Ж6", {"hunters": 12}))
    (problem,) = check(state, W, "orders", moving((1, "55", ())))
    assert said([problem.msg]) == [
        "После всех ходов письма на Ж6 стояла бы и ваша община 2, а на клетке живёт одна община."
    ]
    assert check(state, W, "orders", moving((1, "55", ()), (2, "5", ()))) == []  # 2 makes room


def test_a_main_community_stopped_short_by_another_tribe_keeps_the_others_within_the_limit() -> None:
    """The Bears walk onto the Wolves' way first (by lot or not): the main community stops before
    them, and community 2, whose plan ended 4 cells beyond, stops where it stays within ЛР of it,
    each report saying why; nobody breaks away."""
    state = state_of(gm_world(WIDE, ["Д6", "З8"]), players=2)
    state = add_community(state, W, "Е5", {"hunters": 12})
    state["tribes"][W]["migrating"] = True
    wolves_go = moving((1, "5555", ("мимо",)), (2, "5555555", ("мимо",)))  # to И6 and Н5: 4 apart
    assert check(state, W, "orders", wolves_go) == []  # the Bears on З8 are out of sight
    bears_go = [order("move", community=1, code="22", lists={"conditions": ("мимо",)})]
    ends = set()
    for seed in map(str, range(8)):
        result = resolve(state, {W: wolves_go, B: bears_go}, seed=seed)
        assert result.state["ai"] == [] and len(result.state["tribes"][W]["communities"]) == 2
        ends.add((community(result.state, W, 1)["cell"], community(result.state, W, 2)["cell"]))
        if community(result.state, W, 1)["cell"] == "Ж6":  # the Bears came first onto З6
            report = said(result.reports[W])
            assert "Община 1 прошла 2 клетки: Д6 → Е6 → Ж6; дальше, на З6, живёт община Медведей." in report
            assert (
                "Община 2 прошла 5 клеток: Е5 → Ж5 → З5 → И5 → К5 → Л5; шаг на М5 увёл бы её дальше "
                "4 клеток от вашей общины 1 (она на Ж6), за ЛР." in report
            )
    assert ends == {("И6", "Н5"), ("Ж6", "Л5")}  # the lot decides who walks first


def test_a_community_that_cannot_leave_keeps_its_cell_and_the_report_names_it_as_the_players() -> None:
    """Community 2 plans to leave Е5 and community 1 to take it; the Bears, out of sight, step onto
    2's way first: 2 stays, so 1 stays too, told that its own community stands there."""
    state = state_of(gm_world(WIDE, ["Д5", "З6"]), players=2)
    state = add_community(state, W, "Е5", {"hunters": 12})
    wolves_go = moving((1, "5", ()), (2, "5", ()))
    assert check(state, W, "orders", wolves_go) == []
    bears_go = [order("move", community=1, code="1", lists={"conditions": ("мимо",)})]
    told = set()
    for seed in map(str, range(10)):
        result = resolve(state, {W: wolves_go, B: bears_go}, seed=seed)
        got = cells(result.state)
        assert got in ({1: "Е5", 2: "Ж5"}, {1: "Д5", 2: "Е5"})
        if got == {1: "Д5", 2: "Е5"}:  # the Bears first
            report = said(result.reports[W])
            assert "Община 2 осталась на Е5: на Ж5 живёт община Медведей." in report
            assert "Община 1 осталась на Д5: на Е5 стоит ваша община 2." in report
        told.add(tuple(got.values()))
    assert len(told) == 2


def test_a_split_settles_off_its_tribes_ordered_way_and_within_reach_of_the_main_one() -> None:
    crowded = set_community(
        wolves(), W, 1, strata={"hunters": 16, "gatherers": 14, "aristocrats": 1}, children=0
    )
    for seed in map(str, range(12)):
        result = resolve(crowded, {W: moving((1, "555", ()))}, seed=seed)
        got = cells(result.state)
        assert got[1] == "З6" and got[2] not in ("Е6", "Ж6", "З6") and world.distance(got[2], "З6") <= 4
        assert "Община 1 прошла 3 клетки: Д6 → Е6 → Ж6 → З6." in said(result.reports[W])


DIGITS = "12345678"


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.text(alphabet=DIGITS, min_size=1, max_size=6), min_size=3, max_size=3),
    st.permutations(range(3)),
)
def test_whatever_moves_the_check_accepts_are_made_whole_in_any_order(
    codes: list[str], lines: list[int]
) -> None:
    state = wolves(("Е6", {"hunters": 12}), ("Д5", {"hunters": 12}), cell="И5", migrating=True)
    commands = [
        order("move", line + 1, community=number, code=codes[number - 1])
        for number, line in zip((1, 2, 3), lines, strict=True)
    ]
    refused = {p.line for p in check(state, W, "orders", commands)}
    kept = [c for c in commands if c.line not in refused]
    result = resolve(state, {W: kept})
    assert result.state["ai"] == [], said(result.reports[W])
    for cmd in kept:
        number = int(cmd.args["community"])
        start = community(state, W, number)["cell"]
        assert (
            community(result.state, W, number)["cell"]
            == moves.plan(state, W, start, str(cmd.args["code"])).end
        )
    assert len(set(cells(result.state).values())) == 3
