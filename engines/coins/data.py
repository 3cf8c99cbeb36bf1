"""The rulebook's numbers and names, loaded once from data.toml into typed, frozen records."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from engines.toolkit import Named, by_name, named_fields, read_toml

DATA_FILE = Path(__file__).with_name("data.toml")


@dataclass(frozen=True)
class Line(Named):
    stat: str
    payout: tuple[int, ...]


@dataclass(frozen=True)
class Perk(Named):
    stat: str
    bonus: int


@dataclass(frozen=True)
class Tech(Named):
    cost: int
    parts: int
    stat: str
    bonus: int
    grants: str

    @property
    def part_names(self) -> tuple[str, ...]:
        """What a power owns: the tech itself, or "<name> 1", "<name> 2" for multi-part ones."""
        if self.parts == 1:
            return (self.name,)
        return tuple(f"{self.name} {n}" for n in range(1, self.parts + 1))


@dataclass(frozen=True)
class Colony(Named):
    income: int
    vp: int
    guard: int
    requires: str
    always: bool


@dataclass(frozen=True)
class AllianceKind(Named):
    kind: str
    income: int


@dataclass(frozen=True)
class Proposal(Named):
    effect: str
    target: str
    recipient: bool
    amount: bool
    harms: str
    value: int


@dataclass(frozen=True)
class Victory:
    per_coin: int
    per_war_victory: int
    per_successful_intel: int
    per_unspied_turn: int
    per_tech_part: int
    per_alliance: int
    per_passed_proposal: int


@dataclass(frozen=True)
class AiPlan:
    funding: tuple[tuple[str, int], ...]
    attack_margin: int
    proposal: str
    managed_level: int


@dataclass(frozen=True)
class Data:
    start_coins: int
    max_per_line: int
    last_turn: int
    colonies_fewer_than_players: int
    min_players: int
    max_players: int
    vp: Victory
    lines: tuple[Line, ...]
    powers: tuple[Named, ...]
    perks: tuple[Perk, ...]
    techs: tuple[Tech, ...]
    colonies: tuple[Colony, ...]
    alliances: tuple[AllianceKind, ...]
    proposals: tuple[Proposal, ...]
    yes: Named
    no: Named
    ai: AiPlan

    def line(self, name: str) -> Line:
        return by_name(self.lines, name)

    def perk(self, name: str) -> Perk:
        return by_name(self.perks, name)

    def colony(self, name: str) -> Colony:
        return by_name(self.colonies, name)

    def alliance(self, name: str) -> AllianceKind:
        return by_name(self.alliances, name)

    def proposal(self, name: str) -> Proposal:
        return by_name(self.proposals, name)

    def line_for(self, stat: str) -> Line:
        return next(line for line in self.lines if line.stat == stat)

    def alliance_kind(self, kind: str) -> AllianceKind:
        return next(item for item in self.alliances if item.kind == kind)

    def tech_of_part(self, part: str) -> Tech:
        return next(tech for tech in self.techs if part in tech.part_names)

    @property
    def tech_parts(self) -> tuple[str, ...]:
        return tuple(part for tech in self.techs for part in tech.part_names)


def _check(data: Data) -> Data:
    """Fail at import, not mid-game, when an edit breaks the data file's shape."""
    for line in data.lines:
        if len(line.payout) != data.max_per_line + 1:
            raise ValueError(f"line {line.name}: payout needs {data.max_per_line + 1} entries")
    for step_line, _level in data.ai.funding:
        data.line(step_line)
    data.proposal(data.ai.proposal)
    return data


@cache
def load(path: Path = DATA_FILE) -> Data:
    raw = read_toml(path)
    game, ai = raw["game"], raw["ai"]
    return _check(
        Data(
            start_coins=game["start_coins"],
            max_per_line=game["max_per_line"],
            last_turn=game["last_turn"],
            colonies_fewer_than_players=game["colonies_fewer_than_players"],
            min_players=game["min_players"],
            max_players=game["max_players"],
            vp=Victory(**raw["vp"]),
            lines=tuple(
                Line(**named_fields(x), stat=x["stat"], payout=tuple(x["payout"])) for x in raw["lines"]
            ),
            powers=tuple(Named(**named_fields(x)) for x in raw["powers"]),
            perks=tuple(Perk(**named_fields(x), stat=x["stat"], bonus=x["bonus"]) for x in raw["perks"]),
            techs=tuple(
                Tech(
                    **named_fields(x),
                    cost=x["cost"],
                    parts=x["parts"],
                    stat=x.get("stat", ""),
                    bonus=x.get("bonus", 0),
                    grants=x.get("grants", ""),
                )
                for x in raw["techs"]
            ),
            colonies=tuple(
                Colony(
                    **named_fields(x),
                    income=x["income"],
                    vp=x["vp"],
                    guard=x.get("guard", 0),
                    requires=x.get("requires", ""),
                    always=x.get("always", False),
                )
                for x in raw["colonies"]
            ),
            alliances=tuple(
                AllianceKind(**named_fields(x), kind=x["kind"], income=x["income"]) for x in raw["alliances"]
            ),
            proposals=tuple(
                Proposal(
                    **named_fields(x),
                    effect=x["effect"],
                    target=x.get("target", ""),
                    recipient=x.get("recipient", False),
                    amount=x.get("amount", False),
                    harms=x.get("harms", ""),
                    value=x.get("value", 0),
                )
                for x in raw["proposals"]
            ),
            yes=Named(**named_fields(raw["votes"]["yes"])),
            no=Named(**named_fields(raw["votes"]["no"])),
            ai=AiPlan(
                funding=tuple((step["line"], step["level"]) for step in ai["funding"]),
                attack_margin=ai["attack_margin"],
                proposal=ai["proposal"],
                managed_level=ai["managed_level"],
            ),
        )
    )


DATA = load()
