"""What the rules say in both languages beyond a catalog's placeholders: fractional development
points («3,6» in Russian, "3.6" in English) and lists of strata with their numbers («охотники +3,
собиратели +2»), passed to a message as a `_ru` and an `_en` parameter each."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from engines.text import Msg, Param, Text, number, signed
from engines.tribes.data import DATA


def tenths(value: int, sign: bool = False) -> Text:
    """Whole tenths as read: 36 → «3,6» / "3.6", 30 → «3»; `sign`: «+3,6», «−0,5»."""
    said = signed if sign else number
    return Text(said(value / 10, "ru"), said(value / 10, "en"))


def stratum_name(stratum: str) -> Text:
    record = DATA.stratum(stratum)
    return Text(record.name.lower(), record.en.lower())


def strata_list(counts: Mapping[str, int], sign: bool = True) -> Text:
    """«охотники +3, собиратели +2» in the table's order; only the non-zero."""
    order: list[str] = [s.id for s in DATA.strata]
    parts = [(stratum_name(s), n) for s, n in sorted(counts.items(), key=lambda kv: order.index(kv[0])) if n]

    said = signed if sign else number
    return Text(
        ", ".join(f"{name.ru} {said(n, 'ru')}" for name, n in parts),
        ", ".join(f"{name.en} {said(n, 'en')}" for name, n in parts),
    )


def joined(texts: Iterable[Text]) -> Text:
    items = list(texts)
    return Text(", ".join(t.ru for t in items), ", ".join(t.en for t in items))


def msg(code: str, /, **params: Param | Text) -> Msg:
    """A message whose Text parameters become `<name>_ru` and `<name>_en`."""
    flat: dict[str, Param] = {}
    for key, value in params.items():
        if isinstance(value, Text):
            flat[f"{key}_ru"], flat[f"{key}_en"] = value.ru, value.en
        else:
            flat[key] = value
    return Msg(code, flat)


class Story:
    """What one resolution tells: each tribe's report, the news for all and the GM's log."""

    def __init__(self, powers: Iterable[str]) -> None:
        self.reports: dict[str, list[Msg]] = {power: [] for power in powers}
        self.news: list[Msg] = []
        self.gm_log: list[Msg] = []

    def tell(self, power: str, code: str, /, **params: Param | Text) -> None:
        self.reports.setdefault(power, []).append(msg(code, **params))

    def announce(self, code: str, /, **params: Param | Text) -> None:
        self.news.append(msg(code, **params))

    def log(self, code: str, /, **params: Param | Text) -> None:
        self.gm_log.append(msg(code, **params))
