"""What the GM may correct or award in a coins game (ПОПРАВКА / НАГРАДА): the daemon audits it,
this table says where each number lives in a country."""

from __future__ import annotations

import copy
from typing import Literal

from engines.coins.state import Country, State
from engines.coins.world import country
from engines.contract import Adjustable
from engines.text import Text

# a country's own numbers the GM may set; the award ("vp") is the GM's source of victory points
Slot = Literal["coins", "research", "army", "vp"]

FIELDS: dict[str, tuple[Adjustable, Slot]] = {
    "coins": (Adjustable("coins", Text("Монеты", "Coins"), ("КАЗНА", "TREASURY"), minimum=0), "coins"),
    "research": (
        Adjustable("research", Text("Исследования", "Research"), ("ОИ", "RP"), minimum=0),
        "research",
    ),
    "army": (Adjustable("army", Text("Армия", "Army"), (), minimum=0), "army"),
    "vp": (Adjustable("vp", Text("Награда ведущего", "GM award"), ("ПО", "VP", "ОЧКИ", "POINTS")), "vp"),
}
ADJUSTABLES = {name: spec for name, (spec, _) in FIELDS.items()}


def _get(c: Country, slot: Slot) -> int:
    return c["vp"]["gm"] if slot == "vp" else c[slot]


def _set(c: Country, slot: Slot, value: int) -> None:
    if slot == "vp":
        c["vp"]["gm"] = value
    else:
        c[slot] = value


def read(state: State, power: str, name: str) -> int:
    return _get(country(state, power), FIELDS[name][1])


def adjust(state: State, power: str, name: str, value: int) -> State:
    result = copy.deepcopy(state)
    _set(country(result, power), FIELDS[name][1], value)
    return result
