"""What a signup says: the player's name, and the name they give their country, if any.

Players write «Записываюсь в игру!» as often as «ЗАПИСЫВАЮСЬ Иван Петров», and name their country
in their own words: «ЗАПИСЫВАЮСЬ Иван Петров, страна Великая Тартария», «…; Вольные», or a line
«СТРАНА Великая Тартария» of the same mail. A name is written with capitals: words that are not
(«в игру!», «тоже») are no name, and the daemon takes the sender's instead.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from parsers.header import HEADER_WORDS

MAX_CHARS = 60  # of a player's or a country's name
_ENDS = ".,;:!?-—–«»\"'()/| \t"  # «Кирилл / ПЛЕМЯ Медведи»: the slash ends the name
_INITIAL = re.compile(r"[^\W\d_]\.")  # «И.» of «И. Петров»


@dataclass(frozen=True)
class SignupWords:
    name: str  # "" when the words after ЗАПИСЫВАЮСЬ are not a name
    country: str  # "" when none is given


def read_signup(words: str, country_line: str | None, power_keywords: Sequence[str] = ()) -> SignupWords:
    """The words after ЗАПИСЫВАЮСЬ, split into a name and a country named after a semicolon or a
    country word (СТРАНА, a ruleset's ПЛЕМЯ…); else the country of a СТРАНА line."""
    spellings = sorted({*HEADER_WORDS["power"], *power_keywords}, key=len, reverse=True)
    country_word = re.compile(
        r"(?:;|(?<!\w)(?:" + "|".join(map(re.escape, spellings)) + r")(?!\w)\s*[:=—–-]?)", re.IGNORECASE
    )
    found = country_word.search(words)
    name, country = (words[: found.start()], words[found.end() :]) if found else (words, country_line or "")
    return SignupWords(_tidy(name) if _is_name(_tidy(name)) else "", _tidy(country))


def _tidy(text: str) -> str:
    return " ".join(text.split()).strip(_ENDS)[:MAX_CHARS]


def _is_name(text: str) -> bool:
    """Capitalised words, each more than a letter or an initial: «Иван Петров», «Dark Lord»,
    «И. Петров»; never a phrase such as «в игру» or «В игру»."""
    words = text.split()
    return bool(words) and all(
        word[0].isupper() and ((len(word) > 1 and word[1] != ".") or _INITIAL.fullmatch(word) is not None)
        for word in words
    )
