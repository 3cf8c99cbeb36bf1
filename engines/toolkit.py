"""What every ruleset may share, so each rule of the house is written once: named data records and
their loading from TOML, name lookup, the mail being checked, the acceptance of orders by the
checks, and the events collector that becomes the contract's Resolution.

Nothing here knows a ruleset's rules or message codes; a ruleset passes its codes in.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TypeVar

from engines.contract import JSON, Command, Problem, Resolution, Vocabulary
from engines.text import Msg, Param

N = TypeVar("N", bound="HasName")
Orders = Mapping[str, Sequence[Command]]
MailCheck = Callable[[JSON, str, str, Sequence[Command]], list[Problem]]


# ---- data ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Named:
    """Anything players name in orders: canonical Russian name, English name, extra spellings."""

    name: str
    en: str
    aliases: tuple[str, ...]

    @property
    def spellings(self) -> tuple[str, ...]:
        return (self.en, *self.aliases)


def read_toml(path: Path) -> dict[str, Any]:
    """A ruleset's data file as plain tables (each ruleset turns them into its frozen records)."""
    with path.open("rb") as fh:
        return tomllib.load(fh)


def named_fields(raw: Mapping[str, Any]) -> dict[str, Any]:
    """The `Named` fields of a TOML table, for `Record(**named_fields(x), ...)`; aliases optional."""
    return {"name": raw["name"], "en": raw["en"], "aliases": tuple(raw.get("aliases", ()))}


class HasName(Protocol):
    """A named record of either kind while the rulesets move to `engines.ruledata.Named`."""

    @property
    def name(self) -> str: ...

    @property
    def spellings(self) -> tuple[str, ...]: ...


def by_name(items: Iterable[N], name: str) -> N:
    """The record with this canonical name; KeyError for a name the data does not have."""
    for item in items:
        if item.name == name:
            return item
    raise KeyError(name)


def vocabulary_of(items: Iterable[HasName]) -> Vocabulary:
    """A NAME vocabulary: each canonical name with the other spellings orders may use."""
    return {item.name: item.spellings for item in items}


def power_vocabulary(known: Iterable[HasName], powers: Iterable[str]) -> Vocabulary:
    """The powers of one game with their spellings (a power the data does not know has none)."""
    spellings = {p.name: p.spellings for p in known}
    return {power: spellings.get(power, ()) for power in powers}


# ---- checks -------------------------------------------------------------------------------------
@dataclass
class Mail:
    """One power's mail being judged; a ruleset's subclass adds what its earlier lines spent.

    `seen` maps a ruleset's once-only key of an accepted order to its line, to refuse repeats."""

    state: JSON
    power: str
    commands: Sequence[Command]
    names: Mapping[str, Vocabulary]
    seen: dict[tuple[str, ...], int] = field(default_factory=dict)


# ---- resolution ---------------------------------------------------------------------------------
class Events:
    """Collects what one resolution tells: private reports, public news and the GM's log."""

    def __init__(self, powers: Iterable[str]) -> None:
        self.reports: dict[str, list[Msg]] = {power: [] for power in powers}
        self.news: list[Msg] = []
        self.gm_log: list[Msg] = []

    def tell(self, power: str, code: str, /, **params: Param) -> None:
        self.reports[power].append(Msg(code, params))

    def announce(self, code: str, /, **params: Param) -> None:
        self.news.append(Msg(code, params))

    def log(self, code: str, /, **params: Param) -> None:
        self.gm_log.append(Msg(code, params))

    def resolution(self, state: JSON) -> Resolution:
        return Resolution(state, self.reports, self.news, self.gm_log)


def standing_orders(
    check: MailCheck, state: JSON, power: str, phase: str, commands: Sequence[Command]
) -> tuple[list[Command], list[Problem]]:
    """The orders that stand, and every problem found on the way: refused lines are dropped and the
    rest checked again until the ruleset accepts them all (dropping one order can break another
    that leaned on it), so what stands is always valid as a whole. A problem on line 0 (the whole
    mail) refuses every order. The one place this rule lives: the daemon applies it to each mail,
    `accepted` to each power's orders at resolution."""
    standing, problems = list(commands), []
    for _ in range(len(commands) + 1):
        found = check(state, power, phase, standing)
        if not found:
            break
        problems += found
        refused = {p.line for p in found}
        standing = [] if 0 in refused else [c for c in standing if c.line not in refused]
    return standing, problems


def accepted(
    check: MailCheck, state: JSON, phase: str, orders: Orders, events: Events, refusal: str
) -> dict[str, list[Command]]:
    """Each power's standing orders, in setup order; refused ones are reported (the `refusal` code
    with the line, then the problem), never half-applied."""
    valid: dict[str, list[Command]] = {}
    for power in state["powers"]:
        valid[power], problems = standing_orders(check, state, power, phase, orders.get(power, ()))
        for problem in problems:
            events.tell(power, refusal, line=problem.line)
            events.reports[power].append(problem.msg)
    return valid


def commands_named(orders: Orders, name: str) -> list[tuple[str, Command]]:
    """Every (power, command) of this kind, in setup order then line order: deterministic."""
    return [(power, cmd) for power, cmds in orders.items() for cmd in cmds if cmd.name == name]
