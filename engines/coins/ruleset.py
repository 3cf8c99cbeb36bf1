"""The coins ruleset object the daemon sees: the contract's attributes wired to the modules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from engines.coins import ai, checks, gm, scoring, turn, views, world
from engines.coins.data import DATA
from engines.coins.schema import PHASES, vocabularies
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
from engines.rng import Rng
from engines.text import Catalog, Msg, Text

CATALOG_FILE = Path(__file__).with_name("messages.toml")


class CoinsRuleset:
    name: str = "coins"
    title: Text = Text(
        f"Монеты: современные державы, {DATA.last_turn} ходов",
        f"Coins: modern powers, {DATA.last_turn} turns",
    )
    power_keywords: tuple[str, ...] = ("ДЕРЖАВА",)
    min_players: int = DATA.min_players
    max_players: int = DATA.max_players
    phases: Mapping[str, PhaseSpec] = PHASES
    catalog: Catalog
    adjustables: Mapping[str, Adjustable] = gm.ADJUSTABLES

    def __init__(self) -> None:
        self.catalog = Catalog.load(CATALOG_FILE)

    def setup(self, powers: Sequence[str], rng: Rng) -> JSON:
        """No draw is needed: every power starts equal (rng stays unused)."""
        return world.setup(powers)

    def playable_powers(self, player_count: int) -> list[str]:
        if not self.min_players <= player_count <= self.max_players:
            raise ValueError(
                f"coins is for {self.min_players}–{self.max_players} players, not {player_count}"
            )
        return [power.name for power in DATA.powers[:player_count]]

    def vocabularies(self, state: JSON) -> Mapping[str, Vocabulary]:
        return vocabularies(state)

    def open_commands(self, state: JSON, power: str, phase: str) -> Sequence[CommandSpec]:
        return checks.open_commands(state, power, phase)

    def summary(self, state: JSON, power: str, phase: str, commands: Sequence[Command]) -> list[Msg]:
        return checks.summary(state, power, phase, commands)

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
        return scoring.scores(state)

    def read(self, state: JSON, power: str, name: str) -> int:
        return gm.read(state, power, name)

    def adjust(self, state: JSON, power: str, name: str, value: int) -> JSON:
        return gm.adjust(state, power, name, value)

    def handover(self, state: JSON, power: str, computer: bool) -> JSON:
        """Who plays a power changes nothing in this game's state."""
        return state
