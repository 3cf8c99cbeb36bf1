"""Order lines → typed commands, read with a phase's command schema; it knows no ruleset.

Each line is a keyword of the phase, then its arguments in order. A line that cannot be read
becomes one problem (with a suggestion when we can guess), never an exception, so one reply can
list every refused line next to the accepted ones.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from engines.contract import Arg, ArgKind, Command, CommandSpec, PhaseSpec, Problem, Vocabulary
from engines.text import Catalog, Msg
from parsers.names import Phrases, vocabulary_phrases
from parsers.normalize import Token, phrase_keys, tokenize

T = TypeVar("T")

# the generic "no actions this turn" of every phase: a submitted, empty turn
PASS_KEYWORDS = ("НЕТ ДЕЙСТВИЙ", "PASS", "NO ACTIONS")
_INT = re.compile(r"-?[0-9]+")
_LIST_MARKER = re.compile(r"[0-9]{1,3}|-")  # "1. ВЛОЖИТЬ …", "- ВЛОЖИТЬ …"
_GLUED_COMMA = re.compile(r",(?=\S)")
# what players also write between the items of a path: «Рязань → Тула; Москва», «Рязань - Тула»
_LIST_SEPARATORS = re.compile(r"\s*(?:->|[;>→–—])\s*|\s+-+\s+")
_NO_NAMES: Phrases[str] = Phrases([])
Value = int | str | tuple[str, ...]


@dataclass(frozen=True)
class ParsedOrders:
    commands: list[Command]
    problems: list[Problem]
    explicit_pass: bool  # the mail said НЕТ ДЕЙСТВИЙ / PASS (a submitted, empty turn)


@dataclass(frozen=True)
class _Keyword:
    text: str  # as the schema spells it, for suggestions
    command: str | None  # the spec's name; None: the generic pass
    args: tuple[Arg, ...] = ()
    example: str = ""

    @staticmethod
    def of(spec: CommandSpec) -> list[tuple[str, _Keyword]]:
        return [(word, _Keyword(word, spec.name, spec.args, spec.example)) for word in spec.keywords]


class _Refused(Exception):
    """Why a line is refused: its first problem, or each bad item of a list; caught per line, it
    never leaves the parser."""

    def __init__(self, msg: Msg, suggestion: str = "", *more: tuple[Msg, str]) -> None:
        super().__init__(msg.code)
        self.reasons = [(msg, suggestion), *more]


@dataclass
class _Cursor:
    """An order line read left to right."""

    text: str
    tokens: list[Token]  # up to a trailing "# comment"
    index: int = 0

    def rest(self) -> list[Token]:
        return self.tokens[self.index :]

    def keys(self) -> list[str]:
        return [token.key for token in self.rest()]

    def written(self, count: int) -> str:
        """The next `count` tokens as written."""
        return self.text[self.tokens[self.index].start : self.tokens[self.index + count - 1].end]

    def after(self) -> str:
        """The line after the last token read (at least the keyword), as written."""
        return self.text[self.tokens[self.index - 1].end :]


def parse_commands(
    body: list[tuple[int, str]], phase: PhaseSpec, vocabularies: Mapping[str, Vocabulary]
) -> ParsedOrders:
    """Every order line → a command or a problem; НЕТ ДЕЙСТВИЙ alone makes an explicit pass."""
    keywords = Phrases(
        [entry for spec in phase.commands for entry in _Keyword.of(spec)]
        + [(word, _Keyword(word, None)) for word in PASS_KEYWORDS]
    )
    names = {key: vocabulary_phrases(vocabulary) for key, vocabulary in vocabularies.items()}
    commands: list[Command] = []
    problems: list[Problem] = []
    passes: list[int] = []
    ordered = False  # some line meant an order, even a refused one
    for number, text in body:
        cursor = _order_line(text)
        if cursor is None:
            continue
        try:
            keyword = _read_keyword(cursor, keywords)
            ordered = ordered or keyword.command is not None
            args = _read_args(cursor, keyword, names)
        except _Refused as refused:
            problems.extend(Problem(number, msg, suggestion) for msg, suggestion in refused.reasons)
            continue
        if keyword.command is None:
            passes.append(number)
        else:
            single = {k: v for k, v in args.items() if not isinstance(v, tuple)}
            lists = {k: v for k, v in args.items() if isinstance(v, tuple)}
            commands.append(Command(keyword.command, single, number, lists))
    if ordered:
        problems.extend(Problem(number, Msg("pass_with_orders")) for number in passes)
    problems.sort(key=lambda problem: problem.line)
    return ParsedOrders(commands, problems, bool(passes) and not ordered)


def normal_form(command: Command, phase: PhaseSpec) -> str:
    """The command as we quote it back: first keyword, canonical names, plain numbers."""
    spec = next((spec for spec in phase.commands if spec.name == command.name), None)
    if spec is None:
        raise KeyError(f"command {command.name!r} is not in phase {phase.name!r}")
    return _spelled(spec.keywords[0], spec.args, {**command.args, **command.lists})


def parser_catalog() -> Catalog:
    """The messages of every problem code the parsers emit."""
    return Catalog.load(Path(__file__).with_name("messages.toml"))


def _spelled(keyword: str, args: Sequence[Arg], values: Mapping[str, Value]) -> str:
    return " ".join([keyword, *(_shown(values[arg.name]) for arg in args if arg.name in values)])


def _shown(value: Value) -> str:
    """A value as the normal form writes it: a list comma-separated, so multi-word names stay clear."""
    return ", ".join(value) if isinstance(value, tuple) else str(value)


def _order_line(text: str) -> _Cursor | None:
    """The line's words without a list marker or a trailing comment; None for a line of none."""
    tokens = tokenize(text)
    if len(tokens) > 1 and not tokens[0].quoted and _LIST_MARKER.fullmatch(tokens[0].key):
        tokens = tokens[1:]
    comment = next(
        (i for i, token in enumerate(tokens) if token.raw.startswith("#") and not token.quoted), len(tokens)
    )
    return _Cursor(text, tokens[:comment]) if comment else None


