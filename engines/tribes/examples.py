"""Order examples that fit the reader (the contract's `examples`): its own communities, strata and
children, a step it can take, a merge it may make; each example is an order `check` accepts for
that tribe now. A command with nothing that fits keeps its fixed example (and is left off the blank
by `open_commands`)."""

from __future__ import annotations

from engines.tribes import growth, moves, world
from engines.tribes.checks import mergeable_pairs
from engines.tribes.data import DATA
from engines.tribes.level import Level, level_of
from engines.tribes.schema import KEYWORDS
from engines.tribes.state import Community, State

Words = list[str | int] | None  # an example's arguments, None when nothing fits


def _children(state: State, level: Level, communities: list[Community]) -> Words:
    for community in communities:
        if community["children"]:
            stratum = next(
                (s for s in DATA.order.working if level.may_raise(s) and s not in level.caps), None
            )
            if stratum is not None:
                return [community["number"], DATA.stratum(stratum).name, min(3, community["children"])]
    return None


def _move(state: State, power: str, level: Level, communities: list[Community]) -> Words:
    """One step from the main community toward land it knows or has not seen (never into a known
    sea, never so far from the main community that it would break away)."""
    main = next(c for c in communities if c["main"])
    taken = {c["cell"] for c in communities}
    for digit in world.DIRECTIONS:
        cell = world.step(state, main["cell"], digit)
        if cell is None or cell in taken:
            continue
        plan = moves.plan(state, power, main["cell"], digit)
        far = any(world.distance(c["cell"], plan.end) > level.distance for c in communities if not c["main"])
        if not plan.sea and not far:
            return [main["number"], digit]
    return None


def _merge(state: State, level: Level, power: str) -> Words:
    pairs = mergeable_pairs(state, level, state["tribes"][power])
    return list(pairs[0]) if pairs else None


def _convert(state: State, level: Level, communities: list[Community]) -> Words:
    target = next((s for s in DATA.order.working if s in level.strata), None)
    for community in communities:
        if target is None or not growth.short_of_food(state, level, community):
            continue
        for stratum in DATA.order.convertible:
            most = growth.convertible(level, community, stratum)
            if most:
                return [community["number"], DATA.stratum(stratum).name, most, DATA.stratum(target).name]
    return None


def examples(state: State, power: str, phase: str) -> dict[str, str]:
    """Example lines by command for `power` now (the one mail phase: `phase` changes nothing)."""
    tribe = state["tribes"][power]
    if tribe["extinct"]:
        return {}
    level = level_of(state, power)
    communities = sorted(tribe["communities"], key=lambda c: c["number"])
    found: dict[str, Words] = {
        "children": _children(state, level, communities),
        "move": _move(state, power, level, communities),
        "settle" if tribe["migrating"] else "migrate": [],
        "merge": _merge(state, level, power),
        "convert": _convert(state, level, communities),
    }
    return {
        name: " ".join(str(w) for w in [KEYWORDS[name], *words])
        for name, words in found.items()
        if words is not None
    }
