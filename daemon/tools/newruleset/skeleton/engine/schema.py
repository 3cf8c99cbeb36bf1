"""The phases and their commands as data: keywords in Russian with English aliases, typed
arguments, help and an example; the parser reads orders from these alone."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from engines.contract import Arg, ArgKind, CommandSpec, PhaseSpec, Vocabulary
from engines.phrasing import load_phrasing
from engines.text import Text
from engines.toolkit import power_vocabulary

from .data import DATA
from .state import State

ORDERS = "orders"
SOW = CommandSpec(
    "sow",
    ("СЕЯТЬ", "SOW"),
    (Arg("sacks", ArgKind.INT, minimum=1, maximum=DATA.game.max_sown),),
    Text("посеять мешки зерна: каждый вернёт урожай", "sow sacks of grain: each gives back a harvest"),
    "СЕЯТЬ 2",
)
GIFT = CommandSpec(
    "gift",
    ("ДАР", "GIFT"),
    (
        Arg("power", ArgKind.NAME, "power"),
        Arg("sacks", ArgKind.INT, minimum=1, maximum=DATA.game.start_grain),
    ),
    Text("подарить мешки зерна другой деревне", "give sacks of grain to another village"),
    "ДАР Юг 1",
)
COMMANDS = (SOW, GIFT)
PHRASING = load_phrasing(Path(__file__).with_name("phrasing.toml"), COMMANDS)
PHASES = {ORDERS: PhaseSpec(ORDERS, Text("Приказы", "Orders"), COMMANDS, phrasing=PHRASING)}


def vocabularies(state: State) -> Mapping[str, Vocabulary]:
    """The names orders may take: here only the villages of this game."""
    return {"power": power_vocabulary(DATA.powers, state["powers"])}