def _read_keyword(cursor: _Cursor, keywords: Phrases[_Keyword]) -> _Keyword:
    found = keywords.longest(cursor.keys())
    if found is None:
        word, suggestion, _ = _unmatched(cursor, keywords, lambda keyword: keyword.text)
        raise _Refused(Msg("unknown_command", {"word": word}), suggestion)
    cursor.index += found[1]
    return found[0]


def _read_args(cursor: _Cursor, keyword: _Keyword, names: Mapping[str, Phrases[str]]) -> dict[str, Value]:
    args: dict[str, Value] = {}
    for arg in keyword.args:
        value: Value | None
        if arg.kind is ArgKind.TEXT:
            value = cursor.after().strip() or None
            cursor.index = len(cursor.tokens)
        elif not cursor.rest():
            value = None
        elif arg.kind is ArgKind.INT:
            value = _read_int(cursor, arg)
        elif arg.kind is ArgKind.NAME_LIST:
            value = _read_list(cursor, arg, names.get(arg.vocabulary, _NO_NAMES))
        else:
            value = _read_name(cursor, arg, names.get(arg.vocabulary, _NO_NAMES))
        if value is not None:
            args[arg.name] = value
        elif not arg.optional:
            params = {"command": keyword.text, "arg": arg.name, "example": keyword.example}
            raise _Refused(Msg("missing_argument", params), keyword.example)
    if cursor.rest():
        words = cursor.written(len(cursor.rest()))
        raise _Refused(Msg("extra_words", {"words": words}), _spelled(keyword.text, keyword.args, args))
    return args


def _read_int(cursor: _Cursor, arg: Arg) -> int:
    token = cursor.rest()[0]
    params: dict[str, str | int] = {"word": token.raw, "arg": arg.name}
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


def _read_name(cursor: _Cursor, arg: Arg, names: Phrases[str]) -> str:
    found = _name_at(cursor, names)
    if found is None:
        word, suggestion, _ = _unmatched(cursor, names, str)
        raise _Refused(Msg("unknown_name", {"word": word, "arg": arg.name}), suggestion)
    cursor.index += found[1]
    return found[0]


def _name_at(cursor: _Cursor, names: Phrases[str]) -> tuple[str, int] | None:
    """The name at the cursor: the longest run of words that is one, or a quoted name; and its size."""
    head = cursor.rest()[0]
    if head.quoted:
        name = names.lookup(head.raw)
        return None if name is None else (name, 1)
    return names.longest(cursor.keys())


def _read_list(line: _Cursor, arg: Arg, names: Phrases[str]) -> tuple[str, ...]:
    """Names to the end of the line, each read alone up to a comma; every unknown item is its own
    problem with its own suggestion, so one reply shows all a player must fix."""
    tail = _GLUED_COMMA.sub(", ", _LIST_SEPARATORS.sub(", ", line.written(len(line.rest()))))
    cursor = _Cursor(tail, tokenize(tail))
    line.index = len(line.tokens)
    items: list[str] = []
    bad: list[tuple[Msg, str]] = []
    while cursor.rest():
        item = _Cursor(cursor.text, cursor.tokens[: _item_end(cursor)], cursor.index)
        found = _name_at(item, names)
        glued = [] if found else _hyphenated(item.rest()[0], names)
        if found is not None:
            items.append(found[0])
            size = found[1]
        elif glued:
            items.extend(glued)
            size = 1
        else:
            word, suggestion, size = _unmatched(item, names, str)
            params: dict[str, str | int] = {
                "word": word.rstrip(","),
                "arg": arg.name,
                "item": len(items) + len(bad) + 1,
            }
            bad.append((Msg("unknown_item", params), suggestion))
        cursor.index = item.index + size
    if bad:
        raise _Refused(*bad[0], *bad[1:])
    counts: dict[str, str | int] = {"arg": arg.name, "count": len(items), "min": arg.min_items}
    if len(items) < arg.min_items:
        raise _Refused(Msg("too_few_items", counts))
    if arg.max_items is not None and len(items) > arg.max_items:
        raise _Refused(Msg("too_many_items", {**counts, "max": arg.max_items}))
    return tuple(items)


def _hyphenated(token: Token, names: Phrases[str]) -> list[str]:
    """The names a word glues with hyphens («Рязань-Тула»), read only when the whole word is no name
    («Новгород-Северский» is one); [] unless every part is a name."""
    words = [] if token.quoted else [part for part in token.raw.rstrip(",").split("-") if part]
    parts = [names.lookup(word) for word in words]
    found = [name for name in parts if name is not None]
    return found if len(found) > 1 and len(found) == len(parts) else []


def _item_end(cursor: _Cursor) -> int:
    """Where the list item at the cursor must end: after the first word written with a comma."""
    rest = enumerate(cursor.rest(), start=cursor.index)
    return next((i + 1 for i, t in rest if not t.quoted and t.raw.endswith(",")), len(cursor.tokens))


def _unmatched(cursor: _Cursor, phrases: Phrases[T], shown: Callable[[T], str]) -> tuple[str, str, int]:
    """The words as written that match nothing in `phrases`, the closest entry if any is close, and
    how many words that guess spans."""
    head = cursor.rest()[0]
    if head.quoted:  # the quotes bound the name: compare all of it
        near = phrases.closest(phrase_keys(head.raw), whole=True)
        return head.raw, "" if near is None else shown(near[0]), 1
    near = phrases.closest(cursor.keys())
    if near is None:
        return head.raw, "", 1
    return cursor.written(near[1]), shown(near[0]), near[1]
