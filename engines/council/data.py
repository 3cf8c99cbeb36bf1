"""The rulebook's numbers, names and our world: data.toml validated at import into frozen records
shaped like the file (one model per table), so a GM's edit that breaks it stops the daemon at start
with the file and the key named, never a turn mid-game."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cached_property
from pathlib import Path
from typing import Annotated, Literal, Self

from pydantic import BeforeValidator, model_validator

from engines.ruledata import Named, NameForms, RuleData, load_rules, undeclared_forms
from engines.russian import Forms
from engines.toolkit import by_name

DATA_FILE = Path(__file__).with_name("data.toml")

StatusKey = Literal["ruling", "noble", "junior"]
STATUS_KEYS: tuple[StatusKey, ...] = ("ruling", "noble", "junior")
PropertyKey = Literal["port", "seafaring", "mercenaries"]
UnitKey = Literal["regulars", "militia", "mercenaries", "guard"]
UNIT_KEYS: tuple[UnitKey, ...] = ("regulars", "militia", "mercenaries", "guard")
Competition = Literal["strongest", "all", "layered"]


def _tenths(value: object) -> int:
    """Жители as the file writes them (2.5) → tenths (25), the unit the state keeps, so 0,3 of a
    жителя is exact."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError("a number of жители, to one decimal (2.5)")
    tenths = round(value * 10)
    if abs(value * 10 - tenths) > 1e-6 or tenths < 0:
        raise ValueError("a number of жители, not below 0, to one decimal (2.5)")
    return tenths


Tenths = Annotated[int, BeforeValidator(_tenths)]
ByStatus = dict[StatusKey, int]


# ---- the number tables ---------------------------------------------------------------------------
class Game(RuleData):
    min_players: int
    last_turn: int
    years_per_turn: int


class Bounds(RuleData):
    freedom_max: int
    loyalty_max: int
    influence_max: int
    revolt_at: int


class Influence(RuleData):
    base: int
    per_governorship: int
    per_army: int
    ruling: int
    noble_at: int


class Income(RuleData):
    status: ByStatus
    per_person: int
    per_trading_post: int


class Council(RuleData):
    rights_freedom: int
    rights_influence: int
    rights_loyalty: int
    form_change_loyalty: int
    repression_freedom: int
    repression_influence: int
    repression_loyalty: int
    repressed_most: int
    militia_population: Tenths
    militia_loyalty: int
    games_loyalty: int
    migration: Tenths
    commanders_most: int
    armies_per_family: int
    flotilla_squadrons: int
    immunity_turns: int


class Elections(RuleData):
    every: int
    repeat_loyalty: int
    repeat_freedom: int


class Investigation(RuleData):
    fine_percent: int
    influence: int
    text_votes: int
    text_chars: int


class Transfers(RuleData):
    loss_percent: int


class CivilWar(RuleData):
    loyalty: int


class Victory(RuleData):
    per_influence: int
    per_governorship: int
    ruling: int
    money_per_point: int


class War(RuleData):
    die: int
    march_steps: int
    new_army: int
    garrison: int
    loser_loss_percent: int
    winner_loss_percent: int


class Actions(RuleData):
    guard_cost: int
    guard_most: int
    mercenaries: int
    prestige: int
    colony_loyalty: int
    grand_cost: int
    grand_influence: int
    raid_loyalty: int
    raid_population: Tenths
    tribe_growth: int
    suppress_loyalty: int


class Computer(RuleData):
    bid_over_minimum: int
    games_below: int


class Picture(RuleData):
    width: int
    height: int
    places: dict[str, tuple[int, int]]


# ---- the named tables ----------------------------------------------------------------------------
class Status(Named):
    key: StatusKey


class Form(Named):
    key: str
    freedom_from: int
    regular_elections: bool
    projects: ByStatus
    actions: ByStatus
    votes: ByStatus


class Size(Named):
    key: str
    provinces_up_to: int | None = None  # None: any number
    armies: int
    flotillas: int
    governorships: int


class ProjectKind(Named):
    key: str
    number: int
    competition: Competition
    by_gm: bool = False


