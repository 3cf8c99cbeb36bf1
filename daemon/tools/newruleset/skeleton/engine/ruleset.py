"""The ruleset object the daemon sees: its attributes and setup; every other method is one of its
modules' functions, and every hook it does not bind keeps the contract's default."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from types import MappingProxyType

from engines.contract import Adjustable, Ruleset
from engines.rng import Rng
from engines.ruledata import names_forms
from engines.text import Catalog, Text

from . import ai, checks, resolve, schema, views
from .data import DATA
from .state import State

GRAIN = Adjustable("grain", Text("зерно", "grain"), ("ЗЕРНО",), minimum=0)


def read(state: State, power: str, name: str) -> int:
    return state["grain"][power]


def adjust(state: State, power: str, name: str, value: int) -> State:
    return {**state, "grain": {**state["grain"], power: value}}


class SkeletonRuleset(Ruleset[State]):
    name = "skeleton"
    title = Text("Урожай", "Harvest")
    power_keywords = ("ДЕРЕВНЯ",)
    power_title = Text("Деревня", "Village")
    powers_title = Text("Деревни", "Villages")
    last_turn = DATA.game.last_turn
    min_players = DATA.game.min_players
    max_players = DATA.game.max_players
    phases = schema.PHASES
    adjustables = MappingProxyType({GRAIN.name: GRAIN})
    vocabularies = staticmethod(schema.vocabularies)
    check = staticmethod(checks.check)
    resolve = staticmethod(resolve.resolve)
    ai_orders = staticmethod(ai.ai_orders)
    examples = staticmethod(ai.examples)
    view = staticmethod(views.view)
    scores = staticmethod(views.scores)
    secret_scores = True  # a score is a village's grain, which only the village sees
    read = staticmethod(read)
    adjust = staticmethod(adjust)

    def __init__(self) -> None:
        self.catalog = Catalog.load(Path(__file__).with_name("messages.toml")).with_forms(names_forms(DATA))

    def setup(self, powers: Sequence[str], rng: Rng) -> State:
        """Every village starts equal: no draw is needed."""
        grain = {power: DATA.game.start_grain for power in powers}
        return {"turn": 1, "phase": schema.ORDERS, "over": False, "powers": list(powers), "grain": grain}

    def playable_powers(self, player_count: int) -> list[str]:
        return [power.name for power in DATA.powers[: max(player_count, self.min_players)]]
