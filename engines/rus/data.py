"""The rulebook's numbers, names and our map, loaded once from data.toml into typed, frozen records."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

from engines.toolkit import Named, by_name, named_fields, read_toml

DATA_FILE = Path(__file__).with_name("data.toml")


@dataclass(frozen=True)
class Power(Named):
    capital: str


@dataclass(frozen=True)
class Party(Named):
    religion: str
    trade: bool
    borders: tuple[str, ...]


@dataclass(frozen=True)
class Province(Named):
    owner: str
    op: int
    water: str


@dataclass(frozen=True)
class Spec(Named):
    key: str
    water_only: bool


@dataclass(frozen=True)
class Craft(Named):
    cost: int
    tech: str
    spec: str
    op: int


@dataclass(frozen=True)
class Policy(Named):
    key: str
    upkeep: int
    cavalry_upkeep: int
    auto_rate: Fraction  # ОП per militia man in the automatic call-up (0: the ordinary rate)


@dataclass(frozen=True)
class Tactic(Named):
    upkeep: int
    beats: str  # the tactic this one gains `percent` against ("" for none)
    percent: int


@dataclass(frozen=True)
class Tech(Named):
    cost: int
    requires: tuple[str, ...]
    effect: str
    armour: int


@dataclass(frozen=True)
class Event(Named):
    kind: str
    chance: int
    percent: int
    amount: int
    raider: str


@dataclass(frozen=True)
class Game:
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


@dataclass(frozen=True)
class Stability:
    policy_change: int
    conversion: int
    sacrifice: int
    sacrifice_op: int
    christian: int
    christian_every: int
    bought: int
    bought_cost: int
    revolt_at: int


@dataclass(frozen=True)
class Taxes:
    per: int
    divisors: dict[int, int]
    free_provinces: int
    penalty_percent: int
    zero_at: int
    obrok: int


@dataclass(frozen=True)
class Army:
    druzhina_price: int
    upkeep: int
    militia_share: Fraction
    militia_rate: int
    disband_rate: int


@dataclass(frozen=True)
class Trade:
    by_size: tuple[int, ...]
    party: int
    transit: int
    fair_share: Fraction
    centre_routes: int
    centre: Fraction
    min_influence: int
    agreement_influence: int
    break_influence: int


@dataclass(frozen=True)
class War:
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


@dataclass(frozen=True)
class Diplomacy:
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


@dataclass(frozen=True)
class Misc:
    """Production, science, buildings, stories and victory: one flat record of small numbers."""

    pool: int
    change_every: int
    default_spec: str
    rise_percent: int
    policy_discount_percent: int
    temple: int
    fortress: tuple[int, ...]
    fortress_techs: tuple[str, ...]
    opening_story: int
    opening_per_turn: int
    action_story: int
    action_per_country: int
    top_provinces: int
    op_divisor: int
    money_divisor: int
    per_vassal_province: int
    most_stories: int
    vassals_to_end: int
    pagan: str
    christian: str
    pagan_en: str
    christian_en: str


@dataclass(frozen=True)
class Data:
    game: Game
    stability: Stability
    taxes: Taxes
    army: Army
    trade: Trade
    war: War
    diplomacy: Diplomacy
    misc: Misc
    powers: tuple[Power, ...]
    parties: tuple[Party, ...]
    provinces: tuple[Province, ...]
    rivers: frozenset[frozenset[str]]
    adjacency: dict[str, tuple[str, ...]]
    specs: tuple[Spec, ...]
    crafts: tuple[Craft, ...]
    policies: tuple[Policy, ...]
    tactics: tuple[Tactic, ...]
    techs: tuple[Tech, ...]
    events: tuple[Event, ...]

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

    def spec_of(self, key: str) -> Spec:
        return next(s for s in self.specs if s.key == key)

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


def _check(data: Data) -> Data:
    """Fail at import, not mid-game, when an edit breaks the data file's shape."""
    names = {p.name for p in data.provinces}
    for power in data.powers:
        if data.province(power.capital).owner != power.name:
            raise ValueError(f"{power.name}: capital {power.capital} is not its own province")
    for province in data.provinces:
        data.power(province.owner)
    for pair in data.rivers:
        for side in pair:
            if not data.province(side).water:
                raise ValueError(f"{side} has a river border, so it must lie on water")
    for party in data.parties:
        if not set(party.borders) <= names:
            raise ValueError(f"{party.name}: unknown border province")
    for craft in data.crafts:
        data.tech(craft.tech)
        data.spec(craft.spec)
    for tech in data.techs:
        for needed in tech.requires:
            data.tech(needed)
    for tech_name in data.misc.fortress_techs:
        data.tech(tech_name)
    for tactic in data.tactics:
        if tactic.beats:
            data.tactic(tactic.beats)
    w = data.war
    for tactic_name in (w.cavalry, w.forest_tactic, w.field_tactic):
        data.tactic(tactic_name)
    for spec_name in (w.forest_spec, *w.field_specs):
        data.spec(spec_name)
    if len(w.fortress_percent) != len(data.misc.fortress):
        raise ValueError("war.fortress_percent needs one value per fortress level")
    for party_name in data.diplomacy.no_war:
        data.party(party_name)
    data.spec(data.misc.default_spec)
    return data


def _adjacency(provinces: tuple[Province, ...], borders: list[dict[str, Any]]) -> dict[str, tuple[str, ...]]:
    found: dict[str, list[str]] = {p.name: [] for p in provinces}
    for border in borders:
        a, b = border["a"], border["b"]
        if a not in found or b not in found or a == b or b in found[a]:
            raise ValueError(f"bad border {a}–{b}")
        found[a].append(b)
        found[b].append(a)
    order = [p.name for p in provinces]
    return {name: tuple(sorted(near, key=order.index)) for name, near in found.items()}


