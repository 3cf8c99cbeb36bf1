"""Which orders of a moves phase are legal, as the DATC (4.E.1) defines it: an order that, not
knowing any other order, could be valid. An illegal order is refused when a player sends it and,
given to the adjudicator anyway, ignored (the unit holds).

`legal` gives the order as it will be adjudicated (a fleet's coast filled in where only one can be
meant, an army's coast dropped) or a `Refusal`: a reason code of the ruleset's catalog with the
locations it names.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from engines.diplomacy.board import Board, Unit
from engines.diplomacy.convoys import carried, needed
from engines.diplomacy.orders import Convoy, Hold, Move, MoveOrder, Support


@dataclass(frozen=True)
class Refusal:
    code: str
    places: Mapping[str, str] = field(default_factory=dict)  # parameter → location code


Units = Mapping[str, Unit]  # province → the unit standing in it


def fleets_at_sea(board: Board, units: Units) -> frozenset[str]:
    return frozenset(p for p, u in units.items() if u.kind == "F" and board.can_convoy(p))


def legal(board: Board, units: Units, power: str, order: MoveOrder) -> MoveOrder | Refusal:
    unit = units.get(order.at)
    if unit is None:
        return Refusal("no_unit", {"at": order.at})
    if unit.power != power:
        return Refusal("not_your_unit", {"at": order.at})
    if isinstance(order, Hold):
        return order
    if isinstance(order, Move):
        return _move(board, units, unit, order)
    if isinstance(order, Support):
        return _support(board, units, unit, order)
    return _convoy(board, units, unit, order)


def _move(board: Board, units: Units, unit: Unit, order: Move, without: str = "") -> Move | Refusal:
    """`order` for `unit` (not necessarily the orderer's: a support asks it of the supported);
    `without`: a fleet that cannot also carry the army (it is the one supporting the move)."""
    places = {"at": order.at, "to": order.to}
    if order.to == order.at:
        return Refusal("move_same_place", places)
    if unit.kind == "F":
        if order.convoy:
            return Refusal("fleet_convoyed", places)
        if not board.reaches(unit, order.to):
            return Refusal("fleet_inland" if board.kind(order.to) == "land" else "not_adjacent", places)
        return _arrival(board, unit, order, places)
    order = replace(order, coast="")
    if board.kind(order.to) == "sea":
        return Refusal("army_to_sea", places)
    if order.to in board.army_moves(order.at) and not order.convoy:
        return order
    if not carried(board, fleets_at_sea(board, units) - {without}, order.at, order.to):
        by_sea = board.kind(order.at) == board.kind(order.to) == "coast"
        return Refusal("no_convoy_fleets" if by_sea else "not_adjacent", places)
    return order


def _arrival(board: Board, unit: Unit, order: Move, places: Mapping[str, str]) -> Move | Refusal:
    """A fleet's move with the coast it arrives on: the one named, or the only one it can reach."""
    if not board.coasts(order.to):
        return replace(order, coast="")
    reachable = board.fleet_coasts(unit.location, order.to)
    if order.coast:
        return order if order.coast in reachable else Refusal("coast_unreachable", places)
    if len(reachable) > 1:
        return Refusal("coast_needed", places)
    return replace(order, coast=reachable[0])


def _support(board: Board, units: Units, unit: Unit, order: Support) -> Support | Refusal:
    places = {"at": order.at, "unit": order.unit, "to": order.to}
    supported = units.get(order.unit)
    if supported is None:
        return Refusal("nothing_to_support", places)
    if order.unit == order.at:
        return Refusal("support_self", places)
    if not order.to:
        return order if board.reaches(unit, order.unit) else Refusal("support_unreachable", places)
    if order.to == order.at:
        return Refusal("support_own_area", places)
    if not board.reaches(unit, order.to):
        return Refusal("support_unreachable", places)
    # a support naming no coast fits a move to either (DATC 6.B.7, 6.B.15): any one will do here
    coast = order.coast or next(iter(board.fleet_coasts(supported.location, order.to)), "")
    move = _move(board, units, supported, Move(order.unit, order.to, coast), without=order.at)
    if isinstance(move, Refusal):
        return Refusal("supported_cannot_move", places)
    return replace(order, coast=order.coast if supported.kind == "F" else "")


def _convoy(board: Board, units: Units, unit: Unit, order: Convoy) -> Convoy | Refusal:
    places = {"at": order.at, "unit": order.army, "to": order.to}
    if unit.kind != "F" or not board.can_convoy(order.at):
        return Refusal("convoy_not_at_sea", places)
    army = units.get(order.army)
    if army is None:
        return Refusal("nothing_to_convoy", places)
    if army.kind != "A":
        return Refusal("only_armies_convoyed", places)
    if not needed(board, fleets_at_sea(board, units), order.army, order.to, order.at):
        return Refusal("convoy_off_route", places)
    return order
