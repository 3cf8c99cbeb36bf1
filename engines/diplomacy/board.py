"""A Diplomacy board as data: provinces, coasts, who may move where, the powers and their start.

A map file (`maps/<variant>.toml`) is read once into `MapData` (validated: every neighbour named is
a province, a province of two coasts is always named with its coast in a fleet's list) and then
into a `Board`, the lookups the adjudicator asks for. A *location* is where a unit stands: a
province's code, or for a fleet on a province of two coasts the code with its coast ("spa/nc").
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Literal, Self

from pydantic import Field, model_validator

from engines.ruledata import Named, NameForms, RuleData, load_rules, mistake, undeclared_forms
from engines.russian import Forms
from engines.text import Text

MAPS = Path(__file__).with_name("maps")
Kind = Literal["land", "coast", "sea"]
UnitKind = Literal["A", "F"]


class Province(Named):
    code: str = Field(pattern=r"^[a-z]{3}$")
    kind: Kind
    centre: bool = False
    convoys: bool = False  # a coast where a fleet may convoy, as at sea (Ancient Mediterranean's Baleares)
    army: tuple[str, ...] = ()  # provinces an army may move to
    fleet: tuple[str, ...] = ()  # locations a fleet may move to (a province of one coast)
    coasts: dict[str, tuple[str, ...]] = Field(default_factory=dict)  # coast → its fleet neighbours
    at: tuple[int, int]  # where the picture draws it
    coast_at: dict[str, tuple[int, int]] = Field(default_factory=dict)


class PowerData(Named):
    home: tuple[str, ...]
    units: tuple[str, ...]  # "A bud", "F stp/sc"
    colour: str = Field(pattern=r"^#[0-9a-f]{6}$")


class Title(RuleData):
    ru: str
    en: str


class MapData(RuleData):
    title: Title
    first_year: int
    victory: int = Field(ge=1)  # supply centres that win
    size: tuple[int, int]
    powers: tuple[PowerData, ...]
    provinces: tuple[Province, ...]
    forms: NameForms = Forms()

    @model_validator(mode="after")
    def _names_what_it_has(self) -> Self:
        """Every neighbour, home and start unit names a province (and a coast where there are two)
        of this map, and every form a name of it."""
        codes = {p.code: p for p in self.provinces}
        locations = {f"{p.code}/{c}" for p in self.provinces for c in p.coasts} | {
            p.code for p in self.provinces if not p.coasts
        }
        problems = [f"forms: {line}" for line in undeclared_forms(self.forms, self._names())]
        for p in self.provinces:
            lists = [("army", n) for n in p.army] + [("fleet", n) for n in p.fleet]
            lists += [(f"coasts.{c}", n) for c, ns in p.coasts.items() for n in ns]
            for key, name in lists:
                known = codes if key == "army" else locations
                if name not in known:
                    problems.append(f"provinces.{p.code}.{key}: no location {name!r} on this map")
            if p.kind == "sea" and (p.army or p.coasts):
                problems.append(f"provinces.{p.code}: a sea has no army neighbours and no coasts")
            if p.kind == "land" and (p.fleet or p.coasts):
                problems.append(f"provinces.{p.code}: no fleet goes inland")
        for power in self.powers:
            problems += [f"powers.{power.name}.home: no centre {h!r}" for h in power.home if h not in codes]
            for unit in power.units:
                kind, _, where = unit.partition(" ")
                if kind not in ("A", "F") or where not in (locations if kind == "F" else codes):
                    problems.append(f"powers.{power.name}.units: {unit!r} is no unit on this map")
        if problems:
            raise mistake("; ".join(problems), "; ".join(problems))
        return self

    def _names(self) -> set[str]:
        return {p.name for p in self.provinces} | {p.name for p in self.powers}


@dataclass(frozen=True)
class Unit:
    """A unit on the board: its power, kind (A army, F fleet) and location."""

    power: str
    kind: UnitKind
    location: str

    @property
    def province(self) -> str:
        return province_of(self.location)

    @property
    def coast(self) -> str:
        return self.location.partition("/")[2]


def province_of(location: str) -> str:
    return location.partition("/")[0]


class Board:
    """The lookups of one map: who may move where, which provinces are centres, homes, seas."""

    def __init__(self, data: MapData) -> None:
        self.data = data
        self.provinces: dict[str, Province] = {p.code: p for p in data.provinces}
        self.powers: tuple[str, ...] = tuple(p.name for p in data.powers)
        self.power_data: dict[str, PowerData] = {p.name: p for p in data.powers}

    # ---- what a province is -------------------------------------------------------------------
    def kind(self, province: str) -> Kind:
        return self.provinces[province].kind

    def coasts(self, province: str) -> tuple[str, ...]:
        return tuple(self.provinces[province].coasts)

    def name(self, location: str) -> str:
        return self.provinces[province_of(location)].name

    @cached_property
    def centres(self) -> tuple[str, ...]:
        return tuple(p.code for p in self.data.provinces if p.centre)

    def homes(self, power: str) -> tuple[str, ...]:
        return self.power_data[power].home

    def home_of(self, province: str) -> str | None:
        return next((p.name for p in self.data.powers if province in p.home), None)

    # ---- movement -----------------------------------------------------------------------------
    @cached_property
    def _fleet(self) -> dict[str, frozenset[str]]:
        moves: dict[str, frozenset[str]] = {}
        for p in self.data.provinces:
            if p.coasts:
                moves.update({f"{p.code}/{c}": frozenset(ns) for c, ns in p.coasts.items()})
            elif p.kind != "land":
                moves[p.code] = frozenset(p.fleet)
        return moves

    def army_moves(self, province: str) -> frozenset[str]:
        return frozenset(self.provinces[province].army)

    def fleet_moves(self, location: str) -> frozenset[str]:
        """The locations a fleet at `location` may move to (coasts named)."""
        return self._fleet.get(location, frozenset())

    def moves(self, unit: Unit) -> frozenset[str]:
        """Where `unit` may move without a convoy: provinces for an army, locations for a fleet."""
        return self.army_moves(unit.province) if unit.kind == "A" else self.fleet_moves(unit.location)

    def reaches(self, unit: Unit, province: str) -> bool:
        """Whether `unit` could move to some part of `province` by itself (what a support needs)."""
        return province in {province_of(loc) for loc in self.moves(unit)}

    def fleet_coasts(self, location: str, province: str) -> tuple[str, ...]:
        """The coasts of `province` a fleet at `location` reaches ("" for a province of one)."""
        return tuple(
            sorted(
                loc.partition("/")[2] for loc in self.fleet_moves(location) if province_of(loc) == province
            )
        )

    def sea_neighbours(self, province: str) -> frozenset[str]:
        """The seas (and convoying coasts) next to a province, by any of its coasts: where a
        convoy may take an army from, or land it."""
        p = self.provinces[province]
        near = set(p.fleet) | {n for ns in p.coasts.values() for n in ns}
        return frozenset(province_of(n) for n in near if self.can_convoy(province_of(n)))

    def can_convoy(self, province: str) -> bool:
        """Whether a fleet here may convoy: at sea, or on a coast the map says may."""
        return self.kind(province) == "sea" or self.provinces[province].convoys

    # ---- distance, for civil disorder ---------------------------------------------------------
    @cached_property
    def _neighbours(self) -> dict[str, frozenset[str]]:
        """Every province next to another by land or sea, whatever the unit (the 2023 rules'
        distance: armies and fleets both cross land and sea)."""
        near: dict[str, set[str]] = {code: set() for code in self.provinces}
        for p in self.data.provinces:
            for n in (*p.army, *p.fleet, *(n for ns in p.coasts.values() for n in ns)):
                near[p.code].add(province_of(n))
                near[province_of(n)].add(p.code)
        return {code: frozenset(ns) for code, ns in near.items()}

    def distances(self, targets: frozenset[str]) -> dict[str, int]:
        """Each province's number of steps to the nearest of `targets`."""
        seen = dict.fromkeys(targets, 0)
        queue = deque(targets)
        while queue:
            here = queue.popleft()
            for near in sorted(self._neighbours[here]):
                if near not in seen:
                    seen[near] = seen[here] + 1
                    queue.append(near)
        return seen

    # ---- the start ----------------------------------------------------------------------------
    def start_units(self) -> Iterator[Unit]:
        for power in self.data.powers:
            for unit in power.units:
                kind, _, where = unit.partition(" ")
                yield Unit(power.name, "A" if kind == "A" else "F", where)

    def start_centres(self) -> Mapping[str, str]:
        return {home: power.name for power in self.data.powers for home in power.home}

    @property
    def title(self) -> Text:
        return Text(self.data.title.ru, self.data.title.en)


@cache
def board(variant: str) -> Board:
    """The board of a variant's map file, read once a process."""
    return Board(load_rules(MAPS / f"{variant}.toml", MapData))
