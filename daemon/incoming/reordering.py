"""A refused order line's suggestion that the rules accept: a player who gave two names of one kind
in the other order («ИДТИ Бургундия Париж» for an army in Париж) is offered the order with them
swapped when `check` accepts that one beside the orders that stand, before any suggestion that the
rules would refuse again. Bounded: at most `MOST_ORDERS` orders of its arguments are tried."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
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


@dataclass(frozen=True)
class Judge:
    """The rules' check of one power's mail: whether they take an order beside those that stand."""

    ruleset: Ruleset[Any]
    state: Any
    power: str
    phase: PhaseSpec
    standing: Sequence[Command]

    def takes(self, command: Command) -> bool:
        line = max([command.line, *(c.line for c in self.standing)]) + 1
        mail = [*self.standing, replace(command, line=line)]
        return not self.ruleset.check(self.state, self.power, self.phase.name, mail)

    def reordered(self, command: Command) -> Command | None:
        """`command` in another order of its arguments that the rules take."""
        return next((other for other in orders_of(command, self.phase) if self.takes(other)), None)


def suggested(
    judge: Judge,
    problems: Sequence[Problem],
    commands: Sequence[Command],
    names: tuple[Mapping[str, Vocabulary], Forms],
) -> list[Problem]:
    """`problems` with each refused line's suggestion one the rules take where we find one: for a
    line the rules refused (one of `commands`) with none, its arguments in another order; for a
    suggestion that is itself an order the rules refuse, that order's arguments in another order
    (`names`: the power's vocabularies and the names' forms, to read the suggestion with)."""
    by_line = {command.line: command for command in commands}
    found = []
    for problem in problems:
        if problem.suggestion:
            offered = _read(problem.suggestion, judge.phase, names)
            refused = None if offered is None or judge.takes(offered) else offered
        else:
            refused = by_line.get(problem.line)
        better = None if refused is None else judge.reordered(refused)
        found.append(
            problem if better is None else replace(problem, suggestion=normal_form(better, judge.phase))
        )
    return found


def _read(line: str, phase: PhaseSpec, names: tuple[Mapping[str, Vocabulary], Forms]) -> Command | None:
    parsed = parse_commands([(1, line)], phase, *names)
    return parsed.commands[0] if len(parsed.commands) == 1 and not parsed.problems else None
