"""The rulebook's numbers and our map: data.toml read once through the shared schema
(engines.ruledata).

The models mirror the file, table by table; a broken edit (an unknown people, an adjacency listed
on one side only, a general missing from the pool, a territory without a place on the picture)
stops the daemon at start with the file and the key, never mid-game with a KeyError.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Literal, Self, get_args

from pydantic import BeforeValidator, model_validator

from engines.ruledata import Named, NameForms, RuleData, load_rules, undeclared_forms
from engines.russian import Forms
from engines.toolkit import by_name

DATA_FILE = Path(__file__).with_name("data.toml")

GeneralKind = Literal[
    "annihilator",
    "debilitator",
    "dominator",
    "pesterator",
    "nothingator",
    "charmer",
    "unifier",
    "canceller",
    "partisan",
    "victor",
    "crusher",
    "sukhbaatar",
    "killer",
]


def _hundredths(value: object) -> Fraction:
    """The file keeps coefficients as whole hundredths (80 = 0.8) so they stay exact."""
    if isinstance(value, int) and not isinstance(value, bool):
        return Fraction(value, 100)
    raise ValueError("a whole number of hundredths (80 = 0.8)")


Hundredths = Annotated[Fraction, BeforeValidator(_hundredths)]


class Game(RuleData):
    start_might: int
    min_players: int
    max_players: int
    might_floor: int


class Thresholds(RuleData):
    mighty: int
    profitable_spent: int
    robber_spent: int
    heroic_loser: int
    catastrophic_own: int
    conquest_num: int
    conquest_den: int
    profitable_gain: int
    robber_gain: int
    catastrophic_loss: int
    connectivity_loss: int
    landless_loss: int
    special_action_loss: int


class Readings(RuleData):
    """Where the rulebook reads two ways, the GM's choice (README, «Rule readings»)."""

    lone_bid_profitable: bool


class Costs(RuleData):
    fortress: int
    raze: int
    move_bonus: int
    fortress_influence: int
    connectivity_step: int


class Distance(RuleData):
    near: Hundredths
    sea: Hundredths
    land: Hundredths
    internal: Hundredths


class GeneralRules(RuleData):
    annihilator_over: int
    debilitator_minus: int
    dominator_steal: int
    pesterator_support: int
    nothingator_neutrals: int
    partisan_over: int
    partisan_loss: int
    victor_min: int
    crusher_over: int
    crusher_loss: int


class Bonus(Named):
    kind: Literal["influence", "sea_reach", "no_internal"]
    value: int
    at: str


class Picture(RuleData):
    """The frame the map's picture places territories in (pixels, x east, y south)."""

    width: int
    height: int


class Territory(Named):
    kind: Literal["land", "sea"]
    home: str = ""
    only_with: str = ""
    position: tuple[int, int]  # where the picture centres its label, inside `picture`
    neighbours: tuple[str, ...]

    @property
    def is_land(self) -> bool:
        return self.kind == "land"


class General(Named):
    kind: GeneralKind
    command: Literal["general", "charm", "unite", "kill", "exchange"]


class AiPlan(RuleData):
    own_land_bid: int
    neutral_bid: int
    attack_bid: int


class Data(RuleData):
    game: Game
    thresholds: Thresholds
    readings: Readings
    costs: Costs
    distance: Distance
    generals_rules: GeneralRules
    neutrals: Named
    powers: tuple[Named, ...]
    bonuses: tuple[Bonus, ...]
    picture: Picture
    territories: tuple[Territory, ...]
    generals: tuple[General, ...]
    ai: AiPlan
    forms: NameForms = Forms()

    def territory(self, name: str) -> Territory:
        return by_name(self.territories, name)

    def bonus(self, name: str) -> Bonus:
        return by_name(self.bonuses, name)

    def general(self, name: str) -> General:
        return by_name(self.generals, name)

    def general_of(self, kind: GeneralKind) -> General:
        return next(g for g in self.generals if g.kind == kind)

    def map_for(self, powers: Sequence[str]) -> tuple[Territory, ...]:
        """The territories of a game played by these peoples (extra peoples bring their lands)."""
        return tuple(t for t in self.territories if not t.only_with or t.only_with in powers)

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        """The map holds together, every name one table gives another exists there, and the pool
        has each general once."""
        problems = [*self._map_problems(), *self._picture_problems(), *self._name_problems()]
        if problems:
            raise ValueError("; ".join(problems))
        return self

    def _map_problems(self) -> Iterable[str]:
        places = {t.name: t for t in self.territories}
        if len(places) != len(self.territories):
            yield "territories: a territory is listed twice"
        for i, t in enumerate(self.territories):
            for n in t.neighbours:
                if n not in places or t.name not in places[n].neighbours:
                    yield f"territories.{i}.neighbours: {t.name} – {n} must be listed on both sides"
        for i, b in enumerate(self.bonuses):
            place = places.get(b.at)
            if place is None or not place.is_land or place.only_with:
                yield f"bonuses.{i}.at: {b.at!r} is not a land territory of every game"
        if len({b.at for b in self.bonuses}) != len(self.bonuses):
            yield "bonuses: two bonuses on one territory"

    def _picture_problems(self) -> Iterable[str]:
        width, height = self.picture.width, self.picture.height
        for i, t in enumerate(self.territories):
            x, y = t.position
            if not (0 <= x <= width and 0 <= y <= height):
                yield f"territories.{i}.position: {t.position} is off the picture's {width}×{height}"

    def _name_problems(self) -> Iterable[str]:
        powers = {p.name for p in self.powers}
        for i, t in enumerate(self.territories):
            for key, people in (("home", t.home), ("only_with", t.only_with)):
                if people and people not in powers:
                    yield f"territories.{i}.{key}: {people!r} is not one of the powers"
        kinds = sorted(g.kind for g in self.generals)
        if kinds != sorted(get_args(GeneralKind)):
            yield "generals: the pool needs each kind exactly once"
        named = {
            item.name
            for item in (*self.powers, self.neutrals, *self.territories, *self.bonuses, *self.generals)
        }
        yield from undeclared_forms(self.forms, named)
        if len(self.powers) < self.game.max_players:
            yield f"powers: {len(self.powers)} peoples, fewer than game.max_players"


DATA = load_rules(DATA_FILE, Data)
