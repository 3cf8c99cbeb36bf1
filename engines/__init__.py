"""Rulesets, one package each, each a subclass of `engines.contract.Ruleset`."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # a ruleset is imported when a game needs it, not with this package
    from engines.contract import Ruleset

# ruleset id → module exposing RULESET; the daemon looks rulesets up here and nowhere else
REGISTRY = {
    "coins": "engines.coins",
    "council": "engines.council",
    "diplomacy": "engines.diplomacy",
    "diplomacy_ancmed": "engines.diplomacy.ancmed",
    "diplomacy_pure": "engines.diplomacy.pure",
    "mare": "engines.mare",
    "rus": "engines.rus",
    "tribes": "engines.tribes",
}


def get_ruleset(name: str) -> Ruleset[Any]:
    if name not in REGISTRY:
        raise KeyError(f"unknown ruleset {name!r}; known: {', '.join(sorted(REGISTRY))}")
    ruleset: Ruleset[Any] = importlib.import_module(REGISTRY[name]).RULESET
    return ruleset
