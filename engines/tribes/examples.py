"""Order examples that fit the reader (the contract's `examples`): its own communities, strata and
children, a step it can take, a merge it may make; each example is an order `check` accepts for
that tribe now. A command with nothing that fits keeps its fixed example (and is left off the blank
by `open_commands`)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from engines.contract import Command, CommandSpec
from engines.tribes import contact, growth, world
from engines.tribes.checks import check, mergeable_pairs
from engines.tribes.checks import open_commands as own_commands
from engines.tribes.community import main_of
from engines.tribes.data import DATA
from engines.tribes.decisions import offered
from engines.tribes.diplomacy import usable
from engines.tribes.level import Level, level_of
from engines.tribes.schema import COMMANDS, GATES, KEYWORDS, ORDERS, PHASES
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


def _move(state: State, power: str, communities: list[Community]) -> Words:
    """One step of the main community (or the one there is) that the check accepts: toward land
    it knows or has not seen, never into a known sea, never so far that a community breaks away."""
    head = main_of(state["tribes"][power]) or communities[0]
    for digit in world.DIRECTIONS:
        args: dict[str, int | str] = {"community": head["number"], "code": digit}
        if not check(state, power, ORDERS, [Command("move", args, 1)]):
            return [head["number"], digit]
    return None


def _merge(state: State, level: Level, power: str) -> Words:
    pairs = mergeable_pairs(state, level, state["tribes"][power])
    return list(pairs[0]) if pairs else None


def _convert(state: State, level: Level, communities: list[Community], migrating: bool) -> Words:
    target = next((s for s in DATA.order.working if s in level.strata), None)
    for community in communities:
        if target is None or not growth.short_of_food(state, level, community, migrating):
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
        "move": _move(state, power, communities),
        "settle" if tribe["migrating"] else "migrate": [],
        "merge": _merge(state, level, power),
        "convert": _convert(state, level, communities, tribe["migrating"]),
    }
    found |= _between(state, power)
    return {
        name: " ".join(str(w) for w in [KEYWORDS[name], *words])
        for name, words in found.items()
        if words is not None
    }


BETWEEN = ("war", "raid", "exchange", "gift", "cede", "accept", "assimilate")
WITH_PLAYERS = ("cede", "accept")  # joining by consent: a player's tribe on the other side
WITH_COMPUTER = ("assimilate",)  # a computer's tribe, judged by the tribe alone (its relations)
SPECS = {spec.name: spec for spec in COMMANDS}


def _candidates(state: State, power: str) -> Iterator[tuple[str, list[str | int]]]:
    """Lines that might fit: every order towards each neighbour it can be given to (a player's
    tribe or the computer's, as the order asks) that a technology opens, for this tribe or the one
    it deals with; and the tribe's own orders. A blank asks for one line an order: a tribe with
    many neighbours is not tried against each the same way twice."""
    tribe = state["tribes"][power]
    own = {gate: usable(state, power, gate) for gate in set(GATES.values())}  # by its own technology
    theirs: dict[tuple[str, str], bool] = {}  # (gate, a player's tribe) → open through that tribe's
    assimilated: set[str] = set()  # the computer's tribes an assimilation was tried with

    def opened(name: str, near: contact.Neighbour) -> bool:
        gate = GATES.get(name)
        if gate is None or own[gate] or not near.player:  # the computer's technology opens nothing
            return gate is None or own[gate]
        if (gate, near.owner) not in theirs:
            theirs[gate, near.owner] = usable(state, power, gate, near.owner)
        return theirs[gate, near.owner]

    for community in sorted(tribe["communities"], key=lambda c: c["number"]):
        for near in contact.neighbours(state, power, community):
            for name in BETWEEN:
                if (name in WITH_PLAYERS and not near.player) or (name in WITH_COMPUTER and near.player):
                    continue
                if not opened(name, near) or (name in WITH_COMPUTER and near.owner in assimilated):
                    continue
                assimilated.update([near.owner] if name in WITH_COMPUTER else [])
                more: list[str | int] = [5] if name == "gift" else []
                yield name, [community["number"], near.community["cell"], *more]
    if tribe["isolated"] or tribe["met"]:  # isolation means something once it has met others
        yield ("mingle" if tribe["isolated"] else "isolate"), []
    yield "faith", ["Небо — отец, земля — мать"]
    for decision in offered(state, power):
        taken = tribe["decisions"].get(decision["name"])
        chosen = taken["option"] if taken else None
        option = next((o["name"] for o in decision["options"] if o["name"] != chosen), None)
        if option is not None:
            yield "choose", [option]
    yield "vote", ["за"]


def _between(state: State, power: str) -> dict[str, Words]:
    """The first candidate of each order between tribes, of the tribe's own orders beyond part 1's,
    that `check` accepts alone."""
    found: dict[str, Words] = {}
    for name, words in _candidates(state, power):
        if name in found:
            continue
        spec = SPECS[name]
        args = {arg.name: value for arg, value in zip(spec.args, words, strict=True)}
        if not check(state, power, ORDERS, [Command(name, args, 1)]):
            found[name] = words
    return found


def open_commands(state: State, power: str, phase: str) -> Sequence[CommandSpec]:
    """The blank's commands: part 1's that could be accepted now, and every other with a line that
    fits."""
    shown = {spec.name for spec in own_commands(state, power, phase)}
    if not state["tribes"][power]["extinct"]:
        shown |= {name for name, words in _between(state, power).items() if words is not None}
    return [spec for spec in PHASES[phase].commands if spec.name in shown]
