"""Order lines → typed commands, read with a phase's command schema; it knows no ruleset.

Each line is a keyword of the phase, then its arguments in order. A line that cannot be read
becomes one problem (with a suggestion when we can guess), never an exception, so one reply can
list every refused line next to the accepted ones. Players write Russian, not a command language:
a keyword may be a verb as spoken («передаю», «голосую»), a name may be in any case and follow a
preposition («ВЛОЖИТЬ в Армию»), an order of another phase is told as such, and a line of prose
(«Привет!») may be set aside as not an order instead of refused.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TypeVar

from engines.contract import Arg, ArgKind, Command, CommandSpec, PhaseSpec, Problem, Vocabulary
from engines.russian import NO_FORMS, Forms
from engines.text import Catalog, Msg, excerpt
from parsers.arrangement import Arranged, arrange, attempted, meaning
from parsers.names import NO_NAMES, PREPOSITIONS, Names, Phrases, declined
from parsers.normalize import Token, normalize, phrase_keys, tokenize
from parsers.suggestions import refusal
from parsers.wording import Keyword, Wording, is_chat, lead, wording

T = TypeVar("T")
# a ruleset's own notation for one line as written: a command, a refusal, or None (not its notation)
Notation = Callable[[str], Command | Msg | None]

_INT = re.compile(r"-?[0-9]+")
# "1. ВЛОЖИТЬ …", "2) ВЛОЖИТЬ …", "- ВЛОЖИТЬ …"; a bare number is an order's own («5 влияния в Тарент»)
_LIST_MARKER = re.compile(r"[0-9]{1,3}[.)]|[-•*]")
_GLUED_COMMA = re.compile(r",(?=\S)")
# what players also write between the items of a path: «Рязань → Тула; Москва», «Рязань - Тула»
_LIST_SEPARATORS = re.compile(r"\s*(?:->|[;>→–—])\s*|\s+-+\s+")
# words an order line may have: no order is longer, so a line is never read past them (a longer
# one is refused, unless its command takes free text, which is read as written)
ORDER_WORDS = 200
_ITEM_COUNTS = ("too_few_items", "too_many_items")
_PAIR_COUNTS = ("too_few_pairs", "too_many_pairs")


@dataclass(frozen=True)
class ParsedOrders:
    commands: list[Command]
    problems: list[Problem]
    explicit_pass: bool  # the mail said НЕТ ДЕЙСТВИЙ / PASS (a submitted, empty turn)
    unread: list[int] = field(default_factory=list)  # lines of prose: neither orders nor refused
    # (first, last) line of each order an editor wrapped over several lines, read as one (wrapped.py)
    joined: list[tuple[int, int]] = field(default_factory=list)


class _Refused(Exception):
    """Why a line is refused: its first problem, or each bad item of a list; caught per line, it
    never leaves the parser."""

    def __init__(self, msg: Msg, suggestion: str = "", *more: tuple[Msg, str]) -> None:
        super().__init__(msg.code)
        self.reasons = [(msg, suggestion), *more]


@dataclass
class _Cursor:
    """An order line, or one item of a list on it, read left to right up to `end`. Its methods
    look at most a given number of tokens ahead, so reading an item costs what the item does, not
    what the rest of the line does."""

    text: str
    tokens: list[Token]  # up to a trailing "# comment"; the items of a list share their line's
    index: int = 0
    end: int = -1  # where this cursor stops; -1: after the last token
    cut: bool = False  # the line has more than `ORDER_WORDS` words: the rest were not read

    def __post_init__(self) -> None:
        if self.end < 0:
            self.end = len(self.tokens)

    def left(self) -> int:
        """How many tokens are left to read."""
        return self.end - self.index

    def rest(self, most: int | None = None) -> list[Token]:
        """The tokens left to read, or the first `most` of them."""
        stop = self.end if most is None else min(self.end, self.index + most)
        return self.tokens[self.index : stop]

    def keys(self, most: int | None = None) -> list[str]:
        return [token.key for token in self.rest(most)]

    def written(self, count: int) -> str:
        """The next `count` tokens as written."""
        return self.text[self.tokens[self.index].start : self.tokens[self.index + count - 1].end]

    def after(self) -> str:
        """The line after the last token read (at least the keyword), as written."""
        return self.text[self.tokens[self.index - 1].end :]


def parse_commands(
    body: list[tuple[int, str]],
    phase: PhaseSpec,
    vocabularies: Mapping[str, Vocabulary],
    forms: Forms = NO_FORMS,
    elsewhere: Sequence[PhaseSpec] = (),
    prose: bool = False,
    closed: Sequence[tuple[CommandSpec, Msg]] = (),
    notation: Notation | None = None,
) -> ParsedOrders:
    """Every order line → a command or a problem; НЕТ ДЕЙСТВИЙ alone makes an explicit pass.

    `forms`: the ruleset's own case forms of its names; `elsewhere`: the turn's other phases, in
    the order their orders would next be taken, so a line of theirs is told where it belongs;
    `prose`: chat and a line whose first words are like no keyword is `unread`, not refused, unless
    it names the game's things as an order does (`arrangement.attempted`): then it is refused with
    the order it may be; `closed`: the phase's commands this power cannot give yet, each with why:
    a line that starts as one of them (its keyword or saying, never a guess by spelling, which
    would tell of a command the power has not learnt of) is refused with that reason;
    `notation`: the game's own notation (`Ruleset.read_notation`), tried first on each line.
    Players' wording (`PhaseSpec.phrasing`) is read too: see wording.py, arrangement.py and
    suggestions.py."""
    args = [arg for spec in phase.commands for arg in spec.args]
    used = {arg.vocabulary for arg in args} | {arg.second_vocabulary for arg in args}
    names = {key: declined(vocabulary, forms) for key, vocabulary in vocabularies.items() if key in used}
    table = wording(phase)
    # the closed commands are told by the whole phase's wording: a saying they share starts none
    whole = (
        wording(replace(phase, commands=(*phase.commands, *(spec for spec, _ in closed)))) if closed else None
    )
    powers = names.get("power") if table.by_kinds else None
    commands: list[Command] = []
    problems: list[Problem] = []
    passes: list[int] = []
    unread: list[int] = []
    ordered = False  # some line meant an order, even a refused one
    for number, text in body:
        noted = None if notation is None else notation(text)
        if noted is not None:
            ordered = True
            if isinstance(noted, Msg):
                problems.append(Problem(number, noted))
            else:
                commands.append(replace(noted, line=number))
            continue
        cursor = _order_line(text)
        if cursor is None:
            continue
        found = lead(cursor.keys(), table, powers)
        if found is None and prose and table.by_kinds and is_chat(cursor.keys()):
            unread.append(number)
            continue
        if found is None:
            keyword = meaning(cursor.rest(), table, names, None)
            command = None if keyword is None else _whole(cursor, keyword, names, table)
            shut = None if command is not None or whole is None else _closed(cursor, whole, closed)
            if shut is not None:
                problems.append(Problem(number, shut))
                continue
            if command is None:
                refused = refusal(cursor.rest(), text, table, elsewhere, prose) or _attempt(
                    cursor, names, table
                )
                if refused is None:
                    unread.append(number)
                else:
                    problems.append(Problem(number, *refused))
                continue
        else:
            keyword = found[0]
            cursor.index += found[1]
            ordered = ordered or keyword.command is not None
            after = cursor.rest()
            try:
                command = _read_args(cursor, keyword, names, table)
            except _Refused as refused_line:
                other = keyword.command and meaning(cursor.tokens, table, names, keyword.command)
                command = _whole(cursor, other, names, table) if other else None
                several = [] if command is not None else _several(cursor.text, after, keyword, names, table)
                commands += [replace(one, line=number) for one in several]
                if command is None and not several:
                    problems.extend(Problem(number, msg, hint) for msg, hint in refused_line.reasons)
                if command is None:
                    continue
            if keyword.command is None:
                passes.append(number)
                continue
        ordered = True
        commands.append(replace(command, line=number))
    if ordered:
        problems.extend(Problem(number, Msg("pass_with_orders")) for number in passes)
    problems.sort(key=lambda problem: problem.line)
    return ParsedOrders(commands, problems, bool(passes) and not ordered, unread)


_LIST_KINDS = frozenset({ArgKind.NAME_LIST, ArgKind.PAIR_LIST, ArgKind.TEXT, ArgKind.CODE})


def _several(
    text: str, tokens: list[Token], keyword: Keyword, names: Mapping[str, Names], table: Wording
) -> list[Command]:
    """One order given several times on a line, its parts joined by «и» or commas («распределяю
    детей: 3 охотника и 3 собирателя», as the rulebook writes a distribution), each part read
    alone as `keyword`'s arguments; none unless two parts or more all read (a command whose
    arguments take commas themselves, a list or free text, is never split)."""
    if not table.by_kinds or keyword.command is None or _LIST_KINDS & {arg.kind for arg in keyword.args}:
        return []
    parts: list[list[Token]] = [[]]
    for token in tokens:
        if token.key == "и" and not token.quoted:
            parts.append([])
            continue
        parts[-1].append(token)
        if token.raw.endswith(",") and not token.quoted:
            parts.append([])
    parts = [part for part in parts if part]
    if len(parts) < 2:
        return []
    try:
        return [_read_args(_Cursor(text, part), keyword, names, table) for part in parts]
    except _Refused:
        return []


def _closed(cursor: _Cursor, whole: Wording, closed: Sequence[tuple[CommandSpec, Msg]]) -> Msg | None:
    """Why the line, which starts as a command of `closed` as the `whole` phase's wording reads
    it, is refused: that command's reason (the reply quotes the line above it)."""
    found = lead(cursor.keys(), whole)
    return next((msg for spec, msg in closed if found is not None and spec.name == found[0].command), None)


