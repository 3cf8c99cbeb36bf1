"""A refused order line's suggestion that the rules accept: a player who gave two names of one kind
in the other order («ИДТИ Бургундия Париж» for an army in Париж) is offered the order with them
swapped when `check` accepts that one beside the orders that stand, before any suggestion that the
rules would refuse again. Bounded: at most `MOST_ORDERS` orders of its arguments are tried."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any

from engines.contract import ArgKind, Command, PhaseSpec, Problem, Ruleset, Vocabulary
from engines.russian import Forms
from parsers.orders import normal_form, parse_commands

MOST_ORDERS = 24  # argument orders tried for one line; 4 names of one kind make 24
_SWAPPED = (ArgKind.NAME, ArgKind.INT)  # the arguments a player may give in another order


def orders_of(command: Command, phase: PhaseSpec) -> Iterator[Command]:
    """The command with its names of one vocabulary (or its numbers) in every other order."""
    spec = next(spec for spec in phase.commands if spec.name == command.name)
    groups: dict[tuple[ArgKind, str], list[str]] = {}
    for arg in spec.args:
        if arg.kind in _SWAPPED and arg.name in command.args:
            groups.setdefault((arg.kind, arg.vocabulary), []).append(arg.name)
    names = [group for group in groups.values() if len(group) > 1]
    orders = itertools.product(*(itertools.permutations(group) for group in names))
    for order in itertools.islice(orders, 1, MOST_ORDERS):  # the first is the order as given
        args = dict(command.args)
        for group, placed in zip(names, order, strict=True):
            args.update({arg: command.args[other] for arg, other in zip(group, placed, strict=True)})
        yield replace(command, args=args)


def accepted_order(
    ruleset: Ruleset[Any],
    state: Any,
    power: str,
    phase: PhaseSpec,
    command: Command,
    standing: Sequence[Command],
) -> Command | None:
    """`command` in another order of its arguments that `check` accepts beside `standing`."""
    line = max([command.line, *(c.line for c in standing)]) + 1
    return next(
        (
            other
            for other in orders_of(command, phase)
            if not ruleset.check(state, power, phase.name, [*standing, replace(other, line=line)])
        ),
        None,
    )


def suggested(
    ruleset: Ruleset[Any],
    state: Any,
    power: str,
    phase: PhaseSpec,
    problems: Sequence[Problem],
    commands: Sequence[Command],
    standing: Sequence[Command],
    names: tuple[Mapping[str, Vocabulary], Forms],
) -> list[Problem]:
    """`problems` with each refused line's suggestion one the rules accept where we find one: for
    a line the rules refused (one of `commands`) with none, its arguments in another order; for a
    suggestion that is itself an order the rules refuse, that order's arguments in another order
    (`names`: the power's vocabularies and the names' forms, to read the suggestion with)."""
    by_line = {command.line: command for command in commands}
    found = []
    for problem in problems:
        refused = (
            by_line.get(problem.line) if not problem.suggestion else _read(problem.suggestion, phase, names)
        )
        if (
            refused is not None
            and problem.suggestion
            and not _refused(ruleset, state, power, phase, refused, standing)
        ):
            refused = None  # the suggestion stands as the rules take it
        better = None if refused is None else accepted_order(ruleset, state, power, phase, refused, standing)
        found.append(problem if better is None else replace(problem, suggestion=normal_form(better, phase)))
    return found


def _read(line: str, phase: PhaseSpec, names: tuple[Mapping[str, Vocabulary], Forms]) -> Command | None:
    parsed = parse_commands([(1, line)], phase, *names)
    return parsed.commands[0] if len(parsed.commands) == 1 and not parsed.problems else None


def _refused(
    ruleset: Ruleset[Any],
    state: Any,
    power: str,
    phase: PhaseSpec,
    command: Command,
    standing: Sequence[Command],
) -> bool:
    line = max([0, *(c.line for c in standing)]) + 1
    return bool(ruleset.check(state, power, phase.name, [*standing, replace(command, line=line)]))
