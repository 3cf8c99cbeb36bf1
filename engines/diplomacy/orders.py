"""The orders of Diplomacy as values: what the notation reader makes, the checks judge and the
adjudicator resolves. Every order names its unit by the province it stands in (one unit a
province); a destination is a province, with `coast` for a fleet bound to one of two coasts."""

from __future__ import annotations

from dataclasses import dataclass

from engines.diplomacy.board import UnitKind


@dataclass(frozen=True)
class Hold:
    at: str


@dataclass(frozen=True)
class Move:
    at: str
    to: str
    coast: str = ""  # a fleet's coast of arrival ("nc"), "" where the province has one
    convoy: bool = False  # ordered «через конвой» / "via convoy"


@dataclass(frozen=True)
class Support:
    """Support of the unit in `unit` to hold (`to` empty) or to move to `to` (`coast`: the coast
    the support names, "" when it names none: then it fits a move to either)."""

    at: str
    unit: str
    to: str = ""
    coast: str = ""


@dataclass(frozen=True)
class Convoy:
    at: str
    army: str
    to: str


MoveOrder = Hold | Move | Support | Convoy


@dataclass(frozen=True)
class Retreat:
    at: str
    to: str
    coast: str = ""


@dataclass(frozen=True)
class Disband:
    """A dislodged unit disbanded in a retreat phase, or a unit removed in winter."""

    at: str


@dataclass(frozen=True)
class Build:
    kind: UnitKind
    at: str
    coast: str = ""


@dataclass(frozen=True)
class Waive:
    """A build the power declines."""


RetreatOrder = Retreat | Disband
AdjustOrder = Build | Disband | Waive
Order = MoveOrder | RetreatOrder | AdjustOrder