def _attempt(cursor: _Cursor, names: Mapping[str, Names], table: Wording) -> tuple[Msg, str] | None:
    """A line of prose that names the game's things as an order does (see `arrangement.attempted`),
    refused with the word not understood and, when one command takes what it names, that order
    as it would read; None for prose."""
    found = attempted(cursor.rest(), table, names)
    if found is None:
        return None
    keyword, word = found
    suggestion = ""
    arranged = (
        None
        if keyword is None
        else arrange(cursor.rest(), keyword.command or "", keyword.args, names, table, [])
    )
    if keyword is not None and arranged is not None:
        try:
            suggestion = _spelled(keyword.text, keyword.args, _arranged(arranged, keyword, names))
        except _Refused:
            suggestion = ""
    return Msg("order_not_understood", {"word": excerpt(word)}), suggestion


def find_commands(body: list[tuple[int, str]], phase: PhaseSpec) -> list[Command]:
    """The lines of `body` that are whole commands of `phase` (СТАТУС, ОТПУСК 2 beside the orders),
    each with its line; any other line is the caller's to read, so none is refused or matched
    against the keywords for a suggestion here."""
    table = wording(phase).keywords
    commands: list[Command] = []
    for number, text in body:
        cursor = _order_line(text)
        found = None if cursor is None else table.longest(cursor.keys(table.width))
        if cursor is None or found is None or found[0].command is None:
            continue
        cursor.index += found[1]
        try:
            commands.append(replace(_read_args(cursor, found[0], {}), line=number))
        except _Refused:
            continue
    return commands


