"""What every ruleset may share, so each rule of the house is written once: name lookup, the mail
being checked and the checks every ruleset makes of any order (the phase gate, the order's shape,
repeats), the orders that stand, and the events collector that becomes the contract's Resolution.

Nothing here knows a ruleset's rules or message codes; a ruleset passes its codes in.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from engines.contract import JSON, ArgKind, Command, PhaseSpec, Problem, Resolution, Vocabulary
from engines.ruledata import Named
from engines.text import Msg, Param

N = TypeVar("N", bound=Named)
S = TypeVar("S")  # a ruleset's state
Orders = Mapping[str, Sequence[Command]]
MailCheck = Callable[[JSON, str, str, Sequence[Command]], list[Problem]]


# ---- data ---------------------------------------------------------------------------------------
def by_name(items: Iterable[N], name: str) -> N:
    """The record with this canonical name; KeyError for a name the data does not have."""
    for item in items:
        if item.name == name:
            return item
    raise KeyError(name)


def vocabulary_of(items: Iterable[Named]) -> Vocabulary:
    """A NAME vocabulary: each canonical name with the other spellings orders may use."""
    return {item.name: item.spellings for item in items}


def power_vocabulary(known: Iterable[Named], powers: Iterable[str]) -> Vocabulary:
    """The powers of one game with their spellings (a power the data does not know has none)."""
    spellings = {p.name: p.spellings for p in known}
    return {power: spellings.get(power, ()) for power in powers}


# ---- checks -------------------------------------------------------------------------------------
@dataclass
class Mail:
    """One power's mail being judged; a ruleset's subclass adds what its earlier lines spent.

    `seen` maps a ruleset's once-only key of an accepted order to its line, to refuse repeats."""

    state: JSON
    power: str
    commands: Sequence[Command]
    names: Mapping[str, Vocabulary]
    seen: dict[tuple[str, ...], int] = field(default_factory=dict)


@dataclass(frozen=True)
class CheckCodes:
    """A ruleset's message codes for the problems every ruleset's checks share."""

    game_over: str
    wrong_phase: str  # {phase}: the phase the game is in
    not_in_phase: str  # {phase}, {order}
    argument_missing: str  # {argument}
    name_not_in_game: str  # {name}
    bad_number: str  # {argument}
    duplicate: str  # {first}: the line of the same order earlier in the mail


def gate(state: JSON, phase: str, codes: CheckCodes) -> list[Problem]:
    """Problems with the whole mail before any line is read: the game is over, or in another phase."""
    if state["over"]:
        return [Problem(0, Msg(codes.game_over))]
    if phase != state["phase"]:
        return [Problem(0, Msg(codes.wrong_phase, {"phase": state["phase"]}))]
    return []


def shape_problem(spec: PhaseSpec, mail: Mail, cmd: Command, codes: CheckCodes) -> Msg | None:
    """The order belongs to this phase, has its arguments, names only things that exist in this
    game and counts from its minimum."""
    specs = {command.name: command for command in spec.commands}
    if cmd.name not in specs:
        return Msg(codes.not_in_phase, {"phase": spec.name, "order": cmd.name})
    for arg in specs[cmd.name].args:
        value = cmd.args.get(arg.name)
        items = cmd.lists.get(arg.name)  # a list's names (an order stored before it was one has text)
        pairs = cmd.pairs.get(arg.name, ())
        if value is None and items is None and not pairs:
            if not arg.optional:
                return Msg(codes.argument_missing, {"argument": arg.name})
            continue
        names = items if items is not None else (str(value),) if arg.kind == ArgKind.NAME else ()
        named = [(name, arg.vocabulary) for name in names]
        named += [
            pair
            for first, second in pairs
            for pair in ((first, arg.vocabulary), (second, arg.second_vocabulary))
        ]
        unknown = [name for name, vocabulary in named if name not in mail.names[vocabulary]]
        if unknown:
            return Msg(codes.name_not_in_game, {"name": unknown[0]})
        if arg.kind == ArgKind.INT and (not isinstance(value, int) or value < (arg.minimum or 0)):
            return Msg(codes.bad_number, {"argument": arg.name})
    return None


