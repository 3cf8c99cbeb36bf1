"""The words of an order line: a board's names in every spelling and case, the notation's words
(notation.toml), cut out of a line longest first.

A line is folded (case, ё, Latin look-alikes in a Cyrillic word), its brackets and slashes opened
(«Испания(СП)», "stp/sc"), a dash glued between two names cut («PAR-BUR»), and read as phrases:
the longest run of words that is a name or a word of the notation is one token. What is neither
is an unknown token the grammar refuses with a guess.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from engines.diplomacy.board import Board, board
from engines.ruledata import RuleData, load_rules
from engines.russian import CASES, inflect, spoken_forms
from engines.text import Text

WORDS_FILE = Path(__file__).with_name("notation.toml")
Kind = Literal[
    "army", "fleet", "hold", "move", "support", "convoy", "via", "retreat", "disband", "build",
    "waive", "draw", "filler", "place", "coast", "power", "unknown",
]  # fmt: skip
_LOOKALIKE = str.maketrans("aceopxykmtbh", "асеорхукмтвн")
_CYRILLIC = re.compile(r"[а-я]")
_LETTERS = re.compile(r"[^\W\d_]+")  # a run of letters: a word, or a part of one between dashes
_SIGNS = re.compile(r"->|=>|→|—|–|>")  # what players draw a move with besides "-"
_OPEN = re.compile(r"[()\[\]/]")
_EDGES = ".,;:!?\"'«»“”„*"


class Words(RuleData):
    words: dict[Kind, tuple[str, ...]]
    coasts: dict[str, tuple[str, ...]]
    coast_names: dict[str, Text]
    said: dict[Literal["army", "fleet", "hold", "support", "convoy", "via"], Text]


@dataclass(frozen=True)
class Token:
    kind: Kind
    value: str  # the place's code, the coast, the power, the word as written for "unknown"
    written: str  # as the player wrote it


def fold(text: str) -> str:
    """One comparable form of what players write: casefolded, ё as е, a Latin look-alike in a
    Cyrillic word (a keyboard slip) Cyrillic."""
    folded = unicodedata.normalize("NFC", text).casefold().replace("ё", "е")
    return _LETTERS.sub(
        lambda run: run[0].translate(_LOOKALIKE) if _CYRILLIC.search(run[0]) else run[0], folded
    )


def _words(text: str, folded: Callable[[str], str] = fold) -> list[str]:
    """The words of `text` (folded, unless told otherwise), brackets and slashes opened,
    punctuation at their edges off."""
    opened = _OPEN.sub(" ", _SIGNS.sub(" - ", folded(text)))
    return [w for w in (word.strip(_EDGES) for word in opened.split()) if w]


@cache
def words() -> Words:
    return load_rules(WORDS_FILE, Words)


class Lexicon:
    """A board's phrase table: folded words → token, and the spellings a guess is made from."""

    def __init__(self, variant: str) -> None:
        self.board: Board = board(variant)
        self.phrases: dict[tuple[str, ...], Token] = {}
        for kind, said in words().words.items():
            self._add(kind, "", said, every_form=True)
        for coast, said in words().coasts.items():
            self._add("coast", coast, said, every_form=True)
        for province in self.board.data.provinces:  # a place before a power of its name (Рим, Carthage)
            spellings = (province.en, *province.aliases, province.code)
            self._add("place", province.code, self._forms(province.name, spellings))
        for power in self.board.data.powers:
            self._add("power", power.name, self._forms(power.name, (power.en, *power.aliases)))
        self.longest = max(len(key) for key in self.phrases)
        self.known = {word for key in self.phrases for word in key}  # words of names: «ла-манш»
        self.spellings = {
            " ".join(key): token for key, token in self.phrases.items() if token.kind == "place"
        }

    def _forms(self, name: str, spellings: Iterable[str]) -> list[str]:
        """A name in every case (the map's own forms first) and its other spellings, Russian
        phrases of several words declined too («Восточного Средиземного моря»)."""
        forms = self.board.data.forms
        declined = [inflect(name, case, forms) for case in CASES]
        for spelling in spellings:
            declined.append(spelling)
            if " " in spelling and _CYRILLIC.search(fold(spelling)):
                declined += [inflect(spelling, case) for case in CASES]
        return declined

    def _add(self, kind: Kind, value: str, said: Iterable[str], every_form: bool = False) -> None:
        for phrase in said:
            keys = [tuple(_words(phrase))]
            if every_form and _CYRILLIC.search(fold(phrase)) and len(keys[0]) == 1 and len(keys[0][0]) > 1:
                keys += [(form,) for form in spoken_forms(keys[0][0])]
            for key in keys:
                self.phrases.setdefault(key, Token(kind, value, phrase))

    def tokens(self, line: str) -> list[Token]:
        """The line's tokens, fillers left out, each with its words as written."""
        found: list[Token] = []
        parts, written = self._parts(line, fold), self._parts(line, str)
        i = 0
        while i < len(parts):
            for size in range(min(self.longest, len(parts) - i), 0, -1):
                token = self.phrases.get(tuple(parts[i : i + size]))
                if token is not None:
                    break
            else:
                size, token = 1, Token("unknown", parts[i], parts[i])
            if token.kind != "filler":
                found.append(Token(token.kind, token.value, " ".join(written[i : i + size])))
            i += size
        return found

    def _parts(self, line: str, folded: Callable[[str], str]) -> list[str]:
        """The words of a line (folded, or as written), a dash between two names cut out as a
        word of its own."""
        parts: list[str] = []
        for word, key in zip(_words(line, folded), _words(line, fold), strict=True):
            if "-" in word and word != "-" and key not in self.known:
                parts += self._unglued(word, key)
            else:
                parts.append(word)
        return parts

    def _unglued(self, word: str, key: str) -> list[str]:
        """«Москва-Санкт-Петербург» → «Москва», «-», «Санкт-Петербург»: the longest known words
        from the left, the dashes between them moves."""
        pieces, keys = word.split("-"), key.split("-")
        found: list[str] = []
        i = 0
        while i < len(pieces):
            j = next((j for j in range(len(pieces), i, -1) if "-".join(keys[i:j]) in self.known), i + 1)
            found += [p for p in ("-".join(pieces[i:j]), "-" if j < len(pieces) else "") if p]
            i = j
        return found

    def guess(self, word: str) -> str | None:
        """The place name `word` was most likely meant to be, as the map spells it."""
        close = difflib.get_close_matches(word, list(self.spellings), n=1, cutoff=0.75)
        return self.board.provinces[self.spellings[close[0]].value].name if close else None


@cache
def lexicon(variant: str) -> Lexicon:
    return Lexicon(variant)
