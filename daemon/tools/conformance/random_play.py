"""Conformance: games where every power sends random orders, not only the computer's choices. A
computer that only holds never dislodges a unit, so a game it plays never reaches a retreat: here
each power's mail is drawn from what its own blank offers (each example line, read by the parser)
and from its known commands with random arguments of the names it may write, and only what `check`
accepts goes in (`standing_orders`, as the daemon keeps a mail's accepted lines). Every phase of
several turns is resolved from many seeds; the faults are a `resolve` that raised on accepted
orders and a state that is no longer valid after a phase; the coverage is which phases were
resolved and which commands went into a resolution accepted. The ruleset's `example_states` are
played the same way, so a command only a rare state opens is reached there.

Used by `gonets conformance` (checks "random" and "coverage") and by the CI test of every shipped
ruleset (tests/engines/test_random_orders.py).
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from daemon.incoming.orderflow import read_orders
from daemon.outgoing.views import offered_orders
from daemon.tools.conformance.play import saved, started
from engines.contract import JSON, Arg, ArgKind, Command, CommandSpec, Ruleset
from engines.rng import Rng
from engines.toolkit import standing_orders

SEEDS = 8  # games played from the start
TURNS = 4  # turns of each, every phase of each
EXAMPLE_PHASES = 3  # phases played on from each of the ruleset's example states
EXAMPLE_SEEDS = 4  # games played on from each of them
TRIES = 6  # orders of random arguments tried for a command; the first `check` accepts alone goes in
SHOWN_FAULTS = 3  # faults of one kind kept with their seed and place; the rest counted
_WORDS = ("слово", "Привет", "за", "1")  # what a free-text argument is given


@dataclass
class Played:
    """What the random games found: faults (a crash or an invalid state, with where it happened)
    and coverage (the phases resolved, the commands that went into a resolution accepted)."""

    faults: list[str] = field(default_factory=list)
    phases: set[str] = field(default_factory=set)
    commands: set[tuple[str, str]] = field(default_factory=set)  # (phase, command)
    resolved: int = 0

    def unreached(self, ruleset: Ruleset[Any]) -> list[str]:
        """Each phase never resolved and each command never accepted into a resolution."""
        missing = [f"phase {name}" for name in ruleset.phases if name not in self.phases]
        return missing + [
            f"{name}: {command.name}"
            for name, spec in ruleset.phases.items()
            for command in spec.commands
            if (name, command.name) not in self.commands
        ]


def random_value(arg: Arg, names: Mapping[str, Sequence[str]], rnd: random.Random) -> Any:
    """A random value `arg` may take: a name of its vocabulary that the power may write, a number
    near its bounds or within them, a code of its alphabet; None when it has no name to take."""
    if arg.kind is ArgKind.INT:
        low = 0 if arg.minimum is None else arg.minimum
        high = low + 20 if arg.maximum is None else arg.maximum
        return rnd.choice([low, min(low + 1, high), rnd.randint(low, min(high, low + 10)), high])
    if arg.kind is ArgKind.TEXT:
        return rnd.choice(_WORDS)
    if arg.kind is ArgKind.CODE:
        size = rnd.randint(arg.min_items, min(arg.max_items, arg.min_items + 5))
        return "".join(rnd.choice(arg.alphabet) for _ in range(size))
    first = names.get(arg.vocabulary, ())
    if not first:
        return None
    if arg.kind is ArgKind.NAME:
        return rnd.choice(first)
    count = rnd.randint(arg.min_items, min(arg.max_items, arg.min_items + 2))
    if arg.kind is ArgKind.NAME_LIST:
        return tuple(rnd.choice(first) for _ in range(count))
    second = names.get(arg.second_vocabulary, ())
    return tuple((rnd.choice(first), rnd.choice(second)) for _ in range(count)) if second else None


def invented(spec: CommandSpec, names: Mapping[str, Sequence[str]], rnd: random.Random) -> Command | None:
    """`spec` with random arguments (an optional one given or not); None when one has no name."""
    args: dict[str, int | str] = {}
    lists: dict[str, tuple[str, ...]] = {}
    pairs: dict[str, tuple[tuple[str, str], ...]] = {}
    for arg in spec.args:
        if arg.optional and rnd.random() < 0.3:
            continue
        value = random_value(arg, names, rnd)
        if value is None:
            return None
        if arg.kind is ArgKind.NAME_LIST:
            lists[arg.name] = value
        elif arg.kind is ArgKind.PAIR_LIST:
            pairs[arg.name] = value
        else:
            args[arg.name] = value
    return Command(spec.name, args, 0, lists, pairs)


def random_orders(
    ruleset: Ruleset[Any], state: JSON, power: str, phase: str, rnd: random.Random
) -> list[Command]:
    """A mail `power` might send: some of its blank's lines as the parser reads them, for some of
    its known commands an order of random arguments that `check` accepts alone, now and then the
    computer's orders; what `check` accepts of it all, as the daemon keeps a mail's accepted lines."""
    lines = [line for _, line in offered_orders(ruleset, state, power, phase) if rnd.random() < 0.6]
    commands = list(read_orders(ruleset, state, power, phase, list(enumerate(lines, 1)))[1].commands)
    vocabularies = ruleset.vocabularies_for(state, power)
    names = {key: sorted(vocabulary) for key, vocabulary in vocabularies.items()}
    for spec in ruleset.known_commands(state, power, phase):
        tries = [invented(spec, names, rnd) for _ in range(TRIES) if rnd.random() < 0.7]
        fits = [c for c in tries if c is not None and not ruleset.check(state, power, phase, [c])]
        commands += fits[:1]
    if rnd.random() < 0.3:
        commands += ruleset.ai_orders(state, power, phase)
    rnd.shuffle(commands)
    numbered = [replace(command, line=n) for n, command in enumerate(commands, 1)]
    return standing_orders(ruleset.check, state, power, phase, numbered)[0]


def state_faults(ruleset: Ruleset[Any], before: JSON, after: JSON) -> list[str]:
    """Why `after`, the state a phase left from `before`, is no longer one the daemon can go on
    with: not plain JSON, the contract's keys missing or wrong, the turn gone back, and every view,
    score, blank and empty mail's check of it raising or not plain JSON."""
    faults = []
    try:
        if saved(after) != after:
            faults.append("the state reads back different from JSON")
    except (TypeError, ValueError) as error:
        return [f"the state is not JSON: {error}"]
    kinds = {"turn": int, "phase": str, "over": bool, "powers": list}
    faults += [
        f"the state's {key!r} is not {kind.__name__}"
        for key, kind in kinds.items()
        if not isinstance(after.get(key), kind)
    ]
    if faults:
        return faults
    if after["phase"] not in ruleset.phases:
        faults.append(f"the state's phase {after['phase']!r} is no phase of the ruleset")
    if after["turn"] < before["turn"]:
        faults.append(f"the turn went back from {before['turn']} to {after['turn']}")
    try:
        json.dumps([ruleset.public_view(after), *(ruleset.view(after, p) for p in after["powers"])])
        scores = ruleset.scores(after)
        faults += [
            f"{p}: the score {v!r} is no number" for p, v in scores.items() if not math.isfinite(float(v))
        ]
        if not after["over"] and not faults:
            ended = ruleset.ended(after)
            for power in (p for p in after["powers"] if p not in ended):
                offered_orders(ruleset, after, power, after["phase"])
                ruleset.check(after, power, after["phase"], [])
                ruleset.owes_orders(after, power, after["phase"])
    except Exception as error:  # a ruleset's own bug is what is reported
        faults.append(f"the state after it cannot be shown or checked: {type(error).__name__}: {error}")
    return faults


