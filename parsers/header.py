"""The header of an order mail: which game, which power, the password, the turn, a signup.

Header words may come in any order and any case, with or without ":" or "=", on any line (a
greeting above them must not cost a player the whole mail, so no ruleset may use them as command
keywords); ГОТОВО may be the subject too; КОНЕЦ ends the mail. Those two are words alone on their
line: «Готово не всё, поправлю завтра» and «Конец хода близко» are the player's prose. The password
is the only value kept exactly as written; the blank's placeholder is no password.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from engines.contract import Problem
from engines.text import Msg
from parsers.names import Phrases
from parsers.normalize import normalize

HEADER_WORDS: dict[str, tuple[str, ...]] = {  # field → spellings; reserved in every ruleset
    "game": ("ИГРА", "GAME"),
    # a ruleset adds its own (КНЯЖЕСТВО); these are every game's, whatever its powers are called
    "power": ("СТРАНА", "ДЕРЖАВА", "ГОСУДАРСТВО", "НАРОД", "ПЛЕМЯ", "POWER", "COUNTRY"),
    "password": ("ПАРОЛЬ", "PASSWORD"),
    "turn": ("ХОД", "TURN"),
    "signup": ("ЗАПИСЫВАЮСЬ", "SIGNUP", "SIGN UP"),
    "gm": ("ВЕДУЩИЙ", "GM"),
    "ready": ("ГОТОВО", "ГОТОВ", "READY"),
    "end": ("КОНЕЦ", "END"),
}
_MAY_BE_EMPTY = ("signup", "gm", "ready")
_ALONE = ("ready", "end")  # fields whose word is the whole line, punctuation aside
_NO_WORDS = re.compile(r"[\W_]*")
# what the blank and a refusal's model mail show in place of the password, normalized
PASSWORD_PLACEHOLDERS = {"ru": "ваш-пароль", "en": "your-password"}
_PLACEHOLDERS = frozenset({*PASSWORD_PLACEHOLDERS.values(), "пароль", "password"})
_FIRST_WORD = re.compile(r"\s*[^\W\d_]+")
_NEXT_WORD = re.compile(r"\s+[^\W\d_]+")
# what may follow a header word: ":" or "=" or a space, then the value; or the end of the line
_VALUE = re.compile(r"(?:\s*[:=]|\s|$)(.*)", re.DOTALL)
_GLUED_PUNCTUATION = re.compile(r"[.!;,]+")  # "КОНЕЦ."
_SUBJECT_TAG = re.compile(r"\[([\w-]+)\]")
# a subject that says only a reply's or forward's prefix, a tag and a word: «Re: [council-1] ГОТОВО!»
_SUBJECT_WORD = re.compile(
    r"\s*(?:(?:re|fwd?|ответ|пересл)\s*:\s*)*(?:\[[\w-]+\]\s*)*(?P<word>[^\W\d_]+)[.!]*\s*", re.I
)
_NUMBER = re.compile(r"[0-9]{1,9}\.?")  # a longer "turn" is a typo, not a turn
_PROSE = re.compile(r"[^\W\d_]+\s+\S")  # «Ход римлян такой:» is a sentence, not ХОД and a number


@dataclass(frozen=True)
class OrderHeader:
    game: str | None  # lowercased game id, from ИГРА or else the subject tag "[coins-1]"
    power: str | None  # as written; the caller matches it against the game's powers
    password: str | None  # exactly as written
    turn: int | None
    signup: str | None  # the name after ЗАПИСЫВАЮСЬ as written, "" if none; None: not a signup
    gm: bool = False  # a ВЕДУЩИЙ line: the mail holds the GM's commands
    ready: bool = False  # a ГОТОВО line: the player accepts the orders kept, refused lines or not


@dataclass(frozen=True)
class OrderText:
    header: OrderHeader
    body: list[tuple[int, str]]  # the order lines, numbered as in the mail
    problems: list[Problem]
    fields: dict[int, str]  # line number → header field of each header line ("end" for КОНЕЦ)


@dataclass(frozen=True)
class _Entry:
    line: int
    word: str  # the header word as written, for messages
    value: str


@lru_cache(maxsize=64)
def _words(power_keywords: tuple[str, ...]) -> Phrases[str]:
    """The header words and the games' power keywords: one table per set of games, not per mail."""
    return Phrases(
        [(word, field) for field, spellings in HEADER_WORDS.items() for word in spellings]
        + [(word, "power") for word in power_keywords]
    )


def header_fields(lines: list[tuple[int, str]]) -> set[str]:
    """The header fields these lines give (КОНЕЦ not counted): of the parts of a mail, the one
    with the most of them holds the orders, whatever a greeting in another part says."""
    words = _words(())
    found = (_header_line(text, words) for _, text in lines)
    return {entry[0] for entry in found if entry is not None and entry[0] != "end"}


