"""Matching players' words against keywords and names, and suggesting the closest when none match.

Keywords and names may be several words ("НЕТ ДЕЙСТВИЙ", "Космическая Программа") and players
write them without quotes, so a table matches the longest run of leading words.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from difflib import SequenceMatcher
from typing import Generic, TypeVar

from engines.contract import Vocabulary
from parsers.normalize import phrase_keys

T = TypeVar("T")

# below this difflib ratio a guess confuses more than it helps
_CUTOFF = 0.6


class Phrases(Generic[T]):
    """Phrases of one or more words → a value, compared through `normalize`; the first entry wins."""

    def __init__(self, entries: Iterable[tuple[str, T]]) -> None:
        self._table: dict[tuple[str, ...], T] = {}
        for text, value in entries:
            keys = phrase_keys(text)
            if keys:
                self._table.setdefault(keys, value)
        self.width = max(map(len, self._table), default=0)  # words in the longest phrase

    def lookup(self, text: str) -> T | None:
        """The value of exactly this phrase."""
        return self._table.get(phrase_keys(text))

    def longest(self, keys: Sequence[str]) -> tuple[T, int] | None:
        """The value of the longest phrase that `keys` start with, and its length in words."""
        for size in range(min(self.width, len(keys)), 0, -1):
            phrase = tuple(keys[:size])
            if phrase in self._table:
                return self._table[phrase], size
        return None

    def closest(self, keys: Sequence[str], whole: bool = False) -> tuple[T, int] | None:
        """The value whose phrase is most like the first words of `keys` (or all of them, if
        `whole`), and how many words."""
        best: tuple[T, int] | None = None
        best_ratio = 0.0
        sizes = [len(keys)] if whole else range(1, min(self.width, len(keys)) + 1)
        for size in sizes:
            typed = " ".join(keys[:size])
            for phrase, value in self._table.items():
                ratio = _ratio(typed, " ".join(phrase), floor=max(_CUTOFF, best_ratio))
                if ratio > best_ratio:
                    best, best_ratio = (value, size), ratio
        return best


def _ratio(typed: str, known: str, floor: float) -> float:
    """difflib's similarity, or 0 below `floor`; the cheap bounds first, as player text may be long."""
    matcher = SequenceMatcher(None, typed, known)
    if matcher.real_quick_ratio() < floor or matcher.quick_ratio() < floor:
        return 0.0
    ratio = matcher.ratio()
    return ratio if ratio >= floor else 0.0


def vocabulary_phrases(vocabulary: Vocabulary) -> Phrases[str]:
    """Every canonical name and each of its spellings → the canonical name."""
    canonical = [(name, name) for name in vocabulary]
    spellings = [(spelling, name) for name, spellings in vocabulary.items() for spelling in spellings]
    return Phrases(canonical + spellings)


def match_name(text: str, vocabulary: Vocabulary) -> str | None:
    """The canonical name `text` spells (a header's power, say), if any."""
    return vocabulary_phrases(vocabulary).lookup(text)


def suggest_name(text: str, vocabulary: Vocabulary) -> str | None:
    """The canonical name closest to `text`, for "did you mean …?" when `match_name` found none."""
    near = vocabulary_phrases(vocabulary).closest(phrase_keys(text), whole=True)
    return None if near is None else near[0]
