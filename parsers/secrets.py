"""Where a password stands in a text, however it was written, so that it can be blanked.

Players do not copy a password exactly: they type it in capitals or without its dashes, a phone
turns a letter into its Cyrillic look-alike, a reply quotes the role mail, a mail client splits it
across a soft line break, a format=flowed line or an HTML tag («3e5e-<b></b>etm3-ypxi»), and a
hostile one writes it in fullwidth, mathematical or circled letters, with combining marks, as
HTML entities or «%2D» dashes. So a text is first seen as a matcher sees it (`fold`): every
escape (an HTML numeric or named entity, a URL's %XX) read as the character it stands for, every
character in its compatibility form (Unicode NFKD: «ａ», «𝐚», «ⓐ» are «a»), its marks dropped, a
look-alike as the Latin letter or digit Unicode's confusables table gives it (or, where it gives
none, gives its capital or small letter: Cyrillic «к» as «К» is «K»), lowercased. One character
becomes one, so a span found in the folded text is a span of the written one.
Then a secret is found by what it is made of:
- a known value (the mail's ПАРОЛЬ, a GM password): its letters and digits in order, anything
  but a letter or digit (spaces however many, line breaks, dashes, «. _ / , *», quote marks «>»,
  tags) between them when it is long enough not to be met by chance across words;
- a value written after a password word («пароль», «пapоль» with Latin letters, "password");
- any run of letters and digits shaped like a generated password (12 of its alphabet, anything
  but a letter or digit between them), which a caller's check proves to be one (a keyed hash: one
  HMAC); a mail's checks are bounded (`Proof`), so no text makes a mail cost more than that.
Every search is a regular expression that reads each character a bounded number of times.

The confusables table is Unicode's (UTS #39 confusables.txt), as the confusable-homoglyphs package
ships and keeps it; it is read when a text first holds a character outside ASCII.
"""

from __future__ import annotations

import html
import re
import unicodedata
from bisect import bisect_left
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

PASSWORD_LENGTH = 12
PASSWORD_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"  # no 0/o, 1/l: what a phone user can type
SHORTEST = 4  # a shorter known value is blanked only as a word of its own
_SPREAD = 8  # from this many characters on, a known value may be spread over separators
PROVED_PER_MAIL = 500  # distinct password-shaped runs one mail may have proved by a hash (`Proof`)

# a character as a mail may escape it: an HTML numeric or named entity, a URL's %XX
_ESCAPE = re.compile(r"&#[0-9]{1,7};|&#[xX][0-9a-fA-F]{1,6};|&[A-Za-z][A-Za-z0-9]{1,31};|%[0-9A-Fa-f]{2}")
# what may stand between the characters of a secret, in a folded text: anything but a letter or a
# digit (an underscore folds to a space), and a tag; "<" only as a tag's start, so that each
# character is read one way only and the search stays linear
_TAG = r"<[^<>]{0,200}>"
_BETWEEN = rf"(?:[^\w<]|{_TAG})*"
_NOISE = re.compile(rf"{_TAG}|\W")
_CHAR = f"[{PASSWORD_ALPHABET}]"
# a run shaped like a generated password, not glued to a letter of the alphabet before it
_SHAPED = re.compile(rf"(?<!{_CHAR})(?=({_CHAR}(?:{_BETWEEN}{_CHAR}){{{PASSWORD_LENGTH - 1}}}))")
# a value after a password word, folded: «пароль» (ь folds to «b»), "password", "pwd"
_AFTER_WORD = re.compile(r"(\b(?:пapoл[bяюеиe]\w*|passw(?:or)?d\w*|pwd)\b\W{0,3})(\S+)")
_RUSSIAN_WORD = re.compile(r"[а-яё]+[.,:;!?»)]*", re.IGNORECASE)
_CACHED_BELOW = 0x20000  # folds kept for these code points (every look-alike lives below)


class _Folds(dict[int, str]):
    """`str.translate`'s table: each code point to the one character a matcher sees, computed when
    first met and kept (below `_CACHED_BELOW`: a mail of every code point costs 15 MB, no more)."""

    def __missing__(self, code: int) -> str:
        folded = _fold_char(chr(code))
        if code < _CACHED_BELOW:
            self[code] = folded
        return folded


def _fold_char(char: str) -> str:
    """The one character a matcher sees for `char` (`fold`); `char` itself when it has none."""
    if char.isascii():
        return " " if char == "_" else char.lower()
    found = _prototype(char)
    if not found:
        bare = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
        if len(bare) != 1:
            return " " if not bare else char  # a mark alone stands between characters
        forms = (bare, bare.lower(), bare.upper())
        found = bare if bare.isascii() else next(filter(None, map(_prototype, forms)), bare)
    lowered = found.lower()
    return lowered if len(lowered) == 1 else char


def _prototype(char: str) -> str:
    """The ASCII letter or digit Unicode's confusables table says `char` looks like, or ""."""
    if len(char) != 1:
        return ""
    for entry in _confusables().get(char, ()):
        if len(entry["c"]) == 1 and entry["c"].isascii() and entry["c"].isalnum():
            return str(entry["c"])
    return ""


def load_lookalikes() -> None:
    """Read Unicode's confusables table now rather than at the first text outside ASCII."""
    _confusables()


@lru_cache(maxsize=1)
def _confusables() -> dict[str, list[dict[str, Any]]]:
    from confusable_homoglyphs import confusables

    table: dict[str, list[dict[str, Any]]] = confusables.confusables_data
    return table