class Auction(Named):
    key: str
    winners: Named  # what its winners are called in a list of them: «Дипломаты (3): Медичи, …»
    min_bid: int
    lots: int
    quota: bool = False
    ruling_only: bool = False
    per_item: bool = False
    bonus_property: PropertyKey | None = None
    bonus_percent: int = 0


class Unit(Named):
    key: UnitKey
    strength: int


class Building(Named):
    defence: int = 0
    income: int = 0
    loyalty: int = 0
    influence: int = 0
    squadrons: int = 0  # a flotilla raised in its province starts with these besides
    grand: bool = False


class Tribe(Named):
    lands: tuple[str, ...]
    warriors: int


class Words(RuleData):
    nobody: Named
    yes: Named
    no: Named


class Property(Named):
    key: PropertyKey


class Realm(Named):
    capital: str
    freedom: int


class Family(Named):
    realm: str
    money: int
    influence: int


class Province(Named):
    realm: str = ""  # "": barbarian land
    sphere: str = ""
    population: Tenths
    loyalty: int
    properties: tuple[PropertyKey, ...] = ()
    governor: str = ""
    occupied: str = ""
    buildings: tuple[str, ...] = ()


class Map(RuleData):
    borders: tuple[tuple[str, str], ...]


class ArmyStart(RuleData):
    realm: str
    name: str
    province: str
    commander: str = ""
    regulars: int


class FlotillaStart(RuleData):
    realm: str
    name: str
    sea: str
    squadrons: int


class TradingPost(RuleData):
    province: str
    realm: str
    family: str


