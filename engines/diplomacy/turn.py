"""A phase resolved: the moves adjudicated, the retreats carried out, the winter's builds and
disbands made; then the year goes on.

After a season's fighting (its moves, or its retreats when some unit was dislodged) autumn
counts the supply centres: a centre belongs to the power whose unit stands in it, a power with
`victory` centres wins, a power with nothing left is out. A retreat phase or a winter nobody
owes orders in is not opened: the year goes straight on, so no mail asks nothing of anyone.
A draw ends the game when every surviving power's player votes for it in one moves phase and
the computer accepts it for the powers it plays; a power in civil disorder has no say.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence

from engines.contract import Command, Problem, Resolution
from engines.diplomacy.adjudicator import Outcome, adjudicate
from engines.diplomacy.adjustments import Adjusted, adjust, balance, build_sites
from engines.diplomacy.ai import accepts_draw
from engines.diplomacy.board import Board, Unit
from engines.diplomacy.commands import dislodged, spoken, units
from engines.diplomacy.lexicon import Lexicon
from engines.diplomacy.notation import Draw, Spoken
from engines.diplomacy.orders import (
    AdjustOrder,
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    MoveOrder,
    Order,
    Retreat,
    RetreatOrder,
    Support,
    Waive,
)
from engines.diplomacy.retreats import Retreated, Waiting, retreat, waiting
from engines.diplomacy.state import (
    AUTUMN,
    AUTUMN_RETREATS,
    MOVES,
    RETREATS,
    SPRING,
    SPRING_RETREATS,
    WINTER,
    DislodgedRecord,
    Played,
    State,
)
from engines.diplomacy.world import owes, records, survivors
from engines.rng import Rng
from engines.toolkit import Events, Orders, accepted

Check = Callable[[State, str, str, Sequence[Command]], list[Problem]]
_RETREATS_OF = {SPRING: SPRING_RETREATS, AUTUMN: AUTUMN_RETREATS}
_SEASON_OF = {SPRING_RETREATS: SPRING, AUTUMN_RETREATS: AUTUMN}
_WORD = {"A": "army", "F": "fleet"}
# an order that did not do what it asked (its order, its result) → what its power is told
_FAILED = {
    ("move", "bounced"): "dip_your_bounced",
    ("move", "no_route"): "dip_your_no_route",
    ("support", "cut"): "dip_your_cut",
    ("support", "void"): "dip_your_void",
    ("convoy", "disrupted"): "dip_your_disrupted",
    ("convoy", "void"): "dip_your_convoy_void",
}


class Turn:
    """One phase's resolution: the state before, the accepted orders, what is told."""

    def __init__(
        self, board: Board, lexicon: Lexicon, check: Check, state: State, phase: str, orders: Orders
    ):
        if state["over"] or phase != state["phase"]:
            raise ValueError(
                f"cannot resolve {phase!r}: the game is at {state['phase']!r}, over={state['over']}"
            )
        self.board, self.lexicon = board, lexicon
        self.start, self.new = state, copy.deepcopy(state)
        self.new["shown"] = [state["turn"], phase]
        self.events = Events(state["powers"])
        self.valid = accepted(check, state, phase, orders, self.events, "dip_refused_line")

    def given(self) -> list[tuple[str, Order | Draw]]:
        found: list[tuple[str, Order | Draw]] = []
        for power in self.start["powers"]:
            for cmd in self.valid[power]:
                read = spoken(self.lexicon, cmd, self.start["phase"])
                if isinstance(read, Spoken):
                    found.append((power, read.order))
        return found

    def resolution(self) -> Resolution[State]:
        return self.events.resolution(self.new)

    # ---- moves ---------------------------------------------------------------------------------
    def moves(self) -> Resolution[State]:
        given = self.given()
        present = units(self.start)
        orders: list[tuple[str, MoveOrder]] = [
            (p, o) for p, o in given if isinstance(o, Hold | Move | Support | Convoy)
        ]
        outcome = adjudicate(self.board, present, orders)
        self.new["played"] = [self._played_move(present, outcome, p) for p in self._order_of(present)]
        for played in self.new["played"]:
            self._tell_failed(played)
        self.new["units"] = records(outcome.units)
        waits = waiting(self.board, outcome)
        self.new["dislodged"] = {p: self._waiting(w, outcome) for p, w in waits.items() if w.options}
        for province, wait in sorted(waits.items()):
            self._tell_dislodged(province, wait)
        if self._drawn({p for p, o in given if isinstance(o, Draw)}):
            self.new["over"], self.new["draw"] = True, survivors(self.new)
            self.events.announce("dip_draw", powers=", ".join(self.new["draw"]))
            return self.resolution()
        season = self.start["phase"]
        if self.new["dislodged"]:
            self.new["phase"] = _RETREATS_OF[season]
        else:
            self._season_over(season)
        return self.resolution()

    def _drawn(self, votes: set[str]) -> bool:
        """Every surviving player voted for the draw, and the computer accepts it for the powers
        it plays; a power in civil disorder has no say."""
        alive = [p for p in survivors(self.start) if p not in self.start["disorder"]]
        computer = [p for p in alive if p in self.start["computer"]]
        players = [p for p in alive if p not in computer]
        if computer and not accepts_draw(self.board, self.start):
            return False
        return bool(alive) and set(players) <= votes

    def _order_of(self, present: Mapping[str, Unit]) -> list[str]:
        rank = {p: i for i, p in enumerate(self.start["powers"])}
        return sorted(present, key=lambda p: (rank[present[p].power], self.board.name(p)))

    def _played_move(self, present: Mapping[str, Unit], outcome: Outcome, p: str) -> Played:
        unit, order, result = present[p], outcome.orders[p], outcome.results[p]
        if isinstance(order, Move):
            line = _played(unit, result, "move", _at(order.to, order.coast), via=order.convoy)
        elif isinstance(order, Support):
            line = _played(unit, result, "support", _at(order.to, order.coast), present[order.unit])
        elif isinstance(order, Convoy):
            line = _played(unit, result, "convoy", order.to, present[order.army])
        else:
            line = _played(unit, result)
        line["dislodged"] = p in outcome.dislodged
        return line

    def _tell_failed(self, played: Played) -> None:
        """An order of the power's own that did not do what it asked, told to it alone."""
        code = _FAILED.get((played["order"], played["result"]))
        if code is not None:
            at, to = self.board.name(played["at"]), self.board.name(played["to"] or played["at"])
            self.events.tell(played["power"], code, at=at, to=to)

    def _waiting(self, wait: Waiting, outcome: Outcome) -> DislodgedRecord:
        found = next(d for d in outcome.dislodged.values() if d.unit == wait.unit)
        unit = wait.unit
        return {
            "power": unit.power,
            "kind": unit.kind,
            "location": unit.location,
            "by": found.by,
            "options": list(wait.options),
        }

    def _tell_dislodged(self, province: str, wait: Waiting) -> None:
        kind, power = _WORD[wait.unit.kind], wait.unit.power
        self.events.announce(f"dip_{kind}_dislodged", power=power, place=self.board.name(province))
        if wait.options:
            names = ", ".join(self.board.name(loc) for loc in wait.options)
            self.events.tell(
                power, f"dip_your_{kind}_dislodged", place=self.board.name(province), options=names
            )
        else:
            self.events.tell(power, f"dip_your_{kind}_lost", place=self.board.name(province))

    # ---- retreats -----------------------------------------------------------------------------
    def retreats(self) -> Resolution[State]:
        given: list[tuple[str, RetreatOrder]] = [
            (p, o) for p, o in self.given() if isinstance(o, Retreat | Disband)
        ]
        waits = {
            p: Waiting(u, tuple(self.start["dislodged"][p]["options"]))
            for p, u in dislodged(self.start).items()
        }
        done = retreat(units(self.start), waits, given)
        self.new["units"], self.new["dislodged"] = records(done.units), {}
        self.new["played"] = [
            self._played_retreat(waits, done, p) for p in self._order_of(dislodged(self.start))
        ]
        for province, result in sorted(done.results.items()):
            self._tell_retreat(waits[province].unit, province, result, done)
        self._season_over(_SEASON_OF[self.start["phase"]])
        return self.resolution()

    def _played_retreat(self, waits: Mapping[str, Waiting], done: Retreated, p: str) -> Played:
        order, unit, result = done.orders.get(p), waits[p].unit, done.results[p]
        if result == "bounced":
            return _played(unit, "retreat_bounced", "retreat", _at(order.to, order.coast))  # type: ignore[union-attr]
        if isinstance(order, Retreat):
            return _played(unit, result, "retreat", _at(order.to, order.coast))
        return _played(unit, result, "disband")

    def _tell_retreat(self, unit: Unit, province: str, result: str, done: Retreated) -> None:
        kind, place = _WORD[unit.kind], self.board.name(province)
        if result == "retreated":
            order = done.orders[province]
            to = self.board.name(order.to) if isinstance(order, Retreat) else place
            self.events.announce(f"dip_{kind}_retreated", power=unit.power, place=place, to=to)
        else:
            self.events.announce(f"dip_{kind}_{result}", power=unit.power, place=place)

    # ---- the end of a season --------------------------------------------------------------------
    def _season_over(self, season: str) -> None:
        if season == SPRING:
            self.new["phase"] = AUTUMN
            return
        self._count_centres()
        if self.new["over"]:
            return
        self.new["phase"] = WINTER
        if any(owes(self.board, self.new, p, WINTER) for p in self.new["powers"]):
            self._tell_adjustments()
        else:
            self._next_year()

    def _count_centres(self) -> None:
        centres = dict(self.new["centres"])
        rank = {p: i for i, p in enumerate(self.new["powers"])}
        taken = sorted(
            ((unit["power"], p) for p, unit in self.new["units"].items() if p in self.board.centres),
            key=lambda taker: (rank[taker[0]], self.board.name(taker[1])),
        )
        changed = False
        for power, province in taken:
            before = centres.get(province)
            if before == power:
                continue
            centres[province], changed, name = power, True, self.board.name(province)
            if before:
                self.events.announce("dip_captured_from", power=power, place=name, owner=before)
            else:
                self.events.announce("dip_captured", power=power, place=name)
        self.new["centres"] = dict(sorted(centres.items()))
        self.new["quiet"] = 0 if changed else self.start["quiet"] + 1
        for power in self.start["powers"]:
            if power in survivors(self.start) and power not in survivors(self.new):
                self.events.announce("dip_eliminated", power=power)
        counts = {p: sum(1 for o in centres.values() if o == p) for p in self.new["powers"]}
        best = max(counts, key=lambda p: counts[p])
        if counts[best] >= self.board.data.victory:
            self.new["over"], self.new["winner"] = True, best
            self.events.announce("dip_victory", power=best, count=counts[best])

    def _tell_adjustments(self) -> None:
        present = units(self.new)
        for power in self.new["powers"]:
            due = balance(present, self.new["centres"], power)
            if due > 0:
                sites = build_sites(self.board, present, self.new["centres"], power)
                if sites:
                    names = ", ".join(self.board.name(s) for s in sites)
                    self.events.tell(power, "dip_builds_due", count=min(due, len(sites)), sites=names)
            elif due < 0:
                self.events.tell(power, "dip_disbands_due", count=-due)

    def _next_year(self) -> None:
        self.new["turn"] += 1
        self.new["phase"] = SPRING

    # ---- winter -------------------------------------------------------------------------------
    def winter(self) -> Resolution[State]:
        given: dict[str, list[AdjustOrder]] = {}
        for power, order in self.given():
            if isinstance(order, Build | Disband | Waive):
                given.setdefault(power, []).append(order)
        done = adjust(self.board, units(self.start), self.start["centres"], given)
        self.new["units"] = records(done.units)
        self.new["played"] = self._played_winter(done)
        for power in self.start["powers"]:
            if power in survivors(self.start) and power not in survivors(self.new):
                self.events.announce("dip_eliminated", power=power)
        self._next_year()
        return self.resolution()

    def _played_winter(self, done: Adjusted) -> list[Played]:
        played: list[Played] = []
        for power in self.start["powers"]:
            for kind, made, result in (("build", done.built, "built"), ("disband", done.removed, "removed")):
                for unit in made.get(power, ()):
                    played.append(_played(unit, result, kind))
                    self.events.announce(
                        f"dip_{_WORD[unit.kind]}_{result}", power=power, place=self.board.name(unit.location)
                    )
            for unit in done.disordered.get(power, ()):
                played.append(_played(unit, "disorder", "disband"))
                self.events.announce(
                    f"dip_{_WORD[unit.kind]}_disorder", power=power, place=self.board.name(unit.location)
                )
            if done.waived.get(power):
                self.events.tell(power, "dip_waived", count=done.waived[power])
        return played


def _played(
    unit: Unit, result: str, order: str = "hold", to: str = "", other: Unit | None = None, via: bool = False
) -> Played:
    return {
        "power": unit.power,
        "kind": unit.kind,
        "at": unit.location,
        "order": order,
        "to": to,
        "unit": other.location if other else "",
        "other": other.kind if other else "",
        "via": via,
        "result": result,
        "dislodged": False,
    }


def _at(province: str, coast: str) -> str:
    return f"{province}/{coast}" if coast else province


def resolve(
    board: Board, lexicon: Lexicon, check: Check, state: State, phase: str, orders: Orders, rng: Rng
) -> Resolution[State]:
    """Resolve `phase`: no lot is drawn in Diplomacy (rng stays unused)."""
    turn = Turn(board, lexicon, check, state, phase, orders)
    if phase in MOVES:
        return turn.moves()
    if phase in RETREATS:
        return turn.retreats()
    return turn.winter()
