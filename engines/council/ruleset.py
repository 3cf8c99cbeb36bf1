"""The council ruleset object the daemon sees: its attributes, setup and the lot; every other
contract method is one of its modules' functions."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import zip_longest
from pathlib import Path

from engines.contract import Command, MissesPer, Picture, Ruleset
from engines.council import agenda, ai, checks, examples, gm, gm_data, schema, turn, views, world
from engines.council.data import DATA
from engines.council.state import State
from engines.rng import Rng
from engines.ruledata import names_forms
from engines.text import BOTH, Catalog, Lang, Msg, Text

CATALOG_FILE = Path(__file__).with_name("messages.toml")


class CouncilRuleset(Ruleset[State]):
    name = "council"
    title = Text("Держава и семьи: государственный совет", "The Realm and the Families: the state council")
    power_keywords = ("СЕМЬЯ", "FAMILY")
    power_title = Text("Семья", "Family")
    powers_title = Text("Семьи", "Families")
    last_turn = DATA.game.last_turn
    glossary = Text("Д — деньги семьи.", "Д — a family's money.")
    min_players = DATA.game.min_players
    max_players = len(DATA.families)
    phases = schema.PHASES
    adjustables = gm.ADJUSTABLES
    # a family has missed a turn only when silent in all three stages
    misses_per: MissesPer = "turn"
    gm_commands = schema.GM_COMMANDS
    vocabularies = staticmethod(schema.vocabularies)
    vocabularies_for = staticmethod(schema.vocabularies_for)
    known_commands = staticmethod(schema.known_commands)
    not_known = staticmethod(schema.not_known)
    open_commands = staticmethod(examples.open_commands)
    summary = staticmethod(checks.summary)
    check = staticmethod(checks.check)
    resolve = staticmethod(turn.resolve)
    view = staticmethod(views.view)
    public_view = staticmethod(views.public_view)
    scores = staticmethod(views.scores)
    read = staticmethod(gm.read)
    adjust = staticmethod(gm.adjust)
    limit = staticmethod(gm.limit)
    apply_gm = staticmethod(gm.apply_gm)
    with_data = staticmethod(gm_data.with_data)
    data_problems = staticmethod(gm_data.data_problems)
    handover = staticmethod(gm.handover)
    join = staticmethod(gm.join)
    ended = staticmethod(gm.ended)
    restart_offer = staticmethod(gm.restart_offer)
    ai_orders = staticmethod(ai.ai_orders)
    examples = staticmethod(examples.examples)  # its own provinces, kin, council list and sums
    owes_orders = staticmethod(agenda.owes_orders)  # the decisions only with a list to vote on

    def __init__(self) -> None:
        self.catalog = Catalog.load(CATALOG_FILE).with_forms(names_forms(DATA))

    def setup(self, powers: Sequence[str], rng: Rng) -> State:
        return world.setup(powers, rng)

    def example_states(self) -> list[State]:
        """For the conformance suite: a turn in whose planning the GM has called an investigation
        in Rome (its families then accuse), in which the first family secretly leads every tribal
        union (its raids), and every commander is still immune; and its decisions after Orsini put
        a change of Rome's commander on the list (who may veto it, or give the command up): none of
        which a game's first turns give."""
        state = world.setup(self.playable_powers(self.max_players), Rng("example"))
        state["realms"]["Рим"]["investigation_called"] = True
        for realm in state["realms"].values():
            for army in realm["armies"].values():
                army["immune_until"] = state["turn"] + 2
        state["gm_data"]["tribal_unions"] = dict.fromkeys(state["tribes"], state["powers"][0])
        change = Command("commanders", pairs={"changes": (("Армия 1", "Савелли"),)}, line=1)
        decisions = turn.resolve(state, world.PLANNING, {"Орсини": [change]}, Rng("example")).state
        return [state, decisions]

    def playable_powers(self, player_count: int) -> list[str]:
        """Every family goes into the lot; those no player draws are computer-run."""
        if not self.min_players <= player_count <= self.max_players:
            raise ValueError(
                f"council is for {self.min_players}–{self.max_players} players, not {player_count}"
            )
        return [f.name for f in DATA.families]

    def draw(self, pool: Sequence[str], players: int, rng: Rng) -> list[str]:
        """The families spread evenly over the powers: each power's families in lot order, dealt
        from the powers in lot order, so the first `players` of them are as even as can be; those
        are then shuffled over the players in signup order."""
        realms = rng.shuffled([r.name for r in DATA.realms], Msg("council_draw_realms"))
        rows = [
            rng.shuffled(
                [f.name for f in DATA.families if f.realm == realm and f.name in pool],
                Msg("council_draw_families", {"realm": realm}),
            )
            for realm in realms
        ]
        dealt = [family for row in zip_longest(*rows) for family in row if family]
        played = rng.shuffled(dealt[:players], Msg("draw_powers"))
        return [*played, *dealt[players:]]

    def pictures(self, state: State, viewer: str, langs: Sequence[Lang] = BOTH) -> Sequence[Picture]:
        """The map as `viewer` may see it, its words from the ruleset's catalog in `langs`
        (pictures.py, and Pillow, loaded only to draw)."""
        from engines.council.pictures import pictures

        return pictures(state, viewer, self.catalog, langs)

    def groups(self, state: State) -> Mapping[str, Sequence[str]]:
        """Each power's families: its council's list, votes and decisions reach them alone."""
        return {realm: world.families_of(state, realm) for realm in world.REALMS}
