"""The order blank's examples, fitting the reader: its own units and where they may go, its own
dislodged units' retreats, its own free home centres; a command nothing fits now is left out."""

from __future__ import annotations

from collections.abc import Mapping

from engines.contract import Command, PhaseSpec
from engines.diplomacy.adjustments import balance, build_sites
from engines.diplomacy.board import Board, province_of
from engines.diplomacy.commands import command, units
from engines.diplomacy.notation import Draw, Spoken
from engines.diplomacy.orders import Build, Disband, Hold, Move, Order, Retreat, Waive
from engines.diplomacy.state import MOVES, RETREATS, State
from engines.diplomacy.world import owes


def examples(
    board: Board, specs: Mapping[str, PhaseSpec], state: State, power: str, phase: str
) -> dict[str, str]:
    if not owes(board, state, power, phase):
        return {}
    found: list[Order | Draw] = []
    if phase in MOVES:
        present = units(state)
        for kind in ("A", "F"):
            mine = sorted(p for p, u in present.items() if u.power == power and u.kind == kind)
            if mine:
                found.append(_move(board, state, mine[0]))
        found.append(Draw())
    elif phase in RETREATS:
        mine = sorted(p for p, record in state["dislodged"].items() if record["power"] == power)
        first = {state["dislodged"][p]["kind"]: p for p in reversed(mine)}  # each kind's first unit
        for p in first.values():
            loc = state["dislodged"][p]["options"][0]
            found.append(Retreat(p, province_of(loc), loc.partition("/")[2]))
        spare = [p for p in mine if p not in first.values()]
        found.append(Disband((spare or mine)[-1]))  # beside the retreats, of another unit if any
    else:
        found += _winter(board, state, power)
    lines: dict[str, str] = {}
    for order in found:
        made = command(board, state, phase, Spoken(order))
        if isinstance(made, Command) and made.name not in lines:
            lines[made.name] = _normal(made, specs[phase])
    return lines


def _move(board: Board, state: State, at: str) -> Order:
    """A move of the unit to an empty neighbouring province, else a hold."""
    unit = units(state)[at]
    for location in sorted(board.moves(unit)):
        to, _, coast = location.partition("/")
        if to not in state["units"]:
            return Move(at, to, coast)
    return Hold(at)


def _winter(board: Board, state: State, power: str) -> list[Order]:
    present = units(state)
    due = balance(present, state["centres"], power)
    if due < 0:
        return [Disband(min(p for p, u in present.items() if u.power == power))]
    sites = build_sites(board, present, state["centres"], power)
    return [Build("A", sites[0]), Waive()] if sites else []


def _normal(cmd: Command, phase: PhaseSpec) -> str:
    spec = next(s for s in phase.commands if s.name == cmd.name)
    text = " ".join(str(v) for v in cmd.args.values())
    return f"{spec.keywords[0]} {text}".strip()