def normal_form(command: Command, phase: PhaseSpec) -> str:
    """The command as we quote it back: first keyword, canonical names, plain numbers."""
    spec = next((spec for spec in phase.commands if spec.name == command.name), None)
    if spec is None:
        raise KeyError(f"command {command.name!r} is not in phase {phase.name!r}")
    return _spelled(spec.keywords[0], spec.args, command)


def parser_catalog() -> Catalog:
    """The messages of every problem code the parsers emit."""
    return Catalog.load(Path(__file__).with_name("messages.toml"))


def _spelled(keyword: str, args: Sequence[Arg], command: Command) -> str:
    """The command as the normal form writes it."""
    shown = _shown(command)
    return " ".join([keyword, *(shown[arg.name] for arg in args if arg.name in shown)])


def _shown(command: Command) -> dict[str, str]:
    """Each value as the normal form writes it: list items and pairs comma-separated, so
    multi-word names stay clear."""
    return {
        **{name: str(value) for name, value in command.args.items()},
        **{name: ", ".join(items) for name, items in command.lists.items()},
        **{name: ", ".join(f"{a} {b}" for a, b in pairs) for name, pairs in command.pairs.items()},
    }


def _order_line(text: str) -> _Cursor | None:
    """The line's words without a list marker or a trailing comment, at most `ORDER_WORDS` of
    them; None for a line of none."""
    tokens = tokenize(text, ORDER_WORDS + 2)
    if len(tokens) > 1 and not tokens[0].quoted and _LIST_MARKER.fullmatch(tokens[0].raw):
        tokens = tokens[1:]
    comment = next(
        (i for i, token in enumerate(tokens) if token.raw.startswith("#") and not token.quoted), None
    )
    if comment is not None:
        tokens = tokens[:comment]
    return _Cursor(text, tokens[:ORDER_WORDS], cut=len(tokens) > ORDER_WORDS) if tokens else None


