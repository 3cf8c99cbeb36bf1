"""What the rules say in both languages beyond a catalog's placeholders: fractional development
points («3,6» in Russian, "3.6" in English) and lists of strata with their numbers («охотники +3,
собиратели +2»), passed to a message as a `_ru` and an `_en` parameter each."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from engines.text import BOTH, NBSP, Msg, Param, Text, number, percent, signed
from engines.tribes.community import Food
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


SOURCES = {"techs": Text("технологии", "technologies"), "exchange": Text("обмен", "exchange")}


def food_said(food: Food) -> Text:
    """A community's food as a short sum: what moves its percents, then each stratum's people, food
    a person and percent («лес, река: охотники 13 × 1,1 +20 %, собиратели 12 × 1,1 +20 %»), and
    «— 30,8, но в степи не больше 26» where the terrain's cap cuts it."""
    said = {}
    for lang in BOTH:
        parts = []
        for share in food.shares:
            more = share.percent - 100
            each = tenths(share.each).get(lang)
            part = f"{stratum_name(share.stratum).get(lang)} {share.people}{NBSP}×{NBSP}{each}"
            parts.append(part + (f" {'+' if more > 0 else ''}{percent(more, lang)}" if more else ""))
        names = [(SOURCES.get(s) or place_name(s)).get(lang) for s in food.sources]
        text = (f"{', '.join(names)}: " if names else "") + ", ".join(parts)
        if food.cap and food.exact // 1000 > food.cap:
            where, exact = DATA.place(food.terrain).at.get(lang), tenths(food.exact // 100).get(lang)
            text += (
                f" — {exact}, но {where} не больше {food.cap}"
                if lang == "ru"
                else (f" — {exact}, but {where} at most {food.cap}")
            )
        said[lang] = text
    return Text(said["ru"], said["en"])


def place_name(place: str) -> Text:
    """A terrain's or a feature's name as prose says it: «холмы», «река»."""
    record = DATA.place(place)
    return Text(record.name.lower(), record.en.lower())


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


# what a tribe is told that the GM's digest tells too, once (only one side's message of an event
# two tribes are told of): the tribe's message code → the log's, which takes its values and `power`
LOGGED = {
    "tribes.famine": "tribes.log_famine",
    "tribes.converted": "tribes.log_converted",
    "tribes.split": "tribes.log_split",
    "tribes.split_away": "tribes.log_split_away",
    "tribes.split_no_room": "tribes.log_split_no_room",
    "tribes.merged": "tribes.log_merged",
    "tribes.independent": "tribes.log_independent",
    "tribes.vanished": "tribes.log_vanished",
    "tribes.gone": "tribes.log_gone",
    "tribes.new_main": "tribes.log_new_main",
    "tribes.extinct": "tribes.log_extinct",
    "tribes.discovered": "tribes.log_discovered",
    "tribes.handed_on": "tribes.log_handed_on",
    "tribes.gift": "tribes.log_gift",
    "tribes.gift_ai": "tribes.log_gift",
    "tribes.migrate_next": "tribes.log_migrate_next",
    "tribes.settle_next": "tribes.log_settle_next",
    "tribes.decided": "tribes.log_decided",
    "tribes.decided_for_good": "tribes.log_decided",
}


class Story:
    """What one resolution tells: each tribe's report, the news for all and the GM's log."""

    def __init__(self, powers: Iterable[str]) -> None:
        self.reports: dict[str, list[Msg]] = {power: [] for power in powers}
        self.news: list[Msg] = []
        self.gm_log: list[Msg] = []
        self._warned: dict[str, int] = {}

    def tell(self, power: str, code: str, /, **params: Param | Text) -> None:
        """Tell `power`; an event the GM is told of too (`LOGGED`) goes to the log as well."""
        self.reports.setdefault(power, []).append(msg(code, **params))
        if code in LOGGED:
            self.log(LOGGED[code], power=power, **params)

    def warn(self, power: str, code: str, /, **params: Param | Text) -> None:
        """What needs the player's action, told before the rest of the report, in order."""
        at = self._warned.get(power, 0)
        self.reports.setdefault(power, []).insert(at, msg(code, **params))
        self._warned[power] = at + 1

    def announce(self, code: str, /, **params: Param | Text) -> None:
        self.news.append(msg(code, **params))

    def log(self, code: str, /, **params: Param | Text) -> None:
        self.gm_log.append(msg(code, **params))
