"""The ruleset contract: the one interface the daemon knows. It never special-cases a ruleset.

A ruleset declares its phases and their command schemas (data the generic order parser reads),
checks a power's commands against the state, resolves a phase purely and deterministically from
(state, orders, rng), plays computer-run powers, and says exactly what each power may see.

State is plain JSON (what TinyDB stores and a turn record snapshots). Every ruleset's state has
these keys, which the daemon reads and never writes:
  "turn": int        the current turn, 1-based
  "phase": str       the name of the phase now collecting orders
  "over": bool       true once the game has ended
  "powers": [str]    every power in the game, in setup order
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Literal, Protocol, cast, runtime_checkable

from engines.phrasing import NO_PHRASING, Phrasing
from engines.rng import Rng
from engines.text import Catalog, Msg, Text

JSON = dict[str, Any]
# canonical name → extra spellings accepted in orders (the canonical name always matches)
Vocabulary = Mapping[str, Sequence[str]]


class ArgKind(StrEnum):
    INT = "int"  # a whole number, bounded by minimum/maximum
    NAME = "name"  # one entry of the vocabulary named by `vocabulary` (powers, techs, colonies…)
    TEXT = "text"  # free text: the rest of the line; only as the last argument
    # entries of `vocabulary`, min_items..max_items of them, to the end of the line (so only as the
    # last argument); items are separated by commas and/or spaces, a comma always ends an item, and
    # a name of several words needs neither; read into `Command.lists`, never into `args`
    NAME_LIST = "name_list"
    # pairs of names, `vocabulary` then `second_vocabulary` ("Армия1 Медичи, Армия2 Сфорца"), each
    # pair ended by a comma, min_items..max_items of them, to the end of the line; read into
    # `Command.pairs`
    PAIR_LIST = "pair_list"


@dataclass(frozen=True)
class Arg:
    name: str
    kind: ArgKind
    vocabulary: str = ""
    minimum: int | None = None
    maximum: int | None = None
    optional: bool = False
    min_items: int = 1  # NAME_LIST and PAIR_LIST only
    # NAME_LIST and PAIR_LIST only: no item past it is read, so a mail's cost never grows with a
    # list no rule allows
    max_items: int = 20
    second_vocabulary: str = ""  # PAIR_LIST only: the vocabulary of each pair's second name


@dataclass(frozen=True)
class CommandSpec:
    """One order: its keywords (the first is the Russian normal form), typed arguments, help.

    The header words (ИГРА/GAME, СТРАНА/POWER/COUNTRY, ПАРОЛЬ/PASSWORD, ХОД/TURN,
    ЗАПИСЫВАЮСЬ/SIGNUP, ВЕДУЩИЙ/GM, КОНЕЦ/END and the ruleset's `power_keywords`) are reserved: they are read
    as header on any line, so they cannot be command keywords.
    """

    name: str
    keywords: tuple[str, ...]
    args: tuple[Arg, ...]
    help: Text
    example: str


@dataclass(frozen=True)
class PhaseSpec:
    """A mail phase of a turn, with its own deadline and its own commands.

    What silence in it means is three separate questions, since an optional phase may still want
    reminders (council's vote) and a mail outage shows only in phases everyone must answer:
    `reminds`: the silent get a reminder before the deadline;
    `counts_miss`: silence here is a miss toward auto-kill (see `Ruleset.misses_per`);
    `counts_hold`: too many silent here holds the resolution for the GM (a broken mail path).
    Optional phases (negotiations) set all three false and cost nothing to skip.
    """

    name: str
    title: Text
    commands: tuple[CommandSpec, ...]
    reminds: bool = True
    counts_miss: bool = True
    counts_hold: bool = True
    phrasing: Phrasing = NO_PHRASING  # how players word these commands (engines/phrasing.py)

    @classmethod
    def optional(
        cls, name: str, title: Text, commands: tuple[CommandSpec, ...], phrasing: Phrasing = NO_PHRASING
    ) -> PhaseSpec:
        """A phase that costs nothing to skip: no reminder, no miss, no hold."""
        return cls(name, title, commands, False, False, False, phrasing)


@dataclass(frozen=True)
class Command:
    """A parsed order: the spec name and typed argument values, with its line in the mail."""

    name: str
    args: Mapping[str, int | str] = field(default_factory=dict)
    line: int = 0
    # NAME_LIST values, apart from `args` so a ruleset's int()/str() of an argument stays exact
    lists: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    pairs: Mapping[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)  # PAIR_LIST values

    def to_json(self) -> JSON:
        data: JSON = {"name": self.name, "args": dict(self.args), "line": self.line}
        if self.lists:
            data["lists"] = {k: list(v) for k, v in self.lists.items()}
        if self.pairs:
            data["pairs"] = {k: [list(pair) for pair in v] for k, v in self.pairs.items()}
        return data

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Command:
        lists = {str(k): tuple(map(str, v)) for k, v in data.get("lists", {}).items()}
        pairs = {str(k): tuple((str(a), str(b)) for a, b in v) for k, v in data.get("pairs", {}).items()}
        return Command(str(data["name"]), dict(data["args"]), int(data.get("line", 0)), lists, pairs)


@dataclass(frozen=True)
class Problem:
    """Why an order line (or, with line 0, the whole mail) is refused, and a fix if we know one."""

    line: int
    msg: Msg
    suggestion: str = ""


@dataclass(frozen=True)
class Adjustable:
    """A number per power the GM may correct (ПОПРАВКА) or award (НАГРАДА), such as a treasury or
    a story reward; the daemon audits every change, the ruleset says what the number means."""

    name: str
    title: Text
    aliases: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None


@dataclass(frozen=True)
class Resolution:
    """What resolving one phase produced; `state` carries the next turn/phase or `over`."""

    state: JSON
    reports: Mapping[str, Sequence[Msg]]  # power → private events of this phase
    news: Sequence[Msg]  # public events, for every player and the forum post
    gm_log: Sequence[Msg]  # what the GM should know beyond news and draws
    # events for every member of a group (`Groups.groups`: a realm's families, a tribal union)
    group_news: Mapping[str, Sequence[Msg]] = field(default_factory=dict)


@dataclass(frozen=True)
class Joined:
    """A power `Ruleset.join` placed in a running game, and the state that now holds it."""

    state: JSON
    power: str


# "phase": each miss-counting phase left silent is a miss; "turn": a power silent in every
# miss-counting phase of a turn has missed it, judged when the turn's last such phase resolves
MissesPer = Literal["phase", "turn"]


class Ruleset(Protocol):
    name: str  # id used in configs and game ids: "coins"
    title: Text
    power_keywords: tuple[str, ...]  # extra header words for СТРАНА (КНЯЖЕСТВО, ПЛЕМЯ…)
    min_players: int
    max_players: int
    phases: Mapping[str, PhaseSpec]  # in the order a turn plays them
    catalog: Catalog  # every Msg code the ruleset emits
    adjustables: Mapping[str, Adjustable]  # what the GM may correct or award, by name
    misses_per: MissesPer  # what a miss is: a silent phase or a silent turn

    def setup(self, powers: Sequence[str], rng: Rng) -> JSON:
        """Initial state; `powers` are those the lot gave to players (from `playable_powers`).
        Every other power of the game is computer-run from the start."""

    def playable_powers(self, player_count: int) -> list[str]:
        """The powers the lot hands out to this many players; when there are more of them than
        players, the lot also decides which are played and the rest stay with the computer."""

    def handover(self, state: JSON, power: str, computer: bool) -> JSON:
        """A new state after the computer takes `power` over (auto-kill, eject) or gives it back
        to a player; most rulesets need no change of state, some (Русь) do. Pure."""

    def vocabularies(self, state: JSON) -> Mapping[str, Vocabulary]:
        """Names order arguments may take, by vocabulary key (includes "power")."""

    def open_commands(self, state: JSON, power: str, phase: str) -> Sequence[CommandSpec]:
        """The phase's commands `power` can use now, for its order blank; `check` has the last word."""

    def summary(self, state: JSON, power: str, phase: str, commands: Sequence[Command]) -> Sequence[Msg]:
        """What accepted orders add up to (spent, left), shown in the reply under them."""

    def check(self, state: JSON, power: str, phase: str, commands: Sequence[Command]) -> list[Problem]:
        """Rule problems with these commands, each tied to a command's line."""

    def resolve(
        self, state: JSON, phase: str, orders: Mapping[str, Sequence[Command]], rng: Rng
    ) -> Resolution:
        """Resolve `phase` for every power (missing powers have empty orders). Pure."""

    def ai_orders(self, state: JSON, power: str, phase: str) -> list[Command]:
        """Orders of a computer-run power; deterministic from the state."""

    def view(self, state: JSON, power: str) -> JSON:
        """Exactly what `power` may see now; rendered by templates/<name>/status.<lang>.txt."""

    def scores(self, state: JSON) -> Mapping[str, float]:
        """Victory points so far, whole or fractional (tribes: 0.2 a cell); final once state["over"]."""

    def read(self, state: JSON, power: str, name: str) -> int:
        """The current value of adjustable `name` for `power`."""

    def adjust(self, state: JSON, power: str, name: str, value: int) -> JSON:
        """A new state with adjustable `name` of `power` set to `value` (within its bounds). Pure."""

    def ended(self, state: JSON) -> set[str]:
        """Powers whose play is over by the rules (a tribe died out, a family destroyed): the daemon
        stops expecting, reminding and counting them, and tells their player once."""

    def restart_offer(self, state: JSON, power: str) -> Msg | None:
        """What the player of an ended `power` may do next (tribes: a new tribe on the eastern
        edge), said in the notice of its end; None when the rules offer nothing."""

    def join(self, state: JSON, name: str, rng: Rng) -> Joined | Msg:
        """A new power for a player joining the running game (tribes: a new tribe on the eastern
        edge), named `name` when the player gave one; a Msg says why the rules place none. Pure."""

    def name_powers(self, state: JSON, names: Mapping[str, str]) -> JSON:
        """The state after setup with the names the players gave their powers at signup (power →
        name, only those who gave one). Pure."""

    def draw(self, pool: Sequence[str], players: int, rng: Rng) -> list[str]:
        """The lot at the start: powers from `pool` (`playable_powers`) for the players in signup
        order, at least `players` of them, every draw through `rng` so it is logged; a ruleset
        with constraints (council: families spread evenly over the powers) replaces the shuffle."""


@runtime_checkable
class PowerKnowledge(Protocol):
    """Optional hooks of a ruleset whose powers know different things (tribes' hidden tech tree and
    map): parsing, "did you mean", the order blank and ПОМОЩЬ then use only what a power knows.
    A ruleset without them reveals the same to everyone (see `vocabularies_for`, `known_commands`)."""

    def vocabularies_for(self, state: JSON, power: str) -> Mapping[str, Vocabulary]:
        """The names `power` has seen, by vocabulary key; its orders may name only these."""

    def known_commands(self, state: JSON, power: str, phase: str) -> Sequence[CommandSpec]:
        """The commands of `phase` that `power` has learnt of (a superset of `open_commands`)."""


_OFFERED: dict[tuple[type, type], bool] = {}


def offers(ruleset: object, hook: type) -> bool:
    """Whether `ruleset` has the optional `hook`: `isinstance`, asked once per ruleset class. A
    runtime-checkable protocol looks up each of its members at every check (35 µs in Python 3.11,
    a hundred checks in a Русь resolution), and a ruleset's hooks are its class's."""
    known = _OFFERED.get((type(ruleset), hook))
    if known is None:
        known = _OFFERED[type(ruleset), hook] = isinstance(ruleset, hook)
    return known


def vocabularies_for(ruleset: Ruleset, state: JSON, power: str) -> Mapping[str, Vocabulary]:
    """`power`'s vocabularies: the ruleset's `PowerKnowledge` hook, else everything."""
    if offers(ruleset, PowerKnowledge):
        return cast(PowerKnowledge, ruleset).vocabularies_for(state, power)
    return ruleset.vocabularies(state)


def known_commands(ruleset: Ruleset, state: JSON, power: str, phase: str) -> Sequence[CommandSpec]:
    """`power`'s commands of `phase`: the ruleset's `PowerKnowledge` hook, else all of them."""
    if offers(ruleset, PowerKnowledge):
        return cast(PowerKnowledge, ruleset).known_commands(state, power, phase)
    return ruleset.phases[phase].commands


@dataclass(frozen=True)
class GmApplied:
    """What a GM rule input did: the new state and what the GM is told."""

    state: JSON
    said: Msg


@dataclass(frozen=True)
class Clamped:
    """A GM correction the rules take only in part: the value they take and why."""

    value: int
    why: Msg


@runtime_checkable
class GmInputs(Protocol):
    """Optional hooks of a ruleset whose GM decides parts of the rules (council: call an election)."""

    gm_commands: Sequence[CommandSpec]  # read by the GM's own parser, after the daemon's commands

    def apply_gm(self, state: JSON, command: Command, rng: Rng) -> GmApplied | Msg:
        """The state after the GM's `command`, or a Msg why the rules refuse it. Pure."""


@runtime_checkable
class AdjustLimits(Protocol):
    """Optional hook of a ruleset whose numbers have limits beyond an Adjustable's fixed bounds."""

    def limit(self, state: JSON, power: str, name: str, value: int) -> Clamped | Msg | None:
        """None: `value` is taken as asked; Clamped: another value is taken, and why; Msg: refused."""


@runtime_checkable
class GmData(Protocol):
    """Optional hook of a ruleset with per-game secret data (tribes' map and tech tree)."""

    def with_data(self, state: JSON, data: JSON) -> JSON:
        """The state holding the game's GM data file (at setup and on ДАННЫЕ), never in a view. Pure."""


def gm_commands(ruleset: Ruleset) -> Sequence[CommandSpec]:
    """The ruleset's GM commands: its `GmInputs` hook, else none."""
    return cast(GmInputs, ruleset).gm_commands if offers(ruleset, GmInputs) else ()


def apply_gm(ruleset: Ruleset, state: JSON, command: Command, rng: Rng) -> GmApplied | Msg:
    """The ruleset's `GmInputs.apply_gm`, else refused."""
    if offers(ruleset, GmInputs):
        return cast(GmInputs, ruleset).apply_gm(state, command, rng)
    return Msg("gm_no_rule_inputs")


def limit(ruleset: Ruleset, state: JSON, power: str, name: str, value: int) -> Clamped | Msg | None:
    """The ruleset's `AdjustLimits.limit`, else None (as asked)."""
    return (
        cast(AdjustLimits, ruleset).limit(state, power, name, value)
        if offers(ruleset, AdjustLimits)
        else None
    )


def with_data(ruleset: Ruleset, state: JSON, data: JSON) -> JSON:
    """The ruleset's `GmData.with_data`, else the state as is (the data ignored)."""
    return cast(GmData, ruleset).with_data(state, data) if offers(ruleset, GmData) else state


@dataclass(frozen=True)
class Picture:
    """A PNG a ruleset drew for one reader; mailed as an attachment after the text."""

    name: str  # the file name without ".png": ASCII letters, digits and dashes ("map-turn-3")
    title: Text  # what it shows, named in the mail's text
    png: bytes


GM_VIEWER = "@gm"  # who a picture is for: the GM, who may see everything
PUBLIC_VIEWER = "@public"  # the forum post and the archive: what every player may see


@runtime_checkable
class Pictures(Protocol):
    """Optional hook of a ruleset that draws its state (a map, a chart)."""

    def pictures(self, state: JSON, viewer: str) -> Sequence[Picture]:
        """Pictures for `viewer`: a power (never more than its `view`), GM_VIEWER or PUBLIC_VIEWER.
        Pure: the same state gives the same bytes, so a preview is what players get."""


def pictures(ruleset: Ruleset, state: JSON, viewer: str) -> Sequence[Picture]:
    """The ruleset's `Pictures.pictures`, else none."""
    return cast(Pictures, ruleset).pictures(state, viewer) if offers(ruleset, Pictures) else ()


@runtime_checkable
class PublicView(Protocol):
    """Optional hook of a ruleset with more to show everyone than news and scores."""

    def public_view(self, state: JSON) -> JSON:
        """What every player may see (the explored map without communities, the ratings), for the
        forum post and the archive; rendered by templates/<name>/public.<lang>.txt."""


def public_view(ruleset: Ruleset, state: JSON) -> JSON:
    """The ruleset's `PublicView.public_view`, else nothing beyond news and scores."""
    return cast(PublicView, ruleset).public_view(state) if offers(ruleset, PublicView) else {}


@runtime_checkable
class Groups(Protocol):
    """Optional hook of a ruleset with audiences between one power and everyone."""

    def groups(self, state: JSON) -> Mapping[str, Sequence[str]]:
        """Groups by name (all families of one realm, a tribal union) → their member powers, for
        `Resolution.group_news` and the GM's mail to a group."""


def groups(ruleset: Ruleset, state: JSON) -> Mapping[str, Sequence[str]]:
    """The ruleset's `Groups.groups`, else none."""
    return cast(Groups, ruleset).groups(state) if offers(ruleset, Groups) else {}


@runtime_checkable
class OrderExamples(Protocol):
    """Optional hook of a ruleset whose examples should fit the reader: Китай is never told
    «ПЕРЕДАТЬ Китай 2», nor Переяславль shown another principality's provinces."""

    def examples(self, state: JSON, power: str, phase: str) -> Mapping[str, str]:
        """Example order lines by command name that fit `power` now (its own provinces, a real
        partner, what it can afford), each one `check` accepts alone; the order blank and ПОМОЩЬ
        show them instead of the spec's fixed `example`. A command left out has nothing that
        fits now, and the blank and ПОМОЩЬ do not offer it."""


def examples(ruleset: Ruleset, state: JSON, power: str, phase: str) -> Mapping[str, str]:
    """The ruleset's `OrderExamples.examples`, else none (every spec's fixed example)."""
    return (
        cast(OrderExamples, ruleset).examples(state, power, phase) if offers(ruleset, OrderExamples) else {}
    )
