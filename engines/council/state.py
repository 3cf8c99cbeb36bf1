"""The typed shape of a council game's state: the ruleset is a `Ruleset[State]`, so mypy checks every
key the rules read and write, and the JSON on disk is exactly this (nothing is converted).

The contract's power is a family; the powers of the rules (державы) are "realms" here. Population is
kept in tenths of a жителя, so the rules' 0,3 is exact.
"""

# No `from __future__ import annotations` here: Python 3.11's TypedDict only leaves NotRequired keys
# out of __required_keys__ when it sees the annotations as objects, not strings.
from typing import TypedDict


class Province(TypedDict):
    realm: str  # the owning power; "" for barbarian land
    sphere: str  # the power whose sphere of influence holds it ("" none)
    population: int  # tenths of a жителя
    loyalty: int
    governor: str  # the governing family ("" none: «бесхозная»)
    occupied: str  # the power whose army holds it ("" none)
    revolt: bool
    buildings: list[str]
    holding: bool  # the governor's family holding: the council does not change its governor


class Army(TypedDict):
    province: str
    commander: str  # family, "" without a commander
    immune_until: int  # the last turn its commander may veto a change of command
    units: dict[str, int]  # "regulars", "militia", "mercenaries" → units
    guards: dict[str, int]  # family → units of its personal guard serving in the army


class Flotilla(TypedDict):
    sea: str
    squadrons: int


class Item(TypedDict):
    """A project on a council's list: its number there, kind, author (never shown to players when
    anonymous) and the order that put it, as `Command.to_json` stores it."""

    number: int
    kind: str
    author: str
    anonymous: bool
    order: dict[str, object]


class Accusation(TypedDict):
    accused: str
    text: str  # the crime as the accuser told it ("" none)
    weight: int  # the accuser's vote weight when it voted


class Investigation(TypedDict):
    """An investigation voted at the decisions stage and settled at the end of the turn, once the
    GM has judged the crime texts."""

    votes: dict[str, Accusation]  # accuser → its vote
    accepted: list[str]  # accusers whose text the GM accepted


class Pending(TypedDict):
    """A decision that waits for an action of the same turn (projects 5, 7, 10)."""

    kind: str
    number: int
    order: dict[str, object]


class Realm(TypedDict):
    freedom: int
    ruling: str
    armies: dict[str, Army]
    flotillas: dict[str, Flotilla]
    squadrons: int  # bought, not yet in a flotilla
    militia: int  # called up, not yet given to an army (stage 3)
    last_election: int  # the turn of the last election (0: none yet)
    election: str  # on the next council list: "" none, "regular", "form" (a freer form), "gm"
    investigation_called: bool  # the GM put an investigation on the next council list
    civil_war: list[str]  # families at war with the ruling one
    agenda: list[Item]  # the council's list this turn
    election_now: str  # the election on this turn's list ("" none), as `election`
    investigation_now: bool
    investigation: Investigation | None  # voted, waiting to be settled
    pending: list[Pending]
    wars: list[str]  # the powers it is at war with (each war is kept on both sides)
    peace_offers: list[str]  # powers its ruling family offered peace to last planning stage


class Line(TypedDict):
    item: str  # "status", "governorships", "building_income", "trading_posts"
    amount: int


class Family(TypedDict):
    realm: str
    money: int
    influence: int
    status: str  # "ruling", "noble", "junior"
    budget: int  # money at the start of the turn, after income (an investigation's fine)
    gain: int  # the influence gained at the start of the turn
    income: list[Line]  # the start of the turn's income
    rights: list[str]  # auction rights held (used by the actions of stage 3)
    guard: int  # units of its personal guard at home (in the capital), not in an army
    auction_spent: int  # what it paid at this turn's auctions: its place among its kin in 8.6
    exiled: bool  # beaten in a civil war: out of the game (the contract's `ended`)


class TradingPost(TypedDict):
    province: str
    realm: str
    family: str


class Lot(TypedDict):
    """Who won what at an auction (public), and at what bid (the GM's)."""

    turn: int
    auction: str
    family: str
    bid: int
    count: int  # squadrons; 1 for every other lot


class GmData(TypedDict):
    tribal_unions: dict[str, str]  # tribal union → the family secretly leading it


class Tribe(TypedDict):
    warriors: int


class State(TypedDict):
    turn: int  # the contract's keys
    phase: str
    over: bool
    powers: list[str]  # every family, in data order
    played: list[str]  # families a player holds (the others are computer-run)
    realms: dict[str, Realm]
    families: dict[str, Family]
    provinces: dict[str, Province]
    trading_posts: list[TradingPost]
    lots: list[Lot]  # the last auctions' winners
    tribes: dict[str, Tribe]
    gm_data: GmData
