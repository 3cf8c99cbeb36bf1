"""A tiny ruleset shaped like tribes.txt for the tests of per-power knowledge: the tech tree and
the map are the GM's secret, and each tribe knows only what it has found.

The Wolves know Bronze (and so the command ПЛАВИТЬ) and the River; the Bears know the Cave. Both
know Fire and the Forest. МАРШ takes a list of up to three cells. The rules are trivial: the state
only moves through the turns.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NoReturn

from engines.contract import (
    JSON,
    Adjustable,
    Arg,
    ArgKind,
    CommandSpec,
    MissesPer,
    PhaseSpec,
    Resolution,
    Ruleset,
    Vocabulary,
)
from engines.modular import ModularRuleset, Orders, Parts
from engines.rng import Rng
from engines.text import Catalog, Msg, Text

WOLVES, BEARS = "Волки", "Медведи"
TECHS: dict[str, tuple[str, ...]] = {"Огонь": ("Fire",), "Бронза": ("Bronze",)}
CELLS: dict[str, tuple[str, ...]] = {"Лес": ("Forest",), "Река": ("River",), "Пещера": ("Cave",)}
KNOWN = {WOLVES: ["Огонь", "Бронза", "Лес", "Река"], BEARS: ["Огонь", "Лес", "Пещера"]}
SECRET_TECH = "Бронза"

LEARN = CommandSpec(
    "learn",
    ("ИЗУЧИТЬ", "LEARN"),
    (Arg("tech", ArgKind.NAME, "tech"),),
    Text("изучить", "learn"),
    "ИЗУЧИТЬ Огонь",
)
SMELT = CommandSpec(
    "smelt",
    ("ПЛАВИТЬ", "SMELT"),
    (Arg("ore", ArgKind.INT, minimum=1, maximum=9),),
    Text("плавить руду", "smelt ore"),
    "ПЛАВИТЬ 2",
)
MARCH = CommandSpec(
    "march",
    ("МАРШ", "MARCH"),
    (Arg("path", ArgKind.NAME_LIST, "cell", max_items=3),),
    Text("идти по клеткам", "walk through cells"),
    "МАРШ Лес",
)
PHASES = {"orders": PhaseSpec("orders", Text("Приказы", "Orders"), (LEARN, SMELT, MARCH))}


def vocabularies(state: JSON) -> Mapping[str, Vocabulary]:
    return {"power": {WOLVES: (), BEARS: ()}, "tech": TECHS, "cell": CELLS}


def vocabularies_for(state: JSON, power: str) -> Mapping[str, Vocabulary]:
    known = set(state["known"][power])
    return {
        key: {name: spellings for name, spellings in vocabulary.items() if key == "power" or name in known}
        for key, vocabulary in vocabularies(state).items()
    }


def known_commands(state: JSON, power: str, phase: str) -> Sequence[CommandSpec]:
    smelts = SECRET_TECH in state["known"][power]
    return [spec for spec in PHASES[phase].commands if spec is not SMELT or smelts]


def resolve(state: JSON, phase: str, orders: Orders, rng: Rng) -> Resolution:
    reports = {power: [Msg("hidden_tech.sent", {"count": len(c)})] for power, c in orders.items()}
    return Resolution({**state, "turn": state["turn"] + 1}, reports, [], [])


def scores(state: JSON) -> Mapping[str, float]:
    """0.2 a thing known, as tribes score 0.2 a cell; added up, so the float noise is real (the
    Bears' three make 0.6000000000000001)."""
    return {power: sum(0.2 for _ in state["known"][power]) for power in state["powers"]}


def unadjustable(state: JSON, power: str, name: str, value: int = 0) -> NoReturn:
    """Nothing here is the GM's to correct."""
    raise KeyError(name)


class HiddenTech(ModularRuleset):
    name = "hidden_tech"
    title = Text("Племена (тест)", "Tribes (test)")
    power_keywords: tuple[str, ...] = ("ПЛЕМЯ",)
    min_players = 2
    max_players = 2
    phases: Mapping[str, PhaseSpec] = PHASES
    catalog = Catalog({"hidden_tech.sent": Text("Приказов: {count}", "Orders: {count}")})
    adjustables: Mapping[str, Adjustable] = {}
    misses_per: MissesPer = "phase"
    parts = Parts(
        vocabularies=vocabularies,
        open_commands=known_commands,
        summary=lambda state, power, phase, commands: [],
        check=lambda state, power, phase, commands: [],
        resolve=resolve,
        ai_orders=lambda state, power, phase: [],
        view=lambda state, power: {"turn": state["turn"]},
        scores=scores,
        read=unadjustable,
        adjust=unadjustable,
    )

    def setup(self, powers: Sequence[str], rng: Rng) -> JSON:
        return {"turn": 1, "phase": "orders", "over": False, "powers": [WOLVES, BEARS], "known": KNOWN}

    def playable_powers(self, player_count: int) -> list[str]:
        return [WOLVES, BEARS][:player_count]

    def vocabularies_for(self, state: JSON, power: str) -> Mapping[str, Vocabulary]:
        return vocabularies_for(state, power)

    def known_commands(self, state: JSON, power: str, phase: str) -> Sequence[CommandSpec]:
        return known_commands(state, power, phase)


RULESET: Ruleset = HiddenTech()
