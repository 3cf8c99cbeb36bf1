"""A tribe's moves are one plan, judged and made together (docs: «a tribe's moves are one plan»).

The check (`trouble`) judges the moves of a mail against where all the tribe's communities end:
the main community's way stays within ЛР of every community that stays put, every other
community's way within ЛР of where the main one ends («не могут удаляться от главной общины
дальше лимита»), and no two end on one cell (a community moving away frees its cell for its own
tribe). Step 9 (`march`) makes exactly that plan, whatever the lines' order: the main community
first, on a leash to those that stay; then the others, each after the one leaving the cell it
plans to end on, on a leash to where the main one now is, its kin never in its way. What another
tribe or a battle changed on the ground stops a walk short, and the report says where and why; no
step is made beyond ЛР of the community its walk is leashed to.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from engines.contract import Command
from engines.text import Msg, Text
from engines.tribes import moves
from engines.tribes.community import main_of
from engines.tribes.data import DATA
from engines.tribes.level import Level, level_of
from engines.tribes.said import Story, msg
from engines.tribes.state import Community, State


@dataclass(frozen=True)
class Move:
    """One move of a tribe's mail: its community, its line and what the tribe's map shows of it."""

    community: int
    line: int
    plan: moves.Plan


def trouble(
    state: State, power: str, level: Level, moving: Sequence[Move], away: Collection[int]
) -> tuple[int, Msg] | None:
    """The first reason these moves cannot be made together (the line to refuse, and why), or
    None; `away`: communities merging into another this turn, which end nowhere."""
    tribe = state["tribes"][power]
    here = {c["number"]: c["cell"] for c in tribe["communities"] if c["number"] not in away}
    by_number = {m.community: m for m in moving}
    ends = {n: by_number[n].plan.end if n in by_number else cell for n, cell in here.items()}
    main = main_of(tribe)
    if main is not None and main["number"] in here:
        head = main["number"]
        staying = {n: cell for n, cell in here.items() if n not in by_number and n != head}
        if head in by_number:
            leash = moves.Leash(level.distance, staying)
            found = _beyond(by_number[head].plan, leash)
            if found:
                cell, left = found
                return by_number[head].line, msg(
                    "tribes.main_too_far", cell=cell, community=left, kin=here[left], distance=level.distance
                )
        for move in sorted(moving, key=lambda m: m.line):
            leash = moves.Leash(level.distance, {head: ends[head]})
            found = None if move.community == head else _beyond(move.plan, leash)
            if found:
                return move.line, msg(
                    "tribes.beyond_distance",
                    community=move.community,
                    cell=found[0],
                    main=ends[head],
                    distance=level.distance,
                )
    for move in sorted(moving, key=lambda m: m.line):
        other = next(
            (
                n
                for n, end in ends.items()
                if n != move.community
                and end == move.plan.end
                and (n not in by_number or by_number[n].line < move.line)
            ),
            0,
        )
        if other:
            return move.line, msg("tribes.same_end", cell=move.plan.end, community=other)
    return None


def _beyond(plan: moves.Plan, leash: moves.Leash) -> tuple[str, int] | None:
    """The first cell of the way beyond the leash, and the community it leaves too far."""
    return next(((cell, leash.holding(cell)) for cell in plan.path if leash.holding(cell)), None)


def march(
    state: State, power: str, commands: Sequence[Command], attacked: Collection[int], story: Story
) -> None:
    """Step 9, «Перемещения общин, не подвергавшихся нападению»: the tribe's moves as one plan.
    The main community walks first, on a leash to those that stay; then the others, each after
    the one leaving the cell it plans to end on (ties by number), on a leash to the main one; a
    walk stopped on a kin's cell steps back to the last cell of its way none holds."""
    tribe = state["tribes"][power]
    level = level_of(state, power)
    by_number = {c["number"]: c for c in tribe["communities"]}
    orders = {int(c.args["community"]): c for c in commands if int(c.args["community"]) in by_number}
    for number in sorted(set(orders) & set(attacked)):
        story.tell(power, "tribes.no_walk_attacked", community=number)
        del orders[number]
    main = main_of(tribe)
    made: dict[int, tuple[str, moves.Walk]] = {}
    for number in _order(state, power, by_number, orders, main):
        community = by_number[number]
        if main is None or community is main:
            staying = {n: c["cell"] for n, c in by_number.items() if n not in orders and n != number}
            leash = moves.Leash(level.distance, staying) if main is not None else moves.FREE
        else:
            leash = moves.Leash(level.distance, {main["number"]: main["cell"]})
        cmd = orders[number]
        clauses = cmd.lists.get("conditions", ())
        start = community["cell"]
        made[number] = (
            start,
            moves.walk(state, power, community, str(cmd.args["code"]), clauses, level, leash),
        )
    _apart(by_number, made)
    for number, (start, walk) in sorted(made.items()):
        _tell(state, power, number, start, walk, level, story)