def play_from(ruleset: Ruleset[Any], state: JSON, seed: str, phases: int, found: Played) -> Iterator[JSON]:
    """`phases` phases from `state`, every power that still plays sending random orders; each
    state after a phase yielded. A fault stops this game (its place and seed kept in `found`)."""
    for _ in range(phases):
        if state.get("over"):
            return
        phase, ended = state["phase"], ruleset.ended(state)
        where = f"seed {seed}, turn {state['turn']}, {phase}"
        rnd = random.Random(f"{seed}:{state['turn']}:{phase}")
        try:
            orders = {
                p: random_orders(ruleset, state, p, phase, rnd) for p in state["powers"] if p not in ended
            }
        except Exception as error:
            found.faults.append(f"{where}: the orders could not be made: {type(error).__name__}: {error}")
            return
        try:
            after = ruleset.resolve(state, phase, orders, Rng(f"{seed}:{state['turn']}-{phase}")).state
        except Exception as error:
            given = {p: [c.to_json() for c in cs] for p, cs in orders.items() if cs}
            found.faults.append(f"{where}: resolve raised {type(error).__name__}: {error} on {given}")
            return
        found.resolved += 1
        found.phases.add(phase)
        found.commands |= {(phase, c.name) for cs in orders.values() for c in cs}
        faults = state_faults(ruleset, state, after)
        if faults:
            found.faults += [f"{where}: {fault}" for fault in faults]
            return
        state = saved(after)
        yield state


def played(ruleset: Ruleset[Any], seeds: int = SEEDS, turns: int = TURNS) -> Played:
    """Random games from `seeds` seeds (half of them with the fewest players, half with the most)
    of `turns` turns each, then a few phases from each of the ruleset's example states, from a few
    seeds each."""
    found = Played()
    for n in range(seeds):
        seed = f"random-{n}"
        state = started(ruleset, seed, ruleset.min_players if n % 2 else ruleset.max_players)
        for _ in play_from(ruleset, state, seed, turns * len(ruleset.phases), found):
            pass
    for n, state in enumerate(ruleset.example_states()):
        for m in range(EXAMPLE_SEEDS):
            for _ in play_from(ruleset, saved(state), f"example-{n}-{m}", EXAMPLE_PHASES, found):
                pass
    return found
