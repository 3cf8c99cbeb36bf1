"""What each reader sees. Everything on a Diplomacy board is public, as on every judge: the forum
post shows every power's orders of the phase with what became of them, the units and the supply
centres; a power's report shows its own orders' fate, its units and centres, and what it owes
next (a retreat's options, its builds or disbands)."""

from __future__ import annotations

from typing import Any

from engines.contract import JSON
from engines.diplomacy.adjustments import balance, build_sites
from engines.diplomacy.board import Board, Unit
from engines.diplomacy.commands import dislodged, units
from engines.diplomacy.notation import action, place, unit
from engines.diplomacy.orders import Convoy, Hold, Move, MoveOrder, Retreat, Support
from engines.diplomacy.schema import BUILD, DISBAND
from engines.diplomacy.state import WINTER, Played, State
from engines.diplomacy.world import survivors
from engines.text import BOTH, Lang


def _both(say: Any) -> dict[str, str]:
    return {lang: say(lang) for lang in BOTH}


def line(board: Board, played: Played, lang: Lang) -> str:
    """An order of the record as the normal form writes it: «А Марсель поддерживает А Париж –
    Бургундия», "BUILD F St Petersburg (nc)"."""
    label = unit(board, played["kind"], played["at"], lang)
    if played["order"] in ("build", "disband"):
        spec = BUILD if played["order"] == "build" else DISBAND
        return f"{spec.keywords[0] if lang == 'ru' else spec.keywords[1]} {label}"
    at, to, coast = played["at"].partition("/")[0], *played["to"].partition("/")[::2]
    other = played["unit"].partition("/")[0]
    around = (
        {other: Unit(played["power"], "A" if played["other"] == "A" else "F", played["unit"])}
        if other
        else {}
    )
    orders: dict[str, MoveOrder | Retreat] = {
        "move": Move(at, to, coast, played["via"]),
        "retreat": Retreat(at, to, coast),
        "support": Support(at, other, to, coast),
        "convoy": Convoy(at, other, to),
    }
    order = orders.get(played["order"], Hold(at))
    return f"{label} {action(board, order, around, lang)}"


def _lines(board: Board, played: list[Played]) -> list[JSON]:
    return [
        {**_both(lambda lang, p=p: line(board, p, lang)), "result": p["result"], "dislodged": p["dislodged"]}
        for p in played
    ]


def _units(board: Board, found: dict[str, Unit], power: str) -> list[dict[str, str]]:
    return [
        _both(lambda lang, u=u: unit(board, u.kind, u.location, lang))
        for _, u in sorted(found.items(), key=lambda item: board.name(item[0]))
        if u.power == power
    ]


def _centres(board: Board, state: State, power: str) -> list[str]:
    return sorted(board.name(c) for c, owner in state["centres"].items() if owner == power)


def public_view(board: Board, state: State) -> JSON:
    """The board as everyone sees it, every power's report and the forum post alike: the last
    phase's orders with their fate, each power's units and centres, the units waiting to retreat
    and where each may go, in winter what each power builds or disbands."""
    present = units(state)
    alive = survivors(state)
    played = [p for p in state["powers"] if any(x["power"] == p for x in state["played"])]
    return {
        "played": [
            {"power": p, "lines": _lines(board, [x for x in state["played"] if x["power"] == p])}
            for p in played
        ],
        "board": [
            {"power": p, "units": _units(board, present, p), "centres": _centres(board, state, p)}
            for p in state["powers"]
            if p in alive
        ],
        "dislodged": [
            {
                "power": u.power,
                **_both(lambda lang, u=u: unit(board, u.kind, u.location, lang)),
                "options": _options(board, state, p),
            }
            for p, u in sorted(dislodged(state).items())
        ],
        "adjustments": _adjustments(board, state) if state["phase"] == WINTER and not state["over"] else [],
        "disorder": [p for p in state["disorder"] if p in alive],
    }


def _adjustments(board: Board, state: State) -> list[JSON]:
    present = units(state)
    found: list[JSON] = []
    for power in state["powers"]:
        due = balance(present, state["centres"], power)
        sites = [board.name(s) for s in build_sites(board, present, state["centres"], power)]
        if due > 0 and sites:
            found.append({"power": power, "builds": min(due, len(sites)), "sites": sites, "disbands": 0})
        elif due < 0:
            found.append({"power": power, "builds": 0, "sites": [], "disbands": -due})
    return found


def _options(board: Board, state: State, province: str) -> list[dict[str, str]]:
    return [
        _both(lambda lang, loc=loc: place(board, loc, lang))
        for loc in state["dislodged"][province]["options"]
    ]


def scores(state: State) -> dict[str, float]:
    """The supply centres each power owns: what wins the game."""
    return {p: float(sum(1 for owner in state["centres"].values() if owner == p)) for p in state["powers"]}
