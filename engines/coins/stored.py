"""Games stored before a rename read with today's names.

Technologies had title-case names until 2026-11 («Высокоточное Оружие»); a state or an order
stored then holds them in a country's techs, a spy's or the commission's snapshot, or an order's
argument. Every contract method that reads them sees the state and orders with today's names
(`former` in data.toml says which), so an old store loads and plays on; a state without former
names is handed on untouched.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Concatenate, ParamSpec, TypeVar

from engines.coins import turn
from engines.coins.data import DATA
from engines.coins.state import Snapshot, State
from engines.contract import Command, Resolution
from engines.rng import Rng

P = ParamSpec("P")
R = TypeVar("R")


def _renamed(parts: Iterable[str]) -> list[str]:
    return [DATA.former_parts.get(part, part) for part in parts]


def _snapshots(state: State) -> Iterable[Snapshot]:
    yield from state["effects"]["commission"].values()
    for reports in state["intel"].values():
        yield from reports.values()


def current_state(state: State) -> State:
    """`state` with every former tech name replaced by today's."""
    holders = [*state["countries"].values(), *_snapshots(state)]
    if not any(part in DATA.former_parts for holder in holders for part in holder.get("techs", [])):
        return state
    fresh = copy.deepcopy(state)
    for holder in [*fresh["countries"].values(), *_snapshots(fresh)]:
        holder["techs"] = _renamed(holder.get("techs", []))
    return fresh


def current_orders(commands: Sequence[Command]) -> list[Command]:
    """Orders whose name arguments say today's names."""
    return [Command(c.name, _current_args(c.args), c.line, c.lists, c.pairs) for c in commands]


def _current_args(args: Mapping[str, int | str]) -> dict[str, int | str]:
    return {
        key: DATA.former_parts.get(value, value) if isinstance(value, str) else value
        for key, value in args.items()
    }


def reading_state(fn: Callable[Concatenate[State, P], R]) -> Callable[Concatenate[State, P], R]:
    """A contract method that reads the state, given the state with today's names."""

    def method(state: State, /, *args: P.args, **kwargs: P.kwargs) -> R:
        return fn(current_state(state), *args, **kwargs)

    return method


def reading_orders(
    fn: Callable[[State, str, str, Sequence[Command]], R],
) -> Callable[[State, str, str, Sequence[Command]], R]:
    """`check` or `summary`, given the state and one power's orders with today's names."""

    def method(state: State, power: str, phase: str, commands: Sequence[Command]) -> R:
        return fn(current_state(state), power, phase, current_orders(commands))

    return method


def resolve(state: State, phase: str, orders: Mapping[str, Sequence[Command]], rng: Rng) -> Resolution[State]:
    """`turn.resolve` of the state and every power's orders with today's names."""
    current = {power: current_orders(commands) for power, commands in orders.items()}
    return turn.resolve(current_state(state), phase, current, rng)
