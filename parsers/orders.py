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
_NO_NAMES: Phrases[str] = Phrases([])


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
    """The first problem of a line; caught per line, it never leaves the parser."""

    def __init__(self, msg: Msg, suggestion: str = "") -> None:
        super().__init__(msg.code)
        self.msg = msg
        self.suggestion = suggestion


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
            problems.append(Problem(number, refused.msg, refused.suggestion))
            continue
        if keyword.command is None:
            passes.append(number)
        else:
            commands.append(Command(keyword.command, args, number))
    if ordered:
        problems.extend(Problem(number, Msg("pass_with_orders")) for number in passes)
    problems.sort(key=lambda problem: problem.line)
    return ParsedOrders(commands, problems, bool(passes) and not ordered)


def normal_form(command: Command, phase: PhaseSpec) -> str:
    """The command as we quote it back: first keyword, canonical names, plain numbers."""
    spec = next((spec for spec in phase.commands if spec.name == command.name), None)
    if spec is None:
        raise KeyError(f"command {command.name!r} is not in phase {phase.name!r}")
    return _spelled(spec.keywords[0], spec.args, command.args)


def parser_catalog() -> Catalog:
    """The messages of every problem code the parsers emit."""
    return Catalog.load(Path(__file__).with_name("messages.toml"))


def _spelled(keyword: str, args: Sequence[Arg], values: Mapping[str, int | str]) -> str:
    return " ".join([keyword, *(str(values[arg.name]) for arg in args if arg.name in values)])


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
        word, suggestion = _unmatched(cursor, keywords, lambda keyword: keyword.text)
        raise _Refused(Msg("unknown_command", {"word": word}), suggestion)
    cursor.index += found[1]
    return found[0]


def _read_args(cursor: _Cursor, keyword: _Keyword, names: Mapping[str, Phrases[str]]) -> dict[str, int | str]:
    args: dict[str, int | str] = {}
    for arg in keyword.args:
        value: int | str | None
        if arg.kind is ArgKind.TEXT:
            value = cursor.after().strip() or None
            cursor.index = len(cursor.tokens)
        elif not cursor.rest():
            value = None
        elif arg.kind is ArgKind.INT:
            value = _read_int(cursor, arg)
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
    """A name of the vocabulary: the longest run of words that is one, or a quoted name."""
    head = cursor.rest()[0]
    if head.quoted:
        name, size = names.lookup(head.raw), 1
    else:
        name, size = names.longest(cursor.keys()) or (None, 0)
    if name is None:
        word, suggestion = _unmatched(cursor, names, str)
        raise _Refused(Msg("unknown_name", {"word": word, "arg": arg.name}), suggestion)
    cursor.index += size
    return name


def _unmatched(cursor: _Cursor, phrases: Phrases[T], shown: Callable[[T], str]) -> tuple[str, str]:
    """The words as written that match nothing in `phrases`, and the closest entry if any is close."""
    head = cursor.rest()[0]
    if head.quoted:  # the quotes bound the name: compare all of it
        near = phrases.closest(phrase_keys(head.raw), whole=True)
        return head.raw, "" if near is None else shown(near[0])
    near = phrases.closest(cursor.keys())
    if near is None:
        return head.raw, ""
    return cursor.written(near[1]), shown(near[0])
