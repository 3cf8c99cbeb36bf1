"""Builders for council tests: a game with chosen ruling families, order mails written as players
write them (parsed by the real parser with the family's own names), one stage's resolution, and the
sentences a resolution says, rendered in Russian."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engines.contract import Command, Problem, Resolution
from engines.council import RULESET
from engines.council.data import DATA
from engines.council.state import State
from engines.rng import Rng
from engines.text import Msg
from parsers.orders import parse_commands

FAMILIES = [f.name for f in DATA.families]
# the rulers these tests give each power: Rome a despotism, Florence and Venice oligarchies,
# Milan and Naples monarchies (data.toml)
RULERS = {
    "Рим": "Орсини",
    "Флоренция": "Медичи",
    "Венеция": "Дандоло",
    "Милан": "Висконти",
    "Неаполь": "Караччоло",
}


def game(**rulers: str) -> State:
    """Turn 1, planning; the rulers above unless a power is given another. They are the families
    played, so the setup's lot makes them rule and turn 1 starts with them in power."""
    return RULESET.setup(list({**RULERS, **rulers}.values()), Rng("setup"))


def actions(state: State, **rights: str | list[str]) -> State:
    """The same world at the actions stage, families holding the auction rights given
    («Медичи="diplomats"»), as if they had won them."""
    state["phase"] = "actions"
    for family, held in rights.items():
        state["families"][family]["rights"] = [held] if isinstance(held, str) else list(held)
    return state


def at_war(state: State, a: str, b: str) -> State:
    state["realms"][a]["wars"].append(b)
    state["realms"][b]["wars"].append(a)
    return state


def parsed(state: State, family: str, *lines: str, phase: str | None = None) -> list[Command]:
    """The lines as the daemon reads them from `family`; every one must parse."""
    spec = RULESET.phases[phase or state["phase"]]
    names = RULESET.vocabularies_for(state, family)
    read = parse_commands(list(enumerate(lines, start=1)), spec, names, RULESET.catalog.forms)
    assert read.problems == [], read.problems
    return read.commands


def problems(state: State, family: str, *lines: str) -> list[Problem]:
    """What the rules refuse in this mail of `family` now."""
    return RULESET.check(state, family, state["phase"], parsed(state, family, *lines))


def refused(state: State, family: str, *lines: str) -> list[str]:
    return [p.msg.code for p in problems(state, family, *lines)]


def run(state: State, mails: Mapping[str, Sequence[str]] | None = None, seed: str = "t") -> Resolution[State]:
    """The stage the game is at, resolved with these mails; each must pass the checks."""
    orders = {}
    for family, lines in (mails or {}).items():
        orders[family] = parsed(state, family, *lines)
        assert RULESET.check(state, family, state["phase"], orders[family]) == [], (family, lines)
    return RULESET.resolve(state, state["phase"], orders, Rng(seed))


def said(messages: Sequence[Msg], lang: str = "ru") -> list[str]:
    return [RULESET.catalog.render(m, lang) for m in messages]  # type: ignore[arg-type]


def group(result: Resolution[State], realm: str) -> list[str]:
    return said(result.group_news.get(realm, ()))


def told(result: Resolution[State], family: str) -> list[str]:
    return said(result.reports[family])


def log(result: Resolution[State]) -> list[str]:
    return said(result.gm_log)


def through(state: State, *stages: Mapping[str, Sequence[str]]) -> Resolution[State]:
    """Several stages in a row, each with its mails; the last resolution."""
    result = None
    for mails in stages:
        result = run(state, mails)
        state = result.state
    assert result is not None
    return result
