"""The GM's secret data file, as the rules read it: the map, where the tribes start, the computer's
tribes, the numbers of the strata not open at the start, and the technologies with their
conditions and effects (gm_default.toml is the default a GM is expected to replace).

`mistakes` of a file name each key in both languages, so the daemon refuses a broken file at the
start and on ДАННЫЕ (`Ruleset.data_problems`); a valid one is kept in the state as its model's JSON
(`stored`), which `secret` reads back.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any, Self, cast

from pydantic import Field, model_validator

from engines.ruledata import Named, NameForms, RuleData, mistake, mistakes
from engines.russian import Forms
from engines.text import Text
from engines.tribes import tree
from engines.tribes.data import DATA, Numbers, OpenedCommand, StratumId, Tenths
from engines.tribes.state import Secret

DEFAULT_FILE = Path(__file__).with_name("gm_default.toml")
COLUMNS = "АБВГДЕЖЗИКЛМНОПРСТУФХЦЧШЩЭЮЯ"  # a cell is its column's letter and its row's number: «К7»
MOST_ROWS = 60
MOST_TECHS = 200  # a bound on the file, so a mail's check never walks a runaway tree
MOST_DECISIONS = 50
MOST_OPTIONS = 8


class Effects(RuleData):
    """What a technology does once it takes effect (the turn after its discovery)."""

    communities: int = 0  # ЛО +
    distance: int = 0  # ЛР +
    limit: int = 0  # ЛЧ +
    limit_percent: int = 0  # ЛЧ % +
    moves: int = 0  # movement points +, in both modes
    opens: tuple[StratumId, ...] = ()  # strata the tribe may now have
    children_to: tuple[StratumId, ...] = ()  # strata that may now take children (aristocrats)
    caps: dict[StratumId, int] = Field(default_factory=dict)  # a stratum's most people in a community
    numbers: dict[StratumId, Numbers] = Field(default_factory=dict)  # added to its numbers per person
    # terrain or feature id → stratum id or "all" → food %
    bonus: dict[str, dict[str, int]] = Field(default_factory=dict)
    food_cap: dict[str, int] = Field(default_factory=dict)  # terrain id → its food cap +
    commands: tuple[OpenedCommand, ...] = ()  # orders it opens (war, raid, exchange, gift, annex, faith)
    fight_percent: int = 0  # % to the tribe's БО in every battle (БМ)
    plunder: int = 0  # % of the loser's stock a victory takes, added to the rules' 25
    city: bool = False  # founding a city: the game ends


class Needs(RuleData):
    """What a technology needs to be discovered, or a decision to be offered (never shown to
    players): a condition over the tribe's state, every key of it at once."""

    soc: Tenths = 0
    mil: Tenths = 0
    eco: Tenths = 0
    after: tuple[str, ...] = ()  # technologies known before
    at: tuple[str, ...] = ()  # a community on a cell of one of these terrains or features
    strata: tuple[StratumId, ...] = ()  # people in each of these strata
    people: int = Field(default=0, ge=0)  # at least so many people in the tribe (ОЧ)
    decided: tuple[str, ...] = ()  # options of decisions the tribe has taken


class Tech(Named):
    needs: Needs = Needs()
    effects: Effects = Effects()


class Option(Named):
    """One way of a decision, with what it does from the turn after it is taken."""

    effects: Effects = Effects()


class Decision(Named):
    """«Решения предлагаются игроку после выполнения какого-то условия»: offered privately once
    `needs` is met, its options' effects shown; `permanent`: «принимаются сразу и навсегда», else
    it may be changed later."""

    needs: Needs = Needs()
    permanent: bool = False
    options: tuple[Option, ...] = Field(min_length=2, max_length=MOST_OPTIONS)


class HiddenStratum(RuleData):
    id: StratumId
    children: bool = True
    numbers: Numbers


class AiTribe(Named):
    cell: str


class Start(RuleData):
    players: tuple[str, ...] = Field(min_length=1)  # the players' tribes, in the order of the lot
    east: tuple[str, ...] = ()  # where new tribes of joining players may start, first free first


class Map(RuleData):
    rows: tuple[str, ...] = Field(min_length=3, max_length=MOST_ROWS)  # north first; cells by spaces


