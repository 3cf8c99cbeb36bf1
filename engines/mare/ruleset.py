"""The mare ruleset object the daemon sees: its own attributes, setup and the lot; every other
contract method is a module function named in `Parts`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from engines.contract import JSON, Adjustable, MissesPer, PhaseSpec, Picture
from engines.mare import ai, checks, gm, turn, views, world
from engines.mare import examples as fitting
from engines.mare import pictures as painted
from engines.mare.data import DATA
from engines.mare.schema import PHASES, vocabularies
from engines.mare.state import plain
from engines.mare.victory import scores
from engines.modular import ModularRuleset, Parts
from engines.rng import Rng
from engines.text import Catalog, Text

CATALOG_FILE = Path(__file__).with_name("messages.toml")


class MareRuleset(ModularRuleset):
    name: str = "mare"
    title: Text = Text(
        "Средиземноморская изюминка: античность, одна МОЩЬ",
        "Mediterranean Twist: antiquity, one resource (МОЩЬ)",
    )
    power_keywords: tuple[str, ...] = ("НАРОД", "PEOPLE")
    min_players: int = DATA.game.min_players
    max_players: int = DATA.game.max_players
    phases: Mapping[str, PhaseSpec] = PHASES
    catalog: Catalog
    adjustables: Mapping[str, Adjustable] = gm.ADJUSTABLES
    misses_per: MissesPer = "phase"
    parts = Parts(
        vocabularies=vocabularies,
        open_commands=checks.open_commands,
        summary=checks.summary,
        check=checks.check,
        resolve=turn.resolve,
        ai_orders=ai.ai_orders,
        view=views.view,
        scores=scores,
        read=gm.read,
        adjust=gm.adjust,
    )

    def __init__(self) -> None:
        self.catalog = Catalog.load(CATALOG_FILE).with_forms(DATA.forms)

    def setup(self, powers: Sequence[str], rng: Rng) -> JSON:
        """No draw is needed: the map fixes every starting holding (rng stays unused)."""
        return plain(world.setup(list(powers)))

    def examples(self, state: JSON, power: str, phase: str) -> Mapping[str, str]:
        """Examples that fit `power` (examples.py): its own land, real neighbours, affordable sums."""
        return fitting.examples(state, power, phase)

    def pictures(self, state: JSON, viewer: str) -> Sequence[Picture]:
        """The painted map (pictures.py)."""
        return painted.pictures(state, viewer)

    def playable_powers(self, player_count: int) -> list[str]:
        if not self.min_players <= player_count <= self.max_players:
            raise ValueError(f"mare is for {self.min_players}–{self.max_players} players, not {player_count}")
        return [power.name for power in DATA.powers[:player_count]]
