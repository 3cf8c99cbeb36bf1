"""Matching players' words against keywords and names, and suggesting the closest when none match.

Keywords and names may be several words ("НЕТ ДЕЙСТВИЙ", "Космическая Программа") and players
write them without quotes, so a table matches the longest run of leading words. Players write names
in the case their sentence needs («ПЕРЕДАТЬ Китаю», «с Россией») and verbs as they speak
(«передаю», «голосую»), so the tables also hold those forms (`Names`, `keyword_forms`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher
from functools import lru_cache
from typing import Generic, TypeVar

from engines.contract import Vocabulary
from engines.russian import CASES, NO_FORMS, Forms, inflect, order_verbs, singular
from parsers.normalize import phrase_keys

T = TypeVar("T")

# below this difflib ratio a guess confuses more than it helps
_CUTOFF = 0.6
# below this share of the longer word matching, a line is not a mistyped order («Мои» is no «МИР»)
_STRICT_CUTOFF = 0.75
_CYRILLIC = re.compile(r"[А-Яа-яЁё]")
# what may stand before a name argument and is skipped: «ВЛОЖИТЬ в Армию», «СОЮЗ Торговый с Россией»
PREPOSITIONS = frozenset(
    {"в", "во", "на", "с", "со", "за", "к", "ко", "из", "от", "для", "у", "по", "о", "об", "про", "между"}
)


class Phrases(Generic[T]):
    """Phrases of one or more words → a value, compared through `normalize`; the first entry wins."""

    def __init__(self, entries: Iterable[tuple[str, T]]) -> None:
        self._table: dict[tuple[str, ...], T] = {}
        for text, value in entries:
            keys = phrase_keys(text)
            if keys:
                self._table.setdefault(keys, value)
        self.width = max(map(len, self._table), default=0)  # words in the longest phrase

    @classmethod
    def keyed(cls, entries: Iterable[tuple[tuple[str, ...], T]]) -> Phrases[T]:
        """A table of phrases given as their keys already, for a table made in bulk from forms
        that are keys (the wording's leads: thousands of them, each tokenized for nothing)."""
        table: Phrases[T] = cls([])
        for keys, value in entries:
            table._table.setdefault(keys, value)
        table.width = max(map(len, table._table), default=0)
        return table

    def phrases(self) -> list[tuple[str, ...]]:
        """Every phrase of the table, as its keys."""
        return list(self._table)

    def items(self) -> list[tuple[tuple[str, ...], T]]:
        """Every phrase of the table, as its keys, with its value."""
        return list(self._table.items())

    def lookup(self, text: str) -> T | None:
        """The value of exactly this phrase."""
        return self.exactly(phrase_keys(text))

    def exactly(self, keys: tuple[str, ...]) -> T | None:
        """The value of exactly these keys, for a caller that has the words' keys already."""
        return self._table.get(keys)

    def longest(self, keys: Sequence[str]) -> tuple[T, int] | None:
        """The value of the longest phrase that `keys` start with, and its length in words."""
        for size in range(min(self.width, len(keys)), 0, -1):
            phrase = tuple(keys[:size])
            if phrase in self._table:
                return self._table[phrase], size
        return None

    def closest(
        self,
        keys: Sequence[str],
        whole: bool = False,
        strict: bool = False,
        keep: Callable[[T], bool] | None = None,
    ) -> tuple[T, int] | None:
        """The value whose phrase is most like the first words of `keys` (or all of them, if
        `whole`), and how many words. `strict`: alike only if most of the longer of the two
        matches, so a short word is not like a long keyword («Вот» and «ВЛОЖИТЬ» share three
        letters, which is enough for a guess but not to call a line a mistyped order). `keep`:
        only values it keeps are offered (no command of opposite meaning)."""
        best: tuple[T, int] | None = None
        best_ratio = 0.0
        sizes = [len(keys)] if whole else range(1, min(self.width, len(keys)) + 1)
        for size in sizes:
            written = " ".join(keys[:size])
            typed = SequenceMatcher(None, b=written)  # what the player wrote, indexed once for all
            for phrase, value in self._table.items():
                if keep is not None and not keep(value):
                    continue
                ratio = _ratio(typed, len(written), " ".join(phrase), max(_CUTOFF, best_ratio), strict)
                if ratio > best_ratio:
                    best, best_ratio = (value, size), ratio
        return best


def _ratio(typed: SequenceMatcher[str], length: int, known: str, floor: float, strict: bool) -> float:
    """difflib's similarity of `known` to the typed words of `length` (`strict`: the matching
    share of the longer), or 0 below `floor`; the cheap bounds first, as player text may be long
    and the tables hold every form of a name."""
    typed.set_seq1(known)
    if typed.real_quick_ratio() < floor or typed.quick_ratio() < floor:
        return 0.0
    ratio = typed.ratio()
    if strict:  # ratio is 2·matches / (both lengths): rescaled to matches / the longer length
        ratio = ratio * (length + len(known)) / (2 * max(length, len(known)))
        floor = max(floor, _STRICT_CUTOFF)
    return ratio if ratio >= floor else 0.0


def vocabulary_phrases(vocabulary: Vocabulary) -> Phrases[str]:
    """Every canonical name and each of its spellings → the canonical name; cached by content, as
    every order mail matches its header's power against the game's powers."""
    return _vocabulary_phrases(tuple((name, tuple(spellings)) for name, spellings in vocabulary.items()))


@lru_cache(maxsize=256)
def _vocabulary_phrases(entries: tuple[tuple[str, tuple[str, ...]], ...]) -> Phrases[str]:
    canonical = [(name, name) for name, _ in entries]
    return Phrases(canonical + [(spelling, name) for name, spellings in entries for spelling in spellings])


def match_name(text: str, vocabulary: Vocabulary, forms: Forms = NO_FORMS) -> str | None:
    """The canonical name `text` spells (a header's power, say), if any: as declared, or in any
    case after a preposition or none, as players write it («СТРАНА Волыни», «СТРАНА: за Китай»)."""
    found = vocabulary_phrases(vocabulary).lookup(text)
    if found is not None:
        return found
    keys = phrase_keys(text)
    words = keys[1:] if len(keys) > 1 and keys[0] in PREPOSITIONS else keys
    return declined(vocabulary, forms).known.exactly(tuple(words))


def suggest_name(text: str, vocabulary: Vocabulary) -> str | None:
    """The canonical name closest to `text`, for "did you mean …?" when `match_name` found none."""
    near = vocabulary_phrases(vocabulary).closest(phrase_keys(text), whole=True)
    return None if near is None else near[0]


@dataclass(frozen=True)
class Names:
    """A vocabulary as orders write it: `known` maps each canonical name, its spellings and their
    case forms to the canonical name; `ambiguous` maps a case form shared by several names to
    those names, so it is refused with both rather than read as one of them. A name or spelling
    as declared is never ambiguous: the player wrote exactly it."""

    known: Phrases[str]
    ambiguous: Phrases[tuple[str, ...]]


NO_NAMES = Names(Phrases([]), Phrases([]))


_Cases = tuple[tuple[str, str], ...]  # a name's own forms: (case, form), sorted


def declined(vocabulary: Vocabulary, forms: Forms = NO_FORMS) -> Names:
    """`vocabulary` with every case form of its names (the ruleset's `forms` first, then the
    dictionary's; a name the ruleset keeps indeclinable is read in the dictionary's forms as well,
    as players decline it; a plural name in the singular's too, as players count it), cached by
    content: a game's vocabularies rarely change, and a mail's parse must not pay for the
    dictionary again (nor, with a hundred names, for a key made name by name)."""
    own = tuple(
        (name, tuple(sorted(cases.items()))) for name, cases in forms.cases.items() if name in vocabulary
    )
    return _declined(tuple(vocabulary), tuple(map(tuple, vocabulary.values())), own)


@lru_cache(maxsize=1024)
def _declined(
    canonical: tuple[str, ...], spellings: tuple[tuple[str, ...], ...], own: tuple[tuple[str, _Cases], ...]
) -> Names:
    entries = list(zip(canonical, spellings, strict=True))
    declared = [(name, name) for name in canonical]
    declared += [(spelling, name) for name, written in entries for spelling in written]
    exact = {phrase_keys(text) for text, _ in declared}
    fixed = dict(own)
    owners: dict[tuple[str, ...], dict[str, None]] = {}  # a case form → the names it is a form of
    for name, written in entries:
        fixes = Forms({name: dict(fixed.get(name, ()))})
        for text in (name, *written):
            if not _CYRILLIC.search(text):
                continue
            for case in CASES:
                said = {inflect(text, case, fixes if text == name else NO_FORMS)}
                if text == name and name in fixed:  # read as players decline it too: «Колонну»
                    said.add(inflect(text, case, NO_FORMS))
                one = singular(text, case)  # «3 охотника» of «Охотники»
                said |= set() if one is None else {one}
                for keys in map(phrase_keys, said):
                    if keys and keys not in exact:
                        owners.setdefault(keys, {})[name] = None
    forms = [(" ".join(keys), list(names)) for keys, names in owners.items()]
    known = Phrases(declared + [(text, names[0]) for text, names in forms if len(names) == 1])
    return Names(known, Phrases((text, tuple(names)) for text, names in forms if len(names) > 1))


def keyword_forms(keywords: Mapping[str, str]) -> list[tuple[str, str]]:
    """The forms players give an order with, for keywords (→ their command) that start with a verb
    infinitive («ВЛОЖИТЬ» → «вкладываю», «вложу», «вложите»; «ОБЪЯВИТЬ ВОЙНУ» → «объявляю
    войну»), each with the keyword it stands for; a form of two commands' keywords, or one a
    keyword already spells, is left out: it would be a guess."""
    found: dict[tuple[str, ...], dict[str, str]] = {}  # a form → command → its first keyword
    for keyword, command in keywords.items():
        first, _, rest = keyword.partition(" ")
        for verb in order_verbs(first):
            found.setdefault(phrase_keys(f"{verb} {rest}"), {}).setdefault(command, keyword)
    taken = {phrase_keys(keyword) for keyword in keywords}
    return [
        (" ".join(keys), next(iter(owners.values())))
        for keys, owners in found.items()
        if len(owners) == 1 and keys not in taken
    ]
