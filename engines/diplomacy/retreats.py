"""The retreat phase: where a dislodged unit may go, and what the retreat orders do.

A dislodged unit may retreat to a neighbouring province it could move to that is empty after the
moves, was not left empty by a standoff, and is not the province its attacker came from, unless
the attacker came by sea (DATC 4.A.5, the 2023 rules). Two retreats to one province both fail and
both units are disbanded; a unit without a legal retreat order is disbanded.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engines.diplomacy.adjudicator import Outcome
from engines.diplomacy.board import Board, Unit, province_of
from engines.diplomacy.legality import Refusal
from engines.diplomacy.orders import Disband, Retreat, RetreatOrder


@dataclass(frozen=True)
class Waiting:
    """A dislodged unit waiting for its retreat order, and where it may go."""

    unit: Unit
    options: tuple[str, ...]


def waiting(board: Board, outcome: Outcome) -> dict[str, Waiting]:
    """Each unit the moves dislodged, by the province it was dislodged from, with its options."""
    return {p: Waiting(d.unit, options(board, outcome, p)) for p, d in outcome.dislodged.items()}


def options(board: Board, outcome: Outcome, province: str) -> tuple[str, ...]:
    """The locations the unit dislodged from `province` may retreat to."""
    dislodged = outcome.dislodged[province]
    return tuple(
        location
        for location in sorted(board.moves(dislodged.unit))
        if province_of(location) not in outcome.units
        and province_of(location) not in outcome.contested
        and (province_of(location) != dislodged.by or dislodged.by_convoy)
    )


def fit(unit: Waiting | None, power: str, order: RetreatOrder) -> RetreatOrder | Refusal:
    """`order` as it will be carried out (a fleet's coast filled in where only one fits), or why
    it cannot be given."""
    if unit is None:
        return Refusal("not_dislodged", {"at": order.at})
    if unit.unit.power != power:
        return Refusal("not_your_unit", {"at": order.at})
    if isinstance(order, Disband):
        return order
    places = {"at": order.at, "to": order.to}
    fits = [loc for loc in unit.options if province_of(loc) == order.to]
    if not fits:
        return Refusal("retreat_closed", places)
    coasts = [loc.partition("/")[2] for loc in fits]
    if order.coast and order.coast not in coasts and coasts != [""]:
        return Refusal("coast_unreachable", places)
    if not order.coast and len(coasts) > 1:
        return Refusal("coast_needed", places)
    return Retreat(order.at, order.to, order.coast if order.coast in coasts else coasts[0])


@dataclass(frozen=True)
class Retreated:
    units: Mapping[str, Unit]  # province → every unit on the board after the retreats
    results: Mapping[str, str]  # the dislodged unit's province → retreated, bounced or disbanded
    orders: Mapping[str, RetreatOrder]  # the orders carried out


def retreat(
    units: Mapping[str, Unit], dislodged: Mapping[str, Waiting], given: Sequence[tuple[str, RetreatOrder]]
) -> Retreated:
    """The retreat orders of `given` (power, order) carried out: illegal ones ignored, the first
    of two for one unit kept."""
    orders: dict[str, RetreatOrder] = {}
    for power, order in given:
        found = fit(dislodged.get(order.at), power, order)
        if not isinstance(found, Refusal):
            orders.setdefault(order.at, found)
    going = Counter(o.to for o in orders.values() if isinstance(o, Retreat))
    after = dict(units)
    results: dict[str, str] = {}
    for province, unit in sorted(dislodged.items()):
        given_order = orders.get(province)
        if not isinstance(given_order, Retreat):
            results[province] = "disbanded"
        elif going[given_order.to] > 1:
            results[province] = "bounced"
        else:
            to, coast = given_order.to, given_order.coast
            after[to] = Unit(unit.unit.power, unit.unit.kind, f"{to}/{coast}" if coast else to)
            results[province] = "retreated"
    return Retreated(after, results, orders)
