"""Where a password stands in a text, however it was written, so that it can be blanked.

Players do not copy a password exactly: they type it in capitals or without its dashes, a phone
turns a letter into its Cyrillic look-alike, a reply quotes the role mail, a mail client splits it
across a soft line break, a format=flowed line or an HTML tag («3e5e-<b></b>etm3-ypxi»). So a
secret is found by what it is made of, not by its bytes:
- a known value (the mail's ПАРОЛЬ, a GM password): its letters and digits in order, in any case
  or look-alike, with dashes, spaces, line breaks, quote marks («>») or tags between them;
- a value written after a password word («пароль», «пapоль» with Latin letters, "password");
- any run of letters and digits shaped like a generated password (12 of its alphabet, dashes and
  the rest allowed between), which a caller's check proves to be one (a keyed hash: one HMAC).
Every search is a regular expression that reads each character a bounded number of times.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache

PASSWORD_LENGTH = 12
PASSWORD_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"  # no 0/o, 1/l: what a phone user can type
SHORTEST = 4  # a shorter known value is blanked only as a word of its own
_SPREAD = 8  # from this many characters on, a known value may be spread over separators

# Cyrillic letters that look like Latin ones, by the Latin letter (both cases)
_LOOKALIKES = {"a": "аА", "c": "сС", "e": "еЕ", "o": "оО", "p": "рР", "x": "хХ", "y": "уУ"}
_LOOKALIKES |= {"k": "кК", "m": "мМ", "t": "тТ", "b": "вВ", "h": "нН", "i": "іІ", "3": "зЗ"}
# what may stand between the characters of a secret as written: spaces and line breaks, dashes,
# invisible characters, quote marks of a reply; at most a few at a time (each search stays linear)
_SEPARATOR = r"[\s\-\u2010-\u2015\u2212\xad\u200b-\u200d\u2060\ufeff>]"
_TAG = r"<[^<>]{0,200}>|&(?:nbsp|shy|#160|#173|#8203);"
_BETWEEN = rf"(?:{_SEPARATOR}|{_TAG}){{0,8}}"
# a value after a password word: the word in Cyrillic or look-alike Latin letters, or English
_AFTER_WORD = re.compile(
    r"(\b(?:п[аa][рp][оo]л[ьяюеиe]\w*|[pр][aа]ssw(?:[oо]r)?d\w*|pwd)\b\W{0,3})(\S+)", re.IGNORECASE
)
_RUSSIAN_WORD = re.compile(r"[а-яё]+[.,:;!?»)]*", re.IGNORECASE)


def _letter(char: str) -> str:
    """A regex class of `char` in either case and its look-alikes."""
    variants = {char.lower(), char.upper(), *_LOOKALIKES.get(char.lower(), "")}
    return "[" + "".join(re.escape(v) for v in sorted(variants)) + "]"


# a run shaped like a generated password, not glued to a letter of the alphabet before it
_FORMS = {form for char in PASSWORD_ALPHABET for form in (char, char.upper(), *_LOOKALIKES.get(char, ""))}
_CHAR = "[" + re.escape("".join(sorted(_FORMS))) + "]"
_SHAPED = re.compile(rf"(?<!{_CHAR})(?=({_CHAR}(?:{_BETWEEN}{_CHAR}){{{PASSWORD_LENGTH - 1}}}))")
_LATIN = str.maketrans({v: c for c, variants in _LOOKALIKES.items() for v in variants})
_NOT_PASSWORD_CHARS = re.compile(rf"[^{re.escape(PASSWORD_ALPHABET)}]")


def plain(written: str) -> str:
    """What a written password is made of: lowercase Latin letters and digits, nothing between."""
    return _NOT_PASSWORD_CHARS.sub("", re.sub(_TAG, "", written).lower().translate(_LATIN).lower())


@dataclass(frozen=True)
class Secrets:
    """What to blank in a text: `known` values, and the password-shaped runs that `is_password`
    says are passwords (None: none are looked for)."""

    known: frozenset[str] = frozenset()
    is_password: Callable[[str], bool] | None = None

    def spans(self, text: str) -> list[tuple[int, int]]:
        """Where the secrets stand in `text`, in order, overlapping spans merged."""
        found = [m.span(2) for m in _AFTER_WORD.finditer(text) if not _RUSSIAN_WORD.fullmatch(m.group(2))]
        pattern = _known_pattern(self.known)
        if pattern is not None:
            found += [m.span() for m in pattern.finditer(text)]
        if self.is_password is not None:
            found += [m.span(1) for m in _SHAPED.finditer(text) if self.is_password(plain(m.group(1)))]
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
    """A known value as a regex: each letter or digit in any case or look-alike, separators
    between them when the value is long enough not to be met by chance across words."""
    chars = [char for char in value if char.isalnum()] or list(value)
    if len(chars) < SHORTEST:
        return rf"(?<!\w){re.escape(value)}(?!\w)"
    between = _BETWEEN if len(chars) >= _SPREAD else ""
    return between.join(_letter(char) if char.isalnum() else re.escape(char) for char in chars)


def _merged(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged
