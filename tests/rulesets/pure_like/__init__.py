"""A tiny ruleset shaped like "Pure" Diplomacy for the tests of the kit's hooks: three powers, one
army each, four provinces all adjacent to each other, two phases a turn.

Movement: each army moves or holds; a move succeeds unless another army moves to the same
province (then both stay), and an army that stays where a move succeeds is dislodged. Retreats:
only the powers with a dislodged army have anything to order (`owes_orders`); each retreats to an
empty province or disbands, two retreating to one province both disband. The game ends after
`LAST` turns; a power scores its armies.

Players write orders in the game's own notation (`read_notation`): «A PAR - BUR» (a move), «A PAR
H» (a hold), «A PAR R BUR» (a retreat), «A PAR D» (a disband); a province the notation does not know
is refused there. The keyword orders (ИДТИ Париж Бургундия) are read as well. A turn is a year
from 1901, its phases «Весна 1901» and «Весна 1901, отступления» (`turn_title`). Everything is on
the board: every power's view is the public one.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence

from engines.contract import (
    JSON,
    Arg,
    ArgKind,
    Command,
    CommandSpec,
    PhaseSpec,
    Problem,
    Resolution,
    Ruleset,
    Vocabulary,
)
from engines.rng import Rng
from engines.text import Catalog, Msg, Text

MOVEMENT, RETREATS = "movement", "retreats"
LAST = 3
FIRST_YEAR = 1900  # turn 1 is 1901
PROVINCES: Vocabulary = {
    "Лондон": ("LON", "London"),
    "Париж": ("PAR", "Paris"),
    "Берлин": ("BER", "Berlin"),
    "Бургундия": ("BUR", "Burgundy"),
}
CODES = {code: name for name, (code, _) in PROVINCES.items()}
HOMES = {"Англия": "Лондон", "Франция": "Париж", "Германия": "Берлин"}


def _unit(name: str) -> Arg:
    return Arg(name, ArgKind.NAME, "province")


MOVE = CommandSpec(
    "move",
    ("ИДТИ", "MOVE"),
    (_unit("unit"), _unit("target")),
    Text("армия идёт в провинцию", "an army moves"),
    "ИДТИ Париж Бургундия",
)
HOLD = CommandSpec(
    "hold", ("СТОЯТЬ", "HOLD"), (_unit("unit"),), Text("армия стоит", "an army holds"), "СТОЯТЬ Париж"
)
RETREAT = CommandSpec(
    "retreat",
    ("ОТСТУПИТЬ", "RETREAT"),
    (_unit("unit"), _unit("target")),
    Text("выбитая армия отступает", "a dislodged army retreats"),
    "ОТСТУПИТЬ Париж Бургундия",
)
DISBAND = CommandSpec(
    "disband",
    ("РАСПУСТИТЬ", "DISBAND"),
    (_unit("unit"),),
    Text("распустить армию", "disband"),
    "РАСПУСТИТЬ Париж",
)
PHASES = {
    MOVEMENT: PhaseSpec(MOVEMENT, Text("Движение", "Movement"), (MOVE, HOLD)),
    RETREATS: PhaseSpec(RETREATS, Text("Отступления", "Retreats"), (RETREAT, DISBAND)),
}

# «A PAR - BUR», «A PAR H», «A PAR R BUR», «A PAR D»: the army's letter (Latin or Cyrillic), a code
_NOTATION = re.compile(r"\s*[AА]\s+(\w{3})\s*(?:(-|–|—|R)\s*(\w{3})|(H|D))\s*", re.IGNORECASE)
_NOTED = {
    (MOVEMENT, "-"): "move",
    (MOVEMENT, "H"): "hold",
    (RETREATS, "R"): "retreat",
    (RETREATS, "D"): "disband",
}


def read_notation(state: JSON, power: str, phase: str, text: str) -> Command | Msg | None:
    found = _NOTATION.fullmatch(text)
    if found is None:
        return None
    unit, sign, target, alone = found.groups()
    sign = "-" if sign in ("–", "—") else (sign or alone).upper()
    codes = [code.upper() for code in (unit, target) if code]
    unknown = next((code for code in codes if code not in CODES), None)
    if unknown is not None:
        return Msg("pure_like.no_province", {"code": unknown})
    command = _NOTED.get((phase, sign))
    if command is None:
        return Msg("pure_like.not_now", {"sign": sign})
    names = [CODES[code] for code in codes]
    return Command(command, dict(zip(("unit", "target"), names, strict=False)))


def owes_orders(state: JSON, power: str, phase: str) -> bool:
    return phase == MOVEMENT or power in state["dislodged"].values()


def turn_title(turn: int, phase: str) -> Text:
    year = FIRST_YEAR + turn
    if phase == RETREATS:
        return Text(f"Весна {year}, отступления", f"Spring {year}, retreats")
    return Text(f"Весна {year}", f"Spring {year}")


def check(state: JSON, power: str, phase: str, commands: Sequence[Command]) -> list[Problem]:
    armies = state["units"] if phase == MOVEMENT else state["dislodged"]
    taken = {p for p, owner in state["units"].items()}
    problems = []
    seen: Counter[str] = Counter()
    for command in commands:
        unit = str(command.args["unit"])
        seen[unit] += 1
        target = str(command.args.get("target", ""))
        if armies.get(unit) != power:
            problems.append(Problem(command.line, Msg("pure_like.no_army", {"province": unit})))
        elif seen[unit] > 1:
            problems.append(Problem(command.line, Msg("pure_like.twice", {"province": unit})))
        elif target == unit:
            problems.append(Problem(command.line, Msg("pure_like.stays", {"province": unit})))
        elif command.name == "retreat" and target in taken:
            problems.append(Problem(command.line, Msg("pure_like.occupied", {"province": target})))
    return problems


def _accepted(state: JSON, phase: str, orders: Mapping[str, Sequence[Command]]) -> list[Command]:
    return [
        c
        for power in state["powers"]
        for c in orders.get(power, ())
        if not any(p.line == c.line for p in check(state, power, phase, orders[power]))
    ]


def resolve(state: JSON, phase: str, orders: Mapping[str, Sequence[Command]], rng: Rng) -> Resolution[JSON]:
    reports: dict[str, list[Msg]] = {power: [] for power in state["powers"]}
    moves = {
        str(c.args["unit"]): str(c.args["target"])
        for c in _accepted(state, phase, orders)
        if "target" in c.args
    }
    wanted = Counter(moves.values())
    if phase == MOVEMENT:
        moved = {place: target for place, target in moves.items() if wanted[target] == 1}
        stayed = {place: power for place, power in state["units"].items() if place not in moved}
        dislodged = {place: power for place, power in stayed.items() if place in moved.values()}
        units = {target: state["units"][place] for place, target in moved.items()}
        units |= {place: power for place, power in stayed.items() if place not in dislodged}
        for place, power in state["units"].items():
            said = (
                "pure_like.dislodged"
                if place in dislodged
                else "pure_like.moved"
                if place in moved
                else "pure_like.stayed"
            )
            reports[power].append(Msg(said, {"province": place}))
        return Resolution(
            {**state, "units": units, "dislodged": dislodged, "phase": RETREATS}, reports, [], []
        )
    units = dict(state["units"])
    for place, power in state["dislodged"].items():
        target = moves.get(place)
        if target is not None and wanted[target] == 1 and target not in units:
            units[target] = power
            reports[power].append(Msg("pure_like.retreated", {"province": place, "target": target}))
        else:
            reports[power].append(Msg("pure_like.disbanded", {"province": place}))
    over = state["turn"] >= LAST
    after = {**state, "units": units, "dislodged": {}, "phase": MOVEMENT, "turn": state["turn"] + (not over)}
    return Resolution({**after, "over": over}, reports, [], [])


def examples(state: JSON, power: str, phase: str) -> Mapping[str, str]:
    armies = state["units"] if phase == MOVEMENT else state["dislodged"]
    mine = [place for place, owner in armies.items() if owner == power]
    if not mine:
        return {}
    free = [p for p in PROVINCES if p != mine[0] and (phase == MOVEMENT or p not in state["units"])]
    spec = PHASES[phase].commands
    lines = {spec[1].name: f"{spec[1].keywords[0]} {mine[0]}"}
    return lines | ({spec[0].name: f"{spec[0].keywords[0]} {mine[0]} {free[0]}"} if free else {})


def ai_orders(state: JSON, power: str, phase: str) -> list[Command]:
    armies = state["units"] if phase == MOVEMENT else state["dislodged"]
    name = "hold" if phase == MOVEMENT else "disband"
    return [
        Command(name, {"unit": place}, n)
        for n, place in enumerate(sorted(p for p, o in armies.items() if o == power), 1)
    ]


def view(state: JSON, power: str) -> JSON:
    return {"units": state["units"], "dislodged": state["dislodged"]}


class PureLike(Ruleset[JSON]):
    name = "pure_like"
    title = Text("Чистая дипломатия (тест)", "Pure diplomacy (test)")
    min_players = 2
    max_players = 3
    last_turn = LAST
    public_views = True
    phases = PHASES
    catalog = Catalog(
        {
            "pure_like.no_province": Text("нет провинции {code}.", "no province {code}."),
            "pure_like.not_now": Text(
                "знак «{sign}» не для этой фазы.", "the sign “{sign}” is not for this phase."
            ),
            "pure_like.no_army": Text("{province:где} нет вашей армии.", "you have no army in {province}."),
            "pure_like.twice": Text(
                "армии {province:где} уже дан приказ.", "the army in {province} has an order."
            ),
            "pure_like.stays": Text("армия уже {province:где}.", "the army is in {province} already."),
            "pure_like.occupied": Text("{province} занята.", "{province} is occupied."),
            "pure_like.moved": Text("Армия из {province:род} ушла.", "The army from {province} moved."),
            "pure_like.stayed": Text("Армия {province:где} стоит.", "The army in {province} stays."),
            "pure_like.dislodged": Text(
                "Армию {province:где} выбили.", "The army in {province} is dislodged."
            ),
            "pure_like.retreated": Text(
                "Армия из {province:род} отступила в {target:вин}.",
                "The army from {province} fell back to {target}.",
            ),
            "pure_like.disbanded": Text(
                "Армия из {province:род} распущена.", "The army from {province} disbanded."
            ),
        }
    )
    read_notation = staticmethod(read_notation)
    owes_orders = staticmethod(owes_orders)
    turn_title = staticmethod(turn_title)
    check = staticmethod(check)
    resolve = staticmethod(resolve)
    examples = staticmethod(examples)
    ai_orders = staticmethod(ai_orders)
    view = staticmethod(view)
    public_view = staticmethod(lambda state: view(state, ""))

    def setup(self, powers: Sequence[str], rng: Rng) -> JSON:
        units = {HOMES[power]: power for power in HOMES}
        return {
            "turn": 1,
            "phase": MOVEMENT,
            "over": False,
            "powers": list(HOMES),
            "units": units,
            "dislodged": {},
        }

    def example_states(self) -> list[JSON]:
        """The retreats after Англия took Париж: Франция's army is dislodged there."""
        units = {"Париж": "Англия", "Берлин": "Германия"}
        after = {**self.setup(list(HOMES), Rng("example")), "phase": RETREATS, "units": units}
        return [{**after, "dislodged": {"Париж": "Франция"}}]

    def playable_powers(self, player_count: int) -> list[str]:
        return list(HOMES)

    def vocabularies(self, state: JSON) -> Mapping[str, Vocabulary]:
        return {"power": {power: () for power in HOMES}, "province": PROVINCES}

    def scores(self, state: JSON) -> Mapping[str, float]:
        return {power: float(list(state["units"].values()).count(power)) for power in state["powers"]}


RULESET: Ruleset[JSON] = PureLike()
