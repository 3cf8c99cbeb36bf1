"""The typed shape of a coins game's state, so mypy checks every key the rules read and write.

On disk the state stays plain JSON (the contract's `JSON`); these TypedDicts describe exactly that
JSON, nothing is converted. A contract method takes `JSON` and views it once through `typed`.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict, final

# the numbers of a country that funding lines, perks and techs feed
Stat = Literal["coins", "research", "intel", "army", "influence"]
# those that are a level for the turn (recomputed) rather than an income that accumulates
Level = Literal["intel", "army", "influence"]
# this turn's lists of powers a passed proposal put under an effect
Listed = Literal["immune", "disarmed", "external"]


class Country(TypedDict):
    """A power's private numbers."""

    perk: str  # "" until chosen
    coins: int
    research: int
    intel: int
    army: int
    influence: int
    influence_factor: int  # ×0 / ×2 by a vote, for one turn
    income: dict[str, int]  # this turn's coin income by source
    research_income: dict[str, int]
    funding: dict[str, int]  # line → coins invested, paid out next turn
    techs: list[str]  # tech parts, in data order
    lent: int  # army sent to allies this turn
    borrowed: int  # allies' army commanded this turn
    vp: dict[str, int]  # victory points by source that are not derived from the state


class Alliance(TypedDict):
    kind: str
    powers: list[str]  # the pair, in setup order


class ProposalRecord(TypedDict):
    """A proposal put to the vote: its parameters ("" / 0 when it needs none)."""

    proposer: str
    name: str
    target: str
    recipient: str
    amount: int


@final
class NoProposal(TypedDict):
    """No proposal pending: `{}` (falsy, so `if state["proposal"]` tells the two apart)."""


class PassedProposal(ProposalRecord):
    turn: int


class Snapshot(TypedDict):
    """What a spy or the International Commission sees of a power."""

    income: int
    research: int
    army: int
    intel: int
    influence: int
    techs: list[str]


class Effects(TypedDict):
    """This turn's effects of passed proposals."""

    immune: list[str]
    disarmed: list[str]
    arms_limit: int | None
    external: list[str]
    commission: dict[str, Snapshot]


class NextEffects(TypedDict):
    influence_factor: dict[str, int]


class Standing(TypedDict):
    """Every power's victory points when one turn ended, for the chart of the standings by turn."""

    turn: int
    vp: dict[str, int]


class State(TypedDict):
    turn: int  # the contract's keys
    phase: str
    over: bool
    powers: list[str]
    colonies: dict[str, str]  # colony → owner, "" while neutral
    alliances: list[Alliance]
    chair: str  # the power allowed to propose
    proposal: ProposalRecord | NoProposal  # this turn's
    passed: list[PassedProposal]
    effects: Effects
    next_effects: NextEffects
    intel: dict[str, dict[str, Snapshot]]  # spy → target → this turn's report (private)
    countries: dict[str, Country]
    # one per ended turn; a state written before the chart has none, so its chart starts later
    standings: NotRequired[list[Standing]]