def _whole(cursor: _Cursor, keyword: Keyword, names: Mapping[str, Names], table: Wording) -> Command | None:
    """The whole line read as `keyword`'s command (see `arrangement.meaning`); None if it is refused."""
    try:
        return _read_args(_Cursor(cursor.text, cursor.tokens, cut=cursor.cut), keyword, names, table)
    except _Refused:
        return None


def _read_args(
    cursor: _Cursor, keyword: Keyword, names: Mapping[str, Names], table: Wording | None = None
) -> Command:
    """The keyword's arguments as a command (of line 0). With the phase's `table`, a line the
    schema's order does not read, or one whose prepositions name its arguments' roles («БОНУС на
    Лаций с Сицилии»), is read by its words' kinds in the order the player gave them
    (`arrangement.arrange`); a line in the schema's order costs no more than it did."""
    if cursor.cut and ArgKind.TEXT not in {arg.kind for arg in keyword.args}:
        raise _Refused(Msg("too_many_words", {"most": ORDER_WORDS}))
    if table is None or keyword.command is None or not table.by_kinds:
        return _in_order(cursor, keyword, names)
    said = table.of(keyword.command)
    if not keyword.args and all(token.key in said.fillers for token in cursor.rest()):
        return Command(keyword.command, {}, 0)  # «Дарую права народу»: words that add nothing
    roles = said.roles
    in_order: _Refused | None = None
    if not any(token.key in roles for token in cursor.rest()):
        try:
            return _in_order(replace(cursor), keyword, names)
        except _Refused as refused:
            in_order = refused
    arranged = arrange(cursor.rest(), keyword.command, keyword.args, names, table)
    if arranged is None:
        if in_order is not None:
            raise in_order
        return _in_order(cursor, keyword, names)
    if arranged.missing:
        given = {name: ", ".join(values) for name, values in arranged.values.items()}
        raise _missing(keyword, arranged.missing[0], names, given)
    return _arranged(arranged, keyword, names)


def _arranged(arranged: Arranged, keyword: Keyword, names: Mapping[str, Names]) -> Command:
    """The command of a line's arguments as `arrange` placed them, read in the schema's order."""
    text = " ".join(", ".join(arranged.values[a.name]) for a in keyword.args if a.name in arranged.values)
    return _in_order(_Cursor(text, tokenize(text)), keyword, names)


def _in_order(cursor: _Cursor, keyword: Keyword, names: Mapping[str, Names]) -> Command:
    """The keyword's arguments in the schema's order: lists and pairs apart from single values."""
    args: dict[str, int | str] = {}
    lists: dict[str, tuple[str, ...]] = {}
    pairs: dict[str, tuple[tuple[str, str], ...]] = {}
    for arg in keyword.args:
        vocabulary = names.get(arg.vocabulary, NO_NAMES)
        if arg.kind is ArgKind.TEXT:
            text = cursor.after().strip()
            cursor.index = cursor.end
            if text:
                args[arg.name] = text
        elif not cursor.left():
            pass  # nothing left for it: missing, unless optional
        elif arg.kind is ArgKind.INT:
            args[arg.name] = _read_int(cursor, arg)
        elif arg.kind is ArgKind.CODE:
            args[arg.name] = _read_code(cursor, arg)
        elif arg.kind is ArgKind.NAME_LIST:
            path = _path_items(vocabulary)
            lists[arg.name] = _read_items(cursor, arg, _list_item(arg, vocabulary), _ITEM_COUNTS, path)
        elif arg.kind is ArgKind.PAIR_LIST:
            seconds = names.get(arg.second_vocabulary, NO_NAMES)
            pairs[arg.name] = _read_items(cursor, arg, _pair(arg, vocabulary, seconds), _PAIR_COUNTS)
        else:
            args[arg.name] = _read_name(cursor, arg, vocabulary)
        if not arg.optional and arg.name not in {**args, **lists, **pairs}:
            raise _missing(keyword, arg.name, names, _shown(Command("", args, 0, lists, pairs)))
    command = Command(keyword.command or keyword.text, args, 0, lists, pairs)
    if cursor.left():
        words = excerpt(cursor.written(cursor.left()))
        raise _Refused(Msg("extra_words", {"words": words}), _spelled(keyword.text, keyword.args, command))
    return command


def _missing(keyword: Keyword, arg: str, names: Mapping[str, Names], given: Mapping[str, str]) -> _Refused:
    """A required argument the line did not give, with an example of the whole order made of what
    the line gave and the schema's example's other values («РАСПРЕДЕЛИТЬ ОПОЛЧЕНИЕ Армия 2 1» to a
    player who named Армия 2); no suggestion besides, which would say the example again."""
    tokens = tokenize(keyword.example)
    example = keyword.example
    for start in range(1, min(len(tokens), 4)):  # past the example's keyword, of up to three words
        try:
            model = _in_order(_Cursor(example, tokens, start), keyword, names)
        except _Refused:
            continue
        shown = {**_shown(model), **given}
        values = [shown[a.name] for a in keyword.args if a.name in shown]
        example = " ".join([example[: tokens[start - 1].end], *values])
        break
    return _Refused(Msg("missing_argument", {"command": keyword.text, "arg": arg, "example": example}))


def _read_int(cursor: _Cursor, arg: Arg) -> int:
    token = cursor.tokens[cursor.index]
    params: dict[str, str | int] = {"word": excerpt(token.raw), "arg": arg.name}
    try:
        value = int(token.key) if _INT.fullmatch(token.key) else None
    except ValueError:  # more digits than Python converts
        value = None
    if value is None:
        raise _Refused(Msg("not_a_number", params))
    low = 0 if arg.minimum is None else arg.minimum
    if value < low:
        raise _Refused(Msg("number_too_small", {**params, "min": low}))
    if arg.maximum is not None and value > arg.maximum:
        raise _Refused(Msg("number_too_large", {**params, "max": arg.maximum}))
    cursor.index += 1
    return value


def _read_code(cursor: _Cursor, arg: Arg) -> str:
    """One word of `arg.alphabet`'s characters, `arg.min_items`..`arg.max_items` long (a move
    code); its first foreign character, or its length, refuses it. Read in one pass over the word."""
    token = cursor.tokens[cursor.index]
    params: dict[str, str | int] = {"word": excerpt(token.raw), "arg": arg.name}
    allowed = set(normalize(arg.alphabet))
    foreign = next((ch for ch in token.key if ch not in allowed), None)
    if foreign is not None:
        raise _Refused(Msg("code_bad_character", {**params, "char": foreign, "allowed": _runs(arg.alphabet)}))
    if len(token.key) > arg.max_items:
        raise _Refused(Msg("code_too_long", {**params, "count": len(token.key), "max": arg.max_items}))
    if len(token.key) < arg.min_items:
        raise _Refused(Msg("code_too_short", {**params, "count": len(token.key), "min": arg.min_items}))
    cursor.index += 1
    return token.key


def _runs(alphabet: str) -> str:
    """The characters of an alphabet as a reader takes them in: «1–8», «1–3, 7»."""
    runs: list[list[str]] = []
    for ch in alphabet:
        if runs and ord(ch) == ord(runs[-1][-1]) + 1:
            runs[-1].append(ch)
        else:
            runs.append([ch])
    return ", ".join(run[0] if len(run) == 1 else f"{run[0]}–{run[-1]}" for run in runs)


def _read_name(cursor: _Cursor, arg: Arg, names: Names) -> str:
    return _take_name(cursor, names, lambda word: Msg("unknown_name", {"word": word, "arg": arg.name}))


