"""Small builders for Rus tests: a game with some players, direct edits, one resolution.

A test hands one state both to the contract (which stores JSON) and to the rules' own functions
(which take the typed State), so the builders take either and `game` returns it untyped."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from daemon.outgoing.render import render_one
from engines.contract import JSON, Command, Resolution
from engines.rng import Rng
from engines.rus import RULESET
from engines.rus.data import DATA
from engines.rus.state import Country, State
from engines.rus.world import country
from engines.text import Msg
from tests.engines.helpers import Line, RulesetUnderTest

PLAYERS = ["Рязань", "Чернигов", "Новгород", "Киев"]
RYAZAN, CHERNIGOV, NOVGOROD, KIEV = PLAYERS

_UNDER_TEST = RulesetUnderTest(RULESET)


def game(players: list[str] | None = None) -> Any:
    """A fresh game with these player countries (the rest computer-run)."""
    return RULESET.setup(players or PLAYERS, Rng("setup"))


def run(
    state: Mapping[str, Any], orders: Mapping[str, Sequence[Command]] | None = None, seed: str = "t"
) -> Resolution[JSON]:
    return _UNDER_TEST.run(cast(JSON, state), orders, seed)


def problems(state: Mapping[str, Any], power: str, *lines: Line) -> list[str]:
    return _UNDER_TEST.problems(cast(JSON, state), power, *lines)


def setc(state: State, power: str, **values: Any) -> Country:
    c = country(state, power)
    cast(dict[str, Any], c).update(values)
    return c


def seed_where(state: Mapping[str, Any], first: str, second: str, no_events: bool = True) -> str:
    """A seed whose lot puts `first` before `second` and, if asked, draws no random event."""
    for n in range(10_000):
        rng = Rng(f"s{n}")
        order = rng.shuffled(state["powers"], Msg("rus_draw_order", {"turn": 1}))
        if order.index(first) > order.index(second):
            continue
        rolls = [rng.randint(1, 100, Msg("rus_draw_event", {})) for _ in DATA.events]
        if no_events and any(r <= e.chance for r, e in zip(rolls, DATA.events, strict=True)):
            continue
        return f"s{n}"
    raise AssertionError("no seed found")


def status(state: Mapping[str, Any], power: str, lang: str) -> str:
    """The power's balance as the daemon renders it (templates/rus/status), with the rules' forms."""
    view = RULESET.view(cast(JSON, state), power)
    return render_one("rus/status", cast(Any, lang), {"view": view, "forms": RULESET.catalog.forms})


def typed(state: JSON) -> State:
    """A state the tests hold as JSON, as the ruleset's modules type it (no copy, no check)."""
    return cast(State, state)


def plain(state: State) -> JSON:
    """The ruleset's state as the daemon holds it."""
    return cast(JSON, state)