def _war(w: dict[str, Any]) -> War:
    fields = {k: v for k, v in w.items() if k not in ("plunder_num", "plunder_den")}
    fields["field_specs"] = tuple(w["field_specs"])
    fields["fortress_percent"] = tuple(w["fortress_percent"])
    return War(**fields, plunder=Fraction(w["plunder_num"], w["plunder_den"]))


def _diplomacy(d: dict[str, Any]) -> Diplomacy:
    fields = {k: v for k, v in d.items() if k not in ("tribute_num", "tribute_den")}
    fields["no_war"] = tuple(d["no_war"])
    return Diplomacy(**fields, tribute=Fraction(d["tribute_num"], d["tribute_den"]))


def _misc(raw: dict[str, Any]) -> Misc:
    p, s, b, st, v, r = (
        raw[k] for k in ("production", "science", "buildings", "stories", "victory", "religions")
    )
    return Misc(
        pool=p["pool"],
        change_every=p["change_every"],
        default_spec=p["default"],
        rise_percent=s["rise_percent"],
        policy_discount_percent=s["policy_discount_percent"],
        temple=b["temple"],
        fortress=tuple(b["fortress"]),
        fortress_techs=tuple(b["fortress_techs"]),
        opening_story=st["opening"],
        opening_per_turn=st["opening_per_turn"],
        action_story=st["action"],
        action_per_country=st["action_per_country"],
        top_provinces=v["top_provinces"],
        op_divisor=v["op_divisor"],
        money_divisor=v["money_divisor"],
        per_vassal_province=v["per_vassal_province"],
        most_stories=v["most_stories"],
        vassals_to_end=v["vassals_to_end"],
        pagan=r["pagan"],
        christian=r["christian"],
        pagan_en=r["pagan_en"],
        christian_en=r["christian_en"],
    )


@cache
def load(path: Path = DATA_FILE) -> Data:
    raw = read_toml(path)
    g, tx, a, t = raw["game"], raw["taxes"], raw["army"], raw["trade"]
    provinces = tuple(
        Province(**named_fields(x), owner=x["owner"], op=x.get("op", g["start_op"]), water=x.get("water", ""))
        for x in raw["provinces"]
    )
    borders = raw["map"]["borders"]
    return _check(
        Data(
            game=Game(**g),
            stability=Stability(**raw["stability"]),
            taxes=Taxes(
                per=tx["per"],
                divisors={int(k): v for k, v in tx["divisors"].items()},
                free_provinces=tx["free_provinces"],
                penalty_percent=tx["penalty_percent"],
                zero_at=tx["zero_at"],
                obrok=tx["obrok"],
            ),
            army=Army(
                druzhina_price=a["druzhina_price"],
                upkeep=a["upkeep"],
                militia_share=Fraction(a["militia_share_num"], a["militia_share_den"]),
                militia_rate=a["militia_rate"],
                disband_rate=a["disband_rate"],
            ),
            trade=Trade(
                by_size=tuple(t["by_size"]),
                party=t["party"],
                transit=t["transit"],
                fair_share=Fraction(t["fair_share_num"], t["fair_share_den"]),
                centre_routes=t["centre_routes"],
                centre=Fraction(t["centre_num"], t["centre_den"]),
                min_influence=t["min_influence"],
                agreement_influence=t["agreement_influence"],
                break_influence=t["break_influence"],
            ),
            war=_war(raw["war"]),
            diplomacy=_diplomacy(raw["diplomacy"]),
            misc=_misc(raw),
            powers=tuple(Power(**named_fields(x), capital=x["capital"]) for x in raw["powers"]),
            parties=tuple(
                Party(
                    **named_fields(x), religion=x["religion"], trade=x["trade"], borders=tuple(x["borders"])
                )
                for x in raw["parties"]
            ),
            provinces=provinces,
            rivers=frozenset(frozenset((b["a"], b["b"])) for b in borders if b.get("river", False)),
            adjacency=_adjacency(provinces, borders),
            specs=tuple(
                Spec(**named_fields(x), key=x["key"], water_only=x.get("water_only", False))
                for x in raw["specs"]
            ),
            crafts=tuple(
                Craft(**named_fields(x), cost=x["cost"], tech=x["tech"], spec=x["spec"], op=x["op"])
                for x in raw["crafts"]
            ),
            policies=tuple(
                Policy(
                    **named_fields(x),
                    key=x["key"],
                    upkeep=x.get("upkeep", 0),
                    cavalry_upkeep=x.get("cavalry_upkeep", 0),
                    auto_rate=Fraction(x.get("auto_rate_num", 0), x.get("auto_rate_den", 1)),
                )
                for x in raw["policies"]
            ),
            tactics=tuple(
                Tactic(
                    **named_fields(x),
                    upkeep=x["upkeep"],
                    beats=x.get("beats", ""),
                    percent=x.get("percent", 0),
                )
                for x in raw["tactics"]
            ),
            techs=tuple(
                Tech(
                    **named_fields(x),
                    cost=x["cost"],
                    requires=tuple(x.get("requires", ())),
                    effect=x["effect"],
                    armour=x.get("armour", 0),
                )
                for x in raw["techs"]
            ),
            events=tuple(
                Event(
                    **named_fields(x),
                    kind=x["kind"],
                    chance=x["chance"],
                    percent=x.get("percent", 0),
                    amount=x.get("amount", 0),
                    raider=x.get("raider", ""),
                )
                for x in raw["events"]
            ),
        )
    )


DATA = load()
