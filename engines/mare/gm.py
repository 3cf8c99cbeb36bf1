"""What the GM may correct or award in a mare game (ПОПРАВКА / НАГРАДА): МОЩЬ, the only number a
people has; it never falls below the floor."""

from __future__ import annotations

import copy

from engines.contract import JSON, Adjustable
from engines.mare.data import DATA
from engines.text import Text

ADJUSTABLES: dict[str, Adjustable] = {
    "might": Adjustable("might", Text("МОЩЬ", "Might"), ("МОЩЬ", "MIGHT"), minimum=DATA.might_floor)
}


def read(state: JSON, power: str, name: str) -> int:
    if name not in ADJUSTABLES:
        raise KeyError(name)
    return int(state["might"][power])


def adjust(state: JSON, power: str, name: str, value: int) -> JSON:
    if name not in ADJUSTABLES:
        raise KeyError(name)
    result = copy.deepcopy(state)
    result["might"][power] = max(DATA.might_floor, value)
    return result
