"""The board's position in the state and back: the start, the units as records, who survives,
who owes orders in a phase."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engines.diplomacy.adjustments import balance, build_sites
from engines.diplomacy.board import Board, Unit
from engines.diplomacy.commands import units
from engines.diplomacy.state import MOVES, RETREATS, SPRING, State, UnitRecord


def record(unit: Unit) -> UnitRecord:
    return {"power": unit.power, "kind": unit.kind, "location": unit.location}


def records(units: Mapping[str, Unit]) -> dict[str, UnitRecord]:
    return {p: record(u) for p, u in sorted(units.items())}


def setup(board: Board, players: Sequence[str]) -> State:
    """The start: every power of the map with its units on its home centres; those no player
    drew are played by the computer."""
    return {
        "turn": 1,
        "phase": SPRING,
        "over": False,
        "powers": list(board.powers),
        "units": records({u.province: u for u in board.start_units()}),
        "centres": dict(sorted(board.start_centres().items())),
        "dislodged": {},
        "disorder": [],
        "quiet": 0,
        "played": [],
        "shown": [],
        "winner": "",
        "draw": [],
    }


def survivors(state: State) -> list[str]:
    """The powers still in the game: with a unit or a supply centre."""
    held = {u["power"] for u in state["units"].values()} | set(state["centres"].values())
    return [p for p in state["powers"] if p in held]


def owes(board: Board, state: State, power: str, phase: str) -> bool:
    """Whether `power` has anything to order in `phase`: its units in a moves phase, its
    dislodged units in a retreat phase, its builds or disbands in winter."""
    if state["over"]:
        return False
    if phase in MOVES:
        return any(u["power"] == power for u in state["units"].values())
    if phase in RETREATS:
        return any(u["power"] == power for u in state["dislodged"].values())
    due = balance(units(state), state["centres"], power)
    return due < 0 or (due > 0 and bool(build_sites(board, units(state), state["centres"], power)))


def year(board: Board, state: State) -> int:
    return board.data.first_year + state["turn"] - 1
