"""The board's position in the state and back: the start, the units as records, who survives,
who owes orders in a phase."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engines.diplomacy.adjustments import balance, build_sites
from engines.diplomacy.board import Board, Unit, province_of
from engines.diplomacy.commands import units
from engines.diplomacy.state import AUTUMN, MOVES, RETREATS, SPRING, WINTER, State, UnitRecord


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
        "computer": [p for p in board.powers if p not in players],
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


def example_states(board: Board) -> list[State]:
    """States a game's first turns seldom give, for the conformance suite's random games (which a
    draw ends early, every blank offering НИЧЬЯ): an autumn; a retreat phase of each season, the
    first power's units all dislodged, each with a way out; a winter where the first power builds
    on every home centre and the second, its centres lost, disbands its units."""
    autumn = setup(board, board.powers)
    autumn["phase"] = AUTUMN
    return [autumn, *(_retreating(board, phase) for phase in RETREATS), _wintering(board)]


def _retreating(board: Board, phase: str) -> State:
    state = setup(board, board.powers)
    first, attacker = board.powers[0], board.powers[1]
    for at in sorted(p for p, u in state["units"].items() if u["power"] == first):
        unit = state["units"][at]
        kind = unit["kind"]
        ways = sorted(board.moves(units(state)[at]))
        if all(province_of(loc) in state["units"] for loc in ways):  # make a way out
            del state["units"][province_of(ways[0])]
        options = [loc for loc in ways if province_of(loc) not in state["units"]]
        state["dislodged"][at] = {**unit, "by": at, "options": options}
        state["units"][at] = {"power": attacker, "kind": kind, "location": unit["location"]}
    state["phase"] = phase
    return state


def _wintering(board: Board) -> State:
    state = setup(board, board.powers)
    first, second = board.powers[0], board.powers[1]
    state["units"] = {p: u for p, u in state["units"].items() if u["power"] != first}
    state["centres"] = {c: p for c, p in state["centres"].items() if p != second}
    state["phase"] = WINTER
    return state
