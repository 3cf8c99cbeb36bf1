"""Order examples that fit the reader (the contract's `examples`): a people is shown its own
territories, real neighbours and other peoples, and amounts it can pay; never told to fortify
another's land or to support itself. A general goes where the influence example goes, as the
rules want it beside influence there. A command with nothing that fits is not offered."""

from __future__ import annotations

from collections.abc import Callable

from engines.mare.data import DATA
from engines.mare.schema import COMMANDS
from engines.mare.state import State
from engines.mare.world import (
    bonus_at,
    connectivity_cost,
    extra_components,
    held_generals,
    influence,
    is_land,
    neighbours,
    others,
    owned,
    pool,
)

Words = list[str | int] | None  # an example's arguments, None when nothing fits
T = DATA.thresholds
KEYWORDS = {spec.name: spec.keywords[0] for spec in COMMANDS}


class _Reader:
    """What the examples of one people draw on: its land, its neighbours, what it can spend."""

    def __init__(self, state: State, power: str) -> None:
        self.state, self.power = state, power
        self.mine = owned(state, power)
        self.have = influence(state, power)
        self.near = list(
            dict.fromkeys(n for t in self.mine for n in neighbours(state, t) if n not in self.mine)
        )
        self.generals = held_generals(state, power)

    def amount(self, wanted: int) -> int:
        return min(wanted, self.have)

    def target(self) -> str:
        """Where the influence example goes, and so the generals that must go where it does."""
        return self.neutral_near() or next(iter(self.mine), "")

    def neutral_near(self) -> str:
        free = [t for t in self.near if not self.state["owners"][t]]
        return next(iter([t for t in free if is_land(t)] + free), "")

    def other_near(self) -> tuple[str, str]:
        """Another people's territory next to ours, and that people; else any of theirs."""
        theirs = [(t, self.state["owners"][t]) for t in self.near if self.state["owners"][t]]
        theirs += [(t, p) for p in others(self.state, self.power) for t in owned(self.state, p)]
        return next(iter(theirs), ("", ""))


BUILDERS: dict[str, Callable[[_Reader], Words]] = {}  # command → what makes its example


def builds(command: str) -> Callable[[Callable[[_Reader], Words]], Callable[[_Reader], Words]]:
    """Registers the decorated function as what makes `command`'s example."""

    def register(build: Callable[[_Reader], Words]) -> Callable[[_Reader], Words]:
        BUILDERS[command] = build
        return build

    return register


@builds("influence")
def _influence(r: _Reader) -> Words:
    where = r.target()
    return [where, r.amount(T.profitable_spent)] if where and r.have else None


@builds("support")
def _support(r: _Reader) -> Words:
    where, side = r.other_near()
    return [where, side, r.amount(2)] if where and r.have else None


@builds("general")
def _general(r: _Reader) -> Words:
    plain = [g for g in r.generals if DATA.general(g).command == "general"]
    where = r.target()
    return [plain[0], where] if plain and where and r.have else None


@builds("charm")
def _charm(r: _Reader) -> Words:
    """The influence example's territory: a neutral one is the neutrals' to win over."""
    where = r.target()
    side = DATA.neutrals.name if where and not r.state["owners"][where] else r.state["owners"].get(where, "")
    return [where, side] if where and side and side != r.power and r.have else None


@builds("unite")
def _unite(r: _Reader) -> Words:
    where = r.target()
    near = neighbours(r.state, where) if where else []
    return [where, near[0]] if near and r.have else None


@builds("kill")
def _kill(r: _Reader) -> Words:
    killer = DATA.general_of("killer").name
    held = [g for g in DATA.generals if g.name not in pool(r.state) and g.name not in r.generals]
    return [held[0].name] if held and killer in r.generals else None


@builds("exchange")
def _exchange(r: _Reader) -> Words:
    free = pool(r.state)
    return [free[0]] if free else None


@builds("fortify")
def _fortify(r: _Reader) -> Words:
    land = [t for t in r.mine if is_land(t) and t not in r.state["fortresses"]]
    return [land[0]] if land else None


@builds("raze")
def _raze(r: _Reader) -> Words:
    forts = [t for t in r.mine if r.state["fortresses"].get(t) == r.power]
    return [forts[0]] if forts else None


@builds("move_bonus")
def _move_bonus(r: _Reader) -> Words:
    source = next((t for t in r.mine if bonus_at(r.state, t)), "")
    target = next((t for t in r.mine if is_land(t) and not bonus_at(r.state, t)), "")
    return [source, target] if source and target else None


@builds("connect")
def _connect(r: _Reader) -> Words:
    extra = extra_components(r.state, r.power)
    affordable = [n for n in range(extra, 0, -1) if connectivity_cost(n) <= r.have]
    return [affordable[0]] if affordable else None


@builds("permit")
def _permit(r: _Reader) -> Words:
    landless = [p for p in others(r.state, r.power) if not owned(r.state, p)]
    where = r.neutral_near()
    return [landless[0], where] if landless and where else None


def examples(state: State, power: str, phase: str) -> dict[str, str]:
    """Example lines by command for `power` now (the one mail phase: `phase` changes nothing)."""
    reader = _Reader(state, power)
    found = {name: build(reader) for name, build in BUILDERS.items()}
    return {
        name: " ".join(str(w) for w in [KEYWORDS[name], *words]) for name, words in found.items() if words
    }
