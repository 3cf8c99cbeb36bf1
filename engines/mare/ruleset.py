"""The mare ruleset object the daemon sees: its attributes, setup and the lot; every other
contract method is one of its modules' functions."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from engines.contract import Picture, Ruleset
from engines.mare import ai, checks, examples, gm, schema, turn, victory, views, world
from engines.mare.data import DATA
from engines.mare.schema import PHASES
from engines.mare.state import State
from engines.rng import Rng
from engines.ruledata import names_forms
from engines.text import BOTH, Catalog, Lang, Text

CATALOG_FILE = Path(__file__).with_name("messages.toml")


class MareRuleset(Ruleset[State]):
    name = "mare"
    title = Text(
        "Средиземноморская изюминка: античность, одна МОЩЬ",
        "Mediterranean Twist: antiquity, one resource (МОЩЬ)",
    )
    power_keywords = ("НАРОД", "PEOPLE")
    power_title = Text("Народ", "People")
    powers_title = Text("Народы", "Peoples")
    min_players = DATA.game.min_players
    max_players = DATA.game.max_players
    phases = PHASES
    adjustables = gm.ADJUSTABLES
    vocabularies = staticmethod(schema.vocabularies)
    open_commands = staticmethod(checks.open_commands)
    summary = staticmethod(checks.summary)
    check = staticmethod(checks.check)
    resolve = staticmethod(turn.resolve)
    ai_orders = staticmethod(ai.ai_orders)
    view = staticmethod(views.view)
    scores = staticmethod(victory.scores)
    read = staticmethod(gm.read)
    adjust = staticmethod(gm.adjust)
    examples = staticmethod(examples.examples)  # its own land, real neighbours, affordable sums

    def __init__(self) -> None:
        self.catalog = Catalog.load(CATALOG_FILE).with_forms(names_forms(DATA))

    def pictures(self, state: State, viewer: str, langs: Sequence[Lang] = BOTH) -> Sequence[Picture]:
        """The painted map (pictures.py, and Pillow, loaded only to draw)."""
        from engines.mare.pictures import pictures

        return pictures(state, viewer, langs)

    def setup(self, powers: Sequence[str], rng: Rng) -> State:
        """No draw is needed: the map fixes every starting holding (rng stays unused)."""
        return world.setup(list(powers))

    def example_states(self) -> list[State]:
        """For the conformance suite: the first people holds a general of each order (only a
        heroic victory gives one), the second another one (a target to kill), and the last has lost
        every land (another may permit it to settle)."""
        state = world.setup(self.playable_powers(self.max_players))
        first, second, last = state["powers"][0], state["powers"][1], state["powers"][-1]
        for command in ("general", "charm", "unite", "kill", "exchange"):
            state["generals"][next(g.name for g in DATA.generals if g.command == command)] = first
        state["generals"][next(g for g, held in state["generals"].items() if not held)] = second
        state["owners"] = {t: "" if owner == last else owner for t, owner in state["owners"].items()}
        return [state]

    def playable_powers(self, player_count: int) -> list[str]:
        if not self.min_players <= player_count <= self.max_players:
            raise ValueError(f"mare is for {self.min_players}–{self.max_players} players, not {player_count}")
        return [power.name for power in DATA.powers[:player_count]]
