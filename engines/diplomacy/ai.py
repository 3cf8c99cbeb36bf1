"""The computer player: legal orders for any power in any phase, deterministic from the state.

It plays greedily, one unit after another: each goes where a supply centre it does not own is
nearest (more so in autumn, when centres change hands), stays on one of its centres an enemy
could enter, and otherwise supports a move of its own next to it; an army with nothing to do on
land takes a fleet of its own across one sea. It retreats towards centres, builds in every free
home centre (a fleet on a coast when it has fewer fleets than armies), disbands by the civil
disorder rule, and accepts a draw when the board has stood still for long (data.toml; the rules
ask it, `accepts_draw`, it sends no vote). A power in civil disorder gives no orders at all.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache

from engines.contract import Command
from engines.diplomacy.adjustments import balance, build_sites, farthest
from engines.diplomacy.board import Board, Unit, province_of
from engines.diplomacy.commands import command, units
from engines.diplomacy.data import DATA
from engines.diplomacy.legality import Refusal, legal
from engines.diplomacy.notation import Spoken
from engines.diplomacy.orders import Build, Convoy, Disband, Hold, Move, MoveOrder, Order, Retreat, Support
from engines.diplomacy.state import AUTUMN, MOVES, RETREATS, State
from engines.diplomacy.world import year


def ai_orders(board: Board, state: State, power: str, phase: str) -> list[Command]:
    if state["over"] or phase != state["phase"] or power in state["disorder"]:
        return []
    if phase in MOVES:
        orders: Sequence[Order] = _moves(board, state, power)
    elif phase in RETREATS:
        orders = _retreats(board, state, power)
    else:
        orders = _winter(board, state, power)
    made = [command(board, state, phase, Spoken(order)) for order in orders]
    return [c for c in made if isinstance(c, Command)]


def accepts_draw(board: Board, state: State) -> bool:
    """Whether the computer, for the powers it plays, accepts a draw: the board has stood still
    for long, or the game has gone on for long (data.toml)."""
    still = state["quiet"] >= DATA.computer.quiet_years
    return still or year(board, state) >= board.data.first_year + DATA.computer.draw_after_years


@cache
def _steps(board: Board, centre: str) -> Mapping[str, int]:
    return board.distances(frozenset({centre}))


def _value(board: Board, state: State, power: str, province: str, autumn: bool) -> float:
    """How much `power` wants a unit in `province`: a centre it does not own most, one of its own
    an enemy borders somewhat, anything nearer such centres a little."""
    present = state["units"]
    if province in board.centres and state["centres"].get(province) != power:
        return 10.0 if autumn else 6.0
    if province in board.centres:
        near = board.army_moves(province) | {province_of(loc) for loc in board.fleet_moves(province)}
        enemy = any(n in present and present[n]["power"] != power for n in near)
        return 4.0 if enemy and autumn else 0.5
    wanted = [c for c in board.centres if state["centres"].get(c) != power]
    steps = min((_steps(board, c).get(province, 99) for c in wanted), default=99)
    return 3.0 / (1 + steps)


def _moves(board: Board, state: State, power: str) -> list[MoveOrder]:
    present = units(state)
    mine = sorted((p for p, u in present.items() if u.power == power), key=lambda p: board.name(p))
    autumn = state["phase"] == AUTUMN
    claimed: set[str] = set()
    plan: dict[str, MoveOrder] = {}
    for p in mine:
        best, score = _hold_or_stay(board, state, power, p, autumn)
        for location in sorted(board.moves(present[p])):
            to = province_of(location)
            mover = present.get(to)
            if to in claimed or (mover is not None and mover.power == power):
                continue
            value = _value(board, state, power, to, autumn) - (0.5 if mover is not None else 0.0)
            if value > score:
                coast = location.partition("/")[2]
                best, score = Move(p, to, coast), value
        if isinstance(best, Move):
            claimed.add(best.to)
        else:
            claimed.add(p)
        plan[p] = best
    _convoys(board, state, power, present, plan)
    _supports(board, present, plan)
    return [plan[p] for p in mine if _legal(board, present, power, plan[p])] + [
        Hold(p) for p in mine if not _legal(board, present, power, plan[p])
    ]


def _hold_or_stay(board: Board, state: State, power: str, p: str, autumn: bool) -> tuple[MoveOrder, float]:
    return Hold(p), _value(board, state, power, p, autumn) if p in board.centres else 0.0


def _convoys(
    board: Board, state: State, power: str, present: Mapping[str, Unit], plan: dict[str, MoveOrder]
) -> None:
    """An army left holding on a coast crosses one sea on a fleet of its own that holds."""
    taken = {o.to for o in plan.values() if isinstance(o, Move)} | set(present)
    for p, order in sorted(plan.items()):
        if (
            not isinstance(order, Hold)
            or present[p].kind != "A"
            or board.kind(p) != "coast"
            or p in board.centres
        ):
            continue
        for sea in sorted(board.sea_neighbours(p)):
            fleet = present.get(sea)
            if fleet is None or fleet.power != power or not isinstance(plan.get(sea), Hold):
                continue
            shores = sorted(
                (
                    province_of(loc)
                    for loc in board.fleet_moves(sea)
                    if board.kind(province_of(loc)) == "coast"
                ),
                key=lambda q: -_value(board, state, power, q, state["phase"] == AUTUMN),
            )
            to = next((q for q in shores if q != p and q not in taken), None)
            if to is not None:
                plan[p], plan[sea] = Move(p, to, convoy=True), Convoy(sea, p, to)
                taken.add(to)
                break


def _supports(board: Board, present: Mapping[str, Unit], plan: dict[str, MoveOrder]) -> None:
    """A unit left holding supports a move of its own into a place it could reach too."""
    for p, order in sorted(plan.items()):
        if not isinstance(order, Hold):
            continue
        for q, other in sorted(plan.items()):
            if isinstance(other, Move) and q != p and other.to != p and board.reaches(present[p], other.to):
                plan[p] = Support(p, q, other.to, other.coast)
                break


def _legal(board: Board, present: Mapping[str, Unit], power: str, order: MoveOrder) -> bool:
    return not isinstance(legal(board, present, power, order), Refusal)


def _retreats(board: Board, state: State, power: str) -> list[Order]:
    found: list[Order] = []
    autumn = state["phase"] != "spring_retreats"
    for p, record in sorted(state["dislodged"].items()):
        if record["power"] != power:
            continue
        options = sorted(
            record["options"], key=lambda loc: -_value(board, state, power, province_of(loc), autumn)
        )
        taken = {o.to for o in found if isinstance(o, Retreat)}
        choice = next((loc for loc in options if province_of(loc) not in taken), None)
        if choice is None:
            found.append(Disband(p))
        else:
            found.append(Retreat(p, province_of(choice), choice.partition("/")[2]))
    return found


def _winter(board: Board, state: State, power: str) -> list[Order]:
    present = units(state)
    due = balance(present, state["centres"], power)
    if due < 0:
        return [Disband(u.province) for u in farthest(board, present, state["centres"], power)[:-due]]
    fleets = sum(1 for u in present.values() if u.power == power and u.kind == "F")
    armies = sum(1 for u in present.values() if u.power == power and u.kind == "A")
    builds: list[Order] = []
    for site in build_sites(board, present, state["centres"], power)[: max(due, 0)]:
        if board.kind(site) == "coast" and fleets < armies:
            coasts = board.coasts(site)
            coast = max(coasts, key=lambda c: len(board.fleet_moves(f"{site}/{c}"))) if coasts else ""
            builds.append(Build("F", site, coast))
            fleets += 1
        else:
            builds.append(Build("A", site))
            armies += 1
    return builds
