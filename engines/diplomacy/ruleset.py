"""The Diplomacy ruleset object the daemon sees, one per variant: its map, its attributes, and the
contract's methods, each one of its modules' functions given the variant's board."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from engines.contract import JSON, Command, Picture, Problem, Resolution, Ruleset, Vocabulary
from engines.diplomacy import ai, checks, examples, schema, turn, views, world
from engines.diplomacy.board import board
from engines.diplomacy.commands import command
from engines.diplomacy.data import DATA
from engines.diplomacy.lexicon import lexicon, words
from engines.diplomacy.notation import read
from engines.diplomacy.state import State
from engines.rng import Rng
from engines.ruledata import names_forms
from engines.russian import Forms
from engines.text import BOTH, Catalog, Lang, Msg, Text

CATALOG_FILE = Path(__file__).with_name("messages.toml")


class DiplomacyRuleset(Ruleset[State]):
    power_keywords = ("ДЕРЖАВА",)
    public_views = True
    power_title = Text("Держава", "Power")
    powers_title = Text("Державы", "Powers")
    glossary = Text(
        "А — армия, Ф — флот; СП, ЮП, ВП — северное, южное и восточное побережье.",
        "A — army, F — fleet; nc, sc, ec — north, south and east coast.",
    )

    def __init__(self, variant: str = "standard") -> None:
        found = DATA.variants[variant]
        self.variant = variant
        self.board = board(found.map)
        self.lexicon = lexicon(found.map)
        self.name = "diplomacy" if variant == "standard" else f"diplomacy_{variant}"
        self.title = Text(found.title.ru, found.title.en)
        self.min_players, self.max_players = found.min_players, found.max_players
        self.phases = schema.phases(self.board)
        coasts = Forms(english={c.ru: c.en for c in words().coast_names.values()})
        self.catalog = Catalog.load(CATALOG_FILE).with_forms(names_forms(self.board.data).merged(coasts))

    # ---- the start -----------------------------------------------------------------------------
    def setup(self, powers: Sequence[str], rng: Rng) -> State:
        """No lot beyond the daemon's: the board starts as the map says (rng stays unused)."""
        return world.setup(self.board, powers)

    def draw(self, pool: Sequence[str], players: int, rng: Rng) -> list[str]:
        """The lot: a power for each player, the rest the computer's (whose consent a draw asks)."""
        return rng.shuffled(pool, Msg("draw_powers"))[:players]

    def example_states(self) -> list[State]:
        return world.example_states(self.board)

    def playable_powers(self, player_count: int) -> list[str]:
        if not self.min_players <= player_count <= self.max_players:
            raise ValueError(
                f"{self.name} is for {self.min_players}–{self.max_players} players, not {player_count}"
            )
        return list(self.board.powers)

    def vocabularies(self, state: State) -> Mapping[str, Vocabulary]:
        return schema.vocabularies(self.board, state["powers"])

    # ---- orders --------------------------------------------------------------------------------
    def read_notation(self, state: State, power: str, phase: str, text: str) -> Command | Msg | None:
        found = read(self.lexicon, text)
        if found is None or isinstance(found, Msg):
            return found
        return command(self.board, state, phase, found)

    def check(self, state: State, power: str, phase: str, commands: Sequence[Command]) -> list[Problem]:
        return checks.check(self.board, self.lexicon, state, power, phase, commands)

    def resolve(
        self, state: State, phase: str, orders: Mapping[str, Sequence[Command]], rng: Rng
    ) -> Resolution[State]:
        return turn.resolve(self.board, self.lexicon, self.check, state, phase, orders, rng)

    def ai_orders(self, state: State, power: str, phase: str) -> list[Command]:
        return ai.ai_orders(self.board, state, power, phase)

    def owes_orders(self, state: State, power: str, phase: str) -> bool:
        return world.owes(self.board, state, power, phase)

    def examples(self, state: State, power: str, phase: str) -> Mapping[str, str]:
        return examples.examples(self.board, self.phases, state, power, phase)

    def turn_title(self, turn: int, phase: str) -> Text:
        return schema.turn_title(self.board.data.first_year, turn, phase)

    # ---- who plays -----------------------------------------------------------------------------
    def ended(self, state: State) -> set[str]:
        """The powers out of the game: no unit and no supply centre left."""
        return set(state["powers"]) - set(world.survivors(state))

    def handover(self, state: State, power: str, /, computer: bool) -> State:
        """A silent player's power falls into civil disorder, or the computer plays it on (data.toml
        `silent`); a player taking it again takes it from either."""
        disorder = [p for p in state["disorder"] if p != power]
        played = [p for p in state["computer"] if p != power]
        if computer:
            (disorder if DATA.rules.silent == "disorder" else played).append(power)
        return {**state, "disorder": disorder, "computer": played}

    # ---- what is seen --------------------------------------------------------------------------
    def view(self, state: State, power: str) -> JSON:
        """Everything on the board is public (as on every judge): every power sees the public view;
        what is its own alone (its dislodged units, its orders that failed) is told in its report."""
        return views.public_view(self.board, state)

    def public_view(self, state: State) -> JSON:
        return views.public_view(self.board, state)

    def scores(self, state: State) -> Mapping[str, float]:
        return views.scores(state)

    def pictures(self, state: State, viewer: str, langs: Sequence[Lang] = BOTH) -> Sequence[Picture]:
        """The board with the last phase's orders drawn on it (its module, and Pillow, loaded only
        to draw); everything on it is public, so every reader gets the same picture."""
        from engines.diplomacy.pictures import pictures

        return pictures(self, state, tuple(langs))
