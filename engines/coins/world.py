"""The setup of a game and the accessors every rule module shares (the shape: state.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import get_args

from engines.coins.data import DATA, Colony
from engines.coins.state import Alliance, Country, Effects, Level, State

ORDERS, TALKS, VOTE = "orders", "talks", "vote"
LEVELS: tuple[Level, ...] = get_args(Level)
VP_SOURCES = ("wars", "intel", "unspied", "proposals", "tribunal", "gm")  # gm: the GM's awards


def colonies_in_play(player_count: int) -> list[Colony]:
    ordinary = [c for c in DATA.colonies if not c.always]
    count = player_count - DATA.game.colonies_fewer_than_players
    return ordinary[:count] + [c for c in DATA.colonies if c.always]


def new_country() -> Country:
    return {
        "perk": "",
        "coins": DATA.game.start_coins,
        "research": 0,
        "intel": 0,
        "army": 0,
        "influence": 0,
        "influence_factor": 1,
        "income": {},
        "research_income": {},
        "funding": {line.name: 0 for line in DATA.lines},
        "techs": [],
        "lent": 0,
        "borrowed": 0,
        "vp": {source: 0 for source in VP_SOURCES},
    }


def clear_effects() -> Effects:
    return {"immune": [], "disarmed": [], "arms_limit": None, "external": [], "commission": {}}


def setup(powers: Sequence[str]) -> State:
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
        "standings": [],
    }


def country(state: State, power: str) -> Country:
    return state["countries"][power]


def others(state: State, power: str) -> list[str]:
    return [p for p in state["powers"] if p != power]


def owned_colonies(state: State, power: str) -> list[str]:
    return [name for name, owner in state["colonies"].items() if owner == power]


def partners(state: State, kind: str, power: str) -> list[str]:
    """Allies of `power` in alliances of `kind`, in setup order."""
    found = {p for a in state["alliances"] if a["kind"] == kind and power in a["powers"] for p in a["powers"]}
    return [p for p in state["powers"] if p in found and p != power]


def alliance_record(state: State, kind: str, a: str, b: str) -> Alliance:
    """Canonical alliance entry: the pair in setup order, so equal alliances compare equal."""
    pair = [p for p in state["powers"] if p in (a, b)]
    return {"kind": kind, "powers": pair}


def has_grant(state: State, power: str, grant: str) -> bool:
    """Whether `power` holds every part of a tech that grants `grant` (nuclear, space)."""
    owned = set(country(state, power)["techs"])
    return any(tech.grants == grant and set(tech.part_names) <= owned for tech in DATA.techs)


def available_army(state: State, power: str) -> int:
    """The army this power commands this turn: its own, minus what it lent, plus allies' help."""
    c = country(state, power)
    return c["army"] - c["lent"] + c["borrowed"]


def is_last_turn(state: State) -> bool:
    return state["turn"] >= DATA.game.last_turn
