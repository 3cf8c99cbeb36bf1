"""The rulebook's numbers and names: data.toml read once through the shared schema (engines.ruledata).

The models mirror the file, table by table; a broken edit stops the daemon at start with the file
and the key, never mid-game with a KeyError.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cached_property
from pathlib import Path
from typing import Literal, Self, get_args

from pydantic import model_validator

from engines.coins.state import Stat
from engines.ruledata import Named, NameForms, RuleData, load_rules, undeclared_forms
from engines.russian import Forms
from engines.toolkit import by_name

DATA_FILE = Path(__file__).with_name("data.toml")
AllianceKindName = Literal["trade", "military"]  # the rules ask for each by kind


class Game(RuleData):
    start_coins: int
    max_per_line: int
    last_turn: int
    colonies_fewer_than_players: int
    min_players: int
    max_players: int


class Victory(RuleData):
    per_coin: int
    per_war_victory: int
    per_successful_intel: int
    per_unspied_turn: int
    per_tech_part: int
    per_alliance: int
    per_passed_proposal: int


class Line(Named):
    stat: Stat
    payout: tuple[int, ...]  # by coins invested, 0 to max_per_line


class Perk(Named):
    stat: Stat
    bonus: int


class Tech(Named):
    cost: int  # research points per part
    parts: int
    stat: Stat | Literal[""] = ""
    bonus: int = 0
    grants: str = ""
    former: tuple[str, ...] = ()  # canonical names it had before; stored games may hold them

    @property
    def spellings(self) -> tuple[str, ...]:
        return (*super().spellings, *self.former)

    @cached_property
    def part_names(self) -> tuple[str, ...]:
        """What a power owns: the tech itself, or "<name> 1", "<name> 2" for multi-part ones."""
        return self.parts_named(self.name)

    def parts_named(self, name: str) -> tuple[str, ...]:
        if self.parts == 1:
            return (name,)
        return tuple(f"{name} {n}" for n in range(1, self.parts + 1))


class Colony(Named):
    income: int
    vp: int
    guard: int = 0
    requires: str = ""
    always: bool = False


class AllianceKind(Named):
    kind: AllianceKindName
    income: int


class Proposal(Named):
    effect: str
    target: Literal["", "power", "colony"] = ""
    recipient: bool = False
    amount: bool = False
    harms: Literal["", "target", "others"] = ""
    value: int = 0


class Votes(RuleData):
    yes: Named
    no: Named


class FundingStep(RuleData):
    line: str
    level: int


class AiPlan(RuleData):
    funding: tuple[FundingStep, ...]
    attack_margin: int
    proposal: str
    managed_level: int


class Data(RuleData):
    game: Game
    vp: Victory
    lines: tuple[Line, ...]
    powers: tuple[Named, ...]
    perks: tuple[Perk, ...]
    techs: tuple[Tech, ...]
    colonies: tuple[Colony, ...]
    alliances: tuple[AllianceKind, ...]
    proposals: tuple[Proposal, ...]
    votes: Votes
    ai: AiPlan
    # forms of names the dictionary gets wrong: [forms."Марс"] вин = "Марс" (engines.russian)
    forms: NameForms = Forms()

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

    def line_for(self, stat: Stat) -> Line:
        return next(line for line in self.lines if line.stat == stat)

    def alliance_kind(self, kind: str) -> AllianceKind:
        return next(item for item in self.alliances if item.kind == kind)

    def tech_of_part(self, part: str) -> Tech:
        return next(tech for tech in self.techs if part in tech.part_names)

    @cached_property
    def tech_parts(self) -> tuple[str, ...]:
        return tuple(part for tech in self.techs for part in tech.part_names)

    @cached_property
    def former_parts(self) -> dict[str, str]:
        """A tech part's former canonical name → today's ("Ядерное Оружие 1" → "Ядерное оружие 1")."""
        found: dict[str, str] = {}
        for tech in self.techs:
            for old in tech.former:
                found.update(zip(tech.parts_named(old), tech.part_names, strict=True))
        return found

    @cached_property
    def names(self) -> tuple[str, ...]:
        """Every name a player reads: powers, lines, perks, techs and their parts, colonies,
        alliance kinds, proposals."""
        items = [*self.powers, *self.lines, *self.perks, *self.techs, *self.colonies, *self.alliances]
        return (*(item.name for item in [*items, *self.proposals]), *self.tech_parts)

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        """What the rules take for granted: one line feeds each stat and pays for every amount an
        order may invest, one alliance of each kind, and the computer names what exists."""
        problems = [*self._line_problems(), *self._name_problems(), *self._form_problems()]
        if problems:
            raise ValueError("; ".join(problems))
        return self

    def _line_problems(self) -> Iterable[str]:
        for stat in get_args(Stat):
            feeding = [line.name for line in self.lines if line.stat == stat]
            if len(feeding) != 1:
                yield f"lines: {stat!r} needs exactly one line to feed it, found {feeding}"
        entries = self.game.max_per_line + 1
        for i, line in enumerate(self.lines):
            if len(line.payout) != entries:
                yield f"lines.{i}.payout: {len(line.payout)} entries, needs {entries} (0…game.max_per_line)"

    def _name_problems(self) -> Iterable[str]:
        kinds = sorted(item.kind for item in self.alliances)
        if kinds != sorted(get_args(AllianceKindName)):
            yield f"alliances: needs one of each kind {get_args(AllianceKindName)}, found {kinds}"
        lines = {line.name for line in self.lines}
        for i, step in enumerate(self.ai.funding):
            if step.line not in lines:
                yield f"ai.funding.{i}.line: {step.line!r} is not one of the lines"
        if self.ai.proposal not in {p.name for p in self.proposals}:
            yield f"ai.proposal: {self.ai.proposal!r} is not one of the proposals"

    def _form_problems(self) -> Iterable[str]:
        return undeclared_forms(self.forms, self.names)


DATA = load_rules(DATA_FILE, Data)
