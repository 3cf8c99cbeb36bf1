"""The mare ruleset object the daemon sees: the contract's attributes wired to the modules."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from pathlib import Path

from engines.contract import (
    JSON,
    Adjustable,
    Command,
    CommandSpec,
    PhaseSpec,
    Problem,
    Resolution,
    Vocabulary,
)
from engines.mare import ai, checks, turn, views, world
from engines.mare.data import DATA
from engines.mare.schema import PHASES, vocabularies
from engines.mare.victory import scores
from engines.rng import Rng
from engines.text import Catalog, Msg, Text

CATALOG_FILE = Path(__file__).with_name("messages.toml")


class MareRuleset:
    name: str = "mare"
    title: Text = Text(
        "Средиземноморская изюминка: античность, одна МОЩЬ",
        "Mediterranean Twist: antiquity, one resource (МОЩЬ)",
    )
    power_keywords: tuple[str, ...] = ("НАРОД", "PEOPLE")
    min_players: int = DATA.min_players
    max_players: int = DATA.max_players
    phases: Mapping[str, PhaseSpec] = PHASES
    catalog: Catalog
    # the GM may correct or award МОЩЬ (ПОПРАВКА / НАГРАДА); it is the only number a power has
    adjustables: Mapping[str, Adjustable] = {
        "might": Adjustable("might", Text("МОЩЬ", "Might"), ("МОЩЬ", "MIGHT"), minimum=DATA.might_floor)
    }

    def __init__(self) -> None:
        self.catalog = Catalog.load(CATALOG_FILE)

    def setup(self, powers: Sequence[str], rng: Rng) -> JSON:
        """No draw is needed: the map fixes every starting holding (rng stays unused)."""
        return world.setup(list(powers))

    def playable_powers(self, player_count: int) -> list[str]:
        if not self.min_players <= player_count <= self.max_players:
            raise ValueError(f"mare is for {self.min_players}–{self.max_players} players, not {player_count}")
        return [power.name for power in DATA.powers[:player_count]]

    def vocabularies(self, state: JSON) -> Mapping[str, Vocabulary]:
        return vocabularies(state)

    def open_commands(self, state: JSON, power: str, phase: str) -> Sequence[CommandSpec]:
        return checks.open_commands(state, power, phase)

    def summary(self, state: JSON, power: str, phase: str, commands: Sequence[Command]) -> list[Msg]:
        return checks.summary(state, power, commands)

    def check(self, state: JSON, power: str, phase: str, commands: Sequence[Command]) -> list[Problem]:
        return checks.check(state, power, phase, commands)

    def resolve(
        self, state: JSON, phase: str, orders: Mapping[str, Sequence[Command]], rng: Rng
    ) -> Resolution:
        return turn.resolve(state, phase, orders, rng)

    def ai_orders(self, state: JSON, power: str, phase: str) -> list[Command]:
        return ai.ai_orders(state, power, phase)

    def view(self, state: JSON, power: str) -> JSON:
        return views.view(state, power)

    def scores(self, state: JSON) -> dict[str, int]:
        return scores(state)

    def read(self, state: JSON, power: str, name: str) -> int:
        if name not in self.adjustables:
            raise KeyError(name)
        return int(state["might"][power])

    def adjust(self, state: JSON, power: str, name: str, value: int) -> JSON:
        if name not in self.adjustables:
            raise KeyError(name)
        result = copy.deepcopy(state)
        result["might"][power] = max(DATA.might_floor, value)
        return result

    def handover(self, state: JSON, power: str, computer: bool) -> JSON:
        """Who plays a power changes nothing in this game's state."""
        return state
