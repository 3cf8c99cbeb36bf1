"""The coins ruleset object the daemon sees: its own attributes, setup and the lot; every other
contract method is a module function named in `Parts`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from engines.coins import ai, checks, examples, gm, pictures, scoring, views, world
from engines.coins.data import DATA
from engines.coins.schema import PHASES, vocabularies
from engines.coins.state import plain
from engines.coins.stored import reading_orders, reading_state, resolve
from engines.contract import JSON, Adjustable, MissesPer, PhaseSpec, Picture
from engines.modular import ModularRuleset, Parts
from engines.rng import Rng
from engines.text import Catalog, Text

CATALOG_FILE = Path(__file__).with_name("messages.toml")


class CoinsRuleset(ModularRuleset):
    name: str = "coins"
    title: Text = Text(
        f"Монеты: современные державы, {DATA.game.last_turn} ходов",
        f"Coins: modern powers, {DATA.game.last_turn} turns",
    )
    power_keywords: tuple[str, ...] = ("ДЕРЖАВА",)
    min_players: int = DATA.game.min_players
    max_players: int = DATA.game.max_players
    phases: Mapping[str, PhaseSpec] = PHASES
    catalog: Catalog
    adjustables: Mapping[str, Adjustable] = gm.ADJUSTABLES
    misses_per: MissesPer = "phase"
    parts = Parts(
        vocabularies=vocabularies,
        open_commands=checks.open_commands,
        summary=reading_orders(checks.summary),
        check=reading_orders(checks.check),
        resolve=resolve,
        ai_orders=reading_state(ai.ai_orders),
        view=reading_state(views.view),
        scores=reading_state(scoring.scores),
        read=gm.read,
        adjust=reading_state(gm.adjust),
    )

    def __init__(self) -> None:
        self.catalog = Catalog.load(CATALOG_FILE).with_forms(DATA.forms)

    def setup(self, powers: Sequence[str], rng: Rng) -> JSON:
        """No draw is needed: every power starts equal (rng stays unused)."""
        return plain(world.setup(powers))

    def examples(self, state: JSON, power: str, phase: str) -> Mapping[str, str]:
        """Examples that fit `power`: a real partner, its own colony and technology, what it affords."""
        return reading_state(examples.examples)(state, power, phase)

    def pictures(self, state: JSON, viewer: str) -> Sequence[Picture]:
        """The standings chart, in this ruleset's catalog's words."""
        return pictures.pictures(state, viewer, self.catalog)

    def playable_powers(self, player_count: int) -> list[str]:
        if not self.min_players <= player_count <= self.max_players:
            raise ValueError(
                f"coins is for {self.min_players}–{self.max_players} players, not {player_count}"
            )
        return [power.name for power in DATA.powers[:player_count]]
