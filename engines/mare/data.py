"""The rulebook's numbers and our map, loaded once from data.toml into typed, frozen records."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path

from engines.toolkit import Named, by_name, named_fields, read_toml

DATA_FILE = Path(__file__).with_name("data.toml")

LAND, SEA = "land", "sea"
BONUS_KINDS = ("influence", "sea_reach", "no_internal")
GENERAL_KINDS = (
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
)
GENERAL_COMMANDS = ("general", "charm", "unite", "kill", "exchange")


@dataclass(frozen=True)
class Territory(Named):
    kind: str
    home: str
    only_with: str
    neighbours: tuple[str, ...]

    @property
    def is_land(self) -> bool:
        return self.kind == LAND


@dataclass(frozen=True)
class Bonus(Named):
    kind: str
    value: int
    at: str


@dataclass(frozen=True)
class General(Named):
    kind: str
    command: str


@dataclass(frozen=True)
class Thresholds:
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


@dataclass(frozen=True)
class Costs:
    fortress: int
    raze: int
    move_bonus: int
    fortress_influence: int
    connectivity_step: int


@dataclass(frozen=True)
class Distance:
    """Coefficients as exact fractions (the file keeps hundredths)."""

    near: Fraction
    sea: Fraction
    land: Fraction
    internal: Fraction


@dataclass(frozen=True)
class GeneralRules:
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


@dataclass(frozen=True)
class AiPlan:
    own_land_bid: int
    neutral_bid: int
    attack_bid: int


@dataclass(frozen=True)
class Data:
    start_might: int
    min_players: int
    max_players: int
    might_floor: int
    thresholds: Thresholds
    costs: Costs
    distance: Distance
    rules: GeneralRules
    neutrals: Named
    powers: tuple[Named, ...]
    bonuses: tuple[Bonus, ...]
    territories: tuple[Territory, ...]
    generals: tuple[General, ...]
    ai: AiPlan

    def territory(self, name: str) -> Territory:
        return by_name(self.territories, name)

    def bonus(self, name: str) -> Bonus:
        return by_name(self.bonuses, name)

    def general(self, name: str) -> General:
        return by_name(self.generals, name)

    def general_of(self, kind: str) -> General:
        return next(g for g in self.generals if g.kind == kind)

    def map_for(self, powers: tuple[str, ...] | list[str]) -> tuple[Territory, ...]:
        """The territories of a game played by these peoples (extra peoples bring their lands)."""
        return tuple(t for t in self.territories if not t.only_with or t.only_with in powers)


def _check(data: Data) -> Data:
    """Fail at import, not mid-game, when an edit breaks the data file's shape."""
    names = {t.name: t for t in data.territories}
    powers = {p.name for p in data.powers}
    if len(names) != len(data.territories):
        raise ValueError("a territory is listed twice")
    for t in data.territories:
        if t.kind not in (LAND, SEA):
            raise ValueError(f"{t.name}: kind must be land or sea")
        for other in (t.home, t.only_with):
            if other and other not in powers:
                raise ValueError(f"{t.name}: unknown people {other}")
        for n in t.neighbours:
            if n not in names or t.name not in names[n].neighbours:
                raise ValueError(f"{t.name} – {n}: adjacency must be listed on both sides")
    for b in data.bonuses:
        if b.kind not in BONUS_KINDS or not names[b.at].is_land or names[b.at].only_with:
            raise ValueError(f"bonus {b.name}: bad kind or place")
    if len({b.at for b in data.bonuses}) != len(data.bonuses):
        raise ValueError("two bonuses on one territory")
    if sorted(g.kind for g in data.generals) != sorted(GENERAL_KINDS):
        raise ValueError("the general pool needs each kind exactly once")
    if any(g.command not in GENERAL_COMMANDS for g in data.generals):
        raise ValueError("unknown general command")
    if len(data.powers) < data.max_players:
        raise ValueError("fewer peoples than max_players")
    return data


def _fraction(hundredths: int) -> Fraction:
    return Fraction(hundredths, 100)


@cache
def load(path: Path = DATA_FILE) -> Data:
    raw = read_toml(path)
    game, dist = raw["game"], raw["distance"]
    return _check(
        Data(
            start_might=game["start_might"],
            min_players=game["min_players"],
            max_players=game["max_players"],
            might_floor=game["might_floor"],
            thresholds=Thresholds(**raw["thresholds"]),
            costs=Costs(**raw["costs"]),
            distance=Distance(*(_fraction(dist[k]) for k in ("near", "sea", "land", "internal"))),
            rules=GeneralRules(**raw["generals_rules"]),
            neutrals=Named(**named_fields(raw["neutrals"])),
            powers=tuple(Named(**named_fields(x)) for x in raw["powers"]),
            bonuses=tuple(
                Bonus(**named_fields(x), kind=x["kind"], value=x["value"], at=x["at"]) for x in raw["bonuses"]
            ),
            territories=tuple(
                Territory(
                    **named_fields(x),
                    kind=x["kind"],
                    home=x.get("home", ""),
                    only_with=x.get("only_with", ""),
                    neighbours=tuple(x["neighbours"]),
                )
                for x in raw["territories"]
            ),
            generals=tuple(
                General(**named_fields(x), kind=x["kind"], command=x["command"]) for x in raw["generals"]
            ),
            ai=AiPlan(**raw["ai"]),
        )
    )


DATA = load()
