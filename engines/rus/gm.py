"""What the GM may correct or award in a Rus game (ПОПРАВКА / НАГРАДА): the daemon audits it, this
module says what each number means. Story rewards are awards here, paid at the end of the turn.
A player country's influence on each other country is one number per target («Влияние на Муром»),
so a GM can mend a diplomatic mistake without rolling the turn back."""

from __future__ import annotations

from typing import Literal, get_args

from engines.contract import Adjustable
from engines.rus.data import DATA
from engines.rus.state import State, fresh
from engines.rus.world import clamp_stability, country, druzhina, set_druzhina
from engines.text import Text

ST, G = DATA.stories, DATA.game

ADJUSTABLES: dict[str, Adjustable] = {
    "money": Adjustable("money", Text("Казна (Д)", "Treasury (d)"), ("Д", "ДЕНЬГИ", "КАЗНА", "TREASURY")),
    "stability": Adjustable(
        "stability",
        Text("Стабильность", "Stability"),
        ("СТ",),
        minimum=G.stability_min,
        maximum=G.stability_max,
    ),
    "druzhina": Adjustable("druzhina", Text("Дружина, ВС (п)", "Druzhina"), ("ДРУЖИНА",), minimum=0),
    "prestige": Adjustable(
        "prestige", Text("Победные очки за события", "Event victory points"), ("ПРЕСТИЖ", "ПО", "VP")
    ),
    "story_opening": Adjustable(
        "story_opening",
        Text(
            f"Рассказы на открытие этого хода ({ST.opening}Д)",
            f"Opening stories this turn ({ST.opening}\u00a0d)",
        ),
        ("ОТКРЫТИЕ", "РАССКАЗ-ОТКРЫТИЕ", "OPENING"),
        minimum=0,
        maximum=ST.opening_per_turn,
    ),
    "story_action": Adjustable(
        "story_action",
        Text(
            f"Рассказ на действия этого хода ({ST.action}Д)",
            f"Action story this turn ({ST.action}\u00a0d)",
        ),
        ("РАССКАЗ", "ДЕЙСТВИЯ", "STORY"),
        minimum=0,
        maximum=ST.action_per_country,
    ),
    "end": Adjustable(
        "end",
        Text("Окончание игры решением ведущего после этого хода (1)", "GM ends the game after this turn (1)"),
        ("КОНЕЦ-ИГРЫ", "GAME-OVER"),
        minimum=0,
        maximum=1,
    ),
}
# the country numbers the GM sets as they are (the druzhina is its posts: set_druzhina)
Number = Literal["money", "stability", "prestige", "story_opening", "story_action"]
_NUMBERS: tuple[Number, ...] = get_args(Number)
_INFLUENCE = "influence:"


def _influence_adjustables() -> dict[str, Adjustable]:
    targets = [*DATA.powers, *DATA.parties]
    return {
        f"{_INFLUENCE}{x.name}": Adjustable(
            f"{_INFLUENCE}{x.name}",
            Text(f"Влияние на {x.name}", f"Influence on {x.en}"),
            (f"ВЛИЯНИЕ {x.name}", f"INFLUENCE {x.en}"),
            minimum=G.influence_min,
            maximum=G.influence_max,
        )
        for x in targets
    }


ADJUSTABLES.update(_influence_adjustables())


def _number(name: str) -> Number:
    """The country's stored number an adjustable names; KeyError for any other name."""
    for number in _NUMBERS:
        if number == name:
            return number
    raise KeyError(name)


def read(state: State, power: str, name: str) -> int:
    if name == "end":
        return int(state["gm_end"])
    if name.startswith(_INFLUENCE):
        return state["influence"][power].get(name.removeprefix(_INFLUENCE), 0)
    if name == "druzhina":
        return druzhina(state, power)
    return country(state, power)[_number(name)]


def adjust(state: State, power: str, name: str, value: int) -> State:
    """Set the number; opening stories are capped at two a turn for all countries together."""
    result = fresh(state)
    if name == "end":
        result["gm_end"] = bool(value)
    elif name.startswith(_INFLUENCE):
        target = name.removeprefix(_INFLUENCE)
        if target in result["influence"][power]:  # a country has no influence on itself
            result["influence"][power][target] = value
    elif name == "druzhina":
        set_druzhina(result, power, value)
    else:
        number = _number(name)
        if number == "stability":
            value = 0 if power in result["ai"] else clamp_stability(value)
        if number == "story_opening":
            others = sum(country(result, p)["story_opening"] for p in result["powers"] if p != power)
            value = max(0, min(value, ST.opening_per_turn - others))
        country(result, power)[number] = value
    return result


def handover(state: State, power: str, computer: bool) -> State:
    """A country the computer takes over becomes one of section 8.4: stability 0, no alliance, no
    battle tactic, no embassy, no right to vassalise (a computer country cannot be a suzerain; the
    vassals it has stay). Its wars go on, fought on the defensive. A returning player takes the
    country over as it stands."""
    result = fresh(state)
    result["ai"] = [
        p for p in result["powers"] if (p == power and computer) or (p != power and p in result["ai"])
    ]
    if computer:
        result["handed"] = [p for p in result["powers"] if p == power or p in result.get("handed", [])]
        c = country(result, power)
        c["stability"], c["tactic"], c["embassies"] = 0, "", []
        result["alliances"] = [a for a in result["alliances"] if power not in a]
        for claims in result["rights"].values():
            claims.pop(power, None)
    return result
