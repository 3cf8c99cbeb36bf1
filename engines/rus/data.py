"""The rulebook's numbers, names and our map: data.toml validated at import into frozen records
shaped like the file (one model per table), so a GM's edit that breaks it stops the daemon at start
with the file and the key named, never a turn mid-game."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from fractions import Fraction
from functools import cached_property
from pathlib import Path
from typing import Literal, Self

from pydantic import Field, model_validator

from engines.ruledata import Named, NameForms, RuleData, load_rules, undeclared_forms
from engines.russian import Forms
from engines.toolkit import by_name

DATA_FILE = Path(__file__).with_name("data.toml")


# ---- the number tables ---------------------------------------------------------------------------
class Game(RuleData):
    min_players: int
    max_players: int
    start_money: int
    start_stability: int
    start_druzhina: int
    start_op: int
    min_op: int
    stability_min: int
    stability_max: int
    influence_min: int
    influence_max: int


class Stability(RuleData):
    policy_change: int
    conversion: int
    sacrifice: int
    sacrifice_op: int
    christian: int
    christian_every: int
    bought: int
    bought_cost: int
    revolt_at: int


class Taxes(RuleData):
    per: int
    divisors: dict[int, int]  # stability → divisor of ОП × per; none at the stabilities it lacks
    free_provinces: int
    penalty_percent: int
    zero_at: int
    obrok: int


class Army(RuleData):
    druzhina_price: int
    upkeep: int
    militia_share: Fraction
    militia_rate: int
    disband_rate: int


class Trade(RuleData):
    by_size: tuple[int, ...]
    party: int
    transit: int
    fair_share: Fraction
    centre_routes: int
    centre: Fraction
    min_influence: int
    agreement_influence: int
    break_influence: int


class Production(RuleData):
    pool: int
    change_every: int
    default: str


class Science(RuleData):
    rise_percent: int
    policy_discount_percent: int


class Buildings(RuleData):
    temple: int
    fortress: tuple[int, ...]
    fortress_techs: tuple[str, ...]


class Stories(RuleData):
    opening: int
    opening_per_turn: int
    action: int
    action_per_country: int


class Victory(RuleData):
    top_provinces: int
    op_divisor: int
    money_divisor: int
    per_vassal_province: int
    most_stories: int
    vassals_to_end: int
    vassals_end: Literal["required", "trigger"]  # see README, «Конец игры»


class Religions(RuleData):
    pagan: str
    christian: str
    pagan_en: str
    christian_en: str


class War(RuleData):
    """Section 5: marches, terrain and fortress modifiers (percent), plunder."""

    march: int
    cavalry_march: int
    militia_march: int
    cavalry: str
    river_percent: int
    forest_spec: str
    forest_tactic: str
    forest_percent: int
    field_specs: tuple[str, ...]
    field_tactic: str
    field_percent: int
    fortress_percent: tuple[int, ...]
    plunder: Fraction
    plunder_money: int
    plunder_stability: int
    capital_plunder_stability: int


class Diplomacy(RuleData):
    """Section 8: what each act does to influence and stability."""

    gift_unit: int
    etiquette_unit: int
    gift_points: int
    embassy: int
    embassy_upkeep: int
    marriage: int
    max_marriages: int
    marriage_stability: int
    alliance: int
    white_peace: int
    unequal_peace: int
    peace_stability: int
    transfer: int
    divorce: int
    divorce_stability: int
    war: int
    christian_war_stability: int
    married_war_stability: int
    vassal_war_stability: int
    break_alliance: int
    refusal_bonus: int
    renounce: int
    renounce_suzerain: int
    contempt: int
    renounce_stability: int
    vassal_at: int
    fealty_stability: int
    refusal_stability: int
    tribute: Fraction
    no_war: tuple[str, ...]


# ---- the named lists -------------------------------------------------------------------------------
class Power(Named):
    capital: str
    colour: int  # its colour on the map: an index into engines.drawing.PALETTE


class Party(Named):
    religion: str
    trade: bool
    borders: tuple[str, ...]


class Province(Named):
    owner: str
    op: int | None = None  # None: [game] start_op (`Data.start_op`)
    water: str = ""


class Border(RuleData):
    a: str
    b: str
    river: bool = False


class Map(RuleData):
    borders: tuple[Border, ...]


class Place(RuleData):
    """Where a province (or a party's name) stands on the political map, and where its name goes."""

    x: int
    y: int
    label: Literal["below", "above", "left", "right"] = "below"


class MapPicture(RuleData):
    """The political map's frame in pixels and every place on it (pictures.py draws it)."""

    width: int = Field(gt=0)
    height: int = Field(gt=0)
    places: dict[str, Place]

    @model_validator(mode="after")
    def _inside(self) -> Self:
        outside = [
            f"places.{name}: ({p.x}, {p.y}) lies outside the {self.width}×{self.height} frame"
            for name, p in self.places.items()
            if not (0 <= p.x <= self.width and 0 <= p.y <= self.height)
        ]
        if outside:
            raise ValueError("; ".join(outside))
        return self


class Spec(Named):
    key: str
    water_only: bool = False


class Craft(Named):
    cost: int
    tech: str
    spec: str
    op: int


class Policy(Named):
    key: Literal["stability", "trade", "crafts", "science", "army", "militia"]
    upkeep: int = 0
    cavalry_upkeep: int = 0
    auto_rate: Fraction = Fraction(0)  # ОП per militia man in the automatic call-up (0: the ordinary rate)


class Tactic(Named):
    upkeep: int
    beats: str = ""  # the tactic this one gains `percent` against ("" for none)
    percent: int = 0


class Tech(Named):
    cost: int
    requires: tuple[str, ...] = ()
    effect: Literal["obrok", "no_oversize", "embassies", "etiquette", "craft", "boats", "armour", "fortress"]
    armour: int = 0


class Event(Named):
    kind: Literal[
        "harvest", "fire", "stability", "raid", "druzhina", "influence", "tech", "money", "prestige"
    ]
    chance: int
    percent: int = 0
    amount: int = 0
    raider: str = ""


# ---- the file ----------------------------------------------------------------------------------------
class Data(RuleData):
    game: Game
    stability: Stability
    taxes: Taxes
    army: Army
    trade: Trade
    production: Production
    science: Science
    buildings: Buildings
    stories: Stories
    victory: Victory
    religions: Religions
    war: War
    diplomacy: Diplomacy
    powers: tuple[Power, ...]
    parties: tuple[Party, ...]
    provinces: tuple[Province, ...]
    map: Map
    picture: MapPicture
    specs: tuple[Spec, ...]
    crafts: tuple[Craft, ...]
    policies: tuple[Policy, ...]
    tactics: tuple[Tactic, ...]
    techs: tuple[Tech, ...]
    events: tuple[Event, ...]
    waters: dict[str, str]  # a province's water → its English name
    forms: NameForms = Forms()

    @model_validator(mode="after")
    def _references(self) -> Self:
        """Every name one table gives another must exist there, and the map must hold together."""
        problems = [*self._map_problems(), *self._name_problems(), *self._form_problems()]
        if problems:
            raise ValueError("; ".join(problems))
        return self

    def _map_problems(self) -> Iterable[str]:
        provinces = {p.name: p for p in self.provinces}
        seen: set[frozenset[str]] = set()
        for i, border in enumerate(self.map.borders):
            pair = frozenset((border.a, border.b))
            if not pair <= provinces.keys() or len(pair) < 2 or pair in seen:
                yield f"map.borders.{i}: {border.a}–{border.b} is unknown, to itself or repeated"
            elif border.river and not all(provinces[side].water for side in pair):
                yield f"map.borders.{i}: {border.a}–{border.b} has a river, so both must lie on water"
        for p in self.provinces:
            if p.water and p.water not in self.waters:
                yield f"provinces.{p.name}.water: {p.water!r} has no English name in [waters]"
            seen.add(pair)
        for i, power in enumerate(self.powers):
            here = provinces.get(power.capital)
            if here is None or here.owner != power.name:
                yield f"powers.{i}.capital: {power.capital} is not a province of {power.name}"
        places = self.picture.places
        for name in sorted(provinces.keys() - places.keys()):
            yield f"picture.places: {name} has no place on the map"
        for name in sorted(places.keys() - provinces.keys() - {p.name for p in self.parties}):
            yield f"picture.places.{name}: not a province or party of this file"

    def _name_problems(self) -> Iterable[str]:
        names = {
            "principality": {p.name for p in self.powers},
            "province": {p.name for p in self.provinces},
            "specialisation": {s.name for s in self.specs},
            "technology": {t.name for t in self.techs},
            "tactic": {t.name for t in self.tactics},
            "party": {p.name for p in self.parties},
        }
        w = self.war
        given: list[tuple[str, str, str]] = [  # (key, the name it gives, the list it names)
            *((f"provinces.{i}.owner", p.owner, "principality") for i, p in enumerate(self.provinces)),
            *((f"parties.{i}.borders", b, "province") for i, p in enumerate(self.parties) for b in p.borders),
            *((f"crafts.{i}.tech", c.tech, "technology") for i, c in enumerate(self.crafts)),
            *((f"crafts.{i}.spec", c.spec, "specialisation") for i, c in enumerate(self.crafts)),
            *((f"techs.{i}.requires", r, "technology") for i, t in enumerate(self.techs) for r in t.requires),
            *((f"tactics.{i}.beats", t.beats, "tactic") for i, t in enumerate(self.tactics) if t.beats),
            *(("buildings.fortress_techs", t, "technology") for t in self.buildings.fortress_techs),
            ("war.cavalry", w.cavalry, "tactic"),
            ("war.forest_tactic", w.forest_tactic, "tactic"),
            ("war.field_tactic", w.field_tactic, "tactic"),
            ("war.forest_spec", w.forest_spec, "specialisation"),
            *(("war.field_specs", s, "specialisation") for s in w.field_specs),
            *(("diplomacy.no_war", p, "party") for p in self.diplomacy.no_war),
            ("production.default", self.production.default, "specialisation"),
        ]
        for key, name, kind in given:
            if name not in names[kind]:
                yield f"{key}: {name!r} is not a {kind} of this file"
        if len(w.fortress_percent) != len(self.buildings.fortress):
            yield "war.fortress_percent: needs one value per level of buildings.fortress"

    def _form_problems(self) -> Iterable[str]:
        return undeclared_forms(self.forms, {item.name for item in self._named()})

    def _named(self) -> Iterable[Named]:
        tables: tuple[tuple[Named, ...], ...] = (self.powers, self.parties, self.provinces, self.specs)
        tables += (self.crafts, self.policies, self.tactics, self.techs, self.events)
        return (item for table in tables for item in table)

    # ---- lookups -----------------------------------------------------------------------------------
    def power(self, name: str) -> Power:
        return by_name(self.powers, name)

    def party(self, name: str) -> Party:
        return by_name(self.parties, name)

    def province(self, name: str) -> Province:
        return by_name(self.provinces, name)

    def spec(self, name: str) -> Spec:
        return by_name(self.specs, name)

    def craft(self, name: str) -> Craft:
        return by_name(self.crafts, name)

    def policy(self, name: str) -> Policy:
        return by_name(self.policies, name)

    def policy_of(self, key: str) -> Policy:
        return next(p for p in self.policies if p.key == key)

    def tactic(self, name: str) -> Tactic:
        return by_name(self.tactics, name)

    def tech(self, name: str) -> Tech:
        return by_name(self.techs, name)

    def start_op(self, province: Province) -> int:
        """«Остальные провинции имеют ОП, равный 10»: the province's own `op`, else [game] start_op."""
        return self.game.start_op if province.op is None else province.op

    @cached_property
    def adjacency(self) -> dict[str, tuple[str, ...]]:
        """Each province's neighbours in map order."""
        order = [p.name for p in self.provinces]
        near: dict[str, list[str]] = {name: [] for name in order}
        for border in self.map.borders:
            near[border.a].append(border.b)
            near[border.b].append(border.a)
        return {name: tuple(sorted(found, key=order.index)) for name, found in near.items()}

    @cached_property
    def rivers(self) -> frozenset[frozenset[str]]:
        return frozenset(frozenset((b.a, b.b)) for b in self.map.borders if b.river)

    def river(self, a: str, b: str) -> bool:
        return frozenset((a, b)) in self.rivers

    def distance(self, a: str, b: str) -> int:
        """Steps between two provinces over the map's borders (-1 if none connects them)."""
        seen, queue = {a: 0}, deque([a])
        while queue:
            here = queue.popleft()
            if here == b:
                return seen[here]
            for nxt in self.adjacency[here]:
                if nxt not in seen:
                    seen[nxt] = seen[here] + 1
                    queue.append(nxt)
        return -1


DATA = load_rules(DATA_FILE, Data)
