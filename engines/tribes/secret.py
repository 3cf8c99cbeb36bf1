"""The GM's secret data file, as the rules read it: the map, where the tribes start, the computer's
tribes, the numbers of the strata not open at the start, and the technologies with their
conditions and effects (gm_default.toml is the default a GM is expected to replace).

`mistakes` of a file name each key in both languages, so the daemon refuses a broken file at the
start and on ДАННЫЕ (`Ruleset.data_problems`); a valid one is kept in the state as its model's JSON
(`stored`), which `secret` reads back. Every name and list of the file is bounded, as it is kept in
the state and said in mails. The shipped default is public (players can read the repository), so a
file that leaves a table out is refused unless it says `default = true`: then the default fills
every table it leaves out.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Self, cast

from pydantic import Field, StringConstraints, model_validator

from engines.ruledata import Named, NameForms, RuleData, mistake, mistakes
from engines.russian import Forms
from engines.text import Text
from engines.tribes import tree
from engines.tribes.data import DATA, STRATA, Numbers, OpenedCommand, StratumId, Tenths
from engines.tribes.state import Secret

DEFAULT_FILE = Path(__file__).with_name("gm_default.toml")
COLUMNS = "АБВГДЕЖЗИКЛМНОПРСТУФХЦЧШЩЭЮЯ"  # a cell is its column's letter and its row's number: «К7»
MOST_ROWS = 60
MOST_TECHS = 200  # a bound on the file, so a mail's check never walks a runaway tree
MOST_DECISIONS = 50
MOST_OPTIONS = 8
# bounds on the rest of the file: what the state keeps and mails say stays small
MOST_NAME = 40  # characters of a name (a technology, a decision, an option, a tribe)
MOST_ALIASES = 5
MOST_TRIBES = 64  # starting places, eastern places, the computer's tribes, names for new tribes
MOST_ROW = 200  # characters of a map row: 28 cells of a letter or three and a space
MOST_LISTED = 32  # items of a condition's or an effect's list or table
MOST_FORMS = 200  # names whose forms the file gives
DEFAULT_KEY = "default"  # `default = true`: the shipped default fills every table the file leaves out
REQUIRED = ("map", "start", "strata", "techs")  # the tables a file must have without it

Name = Annotated[str, StringConstraints(min_length=1, max_length=MOST_NAME)]
Cell = Annotated[str, StringConstraints(min_length=2, max_length=3)]  # «Б2», «К17»


class SecretNamed(Named):
    """A name of the GM's file, bounded: the state keeps it and mails say it."""

    name: Name
    en: Name
    aliases: tuple[Name, ...] = Field(default=(), max_length=MOST_ALIASES)


class Effects(RuleData):
    """What a technology does once it takes effect (the turn after its discovery)."""

    communities: int = 0  # ЛО +
    distance: int = 0  # ЛР +
    limit: int = 0  # ЛЧ +
    limit_percent: int = 0  # ЛЧ % +
    moves: int = 0  # movement points +, in both modes
    opens: tuple[StratumId, ...] = Field(default=(), max_length=MOST_LISTED)  # strata the tribe may now have
    # strata that may now take children (aristocrats)
    children_to: tuple[StratumId, ...] = Field(default=(), max_length=MOST_LISTED)
    # a stratum's most people in a community
    caps: dict[StratumId, int] = Field(default_factory=dict, max_length=MOST_LISTED)
    # added to its numbers per person
    numbers: dict[StratumId, Numbers] = Field(default_factory=dict, max_length=MOST_LISTED)
    # terrain or feature id → stratum id or "all" → food %
    bonus: dict[Name, Annotated[dict[Name, int], Field(max_length=MOST_LISTED)]] = Field(
        default_factory=dict, max_length=MOST_LISTED
    )
    food_cap: dict[Name, int] = Field(default_factory=dict, max_length=MOST_LISTED)  # terrain id → cap +
    # orders it opens (war, raid, exchange, gift, annex, faith)
    commands: tuple[OpenedCommand, ...] = Field(default=(), max_length=MOST_LISTED)
    fight_percent: int = 0  # % to the tribe's БО in every battle (БМ)
    plunder: int = 0  # % of the loser's stock a victory takes, added to the rules' 25
    city: bool = False  # founding a city: the game ends


