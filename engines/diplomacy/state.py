"""The typed shape of a Diplomacy game's state: the JSON on disk, described, never converted.

Everything on a Diplomacy board is public, so the state holds nothing a power may not see: the
units, who owns each supply centre, the units dislodged and where each may retreat, the powers in
civil disorder, and the last phase's orders with what became of them (the judges publish them
all after every phase).
"""

from __future__ import annotations

from typing import Literal, TypedDict

SPRING, SPRING_RETREATS, AUTUMN, AUTUMN_RETREATS, WINTER = (
    "spring",
    "spring_retreats",
    "autumn",
    "autumn_retreats",
    "winter",
)
MOVES = (SPRING, AUTUMN)
RETREATS = (SPRING_RETREATS, AUTUMN_RETREATS)
UnitKindName = Literal["A", "F"]


class UnitRecord(TypedDict):
    power: str
    kind: str  # A or F
    location: str  # "par", "stp/sc"


class DislodgedRecord(UnitRecord):
    by: str  # where the attacker came from
    options: list[str]  # the locations it may retreat to


class Played(TypedDict):
    """One order of the last phase as carried out, and its fate: for the board's record, the
    reports and the picture's arrows."""

    power: str
    kind: str  # the ordered unit's (a build's)
    at: str  # its location at the phase's start (a build's: where it was built)
    order: str  # hold, move, support, convoy, retreat, disband, build, waive, removed (by the rules)
    to: str  # a move's or retreat's location, a support's destination ("" for a hold)
    unit: str  # the supported or convoyed unit's location
    other: str  # its kind
    via: bool  # a move ordered «через конвой»
    result: str  # held, moved, bounced, no_route, given, cut, void, convoyed, disrupted, retreated, …
    dislodged: bool


class State(TypedDict):
    turn: int  # a year: turn 1 is the map's first year
    phase: str
    over: bool
    powers: list[str]
    units: dict[str, UnitRecord]  # province → the unit in it
    centres: dict[str, str]  # supply centre → its owner (an unowned centre is not listed)
    dislodged: dict[str, DislodgedRecord]  # in a retreat phase: the province it was dislodged from
    computer: list[str]  # powers the computer plays: no player drew them, or a silent one left
    disorder: list[str]  # powers in civil disorder: their units hold, their disbands by the rule
    quiet: int  # years in a row no supply centre changed hands
    played: list[Played]  # the last resolved phase's orders
    shown: list[int | str]  # that phase: [turn, phase]; [] before the first
    winner: str  # the power that won, "" while none has
    draw: list[str]  # the powers that share a draw
