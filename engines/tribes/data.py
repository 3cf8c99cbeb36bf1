"""The public rules as data: data.toml read once through the shared schema (engines.ruledata).

The models mirror the file, table by table: the strata (their names are public; the numbers of
those open at the start are here, the others' are the GM's), the terrain table, the features of a
cell, the move conditions and the orders of hunger. A broken edit stops the daemon at start with
the file and the key. `Tenths` reads a number of food or development points with one decimal
(1.6) as whole tenths (16), so every sum stays exact.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Annotated, Literal, Self, get_args

from pydantic import BeforeValidator, Field, model_validator

from engines.ruledata import Named, NameForms, RuleData, load_rules, undeclared_forms
from engines.russian import Forms
from engines.text import Text

DATA_FILE = Path(__file__).with_name("data.toml")

StratumId = Literal[
    "hunters", "gatherers", "warriors", "herders", "farmers", "elders", "shamans", "priests", "aristocrats"
]
STRATA: tuple[StratumId, ...] = get_args(StratumId)
FeatureId = Literal["forest", "river", "coast"]
FIELDS = ("soc", "mil", "eco")  # the three developments: соцтех, воентех, хозтех
# the orders a technology of the GM's may open («постепенным изобретением нескольких дипломатических
# инструментов»): one no technology in the file opens is open to every tribe from the start
OpenedCommand = Literal["war", "raid", "exchange", "gift", "annex", "faith"]
OPENED: tuple[OpenedCommand, ...] = get_args(OpenedCommand)


def _tenths(value: object) -> int:
    """1.6 → 16: a number with at most one decimal, kept as whole tenths."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError("a number with at most one decimal (1.5)")
    tenths = round(value * 10)
    if abs(tenths - value * 10) > 1e-6:
        raise ValueError("at most one decimal (1.5)")
    return tenths


Tenths = Annotated[int, BeforeValidator(_tenths)]


class Numbers(RuleData):
    """A stratum's numbers per person, or a technology's additions to them: food a turn, natural
    mortality in % a turn, БО, and development points (соц, воен, хоз)."""

    food: Tenths = 0
    mortality: int = 0
    fight: int = 0
    soc: Tenths = 0
    mil: Tenths = 0
    eco: Tenths = 0

    def points(self, field: str) -> int:
        return {"soc": self.soc, "mil": self.mil, "eco": self.eco}[field]


class Stratum(Named):
    id: StratumId
    short: str
    children: bool = True  # children may be given to it (once the tribe has it)
    numbers: Numbers | None = None  # public numbers; None: the GM's secret


class Place(Named):
    """A terrain or a feature: what a cell is or has, and being there as rules say it («на реке»)."""

    where: str
    where_en: str

    @property
    def at(self) -> Text:
        return Text(self.where, self.where_en)


class Terrain(Place):
    id: str
    code: str = Field(min_length=1, max_length=1)  # its letter in the GM's map and a Russian mail's
    code_en: str = Field(min_length=1, max_length=1)  # its letter in an English mail's map
    move: int
    food: int = 0  # %
    limit: int = 0  # % of ЛЧ
    cap: int = 0  # the most food a community gathers there; 0: no cap
    fight: int = 0  # % to the БО of a community defending a cell of it (ММ)
    passable: bool = True


class Feature(Place):
    id: FeatureId
    code: str = ""  # its letter in the GM's map; "" for the coast, which the sea makes
    code_en: str = ""  # its letter in an English mail's map
    move: int = 0
    fight: int = 0  # % to the БО of a community defending a cell with it (ММ)
    food: dict[StratumId, int] = Field(default_factory=dict)  # % by stratum

    def percent(self, stratum: str) -> int:
        """The food % it gives `stratum`."""
        return next((more for who, more in self.food.items() if who == stratum), 0)


class Condition(Named):
    """A clause of a move order: stop on meeting others (`meet`), or on entering `at`."""

    meet: bool | None = None
    at: str = ""


class Game(RuleData):
    min_players: int
    max_players: int
    start_hunters: int
    start_gatherers: int
    start_aristocrats: int
    start_children: int
    base_limit: int
    main_bonus: int
    migration_penalty: int
    base_communities: int
    base_distance: int
    moves: int
    migration_moves: int
    most_steps: int
    sight: int
    split_share: int
    merge_share: int
    vanish_share: int
    elders_share: int
    warriors_convert: int
    elite_convert: int
    most_communities: int
    most_children: int


