"""The tribes ruleset object the daemon sees: its attributes, setup and the lot; every other
contract method is one of its modules' functions, typed with the ruleset's own `State`."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from engines.contract import Command, Picture, Ruleset
from engines.rng import Rng
from engines.ruledata import names_forms
from engines.russian import Forms, forms_from
from engines.text import BOTH, Catalog, Lang, Msg, Text
from engines.tribes import (
    ai,
    checks,
    examples,
    founding,
    gm,
    gm_data,
    joining,
    reach,
    schema,
    scoring,
    secret,
    turn,
    views,
)
from engines.tribes.data import DATA
from engines.tribes.said import msg
from engines.tribes.state import State

CATALOG_FILE = Path(__file__).with_name("messages.toml")


class TribesRuleset(Ruleset[State]):
    name = "tribes"
    title = Text("Проект 13: первобытность", "Project 13: prehistory")
    power_keywords = ("ПЛЕМЯ", "TRIBE")
    power_title = Text("Племя", "Tribe")
    powers_title = Text("Племена", "Tribes")
    glossary = Text(
        "ОЧ — общая численность племени; ЛО — лимит числа общин; ЛР — лимит расстояния до главной "
        "общины; ЛЧ — лимит численности общины.",
        "ОЧ — a tribe's people in all; ЛО — the most communities it may have; ЛР — how far a "
        "community may be from the main one; ЛЧ — the most people a community may hold.",
    )
    min_players = DATA.game.min_players
    max_players = DATA.game.max_players
    phases = schema.PHASES
    gm_commands = joining.GM_COMMANDS
    adjustables = gm.ADJUSTABLES
    read = staticmethod(gm.read)
    adjust = staticmethod(gm.adjust)
    vocabularies = staticmethod(schema.vocabularies)
    vocabularies_for = staticmethod(schema.vocabularies_for)
    open_commands = staticmethod(examples.open_commands)
    known_commands = staticmethod(schema.known_commands)
    not_known = staticmethod(schema.not_known)
    check = staticmethod(checks.check)
    resolve = staticmethod(turn.resolve)
    ai_orders = staticmethod(ai.ai_orders)
    view = staticmethod(views.view)
    public_view = staticmethod(views.public_view)
    scores = staticmethod(scoring.scores)
    examples = staticmethod(examples.examples)  # its own communities, strata and a step it can take
    name_powers = staticmethod(joining.name_powers)
    handover = staticmethod(joining.handover)
    join = staticmethod(joining.join)
    apply_gm = staticmethod(joining.apply_gm)
    with_data = staticmethod(gm_data.with_data)
    data_problems = staticmethod(gm_data.data_problems)
    example_states = staticmethod(reach.example_states)  # for the conformance suite

    def __init__(self) -> None:
        self.catalog = Catalog.load(CATALOG_FILE).with_forms(names_forms(DATA))

    def setup(self, powers: Sequence[str], rng: Rng) -> State:
        """The tribes at the default data's starting places in the lot's order (the GM's data file
        places them again, `with_data`); rng stays unused: the lot was drawn by the daemon."""
        return founding.setup(powers, secret.default())

    def playable_powers(self, player_count: int) -> list[str]:
        if not self.min_players <= player_count <= self.max_players:
            raise ValueError(
                f"tribes is for {self.min_players}–{self.max_players} players, not {player_count}"
            )
        return [tribe.name for tribe in DATA.tribes[:player_count]]

    def ended(self, state: State) -> set[str]:
        """Tribes that died out: «племя объявляется вымершим и больше не участвует в игре»."""
        return {p for p, tribe in state["tribes"].items() if tribe["extinct"]}

    def restart_offer(self, state: State, power: str) -> Msg | None:
        return msg("tribes.restart_offer")

    def forms(self, state: State) -> Forms:
        """The GM's data file's forms of names (the tribes players named, its own tribes)."""
        secret = state["secret"]
        named = [*secret["techs"], *secret["ai"], *secret["decisions"]]
        named += [o for d in secret["decisions"] for o in d["options"]]
        return forms_from(secret["forms"]).merged(Forms(english={n["name"]: n["en"] for n in named}))

    def pictures(self, state: State, viewer: str, langs: Sequence[Lang] = BOTH) -> Sequence[Picture]:
        """The map, the tribes' names in English where the data has them (pictures.py, and Pillow,
        loaded only to draw)."""
        from engines.tribes.pictures import pictures

        return pictures(state, viewer, self.catalog.forms.merged(self.forms(state)), langs)

    def summary(self, state: State, power: str, phase: str, commands: Sequence[Command]) -> Sequence[Msg]:
        """Per community with children: how many this mail gives, the rest going by default."""
        given: dict[int, int] = {}
        for cmd in commands:
            if cmd.name == "children":
                number = int(cmd.args["community"])
                given[number] = given.get(number, 0) + int(cmd.args["count"])
        have = {c["number"]: c["children"] for c in state["tribes"][power]["communities"]}
        return [
            msg("tribes.summary_children", community=n, given=count, have=have[n])
            for n, count in sorted(given.items())
            if n in have and count < have[n]
        ]
