"""The coins ruleset object the daemon sees: its attributes, setup and the lot; every other
contract method is one of its modules' functions."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from engines.coins import ai, checks, examples, gm, schema, scoring, views, world
from engines.coins.data import DATA
from engines.coins.schema import PHASES
from engines.coins.state import State
from engines.coins.stored import reading_orders, reading_state, resolve
from engines.contract import Picture, Ruleset
from engines.rng import Rng
from engines.ruledata import names_forms
from engines.text import BOTH, Catalog, Lang, Text

CATALOG_FILE = Path(__file__).with_name("messages.toml")


class CoinsRuleset(Ruleset[State]):
    name = "coins"
    title = Text("Монеты: современные державы", "Coins: modern powers")
    power_keywords = ("ДЕРЖАВА",)
    last_turn = DATA.game.last_turn
    glossary = Text("ПО — победные очки.", "ПО — victory points.")
    min_players = DATA.game.min_players
    max_players = DATA.game.max_players
    phases = PHASES
    adjustables = gm.ADJUSTABLES
    vocabularies = staticmethod(schema.vocabularies)
    open_commands = staticmethod(checks.open_commands)
    summary = staticmethod(reading_orders(checks.summary))
    check = staticmethod(reading_orders(checks.check))
    resolve = staticmethod(resolve)
    ai_orders = staticmethod(reading_state(ai.ai_orders))
    view = staticmethod(reading_state(views.view))
    scores = staticmethod(reading_state(scoring.scores))
    read = staticmethod(gm.read)
    adjust = staticmethod(reading_state(gm.adjust))
    # examples that fit the power: a real partner, its own colony and technology, what it affords
    examples = staticmethod(reading_state(examples.examples))

    def __init__(self) -> None:
        self.catalog = Catalog.load(CATALOG_FILE).with_forms(names_forms(DATA))

    def setup(self, powers: Sequence[str], rng: Rng) -> State:
        """No draw is needed: every power starts equal (rng stays unused)."""
        return world.setup(powers)

    def pictures(self, state: State, viewer: str, langs: Sequence[Lang] = BOTH) -> Sequence[Picture]:
        """The standings chart, in this ruleset's catalog's words (its module, and Pillow, loaded
        only to draw)."""
        from engines.coins.pictures import pictures

        return pictures(state, viewer, self.catalog, langs)

    def example_states(self) -> list[State]:
        """For the conformance suite: a power under external management at turn 2's orders, which
        only a passed vote gives (so the others may manage it)."""
        state = world.setup(self.playable_powers(self.max_players))
        state["turn"], state["effects"]["external"] = 2, [state["powers"][1]]
        return [state]

    def playable_powers(self, player_count: int) -> list[str]:
        if not self.min_players <= player_count <= self.max_players:
            raise ValueError(
                f"coins is for {self.min_players}–{self.max_players} players, not {player_count}"
            )
        return [power.name for power in DATA.powers[:player_count]]