class GmData(RuleData):
    map: Map
    start: Start
    ai: tuple[AiTribe, ...] = ()
    names: tuple[str, ...] = ()  # names for tribes that split off, in order
    strata: tuple[HiddenStratum, ...]
    techs: tuple[Tech, ...] = Field(max_length=MOST_TECHS)
    decisions: tuple[Decision, ...] = Field(default=(), max_length=MOST_DECISIONS)
    forms: NameForms = Forms()

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        """Every check over the whole file, all its mistakes in one error, a line each."""
        found = list(self._map())
        found += [*([] if found else self._places()), *self._strata()]
        found += tree.problems(self, set() if found else map_places(self.map.rows))
        if found:
            raise mistake(*("\n    ".join(text.get(lang) for text in found) for lang in ("ru", "en")))
        return self

    def _map(self) -> Iterable[Text]:
        widths = {len(row.split()) for row in self.map.rows}
        if len(widths) != 1 or not 3 <= widths.pop() <= len(COLUMNS):
            yield Text(
                f"map.rows: в каждой строке поровну клеток, от 3 до {len(COLUMNS)}",
                f"map.rows: every row the same number of cells, 3 to {len(COLUMNS)}",
            )
            return
        for y, row in enumerate(self.map.rows):
            for x, code in enumerate(row.split()):
                if read_code(code) is None:
                    yield Text(
                        f"map.rows.{y}: клетка {cell_name(x, y)} «{code}» — нет такого кода местности",
                        f"map.rows.{y}: cell {cell_name(x, y)} “{code}” is no terrain code",
                    )

    def _places(self) -> Iterable[Text]:
        land = {name for name, code in cells(self.map.rows).items() if DATA.terrain(code[0]).passable}
        placed = [
            *(("start.players", c) for c in self.start.players),
            *(("start.east", c) for c in self.start.east),
            *(("ai", a.cell) for a in self.ai),
        ]
        for key, cell in placed:
            if cell not in land:
                yield Text(
                    f"{key}: {cell} — не клетка суши этой карты", f"{key}: {cell} is no land cell of this map"
                )
        homes = [cell for key, cell in placed if key != "start.east"]
        if len(set(homes)) != len(homes):
            yield Text("start.players, ai: две общины на одной клетке", "start.players, ai: two on one cell")
        names = [a.name for a in self.ai] + list(self.names)
        if len(set(names)) != len(names):
            yield Text("ai, names: одно имя дважды", "ai, names: a name twice")

    def _strata(self) -> Iterable[Text]:
        hidden = sorted(s.id for s in DATA.strata if s.numbers is None)
        if sorted(s.id for s in self.strata) != hidden:
            yield Text(
                f"strata: ровно по разу {', '.join(hidden)}", f"strata: each of {', '.join(hidden)} once"
            )


def cell_name(x: int, y: int) -> str:
    return f"{COLUMNS[x]}{y + 1}"


def read_code(code: str) -> tuple[str, tuple[str, ...]] | None:
    """A map cell's code → its terrain id and feature ids («Рл» → plain, forest); None if bad."""
    terrain = next((t.id for t in DATA.terrains if t.code == code[:1]), None)
    features = [next((f.id for f in DATA.features if f.code and f.code == ch), "") for ch in code[1:]]
    if terrain is None or "" in features or len(set(features)) != len(features):
        return None
    return terrain, tuple(features)


def map_places(rows: Iterable[str]) -> set[str]:
    """Every terrain and feature some land cell of valid map rows has (the coast: a land cell with
    the sea next to it), for the tree's check of what a technology's trigger asks."""
    read = cells(rows)
    sea = {name for name, (terrain, _) in read.items() if not DATA.terrain(terrain).passable}
    found: set[str] = set()
    for name, (terrain, features) in read.items():
        if name in sea:
            continue
        found |= {terrain, *features}
        x, y = COLUMNS.index(name[0]), int(name[1:]) - 1
        near = {
            cell_name(x + dx, y + dy)
            for dx in (-1, 0, 1)
            for dy in (-1, 0, 1)
            if 0 <= x + dx < len(COLUMNS) and y + dy >= 0
        }
        if near & sea:
            found.add("coast")
    return found


def cells(rows: Iterable[str]) -> dict[str, tuple[str, tuple[str, ...]]]:
    """Every cell of valid map rows → (terrain id, feature ids), west to east, north to south."""
    found = {}
    for y, row in enumerate(rows):
        for x, code in enumerate(row.split()):
            read = read_code(code)
            assert read is not None
            found[cell_name(x, y)] = read
    return found


def problems(data: Mapping[str, Any]) -> list[Text]:
    """The file's mistakes, each naming its key, in both languages ([] when it is valid)."""
    return mistakes(GmData, data)


def stored(data: Mapping[str, Any]) -> Secret:
    """A valid file as the state keeps it (`state.Secret`): its model's JSON, every default filled
    in, the map read cell by cell."""
    dumped = GmData.model_validate(data).model_dump(mode="json")
    rows = dumped.pop("map")["rows"]
    dumped["width"], dumped["height"] = len(rows[0].split()), len(rows)
    dumped["forms"] = {name: dict(entry) for name, entry in data.get("forms", {}).items()}
    dumped["cells"] = {
        cell_name(x, y): code for y, row in enumerate(rows) for x, code in enumerate(row.split())
    }
    return cast(Secret, dumped)


def default_data() -> dict[str, Any]:
    """The shipped default file, as read."""
    with DEFAULT_FILE.open("rb") as fh:
        return tomllib.load(fh)


@cache
def default() -> Secret:
    """The shipped default, as the state keeps it (shared: whoever changes it makes a copy)."""
    return stored(default_data())
