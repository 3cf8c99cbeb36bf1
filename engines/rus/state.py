"""The typed shape of a Rus game's state, so mypy checks every key the rules read and write.

The state stays plain JSON on disk (what the daemon stores); these TypedDicts only name its keys.
The contract's methods take `JSON` and call `typed` once at entry, `plain` once at exit.
Pairs of powers (wars, alliances) are lists in setup order, as JSON stores them.
"""

# No `from __future__ import annotations` here: Python 3.11's TypedDict only leaves NotRequired keys
# out of __required_keys__ when it sees the annotations as objects, not strings.
import copy
from typing import Any, NotRequired, TypedDict


class Province(TypedDict):
    owner: str
    op: int
    spec: str
    spec_turn: int  # the turn of the last change of specialisation (0: never changed)
    craft: str  # the workshop standing here ("" if none)
    temple: bool
    fortress: int  # level 0–3
    militia: int  # ВС (о) raised here; it always belongs to this province


class Country(TypedDict):
    money: int
    stability: int
    tactic: str
    policy: str  # the policy's name ("" before the first choice)
    religion: str
    posts: dict[str, int]  # where the druzhina stands: province → ВС (п); their sum is the druzhina
    techs: dict[str, int]  # technology → the turn it was learned
    invested: dict[str, int]  # technology → Д invested so far
    peace: int  # consecutive peaceful Christian turns
    prestige: int  # victory points from events
    stories: int
    story_opening: int  # stories the GM awarded this turn, paid at its end
    story_action: int
    end_vote: bool
    marriages: list[str]
    embassies: list[str]
    bank: int  # a computer country's diplomatic bank (gifts received)


class Route(TypedDict):
    caravan: str
    province: str
    fair: str
    path: list[str]


class TradeRecord(TypedDict):
    """What one route paid last turn (trade.Flow as stored)."""

    caravan: str
    province: str
    fair: str
    gross: int
    transit: int
    duties: dict[str, int]
    net: int
    fair_income: int
    closed: str
    stopped_at: NotRequired[str]  # missing in stores written before it was kept


class Line(TypedDict):
    """One line of a country's account of the turn."""

    item: str
    amount: int
    note: str


class InfluenceLine(TypedDict):
    """One change of a country's influence last turn: on whom, by how much, to what, and why."""

    on: str
    amount: int
    value: int
    cause: str  # a key of report.CAUSES


class Renounced(TypedDict):
    suzerain: str
    turn: int


class GmEvents(TypedDict):
    """What the GM's rule inputs told (Msg as JSON), for the next turn's report."""

    news: list[dict[str, object]]
    reports: dict[str, list[dict[str, object]]]


class State(TypedDict):
    turn: int
    phase: str
    over: bool
    powers: list[str]  # all sixteen, in data order
    ai: list[str]  # computer-run countries (stability always 0)
    handed: NotRequired[list[str]]  # players' countries the computer took over (older stores lack it)
    provinces: dict[str, Province]
    countries: dict[str, Country]
    learned: dict[str, int]  # technology → how many countries know it
    routes: list[Route]
    influence: dict[str, dict[str, int]]  # power → power or party → points (−200..+200)
    wars: list[list[str]]
    occupied: dict[str, str]  # province → occupier
    battles: list[str]  # provinces fought over this turn
    alliances: list[list[str]]
    vassals: dict[str, str]  # vassal → suzerain
    rights: dict[str, dict[str, int]]  # target → claimant → rank (its place in that turn's lot)
    renounced: dict[str, Renounced]  # ex-vassal → whom it left and when
    defeated: dict[str, int]  # suzerain → the turn it lost a war
    weddings: NotRequired[list[list[str | int]]]  # [a, b, turn] of every marriage (older stores lack it)
    pending_stability: NotRequired[dict[str, int]]  # fealty and refusal, applied at step 9
    order: list[str]  # this turn's lot order
    accounts: dict[str, list[Line]]  # last turn's income and expenses
    influence_log: NotRequired[dict[str, list[InfluenceLine]]]  # last turn's changes (none in older stores)
    trade: list[TradeRecord]
    harvest: NotRequired[dict[str, int]]  # province → last harvest (none before the first turn)
    centres: list[str]
    revolts: list[str]
    gm_end: bool
    gm_events: NotRequired[GmEvents]  # since the last turn (none: nothing, as in older stores)


LEGACY = ("druzhina",)  # country keys older stores still carry; derived now (world.druzhina)


def fresh(state: State) -> State:
    """A deep copy to build the next state on, without the keys older stores still carry."""
    new: State = _copied(state)
    for c in new["countries"].values():
        for key in LEGACY:
            c.pop(key, None)  # type: ignore[misc]  # a key this TypedDict no longer has
    return new


def _copied(value: Any) -> Any:
    """A deep copy of stored JSON (dicts, lists and values that do not change): its containers
    copied, a quarter of `copy.deepcopy`'s time, which keeps a memo of every object it meets."""
    kind = type(value)
    if kind is dict:
        return {key: _copied(item) for key, item in value.items()}
    if kind is list or kind is tuple:
        return kind(_copied(item) for item in value)
    if kind in _UNCHANGING:
        return value
    return copy.deepcopy(value)


_UNCHANGING = (str, int, float, bool, type(None))
