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
BOTH: tuple[Lang, ...] = ("ru", "en")  # a ru+en game's languages, Russian first
Param = str | int | float


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

# ---- typography: how every number, sign, unit and range reads, in one place -------------------------
MINUS = "\u2212"  # «−150»: a minus sign, never the hyphen-minus
NBSP = "\u00a0"  # «500 Д»: the number and its unit never part at a line's end
DASH = "–"  # «0–3»: an en dash between the ends of a range
DECIMALS = 4  # a fraction is shown to at most this many decimals (mare's 0,525), never its float noise
SCORE_DECIMALS = 2  # scores to at most two


def rounded(value: float, decimals: int = SCORE_DECIMALS) -> float:
    """A score as it is shown, which is what rankings compare: float noise is no lead."""
    return round(value, decimals) + 0.0  # + 0.0 turns -0.0 into 0.0


def number(value: float, lang: Lang) -> str:
    """A number as a reader expects it: «−150», «5,6» in Russian ("5.6" in English), a whole
    number without a decimal part, never float noise (0.1 + 0.2 is «0,3»)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return str(value)
    if isinstance(value, float):
        text = f"{rounded(value, DECIMALS):.{DECIMALS}f}".rstrip("0").rstrip(".")
        if lang == "ru":
            text = text.replace(".", ",")
    else:
        text = str(value)
    return text.replace("-", MINUS)


def signed(value: float, lang: Lang) -> str:
    """A change: «+3», «−150», «0»."""
    return ("+" if value > 0 else "") + number(value, lang)


def quantity(value: float, unit: str, lang: Lang, sign: bool = False) -> str:
    """A number and its unit with a no-break space: «500 Д», «+20 Д»."""
    return f"{signed(value, lang) if sign else number(value, lang)}{NBSP}{unit}"


def percent(value: float, lang: Lang) -> str:
    """«10 %» (a no-break space, as Russian typography writes it), "10%" in English."""
    return number(value, lang) + (NBSP + "%" if lang == "ru" else "%")


def span(low: float, high: float, lang: Lang) -> str:
    """A range, «1–100»."""
    return f"{number(low, lang)}{DASH}{number(high, lang)}"


def typeset(value: Any, spec: str, lang: Lang) -> str:
    """A number by a format spec of the catalog: "" the number, "+" signed, "%" a percentage,
    " Д" with its unit, "+ Д" signed with its unit."""
    sign = spec.startswith("+")
    rest = spec[1:] if sign else spec
    if rest == "%":
        return ("+" if sign and value > 0 else "") + percent(value, lang)
    if rest.startswith(" "):
        return quantity(value, rest[1:], lang, sign)
    return signed(value, lang) if sign else number(value, lang)


def is_typeset(spec: str) -> bool:
    """Whether `typeset` reads this spec."""
    rest = spec[1:] if spec.startswith("+") else spec
    return rest in ("", "%") or (rest.startswith(" ") and len(rest) > 1)


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
      {n}, {n:+}, {n:%}, {n: Д}, {n:+ Д}  a number typeset (`typeset`): «−150», «5,6», «+3»,
                         «10 %», «500 Д» with a no-break space;
    and in English {count:#coin|coins} and {count:~coin|coins}. Any other spec is Python's own.
    `forms` are the ruleset's fixes to the dictionary (engines/russian.py)."""

    def __init__(self, lang: Lang, forms: Forms = NO_FORMS, titles: Mapping[str, Text] | None = None) -> None:
        self.lang = lang
        self.forms = forms
        self.titles = titles or {}

    def format_field(self, value: Any, format_spec: str) -> str:
        if self.lang == "en" and isinstance(value, str):
            value = self.forms.in_english(value)
        if isinstance(value, int | float) and not isinstance(value, bool) and is_typeset(format_spec):
            return typeset(value, format_spec, self.lang)
        if (
            self.lang == "ru"
            and isinstance(value, str)
            and value in self.forms.common
            and _named(format_spec)
        ):
            return self.forms.prose(value, self._russian(value, format_spec) if format_spec else value)
        if not format_spec:
            return str(super().format_field(value, format_spec))
        if format_spec == "назв":
            title = self.titles.get(f"{ARG_TITLE}{value}")
            return title.get(self.lang) if title else str(value)
        return self._russian(value, format_spec) if self.lang == "ru" else self._english(value, format_spec)

    def _english(self, value: Any, format_spec: str) -> str:
        if format_spec in ("где", "в", "в:вин", *CASES):
            return str(value)
        return self._spoken(value, format_spec)

    def _russian(self, value: Any, format_spec: str) -> str:
        if format_spec in ("где", "в", "в:вин"):
            case = "вин" if format_spec == "в:вин" else "пред"
            return located(str(value), self.forms, case)
        if format_spec in CASES:
            return inflect(str(value), format_spec, self.forms)
        return self._spoken(value, format_spec)

    def _spoken(self, value: Any, format_spec: str) -> str:
        if format_spec.startswith("пол:"):
            return by_gender(str(value), format_spec[4:], self.forms)
        if format_spec[0] in "#~":
            noun, _, case = format_spec[1:].partition(":")
            if self.lang == "en":
                word = english_plural(int(value), noun)
            else:
                word = plural(int(value), noun, case or "им")
            return f"{number(int(value), self.lang)} {word}" if format_spec[0] == "#" else word
        return str(super().format_field(value, format_spec))


def _named(spec: str) -> bool:
    """Whether a field with this spec shows the name itself (as it is, in a case, or after its
    preposition), not a word agreeing with it."""
    return spec in ("", "где", "в", "в:вин") or spec in CASES


def _capitalised(pattern: str, params: Mapping[str, Param], forms: Forms, said: str) -> str:
    """A sentence that opens with a name prose writes in lowercase («римляне победили») starts
    with a capital all the same."""
    literal, field, _, _ = next(iter(string.Formatter().parse(pattern)), ("x", None, None, None))
    if literal.strip() == "" and params.get(str(field)) in forms.common:
        start = len(said) - len(said.lstrip())
        return said[:start] + said[start : start + 1].upper() + said[start + 1 :]
    return said


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
        text = pattern.get(lang)
        said = Grammar(lang, self.forms, self.entries).vformat(text, (), dict(msg.params))
        if self.forms.common and lang == "ru":
            return _capitalised(text, msg.params, self.forms, said)
        return said
