"""Small builders for coins tests: a game at a given turn and phase, orders, one resolution."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.coins import RULESET
from engines.coins.world import country
from engines.contract import JSON, Command, Problem, Resolution
from engines.rng import Rng

POWERS = RULESET.playable_powers(4)
US, CN, RU, EU = POWERS


def game(turn: int = 2, phase: str = "talks", players: int = 4) -> JSON:
    """A fresh game moved to `turn`/`phase`, every power with its 8 starting coins and no funding."""
    state = RULESET.setup(RULESET.playable_powers(players), Rng("setup"))
    state["turn"], state["phase"] = turn, phase
    return state


def setc(state: JSON, power: str, **values: Any) -> dict[str, Any]:
    """Set a power's numbers directly (coins, army, intel, influence, research, techs, perk…)."""
    c = country(state, power)
    c.update(values)
    return c


def mail(*lines: tuple[str, dict[str, int | str]]) -> list[Command]:
    return [Command(name, args, number) for number, (name, args) in enumerate(lines, start=1)]


def o(name: str, **args: int | str) -> tuple[str, dict[str, int | str]]:
    return (name, args)


def run(state: JSON, orders: Mapping[str, Sequence[Command]] | None = None, seed: str = "t") -> Resolution:
    return RULESET.resolve(state, state["phase"], orders or {}, Rng(seed))


def problems(state: JSON, power: str, *lines: tuple[str, dict[str, int | str]]) -> list[str]:
    found: list[Problem] = RULESET.check(state, power, state["phase"], mail(*lines))
    return [p.msg.code for p in found]


def codes(messages: Sequence[Any]) -> list[str]:
    return [m.code for m in messages]
