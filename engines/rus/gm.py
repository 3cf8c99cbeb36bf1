"""What the GM may correct or award in a Rus game (ПОПРАВКА / НАГРАДА): the daemon audits it, this
module says what each number means. Story rewards are awards here, paid at the end of the turn.
A player country's influence on each other country is one number per target («Влияние на Муром»),
so a GM can mend a diplomatic mistake without rolling the turn back."""

from __future__ import annotations

import copy

from engines.contract import JSON, Adjustable
from engines.rus.data import DATA
from engines.rus.world import clamp_stability, country, set_druzhina
from engines.text import Text

M, G = DATA.misc, DATA.game

ADJUSTABLES: dict[str, Adjustable] = {
    "money": Adjustable("money", Text("Казна (Д)", "Treasury (Д)"), ("Д", "ДЕНЬГИ", "КАЗНА", "TREASURY")),
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
            f"Рассказы на открытие этого хода ({M.opening_story}Д)",
            f"Opening stories this turn ({M.opening_story}Д)",
        ),
        ("ОТКРЫТИЕ", "РАССКАЗ-ОТКРЫТИЕ", "OPENING"),
        minimum=0,
        maximum=M.opening_per_turn,
    ),
    "story_action": Adjustable(
        "story_action",
        Text(
            f"Рассказ на действия этого хода ({M.action_story}Д)",
            f"Action story this turn ({M.action_story}Д)",
        ),
        ("РАССКАЗ", "ДЕЙСТВИЯ", "STORY"),
        minimum=0,
        maximum=M.action_per_country,
    ),
    "end": Adjustable(
        "end",
        Text("Окончание игры решением ведущего после этого хода (1)", "GM ends the game after this turn (1)"),
        ("КОНЕЦ-ИГРЫ", "GAME-OVER"),
        minimum=0,
        maximum=1,
    ),
}
_FIELDS = ("money", "stability", "druzhina", "prestige", "story_opening", "story_action")
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


def read(state: JSON, power: str, name: str) -> int:
    if name == "end":
        return int(state["gm_end"])
    if name.startswith(_INFLUENCE):
        return int(state["influence"][power].get(name.removeprefix(_INFLUENCE), 0))
    if name not in _FIELDS:
        raise KeyError(name)
    return int(country(state, power)[name])


def adjust(state: JSON, power: str, name: str, value: int) -> JSON:
    """Set the number; opening stories are capped at two a turn for all countries together."""
    result = copy.deepcopy(state)
    if name == "end":
        result["gm_end"] = bool(value)
        return result
    if name.startswith(_INFLUENCE):
        target = name.removeprefix(_INFLUENCE)
        if target in result["influence"][power]:  # a country has no influence on itself
            result["influence"][power][target] = value
        return result
    if name not in _FIELDS:
        raise KeyError(name)
    if name == "stability":
        value = 0 if power in result["ai"] else clamp_stability(value)
    if name == "story_opening":
        others = sum(country(result, p)["story_opening"] for p in result["powers"] if p != power)
        value = max(0, min(value, M.opening_per_turn - others))
    if name == "druzhina":
        set_druzhina(result, power, value)
    else:
        country(result, power)[name] = value
    return result


def handover(state: JSON, power: str, computer: bool) -> JSON:
    """A country the computer takes over becomes one of section 8.4: stability 0, no alliance, no
    battle tactic, no embassy, no right to vassalise (a computer country cannot be a suzerain; the
    vassals it has stay). Its wars go on, fought on the defensive. A returning player takes the
    country over as it stands."""
    result = copy.deepcopy(state)
    result["ai"] = [
        p for p in result["powers"] if (p == power and computer) or (p != power and p in result["ai"])
    ]
    if computer:
        c = country(result, power)
        c.update(stability=0, tactic="", embassies=[])
        result["alliances"] = [a for a in result["alliances"] if power not in a]
        for claims in result["rights"].values():
            claims.pop(power, None)
    return result