# ---- the file ------------------------------------------------------------------------------------
class Data(RuleData):
    game: Game
    bounds: Bounds
    influence: Influence
    income: Income
    council: Council
    elections: Elections
    investigation: Investigation
    transfers: Transfers
    civil_war: CivilWar
    victory: Victory
    war: War
    actions: Actions
    computer: Computer
    units: tuple[Unit, ...]
    statuses: tuple[Status, ...]
    forms: NameForms = Forms()
    governments: tuple[Form, ...]
    sizes: tuple[Size, ...]
    projects: tuple[ProjectKind, ...]
    auctions: tuple[Auction, ...]
    words: Words
    properties: tuple[Property, ...]
    buildings: tuple[Building, ...]
    realms: tuple[Realm, ...]
    families: tuple[Family, ...]
    provinces: tuple[Province, ...]
    seas: tuple[Named, ...]
    tribes: tuple[Tribe, ...]
    map: Map
    armies: tuple[ArmyStart, ...]
    flotillas: tuple[FlotillaStart, ...]
    trading_posts: tuple[TradingPost, ...]
    picture: Picture

    @model_validator(mode="after")
    def _references(self) -> Self:
        """Every name one table gives another must exist there, and each scale must climb."""
        problems = [*self._table_problems(), *self._world_problems(), *self._forces_problems()]
        problems += [*self._tribe_problems(), *self._picture_problems()]
        problems += undeclared_forms(self.forms, {item.name for item in self._named()})
        if problems:
            raise ValueError("; ".join(problems))
        return self

    def _table_problems(self) -> Iterable[str]:
        if tuple(s.key for s in self.statuses) != STATUS_KEYS:
            yield f"statuses: one each of {', '.join(STATUS_KEYS)}, in that order"
        froms = [g.freedom_from for g in self.governments]
        if not froms or froms[0] != 0 or froms != sorted(set(froms)):
            yield "governments.freedom_from: from 0, rising"
        for i, g in enumerate(self.governments):
            for table in ("projects", "actions", "votes"):
                if set(getattr(g, table)) != set(STATUS_KEYS):
                    yield f"governments.{i}.{table}: one number for each of {', '.join(STATUS_KEYS)}"
        ups = [s.provinces_up_to for s in self.sizes]
        if not ups or ups[-1] is not None or None in ups[:-1] or ups[:-1] != sorted(set(ups[:-1])):  # type: ignore[type-var]
            yield "sizes.provinces_up_to: rising, and none for the last (largest) size"
        if sorted(p.number for p in self.projects) != list(range(1, len(self.projects) + 1)):
            yield "projects.number: 1, 2, 3… each once"
        if tuple(u.key for u in self.units) != UNIT_KEYS:
            yield f"units: one each of {', '.join(UNIT_KEYS)}, in that order"
        if self.war.die < 1 or self.war.march_steps < 1:
            yield "war: die and march_steps of at least 1"
        if set(self.income.status) != set(STATUS_KEYS):
            yield f"income.status: one number for each of {', '.join(STATUS_KEYS)}"

    def _world_problems(self) -> Iterable[str]:
        realms = {r.name for r in self.realms}
        provinces = {p.name: p for p in self.provinces}
        families = {f.name: f for f in self.families}
        places = provinces.keys() | {s.name for s in self.seas}
        for i, realm in enumerate(self.realms):
            capital = provinces.get(realm.capital)
            if capital is None or capital.realm != realm.name:
                yield f"realms.{i}.capital: {realm.capital} is not a province of {realm.name}"
        for i, family in enumerate(self.families):
            if family.realm not in realms:
                yield f"families.{i}.realm: {family.realm!r} is not a power of this file"
        for i, p in enumerate(self.provinces):
            for key in ("realm", "sphere", "occupied"):
                value = getattr(p, key)
                if value and value not in realms:
                    yield f"provinces.{i}.{key}: {value!r} is not a power of this file"
            for b in p.buildings:
                if b not in {x.name for x in self.buildings}:
                    yield f"provinces.{i}.buildings: {b!r} is not a building of this file"
            if p.governor and (p.governor not in families or families[p.governor].realm != p.realm):
                yield f"provinces.{i}.governor: {p.governor!r} is not a family of {p.realm or 'this power'}"
        seas = {s.name for s in self.seas}
        coasts = {n for a, b in self.map.borders for n, other in ((a, b), (b, a)) if other in seas}
        shipyards = {b.name for b in self.buildings if b.squadrons}
        for i, p in enumerate(self.provinces):
            harbour = bool({"port", "seafaring"} & set(p.properties))
            if harbour and p.name not in coasts:
                yield f"provinces.{i}.properties: {p.name} has a port or seafaring but borders no sea"
            if shipyards & set(p.buildings) and not harbour:
                yield f"provinces.{i}.buildings: a shipyard stands only by a port or seafaring traditions"
        seen: set[frozenset[str]] = set()
        for i, (a, b) in enumerate(self.map.borders):
            pair = frozenset((a, b))
            if not pair <= places or len(pair) < 2 or pair in seen:
                yield f"map.borders.{i}: {a}–{b} is unknown, to itself or repeated"
            seen.add(pair)
        for i, post in enumerate(self.trading_posts):
            here = provinces.get(post.province)
            if here is None or post.realm not in realms or here.realm == post.realm:
                yield f"trading_posts.{i}: a post of {post.realm} in {post.province} is not on foreign land"
            elif post.family not in families or families[post.family].realm != post.realm:
                yield f"trading_posts.{i}.family: {post.family!r} is not a family of {post.realm}"

    def _forces_problems(self) -> Iterable[str]:
        provinces = {p.name: p for p in self.provinces}
        families = {f.name: f.realm for f in self.families}
        seas = {s.name for s in self.seas}
        named: set[tuple[str, str]] = set()
        for i, army in enumerate(self.armies):
            if provinces.get(army.province) is None or provinces[army.province].realm != army.realm:
                yield f"armies.{i}.province: {army.province!r} is not a province of {army.realm}"
            if army.commander and families.get(army.commander) != army.realm:
                yield f"armies.{i}.commander: {army.commander!r} is not a family of {army.realm}"
            if (army.realm, army.name) in named:
                yield f"armies.{i}.name: {army.realm} has two armies named {army.name}"
            named.add((army.realm, army.name))
        for i, flotilla in enumerate(self.flotillas):
            if flotilla.sea not in seas:
                yield f"flotillas.{i}.sea: {flotilla.sea!r} is not a sea of this file"
            if (flotilla.realm, flotilla.name) in named:
                yield f"flotillas.{i}.name: {flotilla.realm} has two forces named {flotilla.name}"
            named.add((flotilla.realm, flotilla.name))

    def _tribe_problems(self) -> Iterable[str]:
        provinces = {p.name: p for p in self.provinces}
        held: set[str] = set()
        for i, tribe in enumerate(self.tribes):
            for land in tribe.lands:
                if land not in provinces or provinces[land].realm:
                    yield f"tribes.{i}.lands: {land!r} is not barbarian land of this file"
                elif land in held:
                    yield f"tribes.{i}.lands: {land} belongs to two tribes"
                held.add(land)

    def _picture_problems(self) -> Iterable[str]:
        places = {p.name for p in (*self.provinces, *self.seas)}
        drawn = set(self.picture.places)
        for name in sorted(places - drawn):
            yield f"picture.places: {name} has no place on the map"
        for name in sorted(drawn - places):
            yield f"picture.places.{name}: not a province or sea of this file"
        for name, (x, y) in self.picture.places.items():
            if not (0 <= x <= self.picture.width and 0 <= y <= self.picture.height):
                yield f"picture.places.{name}: {x}, {y} lies outside the map's frame"

    def _named(self) -> Iterable[Named]:
        tables: tuple[tuple[Named, ...], ...] = (
            self.realms,
            self.families,
            self.provinces,
            self.seas,
            self.tribes,
        )
        return (item for table in tables for item in table)

    # ---- lookups ---------------------------------------------------------------------------------
    def realm(self, name: str) -> Realm:
        return by_name(self.realms, name)

    def family(self, name: str) -> Family:
        return by_name(self.families, name)

    def province(self, name: str) -> Province:
        return by_name(self.provinces, name)

    def project(self, key: str) -> ProjectKind:
        return next(p for p in self.projects if p.key == key)

    def project_named(self, name: str) -> ProjectKind:
        return by_name(self.projects, name)

    def auction(self, key: str) -> Auction:
        return next(a for a in self.auctions if a.key == key)

    def auction_named(self, name: str) -> Auction:
        return by_name(self.auctions, name)

    def status(self, key: str) -> Status:
        return next(s for s in self.statuses if s.key == key)

    def government(self, freedom: int) -> Form:
        """The form of government a freedom level gives: the last one it reaches."""
        return [g for g in self.governments if g.freedom_from <= freedom][-1]

    def size(self, provinces: int) -> Size:
        """The size class of a power owning this many provinces."""
        return next(s for s in self.sizes if s.provinces_up_to is None or provinces <= s.provinces_up_to)

    def unit(self, key: str) -> Unit:
        return next(u for u in self.units if u.key == key)

    def unit_named(self, name: str) -> Unit:
        return by_name(self.units, name)

    def building(self, name: str) -> Building:
        return by_name(self.buildings, name)

    def tribe(self, name: str) -> Tribe:
        return by_name(self.tribes, name)

    @cached_property
    def sea_names(self) -> frozenset[str]:
        return frozenset(s.name for s in self.seas)

    def property_name(self, key: str) -> Property:
        return next(p for p in self.properties if p.key == key)

    @cached_property
    def neighbours(self) -> dict[str, tuple[str, ...]]:
        """Each province and sea with what borders it, in the file's order."""
        near: dict[str, list[str]] = {p.name: [] for p in (*self.provinces, *self.seas)}
        for a, b in self.map.borders:
            near[a].append(b)
            near[b].append(a)
        return {name: tuple(found) for name, found in near.items()}

    @cached_property
    def most_families(self) -> int:
        """The most families one power has: what a council list or a vote can be long."""
        return max(sum(f.realm == r.name for f in self.families) for r in self.realms)

    @cached_property
    def most_projects(self) -> int:
        """The most projects one family may put in a turn, under any form and status."""
        return max(n for g in self.governments for n in g.projects.values())


DATA = load_rules(DATA_FILE, Data)