M = TypeVar("M", bound=Mail)
OrderCheck = Callable[[M, Command], Msg | None]


def judge(
    mail: M,
    shape: OrderCheck[M],
    rules: Mapping[str, OrderCheck[M]],
    keys: Callable[[M, Command], Sequence[tuple[str, ...]]],
    duplicate: str,
) -> list[Problem]:
    """Each order of the mail in turn: its shape, then a repeat of an earlier one (any of its
    once-only `keys` already seen), then the ruleset's rule for it; an accepted order's keys are
    remembered, so later lines are judged against what the earlier ones took."""
    problems: list[Problem] = []
    for cmd in mail.commands:
        first = next((mail.seen[key] for key in keys(mail, cmd) if key in mail.seen), None)
        repeated = None if first is None else Msg(duplicate, {"first": first})
        msg = shape(mail, cmd) or repeated or rules[cmd.name](mail, cmd)
        if msg is None:
            mail.seen.update((key, cmd.line) for key in keys(mail, cmd))
        else:
            problems.append(Problem(cmd.line, msg))
    return problems


# ---- resolution ---------------------------------------------------------------------------------
class Events:
    """Collects what one resolution tells: private reports, public news and the GM's log."""

    def __init__(self, powers: Iterable[str]) -> None:
        self.reports: dict[str, list[Msg]] = {power: [] for power in powers}
        self.news: list[Msg] = []
        self.gm_log: list[Msg] = []

    def tell(self, power: str, code: str, /, **params: Param) -> None:
        self.reports[power].append(Msg(code, params))

    def announce(self, code: str, /, **params: Param) -> None:
        self.news.append(Msg(code, params))

    def log(self, code: str, /, **params: Param) -> None:
        self.gm_log.append(Msg(code, params))

    def resolution(self, state: JSON) -> Resolution[JSON]:
        return Resolution(state, self.reports, self.news, self.gm_log)


def standing_orders(
    check: Callable[[S, str, str, Sequence[Command]], list[Problem]],
    state: S,
    power: str,
    phase: str,
    commands: Sequence[Command],
) -> tuple[list[Command], list[Problem]]:
    """The orders that stand, and every problem found on the way: refused lines are dropped and the
    rest checked again until the ruleset accepts them all (dropping one order can break another
    that leaned on it), so what stands is always valid as a whole. A problem on line 0 (the whole
    mail) refuses every order. The one place this rule lives: the daemon applies it to each mail,
    `accepted` to each power's orders at resolution."""
    standing, problems = list(commands), []
    for _ in range(len(commands) + 1):
        found = check(state, power, phase, standing)
        if not found:
            break
        problems += found
        refused = {p.line for p in found}
        standing = [] if 0 in refused else [c for c in standing if c.line not in refused]
    return standing, problems


def accepted(
    check: MailCheck, state: JSON, phase: str, orders: Orders, events: Events, refusal: str
) -> dict[str, list[Command]]:
    """Each power's standing orders, in setup order; refused ones are reported (the `refusal` code
    with the line, then the problem), never half-applied."""
    valid: dict[str, list[Command]] = {}
    for power in state["powers"]:
        valid[power], problems = standing_orders(check, state, power, phase, orders.get(power, ()))
        for problem in problems:
            events.tell(power, refusal, line=problem.line)
            events.reports[power].append(problem.msg)
    return valid


def commands_named(orders: Orders, name: str) -> list[tuple[str, Command]]:
    """Every (power, command) of this kind, in setup order then line order: deterministic."""
    return [(power, cmd) for power, cmds in orders.items() for cmd in cmds if cmd.name == name]