_FOLDS = _Folds({code: _fold_char(chr(code)) for code in range(128)})
_ASCII_FOLDS = str.maketrans({chr(code): folded for code, folded in _FOLDS.items() if chr(code) != folded})


@dataclass(frozen=True)
class Folded:
    """A text as the matcher reads it (`fold`), and where each of its characters was written:
    escapes are the only characters that were more than one, so their places are enough."""

    text: str
    written_length: int
    _at: list[int] = field(default_factory=list)  # positions in `text` of escaped characters
    _extra: list[int] = field(default_factory=list)  # written characters before each, beyond one each

    def written(self, position: int) -> int:
        """Where the character at `position` of `text` starts in the written text (its length: the end)."""
        if position >= len(self.text):
            return self.written_length
        before = bisect_left(self._at, position)  # escaped characters before it
        return position + self._extra[before - 1] if before else position

    def span(self, start: int, end: int) -> tuple[int, int]:
        if not self._at:  # nothing was escaped: the same places
            return start, end
        return self.written(start), self.written(end)


def fold(text: str) -> Folded:
    """`text` as the matcher reads it: escapes read, compatibility forms, no marks, look-alikes
    as ASCII, lowercase; one character for one."""
    pieces, at, extra, done, gained = [], [], [], 0, 0
    for escape in _ESCAPE.finditer(text):
        char = _unescaped(escape.group())
        if len(char) != 1:
            continue
        start, end = escape.span()
        pieces += [text[done:start], char]
        at.append(start - gained)
        gained += end - start - 1
        extra.append(gained)
        done = end
    decoded = "".join([*pieces, text[done:]]) if pieces else text
    folded = decoded.translate(_ASCII_FOLDS if decoded.isascii() else _FOLDS)
    return Folded(folded, len(text), at, extra)


def _unescaped(escape: str) -> str:
    if escape.startswith("%"):
        return chr(int(escape[1:], 16))
    return html.unescape(escape)


def plain(written: str) -> str:
    """What a written secret is made of, as the matcher compares it: its letters and digits, folded."""
    return _letters(fold(written).text)


def _letters(folded: str) -> str:
    """The letters and digits of a folded text (spaces, the usual gap, dropped without a search)."""
    joined = "".join(folded.split())
    return joined if joined.isalnum() else _NOISE.sub("", joined)


class Proof:
    """One mail's proofs that a password-shaped run is a password (`check`, one keyed hash each):
    each distinct run proved once, at most `budget` of them; a mail holding more is garbage or an
    attack, and every further run is taken for a password unproved and blanked (a quoted line or
    the archive copy loses a word of noise, where proving them all cost minutes)."""

    def __init__(self, check: Callable[[str], bool], budget: int = PROVED_PER_MAIL) -> None:
        self.check = check
        self.budget = budget
        self._proved: dict[str, bool] = {}

    def __call__(self, typed: str) -> bool:
        known = self._proved.get(typed)
        if known is None:
            if len(self._proved) >= self.budget:
                return True
            known = self._proved[typed] = self.check(typed)
        return known


@dataclass(frozen=True)
class Secrets:
    """What to blank in a text: `known` values, and the password-shaped runs that `is_password`
    says are passwords (None: none are looked for)."""

    known: frozenset[str] = frozenset()
    is_password: Callable[[str], bool] | None = None

    def spans(self, text: str) -> list[tuple[int, int]]:
        """Where the secrets stand in `text`, in order, overlapping spans merged."""
        folded = fold(text)
        found = [
            folded.span(*m.span(2))
            for m in _AFTER_WORD.finditer(folded.text)
            if not _RUSSIAN_WORD.fullmatch(text[slice(*folded.span(*m.span(2)))])
        ]
        pattern = _known_pattern(self.known)
        if pattern is not None:
            found += [folded.span(*m.span()) for m in pattern.finditer(folded.text)]
        if self.is_password is not None:
            found += [
                folded.span(*m.span(1))
                for m in _SHAPED.finditer(folded.text)
                if self.is_password(_letters(m.group(1)))
            ]
        return _merged(found)

    def blank(self, text: str, mask: str) -> str:
        """`text` with each secret replaced by `mask`."""
        spans = self.spans(text)
        if not spans:
            return text
        pieces, done = [], 0
        for start, end in spans:
            pieces += [text[done:start], mask]
            done = end
        return "".join([*pieces, text[done:]])


def known_values(values: Iterable[str | None]) -> frozenset[str]:
    return frozenset(v.strip() for v in values if v and v.strip())


@lru_cache(maxsize=64)
def _known_pattern(known: frozenset[str]) -> re.Pattern[str] | None:
    """One search for all `known` values, the longest first; made once per set (a mail's set is
    the game's GM passwords and its ПАРОЛЬ value)."""
    parts = [_spelled(value) for value in sorted(known, key=len, reverse=True)]
    parts = [part for part in parts if part]
    return re.compile("|".join(parts)) if parts else None


def _spelled(value: str) -> str:
    """A known value as a regex over folded text: its letters and digits, folded, separators
    between them when the value is long enough not to be met by chance across words."""
    chars = list(plain(value))
    if len(chars) < SHORTEST:
        return rf"(?<!\w){re.escape(fold(value).text)}(?!\w)"
    between = _BETWEEN if len(chars) >= _SPREAD else ""
    return between.join(re.escape(char) for char in chars)


def _merged(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged
