"""What the GM may correct or award in a tribes game (ПОПРАВКА / НАГРАДА): a tribe's development
points in each field, in whole points (the tenths stay), and the food it has in store, which is
its main community's (or its one community's) children of the next turn («Каждая оставшаяся
единица еды на следующем ходу станет одним человеком в страте детей») — a good hunting year, a
story's gift."""

from __future__ import annotations

import copy

from engines.contract import Adjustable
from engines.text import Text
from engines.tribes.community import main_of
from engines.tribes.state import Community, State

ADJUSTABLES = {
    "soc": Adjustable("soc", Text("Соцтех", "Social"), ("SOC",), minimum=0, public=True),
    "mil": Adjustable("mil", Text("Воентех", "Military"), ("MIL",), minimum=0, public=True),
    "eco": Adjustable("eco", Text("Хозтех", "Economic"), ("ECO",), minimum=0, public=True),
    "children": Adjustable(
        "children", Text("Дети", "Children"), ("ЕДА", "ЗАПАС", "FOOD"), minimum=0, maximum=10_000
    ),
}


def _main(state: State, power: str) -> Community | None:
    """The main community, or the tribe's one community before it has a main one."""
    tribe = state["tribes"][power]
    return main_of(tribe) or next(iter(tribe["communities"]), None)


def read(state: State, power: str, name: str) -> int:
    if name == "children":
        main = _main(state, power)
        return main["children"] if main else 0
    return state["tribes"][power]["points"][name] // 10


def adjust(state: State, power: str, name: str, value: int) -> State:
    result = copy.deepcopy(state)
    if name == "children":
        main = _main(result, power)
        if main is not None:
            main["children"] = value
    else:
        points = result["tribes"][power]["points"]
        points[name] = value * 10 + points[name] % 10
    return result
