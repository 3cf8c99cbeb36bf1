"""The Rus ruleset object the daemon sees: its attributes, setup and the lot; every other contract
method is one of its modules' functions."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from engines.contract import Picture, Ruleset
from engines.rng import Rng
from engines.ruledata import names_forms
from engines.rus import ai, checks, examples, gm, gm_rules, schema, scoring, turn, views, world
from engines.rus.data import DATA
from engines.rus.schema import PHASES
from engines.rus.state import State
from engines.russian import Forms
from engines.text import BOTH, Catalog, Lang, Text

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


class RusRuleset(Ruleset[State]):
    name = "rus"
    title = Text("Русь: удельные княжества XI века", "Rus: the 11th-century principalities")
    power_keywords = ("КНЯЖЕСТВО", "PRINCIPALITY")
    power_title = Text("Княжество", "Principality")
    powers_title = Text("Княжества", "Principalities")
    glossary = Text(
        "Д — деньги; ВС — военная сила, ВС (п) — дружина, ВС (о) — ополчение; ОП — общий потенциал "
        "провинции; Ст — стабильность; БО — боевые очки в бою.",
        "Д — money (dengi); ВС — military strength, ВС (п) — the druzhina, ВС (о) — the militia; "
        "ОП — a province's potential; Ст — stability; БО — battle points.",
    )
    min_players = DATA.game.min_players
    max_players = DATA.game.max_players
    phases = PHASES
    adjustables = gm.ADJUSTABLES
    gm_commands = gm_rules.GM_COMMANDS
    vocabularies = staticmethod(schema.vocabularies)
    open_commands = staticmethod(checks.open_commands)
    summary = staticmethod(checks.summary)
    check = staticmethod(checks.check)
    resolve = staticmethod(turn.resolve)
    ai_orders = staticmethod(ai.ai_orders)
    view = staticmethod(views.view)
    scores = staticmethod(scoring.scores)
    read = staticmethod(gm.read)
    adjust = staticmethod(gm.adjust)
    handover = staticmethod(gm.handover)
    apply_gm = staticmethod(gm_rules.apply_gm)
    examples = staticmethod(examples.examples)  # its own provinces, neighbours and sums

    def __init__(self) -> None:
        parts = [Catalog.load(HERE / name) for name in CATALOG_FILES]
        self.catalog = parts[0]
        for part in parts[1:]:
            self.catalog = self.catalog.merged(part)
        self.catalog = self.catalog.with_forms(names_forms(DATA).merged(Forms(english=DATA.waters)))

    def setup(self, powers: Sequence[str], rng: Rng) -> State:
        """All sixteen principalities are in play; those no player drew are computer-run.
        The lot of who plays which was drawn by the daemon (rng stays unused)."""
        unknown = sorted(set(powers) - {p.name for p in DATA.powers})
        if unknown:
            raise ValueError(f"not Rus principalities: {', '.join(unknown)}")
        return world.setup(powers)

    def example_states(self) -> list[State]:
        """For the conformance suite: turn 2 of a two-player game in which the first prince has
        learned every technology (fortresses, boats, embassies) and opened an embassy, holds the
        right to demand the second's fealty (which the second may offer) and has a computer-run
        vassal with gifts in its bank: what only many turns give."""
        state = world.setup(DATA.powers[i].name for i in (0, 1))
        first, second = state["powers"][:2]
        vassal = state["ai"][0]
        me = state["countries"][first]
        me["techs"] = {tech.name: 1 for tech in DATA.techs}
        me["money"], me["embassies"] = 5000, [second]
        state["learned"] = {tech.name: 1 for tech in DATA.techs}
        state["turn"], state["rights"], state["vassals"] = 2, {second: {first: 1}}, {vassal: first}
        state["countries"][vassal]["bank"] = 100
        return [state]

    def pictures(self, state: State, viewer: str, langs: Sequence[Lang] = BOTH) -> Sequence[Picture]:
        """The political map as `viewer` may see it (pictures.py, and Pillow, loaded only to draw)."""
        from engines.rus.pictures import pictures

        return pictures(state, viewer, self.catalog, tuple(langs))

    def playable_powers(self, player_count: int) -> list[str]:
        """All sixteen principalities go into the lot; those no player draws stay computer-run."""
        if not self.min_players <= player_count <= self.max_players:
            raise ValueError(f"rus is for {self.min_players}–{self.max_players} players, not {player_count}")
        return [power.name for power in DATA.powers]
