"""The Rus ruleset object the daemon sees: the contract's attributes wired to the modules."""

from __future__ import annotations

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
from engines.rng import Rng
from engines.rus import ai, checks, gm, scoring, turn, views, world
from engines.rus.data import DATA
from engines.rus.schema import PHASES, vocabularies
from engines.text import Catalog, Msg, Text

HERE = Path(__file__).parent
# the economy and the game; battles and marches; wars, peace and alliances; influence and vassals
CATALOG_FILES = ("messages.toml", "messages_war.toml", "messages_treaties.toml", "messages_diplomacy.toml")


class RusRuleset:
    name: str = "rus"
    title: Text = Text("Русь: удельные княжества XI века", "Rus: the 11th-century principalities")
    power_keywords: tuple[str, ...] = ("КНЯЖЕСТВО", "PRINCIPALITY")
    min_players: int = DATA.game.min_players
    max_players: int = DATA.game.max_players
    phases: Mapping[str, PhaseSpec] = PHASES
    catalog: Catalog
    adjustables: Mapping[str, Adjustable] = gm.ADJUSTABLES

    def __init__(self) -> None:
        parts = [Catalog.load(HERE / name) for name in CATALOG_FILES]
        self.catalog = parts[0]
        for part in parts[1:]:
            self.catalog = self.catalog.merged(part)

    def setup(self, powers: Sequence[str], rng: Rng) -> JSON:
        """All sixteen principalities are in play; those no player drew are computer-run.
        The lot of who plays which was drawn by the daemon (rng stays unused)."""
        unknown = sorted(set(powers) - {p.name for p in DATA.powers})
        if unknown:
            raise ValueError(f"not Rus principalities: {', '.join(unknown)}")
        return world.setup(powers)

    def playable_powers(self, player_count: int) -> list[str]:
        """All sixteen principalities go into the lot; those no player draws stay computer-run."""
        if not self.min_players <= player_count <= self.max_players:
            raise ValueError(f"rus is for {self.min_players}–{self.max_players} players, not {player_count}")
        return [power.name for power in DATA.powers]

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
        return gm.handover(state, power, computer)