def _take_name(cursor: _Cursor, names: Names, unknown: Callable[[str], Msg]) -> str:
    """The name at the cursor, read past; else refused with `unknown` of the words as written
    (past a preposition) and the closest name, the cursor past the words that guess spans; a case
    form of several names is refused naming two of them."""
    found = _name_at(cursor, names)
    if found is None:
        cursor.index += _preposition(cursor)
        word, suggestion, size = _unmatched(cursor, names.known, str)
        cursor.index += size
        raise _Refused(unknown(word), suggestion)
    name, size = found
    written = cursor.written(size)
    cursor.index += size
    if isinstance(name, tuple):
        raise _Refused(Msg("ambiguous_name", {"word": written, "first": name[0], "second": name[1]}))
    return name


Found = tuple[str | tuple[str, ...], int]  # a name (or the names a case form is shared by), its words


def _name_at(cursor: _Cursor, names: Names) -> Found | None:
    """The name at the cursor and how many words it spans: the longest run of words that is a
    name or a case form of one, or a quoted name; else the same after a preposition."""
    width = max(names.known.width, names.ambiguous.width, 1)
    found = _name_from(cursor.rest(width), names)
    skip = _preposition(cursor)
    if found is not None or not skip:
        return found
    after = _name_from(cursor.rest(skip + width)[skip:], names)
    return None if after is None else (after[0], after[1] + skip)


def _name_from(tokens: list[Token], names: Names) -> Found | None:
    if tokens[0].quoted:
        name = names.known.lookup(tokens[0].raw)
        owners = names.ambiguous.lookup(tokens[0].raw)
        return (name, 1) if name is not None else None if owners is None else (owners, 1)
    keys = [token.key for token in tokens]
    found = names.known.longest(keys)
    shared = names.ambiguous.longest(keys)
    if shared is not None and (found is None or shared[1] > found[1]):
        return shared
    return found


def _preposition(cursor: _Cursor) -> int:
    """1 when a preposition with words after it stands at the cursor («в Армию»), else 0."""
    rest = cursor.rest(2)
    return int(len(rest) > 1 and not rest[0].quoted and rest[0].key in PREPOSITIONS)


ItemReader = Callable[[_Cursor, int], T]  # an item at the cursor, read past, given its number


def _read_items(
    line: _Cursor,
    arg: Arg,
    read: ItemReader[T],
    counts: tuple[str, str],
    prepare: Callable[[str], str] = str,
) -> tuple[T, ...]:
    """Items to the end of the line, each read alone up to a comma (or as far as `read` takes
    it); every bad item is its own problem with its own suggestion, so one reply shows all a player
    must fix. No item past `arg.max_items` is read: a longer list is refused there, so a mail's cost
    never grows with a list no rule allows. `counts`: the problem codes of too few and too many;
    `prepare` rewrites the written items first (a path's arrows and dashes into commas)."""
    tail = _GLUED_COMMA.sub(", ", prepare(line.written(line.left())))  # "Рязань,Пронск"
    tokens = tokenize(tail, ORDER_WORDS + 1)
    if len(tokens) > ORDER_WORDS:  # «Рязань,Рязань,…»: one word of the line, but many items
        raise _Refused(Msg("too_many_words", {"most": ORDER_WORDS}))
    line.index = line.end
    ends = _item_ends(tail, tokens)
    items: list[T] = []
    bad: list[tuple[Msg, str]] = []
    at = 0
    while at < len(tokens):
        if len(items) + len(bad) == arg.max_items:
            raise _Refused(Msg(counts[1], {"arg": arg.name, "max": arg.max_items}), "", *bad)
        item = _Cursor(tail, tokens, at, ends[at])
        try:
            items.append(read(item, len(items) + len(bad) + 1))
        except _Refused as refused:
            bad.extend(refused.reasons)
        at = item.index
    if bad:
        raise _Refused(*bad[0], *bad[1:])
    if len(items) < arg.min_items:
        raise _Refused(Msg(counts[0], {"arg": arg.name, "count": len(items), "min": arg.min_items}))
    return tuple(items)