class Ai(RuleData):
    share: int
    frozen: int
    hunters: int
    gatherers: int
    warriors: int


class War(RuleData):
    attacker_edge: int
    loser_loss: int
    winner_loss: int
    destroy: int
    retreat: int
    plunder: int
    raid_losses: int
    migration_fight: int
    migration_mil: int
    ai_beaten: tuple[int, ...]


class Contact(RuleData):
    exchange: int
    catch_up: int
    social: int
    ai_war: int
    ai_exchange: int
    ai_gift: int
    assimilate: int
    most_relations: int


class Scores(RuleData):
    cell: Tenths
    places: tuple[int, ...]
    shown: int
    ai_destroyed: int
    player_destroyed: int
    assimilated: int
    winners: int


class Order(RuleData):
    famine: tuple[StratumId, ...]
    working: tuple[StratumId, ...]
    convertible: tuple[StratumId, ...]


class Data(RuleData):
    game: Game
    ai: Ai
    war: War
    contact: Contact
    scores: Scores
    order: Order
    strata: tuple[Stratum, ...]
    terrains: tuple[Terrain, ...]
    features: tuple[Feature, ...]
    conditions: tuple[Condition, ...]
    tribes: tuple[Named, ...]
    forms: NameForms = Forms()

    def stratum(self, stratum_id: str) -> Stratum:
        return next(s for s in self.strata if s.id == stratum_id)

    def terrain(self, terrain_id: str) -> Terrain:
        return next(t for t in self.terrains if t.id == terrain_id)

    def feature(self, feature_id: str) -> Feature:
        return next(f for f in self.features if f.id == feature_id)

    def stratum_id(self, name: str) -> str:
        """A stratum's id from its name as orders give it (canonical)."""
        return next(s.id for s in self.strata if s.name == name)

    def condition(self, name: str) -> Condition:
        return next(c for c in self.conditions if c.name == name)

    @property
    def opening(self) -> tuple[StratumId, ...]:
        """The strata every tribe has from the start: those whose numbers are public."""
        return tuple(s.id for s in self.strata if s.numbers is not None)

    @property
    def places(self) -> set[str]:
        """What a cell may be or have: terrain and feature ids."""
        return {t.id for t in self.terrains} | {f.id for f in self.features}

    def place(self, place_id: str) -> Place:
        terrain = next((t for t in self.terrains if t.id == place_id), None)
        return terrain or self.feature(place_id)

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        problems = [*self._strata_problems(), *self._map_problems(), *self._name_problems()]
        if problems:
            raise ValueError("; ".join(problems))
        return self

    def _strata_problems(self) -> Iterable[str]:
        if sorted(s.id for s in self.strata) != sorted(STRATA):
            yield f"strata: each of {', '.join(STRATA)} exactly once"
        if sorted(self.order.famine) != sorted(STRATA):
            yield "order.famine: every stratum once"
        for key in ("working", "convertible"):
            if len(set(getattr(self.order, key))) != len(getattr(self.order, key)):
                yield f"order.{key}: a stratum twice"

    def _map_problems(self) -> Iterable[str]:
        for key in ("code", "code_en"):
            codes = [getattr(t, key) for t in self.terrains] + [
                getattr(f, key) for f in self.features if f.code
            ]
            if len(set(codes)) != len(codes) or any(not getattr(f, key) for f in self.features if f.code):
                yield f"terrains, features: two with one {key}, or a feature in the map without one"
        if sorted(f.id for f in self.features) != sorted(get_args(FeatureId)):
            yield f"features: each of {', '.join(get_args(FeatureId))} exactly once"
        for i, condition in enumerate(self.conditions):
            if (condition.meet is None) == (not condition.at):
                yield f"conditions.{i}: either meet or at"
            if condition.at and condition.at not in self.places:
                yield f"conditions.{i}.at: {condition.at!r} is no terrain or feature"

    def _name_problems(self) -> Iterable[str]:
        named = [*self.strata, *self.terrains, *self.features, *self.conditions, *self.tribes]
        yield from undeclared_forms(self.forms, [item.name for item in named])
        if len(self.tribes) < self.game.max_players:
            yield f"tribes: {len(self.tribes)} names, fewer than game.max_players"


DATA = load_rules(DATA_FILE, Data)
