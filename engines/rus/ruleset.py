"""The Rus ruleset object the daemon sees: its own attributes, setup and the lot; every other
contract method is a module function named in `Parts`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from engines.contract import JSON, Adjustable, Command, CommandSpec, GmApplied, MissesPer, PhaseSpec, Picture
from engines.modular import ModularRuleset, Parts
from engines.rng import Rng
from engines.rus import ai, checks, examples, gm, gm_rules, scoring, turn, views, world
from engines.rus.data import DATA
from engines.rus.pictures import pictures as map_pictures
from engines.rus.schema import PHASES, vocabularies
from engines.rus.state import plain
from engines.text import Catalog, Msg, Text

HERE = Path(__file__).parent
# the economy and the game; battles and marches; wars, peace and alliances; influence and vassals;
# the words on the map; the titles of the commands' arguments
CATALOG_FILES = (
    "messages.toml",
    "messages_war.toml",
    "messages_treaties.toml",
    "messages_diplomacy.toml",
    "messages_map.toml",
    "messages_args.toml",
)


class RusRuleset(ModularRuleset):
    name: str = "rus"
    title: Text = Text("Русь: удельные княжества XI века", "Rus: the 11th-century principalities")
    power_keywords: tuple[str, ...] = ("КНЯЖЕСТВО", "PRINCIPALITY")
    min_players: int = DATA.game.min_players
    max_players: int = DATA.game.max_players
    phases: Mapping[str, PhaseSpec] = PHASES
    catalog: Catalog
    adjustables: Mapping[str, Adjustable] = gm.ADJUSTABLES
    misses_per: MissesPer = "phase"
    gm_commands: Sequence[CommandSpec] = gm_rules.GM_COMMANDS
    parts = Parts(
        vocabularies=vocabularies,
        open_commands=checks.open_commands,
        summary=checks.summary,
        check=checks.check,
        resolve=turn.resolve,
        ai_orders=ai.ai_orders,
        view=views.view,
        scores=scoring.scores,
        read=gm.read,
        adjust=gm.adjust,
        handover=gm.handover,
    )

    def __init__(self) -> None:
        parts = [Catalog.load(HERE / name) for name in CATALOG_FILES]
        self.catalog = parts[0]
        for part in parts[1:]:
            self.catalog = self.catalog.merged(part)
        self.catalog = self.catalog.with_forms(DATA.forms)

    def setup(self, powers: Sequence[str], rng: Rng) -> JSON:
        """All sixteen principalities are in play; those no player drew are computer-run.
        The lot of who plays which was drawn by the daemon (rng stays unused)."""
        unknown = sorted(set(powers) - {p.name for p in DATA.powers})
        if unknown:
            raise ValueError(f"not Rus principalities: {', '.join(unknown)}")
        return plain(world.setup(powers))

    def apply_gm(self, state: JSON, command: Command, rng: Rng) -> GmApplied | Msg:
        return gm_rules.apply_gm(state, command, rng)

    def examples(self, state: JSON, power: str, phase: str) -> Mapping[str, str]:
        """Order examples with `power`'s own provinces, neighbours and sums (examples.py)."""
        return examples.examples(state, power, phase)

    def pictures(self, state: JSON, viewer: str) -> Sequence[Picture]:
        """The political map as `viewer` may see it (pictures.py)."""
        return map_pictures(state, viewer, self.catalog)

    def playable_powers(self, player_count: int) -> list[str]:
        """All sixteen principalities go into the lot; those no player draws stay computer-run."""
        if not self.min_players <= player_count <= self.max_players:
            raise ValueError(f"rus is for {self.min_players}–{self.max_players} players, not {player_count}")
        return [power.name for power in DATA.powers]
