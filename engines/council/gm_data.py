"""The GM's secret data file of a council game: `tribal_unions`, which family secretly leads each
tribal union (it may raid with it; the ruling family's ПРОВЕРИТЬ asks about leaders).

The file goes through its schema (`CouncilGmData`): a key the schema has not, a union or a family
the game has not, a value of another kind are each a mistake naming its key, and the file is
refused whole, where they used to be dropped in silence.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping, Sequence
from difflib import get_close_matches
from typing import Any, Self

from pydantic import Field, model_validator

from engines.contract import JSON
from engines.council.data import DATA
from engines.council.state import State
from engines.ruledata import RuleData, mistake, mistakes
from engines.text import Text


class CouncilGmData(RuleData):
    # tribal union → the family that secretly leads it
    tribal_unions: dict[str, str] = Field(default_factory=dict, max_length=len(DATA.tribes))

    @model_validator(mode="after")
    def _named(self) -> Self:
        """Every union and family one of the game's, all mistakes in one error, a line each."""
        found = list(_unknown(self.tribal_unions))
        if found:
            raise mistake(*("\n    ".join(text.get(lang) for text in found) for lang in ("ru", "en")))
        return self


def _unknown(unions: Mapping[str, str]) -> Iterator[Text]:
    tribes = [t.name for t in DATA.tribes]
    families = [f.name for f in DATA.families]
    for union, family in unions.items():
        if union not in tribes:
            yield Text(
                f"tribal_unions.{union}: нет такого племенного союза{_maybe(union, tribes, 'ru')}",
                f"tribal_unions.{union}: no such tribal union{_maybe(union, tribes, 'en')}",
            )
        if family not in families:
            yield Text(
                f"tribal_unions.{union}: «{family}» — нет такой семьи{_maybe(family, families, 'ru')}",
                f"tribal_unions.{union}: “{family}” is no family{_maybe(family, families, 'en')}",
            )


def _maybe(name: str, names: Sequence[str], lang: str) -> str:
    """The closest of `names`, offered as the GM's likely meaning; the names to choose from when
    none is close."""
    close = get_close_matches(name, names, n=1)
    if close:
        return f". Возможно, «{close[0]}»?" if lang == "ru" else f". Did you mean “{close[0]}”?"
    listed = ", ".join(names)
    return f" (есть: {listed})" if lang == "ru" else f" (there are: {listed})"


def data_problems(state: State | None, data: Mapping[str, Any]) -> list[Text]:
    """The file's mistakes, each naming its key, in both languages ([] when it is valid)."""
    return mistakes(CouncilGmData, data)


def with_data(state: State, data: JSON) -> State:
    """The GM's secret data in the state: each union's leader, as the file names it."""
    new = copy.deepcopy(state)
    new["gm_data"] = {"tribal_unions": dict(CouncilGmData.model_validate(data).tribal_unions)}
    return new
