"""A Diplomacy game driven as the daemon drives it, for the ruleset's tests: orders as players
write them, read by the ruleset's notation, checked, resolved; the state saved as JSON between
phases."""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from engines import get_ruleset
from engines.contract import Command, Resolution
from engines.diplomacy.ruleset import DiplomacyRuleset
from engines.rng import Rng
from engines.text import Msg

_FOUND = get_ruleset("diplomacy")
assert isinstance(_FOUND, DiplomacyRuleset)
STANDARD = _FOUND


def start(ruleset: DiplomacyRuleset = STANDARD) -> Any:
    return ruleset.setup(ruleset.playable_powers(ruleset.max_players), Rng("test"))


def read(state: Any, power: str, *lines: str, ruleset: DiplomacyRuleset = STANDARD) -> list[Command | Msg]:
    """Each line as the notation reads it, a command numbered by its line, or the refusal."""
    found: list[Command | Msg] = []
    for number, text in enumerate(lines, start=1):
        read_one = ruleset.read_notation(state, power, state["phase"], text)
        assert read_one is not None, text
        found.append(replace(read_one, line=number) if isinstance(read_one, Command) else read_one)
    return found


def said(msg: Msg, lang: str = "ru", ruleset: DiplomacyRuleset = STANDARD) -> str:
    return ruleset.catalog.render(msg, "ru" if lang == "ru" else "en")


def refusals(state: Any, power: str, *lines: str, ruleset: DiplomacyRuleset = STANDARD) -> list[str]:
    """What each refused line of the mail is refused for, in Russian."""
    commands = read(state, power, *lines, ruleset=ruleset)
    problems = [m for m in commands if isinstance(m, Msg)]
    checked = ruleset.check(state, power, state["phase"], [c for c in commands if isinstance(c, Command)])
    return [said(m, ruleset=ruleset) for m in [*problems, *(p.msg for p in checked)]]


def resolve(
    state: Any, orders: Mapping[str, Sequence[str]], ruleset: DiplomacyRuleset = STANDARD
) -> Resolution[Any]:
    """The phase resolved with each power's orders (lines as written; every one must read)."""
    commands = {}
    for power, lines in orders.items():
        read_lines = read(state, power, *lines, ruleset=ruleset)
        assert all(isinstance(c, Command) for c in read_lines), read_lines
        commands[power] = [c for c in read_lines if isinstance(c, Command)]
    result = ruleset.resolve(state, state["phase"], commands, Rng("test"))
    return replace(result, state=json.loads(json.dumps(result.state, ensure_ascii=False)))


def news(result: Resolution[Any], ruleset: DiplomacyRuleset = STANDARD) -> list[str]:
    return [said(m, ruleset=ruleset) for m in result.news]


def told(result: Resolution[Any], power: str, ruleset: DiplomacyRuleset = STANDARD) -> list[str]:
    return [said(m, ruleset=ruleset) for m in result.reports[power]]


def with_units(state: dict[str, Any], **units: tuple[str, str, str] | None) -> dict[str, Any]:
    """`state` with units set (power, kind, location) or taken away (None)."""
    changed = copy.deepcopy(state)
    for province, unit in units.items():
        if unit is None:
            del changed["units"][province]
        else:
            power, kind, location = unit
            changed["units"][province] = {"power": power, "kind": kind, "location": location}
    return changed
