"""A tiny ruleset shaped like tribes.txt for the tests of per-power knowledge: the tech tree and
the map are the GM's secret, and each tribe knows only what it has found.

The Wolves know Bronze (and so the command ПЛАВИТЬ) and the River; the Bears know the Cave. Both
know Fire and the Forest. МАРШ takes a list of up to three cells, ТРОПА a move code of up to five
steps (digits 1–8). The rules are trivial: the state only moves through the turns.

It draws a map (`Pictures`): the cells in a row, Cave, Forest, River; the Wolves live by the River,
the Bears in the Cave. A tribe's map is its `view` (the cells it found, the tribes living there),
the GM's shows everything, the public one the cells anyone found and no tribe.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engines import drawing
from engines.contract import (
    GM_VIEWER,
    JSON,
    PUBLIC_VIEWER,
    Arg,
    ArgKind,
    Command,
    CommandSpec,
    PhaseSpec,
    Picture,
    Problem,
    Resolution,
    Ruleset,
    Vocabulary,
)
from engines.rng import Rng
from engines.text import BOTH, Catalog, Lang, Msg, Text

WOLVES, BEARS = "Волки", "Медведи"
TECHS: dict[str, tuple[str, ...]] = {"Огонь": ("Fire",), "Бронза": ("Bronze",)}
CELLS: dict[str, tuple[str, ...]] = {"Лес": ("Forest",), "Река": ("River",), "Пещера": ("Cave",)}
KNOWN = {WOLVES: ["Огонь", "Бронза", "Лес", "Река"], BEARS: ["Огонь", "Лес", "Пещера"]}
HOMES = {WOLVES: "Река", BEARS: "Пещера"}
ROW = ("Пещера", "Лес", "Река")  # the map, west to east
CELL, MARGIN = 120, 12
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
PATH = CommandSpec(
    "path",
    ("ТРОПА", "PATH"),
    (Arg("code", ArgKind.CODE, alphabet="12345678", max_items=5),),
    Text("пройти тропой: шаги цифрами 1–8", "walk a path: steps as digits 1–8"),
    "ТРОПА 223",
)
MARCH = CommandSpec(
    "march",
    ("МАРШ", "MARCH"),
    (Arg("path", ArgKind.NAME_LIST, "cell", max_items=3),),
    Text("идти по клеткам", "walk through cells"),
    "МАРШ Лес",
)
PHASES = {"orders": PhaseSpec("orders", Text("Приказы", "Orders"), (LEARN, SMELT, MARCH, PATH))}


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


def resolve(state: JSON, phase: str, orders: Mapping[str, Sequence[Command]], rng: Rng) -> Resolution[JSON]:
    reports = {power: [Msg("hidden_tech.sent", {"count": len(c)})] for power, c in orders.items()}
    return Resolution({**state, "turn": state["turn"] + 1}, reports, [], [])


def scores(state: JSON) -> Mapping[str, float]:
    """0.2 a thing known, as tribes score 0.2 a cell; added up, so the float noise is real (the
    Bears' three make 0.6000000000000001)."""
    return {power: sum(0.2 for _ in state["known"][power]) for power in state["powers"]}


def seen(state: JSON, cells: Sequence[str]) -> JSON:
    """The map as one who found `cells` sees it: those cells and the tribes living in them."""
    homes: dict[str, str] = state.get("homes", {})  # stores older than the map have no homes
    return {
        "turn": state["turn"],
        "cells": [cell for cell in ROW if cell in cells],
        "communities": {cell: power for power, cell in homes.items() if cell in cells},
    }


def view(state: JSON, power: str) -> JSON:
    return seen(state, state["known"][power])


def pictures(state: JSON, viewer: str, langs: Sequence[Lang] = BOTH) -> Sequence[Picture]:
    if viewer == GM_VIEWER:
        shown = seen(state, ROW)
    elif viewer == PUBLIC_VIEWER:
        found = {name for names in state["known"].values() for name in names}
        shown = {**seen(state, [cell for cell in ROW if cell in found]), "communities": {}}
    else:
        shown = view(state, viewer)
    title = Text(f"Карта, ход {shown['turn']}", f"Map, turn {shown['turn']}")
    return [Picture(f"map-turn-{shown['turn']}", title, draw_map(shown, state["powers"]))]


def draw_map(shown: JSON, powers: Sequence[str]) -> bytes:
    """`shown` (cells and communities) as a row of squares; unseen cells are not drawn at all."""
    image, pen = drawing.canvas(MARGIN + len(ROW) * (CELL + MARGIN), CELL + 2 * MARGIN)
    for column, cell in enumerate(ROW):
        if cell not in shown["cells"]:
            continue
        left = MARGIN + column * (CELL + MARGIN)
        pen.rectangle((left, MARGIN, left + CELL, MARGIN + CELL), fill=drawing.NEUTRAL, outline=drawing.INK)
        pen.text((left + 8, MARGIN + 6), cell, fill=drawing.INK, font=drawing.font(16, bold=True))
        power = shown["communities"].get(cell)
        if power is not None:
            colour = drawing.colour_of(powers.index(power))
            pen.ellipse((left + 40, MARGIN + 40, left + 80, MARGIN + 80), fill=colour, outline=drawing.INK)
            pen.text((left + 8, MARGIN + CELL - 24), power, fill=drawing.INK, font=drawing.font(14))
    return drawing.png(image)


class HiddenTech(Ruleset[JSON]):
    name = "hidden_tech"
    title = Text("Племена (тест)", "Tribes (test)")
    power_keywords = ("ПЛЕМЯ",)
    min_players = 2
    max_players = 2
    phases = PHASES
    catalog = Catalog(
        {
            "hidden_tech.sent": Text("Приказов: {count}", "Orders: {count}"),
            "arg.code": Text("код тропы", "path code"),
        }
    )
    vocabularies = staticmethod(vocabularies)
    vocabularies_for = staticmethod(vocabularies_for)
    known_commands = staticmethod(known_commands)
    open_commands = staticmethod(known_commands)
    resolve = staticmethod(resolve)
    view = staticmethod(view)
    scores = staticmethod(scores)
    pictures = staticmethod(pictures)

    def setup(self, powers: Sequence[str], rng: Rng) -> JSON:
        return {
            "turn": 1,
            "phase": "orders",
            "over": False,
            "powers": [WOLVES, BEARS],
            "known": KNOWN,
            "homes": HOMES,
        }

    def playable_powers(self, player_count: int) -> list[str]:
        return [WOLVES, BEARS][:player_count]

    def check(self, state: JSON, power: str, phase: str, commands: Sequence[Command]) -> list[Problem]:
        return []

    def ai_orders(self, state: JSON, power: str, phase: str) -> list[Command]:
        return []


RULESET: Ruleset[JSON] = HiddenTech()
