"""What the GM may correct or award in a coins game (ПОПРАВКА / НАГРАДА): the daemon audits it,
this table says where each number lives in a country."""

from __future__ import annotations

import copy

from engines.coins.world import country
from engines.contract import JSON, Adjustable
from engines.text import Text

# name → (the adjustable as the GM names it, the path to it inside a country)
FIELDS: dict[str, tuple[Adjustable, tuple[str, ...]]] = {
    "coins": (Adjustable("coins", Text("Монеты", "Coins"), ("КАЗНА", "TREASURY"), minimum=0), ("coins",)),
    "research": (
        Adjustable("research", Text("Исследования", "Research"), ("ОИ", "RP"), minimum=0),
        ("research",),
    ),
    "army": (Adjustable("army", Text("Армия", "Army"), (), minimum=0), ("army",)),
    "vp": (
        Adjustable("vp", Text("Награда ведущего", "GM award"), ("ПО", "VP", "ОЧКИ", "POINTS")),
        ("vp", "gm"),
    ),
}
ADJUSTABLES = {name: spec for name, (spec, _) in FIELDS.items()}


def read(state: JSON, power: str, name: str) -> int:
    *parents, leaf = FIELDS[name][1]
    holder = country(state, power)
    for key in parents:
        holder = holder[key]
    return int(holder[leaf])


def adjust(state: JSON, power: str, name: str, value: int) -> JSON:
    result = copy.deepcopy(state)
    *parents, leaf = FIELDS[name][1]
    holder = country(result, power)
    for key in parents:
        holder = holder[key]
    holder[leaf] = value
    return result
