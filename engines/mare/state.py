"""The typed shape of a mare game's state, so mypy checks every key the rules read and write.

On disk the state stays plain JSON (the contract's `JSON`); these TypedDicts describe exactly that
JSON, nothing is converted. A contract method takes `JSON` and views it once through `typed`.
"""

from __future__ import annotations

from typing import TypedDict


class Row(TypedDict):
    """One paid order of a turn: what it bought, where, for whom, for how much influence."""

    order: str
    territory: str  # "" for orders without one (СВЯЗНОСТЬ)
    side: str  # the supported side, "" for one's own
    amount: int


class Allocation(TypedDict):
    """How a people spent its influence last turn (private)."""

    rows: list[Row]
    available: int
    spent: int
    left: int


class Due(TypedDict):
    """The neutrals' support a Pesterator earned: due this turn to `power` on `territory`."""

    power: str
    territory: str


class State(TypedDict):
    turn: int  # the contract's keys
    phase: str
    over: bool
    powers: list[str]
    map: list[str]  # this game's territories, in data order
    owners: dict[str, str]  # territory → people, "" while neutral
    might: dict[str, int]  # МОЩЬ, public
    fortresses: dict[str, str]  # territory → people, standing fortresses
    bonuses: dict[str, str]  # bonus → territory
    generals: dict[str, str]  # general → holder, "" in the common pool; holders are private
    pesterator: list[Due]  # private
    allocations: dict[str, Allocation]
    winner: str  # "" until the game is over
    victory: str  # "conquest" | "domination" once over
