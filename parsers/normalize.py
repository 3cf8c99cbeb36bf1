"""Order text as players mistype it → one comparable form, and the tokenizer built on it.

Players write keywords in any case, with ё or е, ь for ъ, on keyboards that slip into Latin mid-word (the
Latin "p" in "Пpомышленность"), with non-breaking spaces pasted from forums. Keywords, names and
header words are compared in this form on both sides; what was written is kept for replies.
"""

from __future__ import annotations

import re
import unicodedata
from typing import NamedTuple

# Latin letters that look like Cyrillic ones (after casefold, so capitals are covered too)
_LOOKALIKES = str.maketrans("aceopxykmtbh", "асеорхукмтвн")
_CYRILLIC = re.compile(r"[\u0400-\u052f]")
_ANY_LOOKALIKE = re.compile("[aceopxykmtbh]")
_LETTERS = re.compile(r"[^\W\d_]+")
# punctuation players glue to words ("Рязань,", "ВЛОЖИТЬ:", "*Армия*"); never "-", a minus sign
EDGE_PUNCTUATION = ".,;:!?=()[]{}<>\"'«»“”„…—–*•"
_TOKEN = re.compile(r"«(?P<g>[^»]*)»|\"(?P<q>[^\"]*)\"|“(?P<e>[^”]*)”|„(?P<r>[^“”]*)[“”]|(?P<word>\S+)")


def normalize(text: str) -> str:
    """Casefolded, ё→е and ъ→ь (players type one for the other: «обьявить»), invisible characters
    dropped, look-alikes fixed, spaces collapsed."""
    folded = unicodedata.normalize("NFC", text).casefold().replace("ё", "е").replace("ъ", "ь")
    # the checks in C first: most text has no invisible character (a printable one has none)
    # and no Latin look-alike to fix
    if not folded.isprintable():
        folded = "".join(ch for ch in folded if unicodedata.category(ch) != "Cf")
    if _ANY_LOOKALIKE.search(folded):
        folded = _LETTERS.sub(_cyrillize, folded)
    return " ".join(folded.split())


def _cyrillize(match: re.Match[str]) -> str:
    """A word with any Cyrillic letter is Cyrillic: its Latin look-alikes are layout slips.

    Pure-Latin words (English aliases, game ids) are left alone.
    """
    word = match.group()
    return word.translate(_LOOKALIKES) if _CYRILLIC.search(word) else word


class Token(NamedTuple):
    """A word or a quoted phrase of a line: as written, its comparable key and its span (a named
    tuple: every order line is cut into them, and a frozen dataclass costs as much to make as the
    rest of reading the word)."""

    raw: str  # as written; a quoted phrase without its quotes
    key: str  # normalised; a bare word also loses the punctuation glued to its edges
    start: int
    end: int
    quoted: bool


def tokenize(line: str, most: int | None = None) -> list[Token]:
    """The words and quoted phrases of `line` (the first `most` of them); bare punctuation ("—",
    ",") is not a word."""
    tokens: list[Token] = []
    for match in _TOKEN.finditer(line):
        if len(tokens) == most:
            break
        group = match.lastgroup or "word"
        raw = match.group(group)
        quoted = group != "word"
        key = normalize(raw) if quoted else normalize(raw).strip(EDGE_PUNCTUATION)
        if key:
            tokens.append(Token(raw, key, match.start(), match.end(), quoted))
    return tokens


def phrase_keys(text: str) -> tuple[str, ...]:
    """The keys of a keyword or a name as a table index: both sides go through `tokenize`."""
    return tuple(token.key for token in tokenize(text))
