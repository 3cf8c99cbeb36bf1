"""The adjudicator of a moves phase: the DATC's decisions solved by the guess algorithm.

Each move, support and convoy order is one yes-or-no decision, written as the DATC (5.B) states
it: a move succeeds when its attack is stronger than what holds its destination and than every
unit trying to go there; a support is given unless cut or dislodged; a convoy holds unless its
fleet is dislodged. `_resolve` is Kruijswijk's guess algorithm ("The Math of Adjudication",
DATC 5.F): a decision that leans on itself is guessed both ways; when both guesses agree that is
the answer, when they disagree the cycle is settled by the backup rule: moves only, a circular
movement, all succeed; with a convoy in it, a convoy paradox, and by the Szykman rule its convoys
fail. A convoy's decision adjudicates the moves against its fleet without resolving them (DATC
5.D), so every cycle is a single clean one (Pandin's paradox).

Convoy to a neighbouring province (DATC 4.A.3, the 2023 rules, no fallback): the army goes by
sea when its order says «через конвой», when its destination is not next to it, or when a fleet
of its own power is ordered to convoy it there; otherwise by land.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum

from engines.diplomacy.board import Board, Unit
from engines.diplomacy.convoys import carried
from engines.diplomacy.legality import Refusal, Units, legal
from engines.diplomacy.orders import Convoy, Hold, Move, MoveOrder, Support


class _State(Enum):
    UNRESOLVED = 0
    GUESSING = 1
    RESOLVED = 2


@dataclass(frozen=True)
class Dislodged:
    unit: Unit
    by: str  # the province the dislodging unit came from
    by_convoy: bool  # it came by sea: the unit may retreat there (DATC 4.A.5, 2023 rules)


@dataclass(frozen=True)
class Outcome:
    """What a moves phase did. `results`: each unit's order's fate, by its province at the start:
    held, moved, bounced, no_route (a move whose convoy failed or was not there), given, cut, void
    (a support or convoy whose unit did something else), convoyed, disrupted."""

    orders: Mapping[str, MoveOrder]  # the orders adjudicated: the legal ones, the rest as holds
    units: Mapping[str, Unit]  # province → unit after the moves; the dislodged are not here
    dislodged: Mapping[str, Dislodged]  # the province it was dislodged from → the unit
    results: Mapping[str, str]
    contested: frozenset[str]  # provinces left empty by a standoff: no retreat goes there


def adjudicate(board: Board, units: Units, given: Sequence[tuple[str, MoveOrder]]) -> Outcome:
    """Every unit's order of `given` (power, order) that is legal is adjudicated; a unit with none,
    with an illegal one or with two different orders holds (DATC 4.D.3, 4.E.1)."""
    orders: dict[str, MoveOrder] = {}
    twice: set[str] = set()
    for power, order in given:
        fit = legal(board, units, power, order)
        if isinstance(fit, Refusal):
            continue
        if orders.get(order.at, fit) != fit:
            twice.add(order.at)
        orders[order.at] = fit
    held = {p: orders[p] if p in orders and p not in twice else Hold(p) for p in units}
    return _Moves(board, units, held).outcome()


class _Moves:
    def __init__(self, board: Board, units: Units, orders: Mapping[str, MoveOrder]) -> None:
        self.board, self.units, self.orders = board, units, orders
        self.moves = {p: o for p, o in orders.items() if isinstance(o, Move)}
        self.into: dict[str, list[str]] = defaultdict(list)  # province → the units moving there
        for p, move in self.moves.items():
            self.into[move.to].append(p)
        self.supports_of: dict[str, list[str]] = defaultdict(list)  # a unit → its supporters
        self.convoys_of: dict[str, list[str]] = defaultdict(list)  # an army → its convoying fleets
        for p, order in orders.items():
            if isinstance(order, Support):
                self.supports_of[order.unit].append(p)
            elif isinstance(order, Convoy):
                self.convoys_of[order.army].append(p)
        self.by_sea = {p for p in self.moves if self._by_sea(p)}
        self.state = dict.fromkeys(self.moves.keys() | self._decided(), _State.UNRESOLVED)
        self.resolution = dict.fromkeys(self.state, False)
        self.guesses: list[str] = []

    def _decided(self) -> set[str]:
        return {p for p, o in self.orders.items() if isinstance(o, Support | Convoy)}

    # ---- the route ----------------------------------------------------------------------------
    def _by_sea(self, p: str) -> bool:
        move, unit = self.moves[p], self.units[p]
        if unit.kind == "F":
            return False
        own = any(self.units[c].power == unit.power for c in self._matching_convoys(p))
        return move.convoy or own or move.to not in self.board.army_moves(p)

    def _matching_convoys(self, p: str) -> list[str]:
        to = self.moves[p].to
        return [c for c in self.convoys_of[p] if self._order(c, Convoy).to == to]

    def _path(self, p: str) -> bool:
        if p not in self.by_sea:
            return True
        fleets = [c for c in self._matching_convoys(p) if self._resolve(c)]
        return carried(self.board, fleets, p, self.moves[p].to)

    def _opponent(self, p: str) -> str | None:
        """The unit in a head-to-head battle with `p`: moving into `p`'s province from its
        destination, neither of them by sea."""
        to = self.moves[p].to
        other = self.moves.get(to)
        if other is None or other.to != p or p in self.by_sea or to in self.by_sea:
            return None
        return to

    # ---- strengths (DATC 5.B.5–5.B.8) ---------------------------------------------------------
    def _support_count(self, p: str, not_of: str = "") -> int:
        to = self.moves[p].to if p in self.moves else ""
        return sum(
            1
            for s in self.supports_of[p]
            if self._order(s, Support).to == to and self.units[s].power != not_of and self._resolve(s)
        )

    def _hold(self, province: str) -> int:
        if province not in self.units:
            return 0
        if province in self.moves:
            return 0 if self._resolve(province) else 1
        return 1 + self._support_count(province)

    def _attack(self, p: str) -> int:
        if not self._path(p):
            return 0
        to = self.moves[p].to
        there = self.units.get(to)
        leaves = to in self.moves and self._opponent(p) is None and self._resolve(to)
        if there is None or leaves:
            return 1 + self._support_count(p)
        if there.power == self.units[p].power:
            return 0
        return 1 + self._support_count(p, not_of=there.power)

    def _prevent(self, p: str) -> int:
        if not self._path(p):
            return 0
        opponent = self._opponent(p)
        if opponent is not None and self._resolve(opponent):
            return 0
        return 1 + self._support_count(p)

    # ---- the decisions (DATC 5.B.1–5.B.3) -----------------------------------------------------
    def _adjudicate(self, p: str) -> bool:
        order = self.orders[p]
        if isinstance(order, Move):
            return self._move(p)
        if isinstance(order, Support):
            return self._support(p, order)
        return not any(self._move(q) for q in self.into[p])

    def _move(self, p: str) -> bool:
        attack = self._attack(p)
        opponent = self._opponent(p)
        held = 1 + self._support_count(opponent) if opponent else self._hold(self.moves[p].to)
        if attack <= held:
            return False
        return all(attack > self._prevent(q) for q in self.into[self.moves[p].to] if q != p)

    def _support(self, p: str, order: Support) -> bool:
        if not self._matches(order):
            return False
        power = self.units[p].power
        for q in self.into[p]:
            if self.units[q].power == power:
                continue
            if q != order.to and self._path(q):
                return False  # cut
            if self._resolve(q):
                return False  # dislodged
        return True

    def _matches(self, order: Support) -> bool:
        supported = self.moves.get(order.unit)
        if not order.to:
            return supported is None
        return supported is not None and supported.to == order.to and order.coast in ("", supported.coast)

    def _order(self, p: str, kind: type[Support] | type[Convoy]) -> Support | Convoy:
        order = self.orders[p]
        assert isinstance(order, kind)
        return order

    # ---- the guess algorithm (DATC 5.F) -------------------------------------------------------
    def _resolve(self, p: str) -> bool:
        state = self.state[p]
        if state is _State.RESOLVED:
            return self.resolution[p]
        if state is _State.GUESSING:
            if p not in self.guesses:
                self.guesses.append(p)
            return self.resolution[p]
        depth = len(self.guesses)
        self.resolution[p], self.state[p] = False, _State.GUESSING
        first = self._adjudicate(p)
        if len(self.guesses) == depth:
            if self.state[p] is not _State.RESOLVED:
                self.resolution[p], self.state[p] = first, _State.RESOLVED
            return self.resolution[p]
        if self.guesses[depth] != p:
            # it leans on another order's guess: not final until that one is settled
            self.guesses.append(p)
            self.resolution[p] = first
            return first
        self._forget(depth)
        self.resolution[p], self.state[p] = True, _State.GUESSING
        second = self._adjudicate(p)
        if first == second:
            self._forget(depth)
            self.resolution[p], self.state[p] = first, _State.RESOLVED
            return first
        self._backup(depth)
        return self._resolve(p)

    def _forget(self, depth: int) -> None:
        for q in self.guesses[depth:]:
            self.state[q] = _State.UNRESOLVED
        del self.guesses[depth:]

    def _backup(self, depth: int) -> None:
        """A cycle with no single answer: a convoy paradox (Szykman: its convoys fail), a circular
        movement (all its moves succeed), or anything else (all its orders fail, DATC 5.B.9)."""
        cycle = self.guesses[depth:]
        del self.guesses[depth:]
        convoys = [q for q in cycle if isinstance(self.orders[q], Convoy)]
        circular = all(isinstance(self.orders[q], Move) for q in cycle)
        for q in cycle:
            self.state[q] = _State.UNRESOLVED
        for q in convoys or cycle:
            self.resolution[q], self.state[q] = circular and not convoys, _State.RESOLVED

    # ---- the result ---------------------------------------------------------------------------
    def outcome(self) -> Outcome:
        for p in sorted(self.state):
            self._resolve(p)
        moved = {p for p in self.moves if self.resolution[p]}
        after: dict[str, Unit] = {p: u for p, u in self.units.items() if p not in moved}
        dislodged: dict[str, Dislodged] = {}
        for p in sorted(moved):
            move, unit = self.moves[p], self.units[p]
            location = f"{move.to}/{move.coast}" if move.coast else move.to
            if move.to in after:
                dislodged[move.to] = Dislodged(after.pop(move.to), p, p in self.by_sea)
            after[move.to] = Unit(unit.power, unit.kind, location)
        contested = frozenset(
            to
            for to, movers in self.into.items()
            if to not in after and any(self._prevent(q) for q in movers)
        )
        results = {p: self._result(p) for p in self.units}
        return Outcome(self.orders, after, dislodged, results, contested)

    def _result(self, p: str) -> str:
        order = self.orders[p]
        if isinstance(order, Hold):
            return "held"
        if isinstance(order, Move):
            return "moved" if self.resolution[p] else "bounced" if self._path(p) else "no_route"
        if isinstance(order, Support):
            return "given" if self.resolution[p] else "cut" if self._matches(order) else "void"
        carries = order.army in self.by_sea and self.moves[order.army].to == order.to
        return "void" if not carries else "convoyed" if self.resolution[p] else "disrupted"