def split_header(lines: list[tuple[int, str]], subject: str, power_keywords: Sequence[str] = ()) -> OrderText:
    """Header lines wherever they stand; every other line up to КОНЕЦ is the body."""
    words = _words(tuple(power_keywords))
    entries: dict[str, list[_Entry]] = {}
    body: list[tuple[int, str]] = []
    fields: dict[int, str] = {}
    for number, text in lines:
        if not text.strip() or text.lstrip().startswith("#"):
            continue
        found = _header_line(text, words)
        if found is not None:
            fields[number] = found[0]
        if found is not None and found[0] == "end":
            break
        if found is not None:
            field, word, value = found
            entries.setdefault(field, []).append(_Entry(number, word, value))
        else:
            body.append((number, text))
    entries["power"] = _own_first(entries.get("power", []), power_keywords)
    entries["password"] = _filled_first(entries.get("password", []))
    problems: list[Problem] = []
    values = {field: _agreed(field, seen, problems) for field, seen in entries.items() if seen}
    game = values.get("game")
    tag = _SUBJECT_TAG.search(subject)
    if game is None and tag:
        game = tag.group(1)
    header = OrderHeader(
        game=None if game is None else normalize(game),
        power=values.get("power"),
        password=values.get("password"),
        turn=None if values.get("turn") is None else _turn(entries["turn"][0], problems),
        signup=values.get("signup"),
        gm="gm" in entries,
        ready="ready" in entries or _subject_says(subject, "ready"),
    )
    return OrderText(header, body, sorted(problems, key=lambda problem: problem.line), fields)


def is_placeholder(password: str) -> bool:
    """Whether `password` is what the blank shows in its place («ваш-пароль», «<пароль>»): the
    player has not filled it in, which is no guess at anyone's password."""
    return normalize(password.strip("<>")) in _PLACEHOLDERS


def _subject_says(subject: str, field: str) -> bool:
    """Whether the subject is that field's word alone, after a tag («[council-1] ГОТОВО»): players
    write a word with no value there as they would on a line of its own."""
    said = _SUBJECT_WORD.fullmatch(subject)
    return said is not None and normalize(said.group("word")) in {normalize(w) for w in HEADER_WORDS[field]}


def _header_line(text: str, words: Phrases[str]) -> tuple[str, str, str] | None:
    """(field, header word as written, value) if `text` starts with a header word."""
    ends: list[int] = []
    keys: list[str] = []  # of the words up to each end: words of letters are tokens of their own
    match = _FIRST_WORD.match(text)
    while match and len(ends) < words.width:
        ends.append(match.end())
        keys.append(normalize(match.group()))
        match = _NEXT_WORD.match(text, match.end())
    for size in range(len(ends), 0, -1):
        end = ends[size - 1]
        field = words.exactly(tuple(keys[:size]))
        rest = text[end:]
        if field is None:
            continue
        if field in _ALONE:
            if _NO_WORDS.fullmatch(rest):
                return field, text[:end].strip(), ""
            continue
        if (value := _VALUE.match(rest)) and not (field == "turn" and _PROSE.match(value.group(1).strip())):
            return field, text[:end].strip(), value.group(1).strip()
        if _GLUED_PUNCTUATION.fullmatch(rest):
            return field, text[:end].strip(), ""
    return None


def _own_first(seen: list[_Entry], power_keywords: Sequence[str]) -> list[_Entry]:
    """The lines of a game's own word for what a player plays, where there are any: «СЕМЬЯ
    Орсини» names the power, and «ДЕРЖАВА Рим» above it the realm it is in, not a second power."""
    own = {normalize(word) for word in power_keywords}
    mine = [entry for entry in seen if normalize(entry.word) in own]
    return mine or seen


def _filled_first(seen: list[_Entry]) -> list[_Entry]:
    """The ПАРОЛЬ lines with a password, where there are any: a blank copied or quoted whole
    («ПАРОЛЬ ваш-пароль») beside the player's own line is not a second password."""
    return [entry for entry in seen if not is_placeholder(entry.value)] or seen


def _agreed(field: str, seen: list[_Entry], problems: list[Problem]) -> str | None:
    """The first value given for a field; a different later value or an empty one is a problem."""
    first = seen[0]
    if not first.value and field not in _MAY_BE_EMPTY:
        problems.append(Problem(first.line, Msg("empty_header", {"word": first.word})))
        return None
    problems.extend(
        Problem(entry.line, Msg("conflicting_header", {"word": entry.word}))
        for entry in seen[1:]
        if _comparable(field, entry.value) != _comparable(field, first.value)
    )
    return first.value


def _comparable(field: str, value: str) -> str:
    return value if field == "password" else normalize(value)


def _turn(entry: _Entry, problems: list[Problem]) -> int | None:
    if _NUMBER.fullmatch(entry.value):
        return int(entry.value.rstrip("."))
    problems.append(Problem(entry.line, Msg("bad_turn", {"word": entry.value})))
    return None