class Needs(RuleData):
    """What a technology needs to be discovered, or a decision to be offered (never shown to
    players): a condition over the tribe's state, every key of it at once."""

    soc: Tenths = 0
    mil: Tenths = 0
    eco: Tenths = 0
    after: tuple[Name, ...] = Field(default=(), max_length=MOST_LISTED)  # technologies known before
    # a community on a cell of one of these terrains or features
    at: tuple[Name, ...] = Field(default=(), max_length=MOST_LISTED)
    strata: tuple[StratumId, ...] = Field(default=(), max_length=MOST_LISTED)  # people in each of these
    people: int = Field(default=0, ge=0)  # at least so many people in the tribe (ОЧ)
    # options of decisions the tribe has taken
    decided: tuple[Name, ...] = Field(default=(), max_length=MOST_LISTED)


class Tech(SecretNamed):
    needs: Needs = Needs()
    effects: Effects = Effects()


class Option(SecretNamed):
    """One way of a decision, with what it does from the turn after it is taken."""

    effects: Effects = Effects()


class Decision(SecretNamed):
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


class AiTribe(SecretNamed):
    cell: Cell


class Start(RuleData):
    # the players' tribes, in the order of the lot
    players: tuple[Cell, ...] = Field(min_length=1, max_length=MOST_TRIBES)
    # where new tribes of joining players may start, first free first
    east: tuple[Cell, ...] = Field(default=(), max_length=MOST_TRIBES)


class Map(RuleData):
    # north first; cells by spaces
    rows: tuple[Annotated[str, StringConstraints(max_length=MOST_ROW)], ...] = Field(
        min_length=3, max_length=MOST_ROWS
    )


class GmData(RuleData):
    default: bool = False  # the shipped default fills every table left out (`completed`)
    map: Map
    start: Start
    ai: tuple[AiTribe, ...] = Field(default=(), max_length=MOST_TRIBES)
    # names for tribes that split off, in order
    names: tuple[Name, ...] = Field(default=(), max_length=MOST_TRIBES)
    strata: tuple[HiddenStratum, ...] = Field(max_length=len(STRATA))
    techs: tuple[Tech, ...] = Field(max_length=MOST_TECHS)
    decisions: tuple[Decision, ...] = Field(default=(), max_length=MOST_DECISIONS)
    forms: NameForms = Forms()

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        """Every check over the whole file, all its mistakes in one error, a line each."""
        found = list(self._map())
        found += [*([] if found else self._places()), *self._strata(), *self._forms()]
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

    def _forms(self) -> Iterable[Text]:
        if len(self.forms.names) > MOST_FORMS:
            yield Text(f"forms: не больше {MOST_FORMS} имён", f"forms: at most {MOST_FORMS} names")

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
    """The file's mistakes, each naming its key, in both languages ([] when it is valid). A file
    that leaves out a table the game needs is refused unless it asks for the default."""
    if data.get(DEFAULT_KEY) is True:
        return mistakes(GmData, completed(data))
    if not any(key in data for key in REQUIRED):
        return [
            Text(
                "в файле нет ни карты, ни технологий (map, start, strata, techs): впишите свои по "
                "образцу gm_default.toml или строку default = true, чтобы играть на данных по "
                "умолчанию (их видно всем в репозитории)",
                "the file has no map nor technologies (map, start, strata, techs): write your own "
                "after gm_default.toml, or the line default = true to play the default data "
                "(anyone can read it in the repository)",
            )
        ]
    found = mistakes(GmData, data)
    if any(key not in data for key in REQUIRED):
        found.append(
            Text(
                "нужны все таблицы: map, start, strata, techs; или строка default = true, и недостающие "
                "возьмутся из данных по умолчанию (их видно всем в репозитории)",
                "every table is needed: map, start, strata, techs; or the line default = true, and those "
                "left out come from the default data (anyone can read it in the repository)",
            )
        )
    return found


def completed(data: Mapping[str, Any]) -> Mapping[str, Any]:
    """The file as the game takes it: with `default = true`, the shipped default's tables for those
    it leaves out."""
    return {**default_data(), **data} if data.get(DEFAULT_KEY) is True else data


def stored(data: Mapping[str, Any]) -> Secret:
    """A valid file as the state keeps it (`state.Secret`): its model's JSON, every default filled
    in, the map read cell by cell."""
    whole = completed(data)
    dumped = GmData.model_validate(whole).model_dump(mode="json", exclude={DEFAULT_KEY})
    rows = dumped.pop("map")["rows"]
    dumped["width"], dumped["height"] = len(rows[0].split()), len(rows)
    dumped["forms"] = {name: dict(entry) for name, entry in whole.get("forms", {}).items()}
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
