"""Winter: builds and disbands, and the civil disorder rule for disbands nobody ordered.

A power with more supply centres than units may build the difference in its home centres that it
owns and that stand empty, one unit a centre (a fleet only on a coast, and on a province of two
coasts only with its coast named); builds it does not order are waived. A power with more units
than centres disbands the difference; the orders are taken in turn (DATC 4.D.4–4.D.6: the first
legal ones count). Disbands it does not order are made by the 2023 rule: the unit farthest from
the nearest supply centre it owns (counting steps over land and sea alike), a fleet before an
army at the same distance, then by the English name of the province (DATC 4.D.8).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engines.diplomacy.board import Board, Unit
from engines.diplomacy.legality import Refusal, Units
from engines.diplomacy.orders import AdjustOrder, Build, Disband


def owned(centres: Mapping[str, str], power: str) -> frozenset[str]:
    return frozenset(c for c, owner in centres.items() if owner == power)


def balance(units: Units, centres: Mapping[str, str], power: str) -> int:
    """Builds due (above zero) or disbands due (below)."""
    return len(owned(centres, power)) - sum(1 for u in units.values() if u.power == power)


def build_sites(board: Board, units: Units, centres: Mapping[str, str], power: str) -> tuple[str, ...]:
    """The home centres where `power` may build now."""
    return tuple(c for c in board.homes(power) if centres.get(c) == power and c not in units)


def legal_build(
    board: Board, units: Units, centres: Mapping[str, str], power: str, order: Build
) -> Build | Refusal:
    places = {"at": order.at}
    if order.at not in board.homes(power):
        return Refusal("build_not_home", places)
    if centres.get(order.at) != power:
        return Refusal("build_not_owned", places)
    if order.at in units:
        return Refusal("build_occupied", places)
    if order.kind == "A":
        return Build("A", order.at)
    if board.kind(order.at) == "land":
        return Refusal("build_fleet_inland", places)
    coasts = board.coasts(order.at)
    if coasts and order.coast not in coasts:
        return Refusal("build_coast_needed", places)
    return Build("F", order.at, order.coast if coasts else "")


@dataclass(frozen=True)
class Adjusted:
    units: Mapping[str, Unit]
    built: Mapping[str, tuple[Unit, ...]]  # power → the units it built
    removed: Mapping[str, tuple[Unit, ...]]  # power → the units it disbanded, as ordered
    disordered: Mapping[str, tuple[Unit, ...]]  # power → the units the civil disorder rule removed
    waived: Mapping[str, int]  # power → builds it did not use


def adjust(
    board: Board, units: Units, centres: Mapping[str, str], given: Mapping[str, Sequence[AdjustOrder]]
) -> Adjusted:
    after = dict(units)
    built: dict[str, tuple[Unit, ...]] = {}
    removed: dict[str, tuple[Unit, ...]] = {}
    disordered: dict[str, tuple[Unit, ...]] = {}
    waived: dict[str, int] = {}
    for power in board.powers:
        due = balance(units, centres, power)
        orders = given.get(power, ())
        if due > 0:
            built[power] = _builds(board, after, centres, power, orders, due)
            waived[power] = due - len(built[power])
        elif due < 0:
            removed[power] = _disbands(after, power, orders, -due)
            disordered[power] = _disorder(board, after, centres, power, -due - len(removed[power]))
    return Adjusted(after, built, removed, disordered, waived)


def _builds(
    board: Board,
    units: dict[str, Unit],
    centres: Mapping[str, str],
    power: str,
    orders: Sequence[AdjustOrder],
    due: int,
) -> tuple[Unit, ...]:
    made: list[Unit] = []
    for order in orders:  # a waive only says a build is declined: what is not built is waived
        if len(made) >= due or not isinstance(order, Build):
            continue
        fit = legal_build(board, units, centres, power, order)
        if isinstance(fit, Build):
            unit = Unit(power, fit.kind, f"{fit.at}/{fit.coast}" if fit.coast else fit.at)
            units[fit.at] = unit
            made.append(unit)
    return tuple(made)


def _disbands(
    units: dict[str, Unit], power: str, orders: Sequence[AdjustOrder], due: int
) -> tuple[Unit, ...]:
    gone: list[Unit] = []
    for order in orders:
        if not isinstance(order, Disband):
            continue
        unit = units.get(order.at)
        if unit is not None and unit.power == power and len(gone) < due:
            gone.append(units.pop(order.at))
    return tuple(gone)


def farthest(board: Board, units: Units, centres: Mapping[str, str], power: str) -> list[Unit]:
    """`power`'s units in the order the civil disorder rule disbands them."""
    distance = board.distances(owned(centres, power))
    unreached = len(board.provinces)  # a unit no owned centre can be reached from goes first
    return sorted(
        (u for u in units.values() if u.power == power),
        key=lambda u: (-distance.get(u.province, unreached), u.kind != "F", board.provinces[u.province].en),
    )


def _disorder(
    board: Board, units: dict[str, Unit], centres: Mapping[str, str], power: str, due: int
) -> tuple[Unit, ...]:
    gone = tuple(farthest(board, units, centres, power)[: max(due, 0)])
    for unit in gone:
        del units[unit.province]
    return gone
