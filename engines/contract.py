"""The ruleset contract: the one interface the daemon knows. It never special-cases a ruleset.

A ruleset is a subclass of `Ruleset`: it declares its phases and their command schemas (data the
generic order parser reads), checks a power's commands against the state, resolves a phase purely
and deterministically from (state, orders, rng), plays computer-run powers, and says exactly what
each power may see; every other hook has a default in the base class.

State is plain JSON (what TinyDB stores and a turn record snapshots). Every ruleset's state has
these keys, which the daemon reads and never writes:
  "turn": int        the current turn, 1-based
  "phase": str       the name of the phase now collecting orders
  "over": bool       true once the game has ended
  "powers": [str]    every power in the game, in setup order
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any, Generic, Literal, TypeVar

from engines.phrasing import NO_PHRASING, Phrasing
from engines.rng import Rng
from engines.russian import NO_FORMS, Forms
from engines.text import BOTH, Catalog, Lang, Msg, Text

JSON = dict[str, Any]
S = TypeVar("S")  # a ruleset's state: the JSON kept on disk, as the ruleset's TypedDict types it
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
    # one word of the characters in `alphabet`, min_items..max_items of them (a move code "223"
    # of the digits 1–8); a character outside it, or a longer word, is refused with its own message
    CODE = "code"


@dataclass(frozen=True)
class Arg:
    name: str
    kind: ArgKind
    vocabulary: str = ""
    minimum: int | None = None
    maximum: int | None = None
    optional: bool = False
    min_items: int = 1  # NAME_LIST and PAIR_LIST: the fewest items; CODE: the fewest characters
    # NAME_LIST and PAIR_LIST only: no item past it is read, so a mail's cost never grows with a
    # list no rule allows; CODE: the most characters
    max_items: int = 20
    second_vocabulary: str = ""  # PAIR_LIST only: the vocabulary of each pair's second name
    alphabet: str = ""  # CODE only: the characters a code is made of ("12345678")


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
class Resolution(Generic[S]):
    """What resolving one phase produced; `state` carries the next turn/phase or `over`."""

    state: S
    reports: Mapping[str, Sequence[Msg]]  # power → private events of this phase
    news: Sequence[Msg]  # public events, for every player and the forum post
    gm_log: Sequence[Msg]  # what the GM should know beyond news and draws
    # events for every member of a group (`Groups.groups`: a realm's families, a tribal union)
    group_news: Mapping[str, Sequence[Msg]] = field(default_factory=dict)


@dataclass(frozen=True)
class Joined(Generic[S]):
    """A power `Ruleset.join` placed in a running game, and the state that now holds it."""

    state: S
    power: str


# "phase": each miss-counting phase left silent is a miss; "turn": a power silent in every
# miss-counting phase of a turn has missed it, judged when the turn's last such phase resolves
MissesPer = Literal["phase", "turn"]


@dataclass(frozen=True)
class GmApplied(Generic[S]):
    """What a GM rule input did: the new state and what the GM is told."""

    state: S
    said: Msg


@dataclass(frozen=True)
class Clamped:
    """A GM correction the rules take only in part: the value they take and why."""

    value: int
    why: Msg


@dataclass(frozen=True)
class Picture:
    """A PNG a ruleset drew for one reader; mailed as an attachment after the text."""

    name: str  # the file name without ".png": ASCII letters, digits and dashes ("map-turn-3")
    title: Text  # what it shows, named in the mail's text
    png: bytes


GM_VIEWER = "@gm"  # who a picture is for: the GM, who may see everything
PUBLIC_VIEWER = "@public"  # the forum post and the archive: what every player may see


class Ruleset(ABC, Generic[S]):
    """What every ruleset is: a subclass sets the attributes, writes the abstract methods (most as
    `staticmethod`s of its own modules' functions) and overrides the hooks it needs; every hook has
    the default a ruleset without it wants. `S` is the ruleset's state (a TypedDict of the JSON
    kept on disk); the daemon holds any ruleset as `Ruleset[Any]`. Arguments are positional, so a
    module function with its own names can be a method."""

    name: str  # id used in configs and game ids: "coins"
    title: Text
    power_keywords: tuple[str, ...] = ()  # extra header words for СТРАНА (КНЯЖЕСТВО, ПЛЕМЯ…)
    power_title: Text = Text("Страна", "Power")  # what a player plays, as a mail's header names it
    powers_title: Text = Text("Страны", "Powers")  # the same in the plural: «Племена по жребию»
    last_turn: int | None = None  # the turn the rules end the game on, if they fix one: «ход 3 из 10»
    glossary: Text = Text("", "")  # the abbreviations its mails use, explained once, in the role mail
    min_players: int
    max_players: int
    phases: Mapping[str, PhaseSpec]  # in the order a turn plays them
    catalog: Catalog  # every Msg code the ruleset emits
    adjustables: Mapping[str, Adjustable] = MappingProxyType({})  # what the GM may correct or award
    misses_per: MissesPer = "phase"  # what a miss is: a silent phase or a silent turn
    # every power sees all there is, by the rules (Diplomacy's board): `view` is the same for every
    # power, which the privacy test checks instead of looking for another power's secrets
    public_views: bool = False
    # the GM's rule inputs (council: call an election), read by the GM's own parser after the
    # daemon's commands and applied by `apply_gm`
    gm_commands: Sequence[CommandSpec] = ()

    # --- what every ruleset says --------------------------------------------------------------

    @abstractmethod
    def setup(self, powers: Sequence[str], rng: Rng, /) -> S:
        """Initial state; `powers` are those the lot gave to players (from `playable_powers`).
        Every other power of the game is computer-run from the start."""

    @abstractmethod
    def playable_powers(self, player_count: int, /) -> list[str]:
        """The powers the lot hands out to this many players; when there are more of them than
        players, the lot also decides which are played and the rest stay with the computer."""

    @abstractmethod
    def vocabularies(self, state: S, /) -> Mapping[str, Vocabulary]:
        """Names order arguments may take, by vocabulary key (includes "power")."""

    @abstractmethod
    def check(self, state: S, power: str, phase: str, commands: Sequence[Command], /) -> list[Problem]:
        """Rule problems with these commands, each tied to a command's line."""

    @abstractmethod
    def resolve(
        self, state: S, phase: str, orders: Mapping[str, Sequence[Command]], rng: Rng, /
    ) -> Resolution[S]:
        """Resolve `phase` for every power (missing powers have empty orders). Pure."""

    @abstractmethod
    def ai_orders(self, state: S, power: str, phase: str, /) -> list[Command]:
        """Orders of a computer-run power; deterministic from the state."""

    @abstractmethod
    def view(self, state: S, power: str, /) -> JSON:
        """Exactly what `power` may see now; rendered by templates/<name>/status.<lang>.txt."""

    @abstractmethod
    def scores(self, state: S, /) -> Mapping[str, float]:
        """Victory points so far, whole or fractional (tribes: 0.2 a cell); final once state["over"]."""

    # --- hooks with a default -----------------------------------------------------------------

    def open_commands(self, state: S, power: str, phase: str, /) -> Sequence[CommandSpec]:
        """The phase's commands `power` can use now, for its order blank; `check` has the last word.
        Default: all of them."""
        return self.phases[phase].commands

    def summary(self, state: S, power: str, phase: str, commands: Sequence[Command], /) -> Sequence[Msg]:
        """What accepted orders add up to (spent, left), shown in the reply under them. Default: nothing."""
        return ()

    def read(self, state: S, power: str, name: str, /) -> int:
        """The current value of adjustable `name` for `power`."""
        raise KeyError(f"{self.name} has no adjustable {name!r}")

    def adjust(self, state: S, power: str, name: str, value: int, /) -> S:
        """A new state with adjustable `name` of `power` set to `value` (within its bounds). Pure."""
        raise KeyError(f"{self.name} has no adjustable {name!r}")

    def handover(self, state: S, power: str, /, computer: bool) -> S:
        """A new state after the computer takes `power` over (auto-kill, eject) or gives it back
        to a player; most rulesets need no change of state (the default), some (Русь) do. Pure."""
        return state

    def ended(self, state: S, /) -> set[str]:
        """Powers whose play is over by the rules (a tribe died out, a family destroyed): the daemon
        stops expecting, reminding and counting them, and tells their player once. Default: none."""
        return set()

    def restart_offer(self, state: S, power: str, /) -> Msg | None:
        """What the player of an ended `power` may do next (tribes: a new tribe on the eastern
        edge), said in the notice of its end; None (the default) when the rules offer nothing."""
        return None

    def join(self, state: S, name: str, rng: Rng, past: Sequence[str], /) -> Joined[S] | Msg:
        """The power a player joining the running game gets: a new one (tribes: a new tribe on the
        eastern edge), named `name` when the player gave one, or one of the game's that the
        computer runs (then the daemon hands it over, `handover(…, computer=False)`; one an active
        player holds is refused). `past`: the powers this player held in this game before, oldest
        first, so the rules can tell a returning player (a tribe died out) from a newcomer. A Msg
        says why the rules place none (the default: every power was dealt at the start). Pure."""
        return Msg("join_closed")

    def name_powers(self, state: S, names: Mapping[str, str], /) -> S:
        """The state after setup with the names the players gave their powers at signup (power →
        name, only those who gave one). A ruleset may keep them beside its powers or rename the
        powers themselves (tribes): then the state's "powers" keeps its order and length, and the
        daemon's players follow the new names. Default: the rules' names stay. Pure."""
        return state

    def draw(self, pool: Sequence[str], players: int, rng: Rng, /) -> list[str]:
        """The lot at the start: powers from `pool` (`playable_powers`) for the players in signup
        order, at least `players` of them, every draw through `rng` so it is logged. Default: a
        shuffle; a ruleset with constraints (council: families spread evenly) replaces it."""
        return rng.shuffled(pool, Msg("draw_powers"))

    def vocabularies_for(self, state: S, power: str, /) -> Mapping[str, Vocabulary]:
        """The names `power` has seen, by vocabulary key; its orders may name only these, and
        parsing, "did you mean", the order blank and ПОМОЩЬ use only them (tribes' hidden tech
        tree and map). Default: everything."""
        return self.vocabularies(state)

    def known_commands(self, state: S, power: str, phase: str, /) -> Sequence[CommandSpec]:
        """The commands of `phase` that `power` has learnt of (a superset of `open_commands`).
        Default: all of them."""
        return self.phases[phase].commands

    def not_known(self, state: S, power: str, phase: str, command: str, /) -> Msg:
        """Why `power` cannot give `command` of `phase`, one it has not learnt of (not among
        `known_commands`), told to a player who writes it anyway, below the line quoted. It says
        what opens the order only as far as the power may know (tribes: a discovery, not which).
        Default: not open to you yet."""
        return Msg("order_not_known")

    def apply_gm(self, state: S, command: Command, rng: Rng, /) -> GmApplied[S] | Msg:
        """The state after the GM's rule input `command` (one of `gm_commands`), or a Msg why the
        rules refuse it; audited, undone by ОТКАТ. Default: there are none. Pure."""
        return Msg("gm_no_rule_inputs")

    def limit(self, state: S, power: str, name: str, value: int, /) -> Clamped | Msg | None:
        """A GM correction beyond an Adjustable's fixed bounds: None takes `value` as asked (the
        default); Clamped takes another value, and says why; a Msg refuses it."""
        return None

    def with_data(self, state: S, data: JSON, /) -> S:
        """The state holding the game's secret GM data file (tribes' map and tech tree), at setup
        and on ДАННЫЕ, never in a view. Default: the data ignored. Pure."""
        return state

    def data_problems(self, state: S | None, data: JSON, /) -> Sequence[Text]:
        """Why the game's GM data file cannot be applied to `state` (None: a check before the game
        has a state), one line per mistake naming its key, in both languages
        (`engines.ruledata.mistakes` of the ruleset's schema of it: an unknown key or name is a
        mistake, never dropped). The daemon refuses such a file whole, before `with_data`: at the
        start, on ДАННЫЕ and in `gonets check-data`; a game that names no file is never asked.
        A game running on what the file named (tribes' technologies discovered) refuses a file
        that drops it. Default, for a ruleset that reads no GM data: every key is a mistake."""
        return [
            Text(
                f"{key}: такого ключа нет: правила этой игры не читают данных ведущего",
                f"{key}: no such key: this game's rules read no GM data",
            )
            for key in data
        ]

    def forms(self, state: S, /) -> Forms:
        """Forms of this game's own names that the dictionary gets wrong and no data file of the
        ruleset can know (names players gave their powers, names in the GM's data file), merged
        over the ruleset's own when this game's mail is rendered and its orders read. Default: none."""
        return NO_FORMS

    def pictures(self, state: S, viewer: str, langs: Sequence[Lang] = BOTH, /) -> Sequence[Picture]:
        """Pictures for `viewer`: a power (never more than its `view`), GM_VIEWER or PUBLIC_VIEWER,
        their words in the game's languages `langs` (a Russian game's picture has no English word;
        with both, Russian first: `engines.drawing.said`). Pure: the same state gives the same
        bytes, so a preview is what players get. Default: none."""
        return ()

    def public_view(self, state: S, /) -> JSON:
        """What every player may see beyond news and scores (the explored map without communities,
        the ratings), for the forum post and the archive; rendered by
        templates/<name>/public.<lang>.txt. Default: nothing."""
        return {}

    def groups(self, state: S, /) -> Mapping[str, Sequence[str]]:
        """Audiences between one power and everyone: group name (all families of one realm, a
        tribal union) → member powers, for `Resolution.group_news` and the GM's mail to a group.
        Default: none."""
        return {}

    def owes_orders(self, state: S, power: str, phase: str, /) -> bool:
        """Whether `power` has anything to order in `phase` now (a retreat phase asks only the
        dislodged; a stage where a family commands nothing asks nothing of it). The daemon reminds,
        waits for (early resolution), counts misses and counts toward the mass-silence hold only
        the powers that owe; the others are told in their report that the next phase asks nothing
        of them, and a phase no active power owes is resolved at once, with empty orders, when it
        opens. Orders a power that owes nothing sends anyway are still read and checked. Default:
        every power owes."""
        return True

    def read_notation(self, state: S, power: str, phase: str, text: str, /) -> Command | Msg | None:
        """One order line in the game's own notation («A PAR - BUR», «F NTH C A LON - NWY»), tried
        before the keyword parser on every order line: a Command (its line number is set by the
        parser), a Msg refusing the line (replied like any refused line), or None when the line is
        not in this notation and the keyword parser reads it. `text` is the line as written, at
        most a mail line's length. Default: no notation of its own."""
        return None

    def turn_title(self, turn: int, phase: str, /) -> Text | None:
        """The game's own name for `phase` of `turn` («Весна 1901», "Spring 1901"; a year), which
        replaces «Ход N из M, фаза «…»» in every heading, subject, report, digest, forum post and
        archive page the daemon writes; the ruleset's own picture titles say the same. Default:
        None, the turn's number and the phase's title."""
        return None

    def example_states(self, /) -> Sequence[S]:
        """States that reach what games from the start seldom do (a phase only a lost battle
        opens, an order only a rare technology opens), for the conformance suite: each is played
        on with random orders like its games from the start, and the phases and orders it reaches
        count as reached, so the suite's coverage need not fail on them. Default: none."""
        return ()

    def examples(self, state: S, power: str, phase: str, /) -> Mapping[str, str]:
        """Example order lines by command name that fit `power` now (its own provinces, a real
        partner, what it can afford): Китай is never told «ПЕРЕДАТЬ Китай 2»; `check` accepts
        each, alone or beside the blank's line it needs (a march after the ВОЙНА that opens the
        way). The order blank and ПОМОЩЬ offer only these commands, with these lines: a command
        left out has nothing that fits now. Default: every command with its spec's fixed
        `example`."""
        return {spec.name: spec.example for spec in self.phases[phase].commands}