def _path_items(names: Names) -> Callable[[str], str]:
    """A name list as players write a path: arrows, dashes and semicolons between items are commas,
    and a word gluing names with hyphens («Рязань-Тула») is those names, unless the whole word is a
    name itself («Новгород-Северский»)."""

    def prepare(text: str) -> str:
        text = _LIST_SEPARATORS.sub(", ", text)
        pieces: list[str] = []
        at = 0  # the text up to here is in `pieces`
        for token in tokenize(text):
            glued = token.raw.rstrip(",")
            parts = [] if token.quoted else [part for part in glued.split("-") if part]
            if (
                len(parts) > 1
                and names.known.lookup(glued) is None
                and all(names.known.lookup(part) is not None for part in parts)
            ):
                pieces += [text[at : token.start], ", ".join(parts)]
                at = token.start + len(glued)
        return "".join([*pieces, text[at:]])

    return prepare


def _list_item(arg: Arg, names: Names) -> ItemReader[str]:
    """A NAME_LIST item: one name."""

    def read(item: _Cursor, number: int) -> str:
        params: dict[str, str | int] = {"arg": arg.name, "item": number}
        return _take_name(item, names, lambda word: Msg("unknown_item", {**params, "word": word.rstrip(",")}))

    return read


def _pair(arg: Arg, firsts: Names, seconds: Names) -> ItemReader[tuple[str, str]]:
    """A PAIR_LIST item: a name of each vocabulary. A bad name refuses the pair up to its comma;
    a first name with no second (the line or the pair ends, or the next pair begins) refuses
    only that first name, so the next pair is read as written."""

    def read(item: _Cursor, number: int) -> tuple[str, str]:
        def refusal(code: str, **more: str) -> Callable[[str], Msg]:
            return lambda word: Msg(code, {"arg": arg.name, "item": number, "word": word.rstrip(","), **more})

        try:
            first = _take_name(item, firsts, refusal("unknown_pair_first"))
            missing = not item.left() or (
                _name_at(item, seconds) is None and _name_at(item, firsts) is not None
            )
            second = "" if missing else _take_name(item, seconds, refusal("unknown_pair_second", first=first))
        except _Refused:
            item.index = item.end  # up to the comma: what follows a bad name is no next pair
            raise
        if missing:
            raise _Refused(refusal("pair_missing_second", **_choices(seconds))(first))
        return first, second

    return read


_FEW_CHOICES = 3  # a pair's second half of at most this many names is named in a refusal


def _choices(seconds: Names) -> dict[str, str]:
    """What a pair lacks after its first half, as a refusal says it: its few choices («за» или
    «против»), or another name."""
    names = list(dict.fromkeys(name for _, name in seconds.known.items()))
    if not names or len(names) > _FEW_CHOICES:
        return {"choices_ru": "ещё одного названия", "choices_en": "a second name"}
    ru, en = [f"«{name}»" for name in names], [f"“{name}”" for name in names]
    return {
        "choices_ru": " или ".join([", ".join(ru[:-1]), ru[-1]] if len(ru) > 1 else ru),
        "choices_en": " or ".join([", ".join(en[:-1]), en[-1]] if len(en) > 1 else en),
    }


def _item_ends(text: str, tokens: list[Token]) -> list[int]:
    """For each token of a list, where the item it starts must end: after the first word from it
    on with a comma after it (written glued to it, or after its closing quote); found in one pass
    from the end, so a list of any length costs its length."""
    ends = [len(tokens)] * len(tokens)
    for i in range(len(tokens) - 1, -1, -1):
        after = tokens[i + 1].start if i + 1 < len(tokens) else len(text)
        end = tokens[i].end if tokens[i].quoted else tokens[i].end - 1  # a bare word holds its comma
        if "," in text[end:after]:
            ends[i] = i + 1
        elif i + 1 < len(tokens):
            ends[i] = ends[i + 1]
    return ends


def _unmatched(
    cursor: _Cursor, phrases: Phrases[T], shown: Callable[[T], str], strict: bool = False
) -> tuple[str, str, int]:
    """The words as written that match nothing in `phrases`, the closest entry if any is close
    (`strict`: see `Phrases.closest`), and how many words that guess spans."""
    head = cursor.tokens[cursor.index]
    if head.quoted:  # the quotes bound the name: compare all of it
        near = phrases.closest(phrase_keys(excerpt(head.raw)), whole=True, strict=strict)
        return excerpt(head.raw), "" if near is None else shown(near[0]), 1
    near = phrases.closest(cursor.keys(phrases.width), strict=strict)
    if near is None:
        return excerpt(head.raw), "", 1
    return excerpt(cursor.written(near[1])), shown(near[0]), near[1]
