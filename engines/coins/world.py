"""The state's shape (plain JSON) and the accessors every rule module shares.

state = {turn, phase, over, powers,            # the contract keys
         colonies: {colony: owner or ""},       # public
         alliances: [{kind, powers: [a, b]}],   # public, official
         chair: power allowed to propose,       # public
         proposal: {} or the pending proposal,  # public
         passed: [proposal records],            # public history
         effects: {...this turn's proposal effects}, next_effects: {influence_factor: {X: f}},
         intel: {spy: {target: snapshot}},      # private, this turn only
         countries: {power: country}}           # private numbers
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engines.coins.data import DATA, Colony
from engines.contract import JSON

ORDERS, TALKS, VOTE = "orders", "talks", "vote"
# stats that are a level for the turn (recomputed) rather than an income that accumulates
LEVELS = ("intel", "army", "influence")
VP_SOURCES = ("wars", "intel", "unspied", "proposals", "tribunal", "gm")  # gm: the GM's awards


def colonies_in_play(player_count: int) -> list[Colony]:
    ordinary = [c for c in DATA.colonies if not c.always]
    count = player_count - DATA.colonies_fewer_than_players
    return ordinary[:count] + [c for c in DATA.colonies if c.always]


def new_country() -> JSON:
    return {
        "perk": "",
        "coins": DATA.start_coins,
        "research": 0,
        **{stat: 0 for stat in LEVELS},
        "influence_factor": 1,
        "income": {},
        "research_income": {},
        "funding": {line.name: 0 for line in DATA.lines},
        "techs": [],
        "lent": 0,
        "borrowed": 0,
        "vp": {source: 0 for source in VP_SOURCES},
    }


def clear_effects() -> JSON:
    return {"immune": [], "disarmed": [], "arms_limit": None, "external": [], "commission": {}}


def setup(powers: Sequence[str]) -> JSON:
    return {
        "turn": 1,
        "phase": ORDERS,
        "over": False,
        "powers": list(powers),
        "colonies": {colony.name: "" for colony in colonies_in_play(len(powers))},
        "alliances": [],
        "chair": "",
        "proposal": {},
        "passed": [],
        "effects": clear_effects(),
        "next_effects": {"influence_factor": {}},
        "intel": {},
        "countries": {power: new_country() for power in powers},
    }


def country(state: JSON, power: str) -> dict[str, Any]:
    result: dict[str, Any] = state["countries"][power]
    return result


def others(state: JSON, power: str) -> list[str]:
    return [p for p in state["powers"] if p != power]


def owned_colonies(state: JSON, power: str) -> list[str]:
    return [name for name, owner in state["colonies"].items() if owner == power]


def partners(state: JSON, kind: str, power: str) -> list[str]:
    """Allies of `power` in alliances of `kind`, in setup order."""
    found = {p for a in state["alliances"] if a["kind"] == kind and power in a["powers"] for p in a["powers"]}
    return [p for p in state["powers"] if p in found and p != power]


def alliance_record(state: JSON, kind: str, a: str, b: str) -> JSON:
    """Canonical alliance entry: the pair in setup order, so equal alliances compare equal."""
    pair = [p for p in state["powers"] if p in (a, b)]
    return {"kind": kind, "powers": pair}


def has_grant(state: JSON, power: str, grant: str) -> bool:
    """Whether `power` holds every part of a tech that grants `grant` (nuclear, space)."""
    owned = set(country(state, power)["techs"])
    return any(tech.grants == grant and set(tech.part_names) <= owned for tech in DATA.techs)


def available_army(state: JSON, power: str) -> int:
    """The army this power commands this turn: its own, minus what it lent, plus allies' help."""
    c = country(state, power)
    return int(c["army"] - c["lent"] + c["borrowed"])


def is_last_turn(state: JSON) -> bool:
    return int(state["turn"]) >= DATA.last_turn