def _order(
    state: State,
    power: str,
    by_number: dict[int, Community],
    orders: dict[int, Command],
    main: Community | None,
) -> list[int]:
    """Who walks when: the main community first, then each community after the one leaving the
    cell it plans to end on (a column marches from its head), ties and circles by number."""
    ends = {
        n: moves.plan(state, power, by_number[n]["cell"], str(cmd.args["code"])).end
        for n, cmd in orders.items()
    }
    head = [main["number"]] if main is not None and main["number"] in orders else []
    rest = sorted(set(orders) - set(head))
    waits = {n: next((m for m in rest if m != n and by_number[m]["cell"] == ends[n]), 0) for n in rest}
    done: list[int] = []
    while len(done) < len(rest):
        ready = [n for n in rest if n not in done and (not waits[n] or waits[n] in done)]
        done.append(ready[0] if ready else next(n for n in rest if n not in done))
    return head + done


def _apart(by_number: dict[int, Community], made: dict[int, tuple[str, moves.Walk]]) -> None:
    """Two of a tribe's communities never end on one cell: where a walk stopped on a kin's cell
    (the kin did not leave it, or stopped there first), it steps back along its way to the last
    cell none holds, or to where it started."""
    order = list(made)
    while True:
        holders: dict[str, list[int]] = {}
        for number, community in sorted(by_number.items()):
            holders.setdefault(community["cell"], []).append(number)
        shared = [ns for ns in holders.values() if len(ns) > 1]
        if not shared:
            return
        first = shared[0]
        stayed = [n for n in first if n not in made or not made[n][1].path]
        keep = stayed[0] if stayed else min(first, key=order.index)
        back = next((n for n in first if n != keep and n in made and made[n][1].path), 0)
        if not back:
            return  # none walked there: cannot be (each community started on a cell of its own)
        start, walk = made[back]
        others = {c["cell"] for n, c in by_number.items() if n != back}
        kept = list(walk.path)
        while kept and kept[-1] in others:
            kept.pop()
        blocked = walk.path[len(kept)]
        by_number[back]["cell"] = kept[-1] if kept else start
        holder = next(n for n, c in by_number.items() if c["cell"] == blocked and n != back)
        made[back] = start, moves.Walk(tuple(kept), "kin", blocked, str(holder))


def _tell(
    state: State, power: str, number: int, start: str, made: moves.Walk, level: Level, story: Story
) -> None:
    route = " → ".join([start, *made.path])
    code = f"tribes.{'walk' if made.path else 'stay'}_{made.stop}"
    what: str | Text = made.what
    if made.stop == "reached":
        reached = next(c for c in DATA.conditions if c.at == made.what)
        what = Text(reached.name, reached.en)
    kin = int(made.who) if made.stop in ("far", "kin") else 0
    story.tell(
        power,
        code,
        community=number,
        route=route,
        what=what,
        steps=len(made.path),
        tribe=made.who if made.stop == "taken" else "",
        other=kin,
        at=_cell_of(state, power, kin) if kin else "",
        distance=level.distance,
    )


def _cell_of(state: State, power: str, number: int) -> str:
    return next((c["cell"] for c in state["tribes"][power]["communities"] if c["number"] == number), "")


def plans(state: State, power: str, commands: Sequence[Command]) -> dict[int, moves.Plan]:
    """The tribe's ordered moves as its map shows them, by community (the splits of step 3 settle
    off their ways)."""
    tribe = state["tribes"][power]
    cells = {c["number"]: c["cell"] for c in tribe["communities"]}
    return {
        int(c.args["community"]): moves.plan(
            state, power, cells[int(c.args["community"])], str(c.args["code"])
        )
        for c in commands
        if c.name == "move" and int(c.args["community"]) in cells
    }
