"""What a tribe's development gives it now: the public rules with the effects of every technology
it knows and every decision it took on an earlier turn added («Вступают в действие изученые на
прошлом ходу технологии»).
`Level` is computed once per question and never stored: the state keeps only which technologies
a tribe knows and since when.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engines.tribes.data import DATA, OPENED
from engines.tribes.state import Decision, Effects, Numbers, State, Tech

_NUMBERS = ("food", "mortality", "fight", "soc", "mil", "eco")


def _added(a: Numbers, b: Numbers) -> Numbers:
    return {key: a[key] + b[key] for key in _NUMBERS}


@dataclass(frozen=True)
class Level:
    communities: int  # ЛО
    distance: int  # ЛР
    limit: int  # ЛЧ before percents
    limit_percent: int
    moves: int  # movement points added in both modes
    strata: frozenset[str]  # the strata the tribe may have
    children_to: frozenset[str]  # those that may take children
    caps: dict[str, int]  # the most people of a stratum in one community
    numbers: dict[str, Numbers]  # per person, by stratum
    bonus: dict[str, dict[str, int]]  # place → stratum or "all" → food %
    food_cap: dict[str, int]  # terrain → the most food a community gathers there, 0: none
    commands: frozenset[str]  # the orders its technologies opened, and those no technology opens
    fight_percent: int  # % to its БО in every battle (БМ)
    plunder: int  # % of a beaten community's stock it takes
    city: bool  # it has founded a city

    def points(self, stratum: str, field: str) -> int:
        return self.numbers[stratum][field]

    def may_raise(self, stratum: str) -> bool:
        """Children may be given to the stratum."""
        return stratum in self.children_to and stratum in self.strata


def base_numbers(state: State) -> dict[str, Numbers]:
    """Every stratum's numbers before technologies: data.toml's public ones, the GM's for the rest."""
    numbers: dict[str, Numbers] = {}
    for stratum in DATA.strata:
        if stratum.numbers is not None:
            numbers[stratum.id] = {key: getattr(stratum.numbers, key) for key in _NUMBERS}
    for hidden in state["secret"]["strata"]:
        numbers[hidden["id"]] = hidden["numbers"]
    return numbers


def level(state: State, effects_in_force: Iterable[Effects]) -> Level:
    """The public rules with `effects_in_force` (of technologies and decisions) added."""
    numbers = base_numbers(state)
    hidden_children = {h["id"] for h in state["secret"]["strata"] if h["children"]}
    raise_ = {s.id for s in DATA.strata if s.numbers is not None and s.children} | hidden_children
    strata: set[str] = set(DATA.opening)
    children_to: set[str] = set()
    communities, distance, limit, percent, moves, city = (
        DATA.game.base_communities,
        DATA.game.base_distance,
        0,
        0,
        0,
        False,
    )
    caps: dict[str, int] = {}
    bonus: dict[str, dict[str, int]] = {}
    food_cap = {t.id: t.cap for t in DATA.terrains if t.cap}
    commands = {str(c) for c in OPENED} - gated(state)
    fight_percent, plunder = 0, DATA.war.plunder
    for effects in effects_in_force:
        commands.update(effects["commands"])
        fight_percent += effects["fight_percent"]
        plunder += effects["plunder"]
        communities += effects["communities"]
        distance += effects["distance"]
        limit += effects["limit"]
        percent += effects["limit_percent"]
        moves += effects["moves"]
        city = city or effects["city"]
        strata.update(effects["opens"])
        children_to.update(effects["children_to"])
        for stratum, cap in effects["caps"].items():
            caps[stratum] = max(cap, caps.get(stratum, 0))
        for stratum, more in effects["numbers"].items():
            numbers[stratum] = _added(numbers[stratum], more)
        for place, by in effects["bonus"].items():
            for who, more_percent in by.items():
                bonus.setdefault(place, {})[who] = bonus.get(place, {}).get(who, 0) + more_percent
        for terrain, more_cap in effects["food_cap"].items():
            if food_cap.get(terrain):
                food_cap[terrain] += more_cap
    return Level(
        communities,
        distance,
        limit,
        percent,
        moves,
        frozenset(strata),
        frozenset((raise_ & strata) | children_to),
        caps,
        numbers,
        bonus,
        food_cap,
        frozenset(commands),
        fight_percent,
        plunder,
        city,
    )


def gated(state: State) -> set[str]:
    """The orders some technology of the GM's opens: a tribe has them only once it knows one."""
    return {c for tech in state["secret"]["techs"] for c in tech["effects"]["commands"]}


def techs_of(state: State, power: str, before: int | None = None) -> list[Tech]:
    """The technologies `power` knows, those discovered before turn `before` (default: this turn,
    so the ones in force now), in the file's order."""
    known = state["tribes"][power]["techs"]
    turn = state["turn"] if before is None else before
    return [tech for tech in state["secret"]["techs"] if known.get(tech["name"], turn) < turn]


def decided_of(state: State, power: str) -> list[tuple[Decision, str]]:
    """The decisions `power` has taken before this turn, each with the option taken."""
    taken = state["tribes"][power]["decisions"]
    return [
        (d, taken[d["name"]]["option"])
        for d in state["secret"]["decisions"]
        if d["name"] in taken and taken[d["name"]]["turn"] < state["turn"]
    ]


def level_of(state: State, power: str) -> Level:
    """What `power`'s development gives it this turn: its technologies' and decisions' effects."""
    effects = [tech["effects"] for tech in techs_of(state, power)]
    for decision, chosen in decided_of(state, power):
        effects += [o["effects"] for o in decision["options"] if o["name"] == chosen]
    return level(state, effects)


def opened(state: State) -> set[str]:
    """The strata some discovered technology opens: public rules (the computer's tribes have them)."""
    return {s for name in state["discovered"] for s in tech_named(state, name)["effects"]["opens"]}


def tech_named(state: State, name: str) -> Tech:
    return next(tech for tech in state["secret"]["techs"] if tech["name"] == name)
