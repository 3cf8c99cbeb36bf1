"""What the GM may correct or award in a mare game (ПОПРАВКА / НАГРАДА): МОЩЬ, the only number a
people has; it never falls below the floor."""

from __future__ import annotations

import copy

from engines.contract import Adjustable
from engines.mare.data import DATA
from engines.mare.state import State
from engines.text import Text

ADJUSTABLES: dict[str, Adjustable] = {
    "might": Adjustable(
        "might", Text("МОЩЬ", "Might"), ("МОЩЬ", "MIGHT"), minimum=DATA.game.might_floor, public=True
    )
}


def read(state: State, power: str, name: str) -> int:
    if name not in ADJUSTABLES:
        raise KeyError(name)
    return state["might"][power]


def adjust(state: State, power: str, name: str, value: int) -> State:
    if name not in ADJUSTABLES:
        raise KeyError(name)
    result = copy.deepcopy(state)
    result["might"][power] = max(DATA.game.might_floor, value)
    return result
