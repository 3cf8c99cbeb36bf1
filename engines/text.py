"""Bilingual text and message catalogs: everything a player reads exists in Russian and English.

Outcomes and problems travel as `Msg` (a stable code plus parameters), never as finished prose,
so the daemon renders them in the game's language and tests compare codes, not sentences.
"""

from __future__ import annotations

import string
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from engines.russian import CASES, NO_FORMS, Forms, by_gender, english_plural, inflect, located, plural

Lang = Literal["ru", "en"]
Param = str | int


@dataclass(frozen=True)
class Text:
    """A phrase in both languages of the game."""

    ru: str
    en: str

    def get(self, lang: Lang) -> str:
        return self.ru if lang == "ru" else self.en


@dataclass(frozen=True)
class Msg:
    """One outcome or problem: a catalog code and the values its sentence needs."""

    code: str
    params: Mapping[str, Param] = field(default_factory=dict)

    def to_json(self) -> dict[str, object]:
        return {"code": self.code, "params": dict(self.params)}

    @staticmethod
    def from_json(data: Mapping[str, object]) -> Msg:
        params = data.get("params", {})
        assert isinstance(params, dict)
        return Msg(str(data["code"]), params)


QUOTED = 60  # characters of a player's words a message quotes


def excerpt(text: str, limit: int = QUOTED) -> str:
    """`text` as a message may quote it: whole if short, else its first words within `limit`
    characters and «…», so that no message grows with what a player wrote."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    if space > limit // 2:
        cut = cut[:space]
    return cut.rstrip() + "…"


ARG_TITLE = "arg."  # catalog codes of argument titles: "arg.amount" → «сумма» / "amount"


class Grammar(string.Formatter):
    """`str.format` that speaks Russian: a field's format spec may ask for
      {power:дат}        the name in a case (им, род, дат, вин, твор, пред): «Китаю»;
      {place:где}        where: the name after its preposition, «в Кампании», «на Корсике»;
      {place:в}          the same, «во Владимире»; {place:в:вин} where to: «во Владимир», «на Корсику»;
      {count:#монета}    the number with its noun agreeing: «4 монеты», «51 победное очко»;
      {count:#монета:вин} the same in a case the sentence governs: «передаёт 1 монету»;
      {count:~монета}    only the noun that agrees: «монеты»;
      {power:пол:ответил|ответила|ответило|ответили}  the word agreeing with the name's gender;
      {arg:назв}         an argument's title from the catalog's `arg.<name>` entry: «сумма»;
    and in English {count:#coin|coins} and {count:~coin|coins}. Any other spec is Python's own.
    `forms` are the ruleset's fixes to the dictionary (engines/russian.py)."""

    def __init__(self, lang: Lang, forms: Forms = NO_FORMS, titles: Mapping[str, Text] | None = None) -> None:
        self.lang = lang
        self.forms = forms
        self.titles = titles or {}

    def format_field(self, value: Any, format_spec: str) -> str:
        if not format_spec:
            return str(super().format_field(value, format_spec))
        if format_spec == "назв":
            title = self.titles.get(f"{ARG_TITLE}{value}")
            return title.get(self.lang) if title else str(value)
        if format_spec in ("где", "в", "в:вин"):
            case = "вин" if format_spec == "в:вин" else "пред"
            return located(str(value), self.forms, case) if self.lang == "ru" else str(value)
        if format_spec in CASES:
            return inflect(str(value), format_spec, self.forms) if self.lang == "ru" else str(value)
        if format_spec.startswith("пол:"):
            return by_gender(str(value), format_spec[4:], self.forms)
        if format_spec[0] in "#~":
            noun, _, case = format_spec[1:].partition(":")
            if self.lang == "en":
                word = english_plural(int(value), noun)
            else:
                word = plural(int(value), noun, case or "им")
            return f"{int(value)} {word}" if format_spec[0] == "#" else word
        return str(super().format_field(value, format_spec))


RENDERED = 2048  # sentences a catalog keeps rendered


class Catalog:
    """Code → bilingual pattern (`Grammar`: `str.format` with cases and agreement), loaded from a
    TOML file of `[code] ru = … en = …`; `forms` fix the dictionary's forms of the ruleset's names."""

    def __init__(self, entries: Mapping[str, Text], forms: Forms = NO_FORMS) -> None:
        self.entries = dict(entries)
        self.forms = forms
        self._rendered: dict[tuple[str, Lang, tuple[tuple[str, Param], ...]], str] = {}

    @staticmethod
    def load(*paths: Path) -> Catalog:
        entries: dict[str, Text] = {}
        for path in paths:
            with path.open("rb") as fh:
                for code, item in tomllib.load(fh).items():
                    entries[code] = Text(item["ru"], item["en"])
        return Catalog(entries)

    def merged(self, other: Catalog) -> Catalog:
        """Both catalogs in one; a code in both is a bug (one sentence would silently win), except an
        argument title (`arg.<name>`): a ruleset's (`other`) names its own arguments."""
        clash = sorted(c for c in self.entries.keys() & other.entries.keys() if not c.startswith(ARG_TITLE))
        if clash:
            raise ValueError(f"message codes defined twice: {', '.join(clash)}")
        return Catalog({**self.entries, **other.entries}, self.forms.merged(other.forms))

    def with_forms(self, forms: Forms) -> Catalog:
        return Catalog(self.entries, self.forms.merged(forms))

    def render(self, msg: Msg, lang: Lang) -> str:
        """The sentence; the last `RENDERED` are kept, as a resolution's news and map legend are
        the same in every reader's mail (three renders in four)."""
        key = (msg.code, lang, tuple(sorted(msg.params.items())))
        try:
            said = self._rendered.pop(key, None)
        except TypeError:  # a value that cannot be a key (a list): not kept
            return self._said(msg, lang)
        if said is None:
            said = self._said(msg, lang)
        self._rendered[key] = said  # the newest last
        if len(self._rendered) > RENDERED:
            self._rendered.pop(next(iter(self._rendered)))
        return said

    def _said(self, msg: Msg, lang: Lang) -> str:
        pattern = self.entries.get(msg.code)
        if pattern is None:
            raise KeyError(f"message code {msg.code!r} is missing from the catalog")
        return Grammar(lang, self.forms, self.entries).vformat(pattern.get(lang), (), dict(msg.params))
