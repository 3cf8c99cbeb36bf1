"""Every name of the default data declined in every case the catalog uses, against a reviewed list.

The dictionary reads Italian family names as Russian words («Орсини» as a plural, «Орсинь»;
«Сансеверино» as an adjective) and «Лаций», «Фриуль» as words it does not know; data.toml's
[forms] fixes them, and this list, checked by hand, keeps them fixed. Families agree in the plural
(«Медичи выдвинули»), islands take «на».
"""

from __future__ import annotations

import re

from engines.council import RULESET
from engines.council.data import DATA
from engines.russian import gender, inflect, located
from engines.text import Msg
from tests.paths import REPO

FORMS = RULESET.catalog.forms
CASES = ("род", "дат", "вин", "твор", "пред")

# name: (род, дат, вин, твор, пред, gender, where)
REVIEWED: dict[str, tuple[str, str, str, str, str, str, str]] = {
    "Рим": ("Рима", "Риму", "Рим", "Римом", "Риме", "м", "в Риме"),
    "Флоренция": ("Флоренции", "Флоренции", "Флоренцию", "Флоренцией", "Флоренции", "ж", "во Флоренции"),
    "Венеция": ("Венеции", "Венеции", "Венецию", "Венецией", "Венеции", "ж", "в Венеции"),
    "Милан": ("Милана", "Милану", "Милан", "Миланом", "Милане", "м", "в Милане"),
    "Неаполь": ("Неаполя", "Неаполю", "Неаполь", "Неаполем", "Неаполе", "м", "в Неаполе"),
    "Орсини": ("Орсини", "Орсини", "Орсини", "Орсини", "Орсини", "мн", "в Орсини"),
    "Колонна": ("Колонна", "Колонна", "Колонна", "Колонна", "Колонна", "мн", "в Колонна"),
    "Савелли": ("Савелли", "Савелли", "Савелли", "Савелли", "Савелли", "мн", "в Савелли"),
    "Медичи": ("Медичи", "Медичи", "Медичи", "Медичи", "Медичи", "мн", "в Медичи"),
    "Строцци": ("Строцци", "Строцци", "Строцци", "Строцци", "Строцци", "мн", "в Строцци"),
    "Пацци": ("Пацци", "Пацци", "Пацци", "Пацци", "Пацци", "мн", "в Пацци"),
    "Дандоло": ("Дандоло", "Дандоло", "Дандоло", "Дандоло", "Дандоло", "мн", "в Дандоло"),
    "Контарини": ("Контарини", "Контарини", "Контарини", "Контарини", "Контарини", "мн", "в Контарини"),
    "Мочениго": ("Мочениго", "Мочениго", "Мочениго", "Мочениго", "Мочениго", "мн", "в Мочениго"),
    "Висконти": ("Висконти", "Висконти", "Висконти", "Висконти", "Висконти", "мн", "в Висконти"),
    "Сфорца": ("Сфорца", "Сфорца", "Сфорца", "Сфорца", "Сфорца", "мн", "в Сфорца"),
    "Тривульцио": (
        "Тривульцио",
        "Тривульцио",
        "Тривульцио",
        "Тривульцио",
        "Тривульцио",
        "мн",
        "в Тривульцио",
    ),
    "Караччоло": ("Караччоло", "Караччоло", "Караччоло", "Караччоло", "Караччоло", "мн", "в Караччоло"),
    "Сансеверино": (
        "Сансеверино",
        "Сансеверино",
        "Сансеверино",
        "Сансеверино",
        "Сансеверино",
        "мн",
        "в Сансеверино",
    ),
    "Карафа": ("Карафа", "Карафа", "Карафа", "Карафа", "Карафа", "мн", "в Карафа"),
    "Лаций": ("Лация", "Лацию", "Лаций", "Лацием", "Лации", "м", "в Лации"),
    "Умбрия": ("Умбрии", "Умбрии", "Умбрию", "Умбрией", "Умбрии", "ж", "в Умбрии"),
    "Романья": ("Романьи", "Романье", "Романью", "Романьей", "Романье", "ж", "в Романье"),
    "Анкона": ("Анконы", "Анконе", "Анкону", "Анконой", "Анконе", "ж", "в Анконе"),
    "Тоскана": ("Тосканы", "Тоскане", "Тоскану", "Тосканой", "Тоскане", "ж", "в Тоскане"),
    "Пиза": ("Пизы", "Пизе", "Пизу", "Пизой", "Пизе", "ж", "в Пизе"),
    "Сиена": ("Сиены", "Сиене", "Сиену", "Сиеной", "Сиене", "ж", "в Сиене"),
    "Лукка": ("Лукки", "Лукке", "Лукку", "Луккой", "Лукке", "ж", "в Лукке"),
    "Венето": ("Венето", "Венето", "Венето", "Венето", "Венето", "с", "в Венето"),
    "Фриуль": ("Фриуля", "Фриулю", "Фриуль", "Фриулем", "Фриуле", "м", "во Фриуле"),
    "Истрия": ("Истрии", "Истрии", "Истрию", "Истрией", "Истрии", "ж", "в Истрии"),
    "Далмация": ("Далмации", "Далмации", "Далмацию", "Далмацией", "Далмации", "ж", "в Далмации"),
    "Ломбардия": ("Ломбардии", "Ломбардии", "Ломбардию", "Ломбардией", "Ломбардии", "ж", "в Ломбардии"),
    "Павия": ("Павии", "Павии", "Павию", "Павией", "Павии", "ж", "в Павии"),
    "Кремона": ("Кремоны", "Кремоне", "Кремону", "Кремоной", "Кремоне", "ж", "в Кремоне"),
    "Бергамо": ("Бергамо", "Бергамо", "Бергамо", "Бергамо", "Бергамо", "м", "в Бергамо"),
    "Кампания": ("Кампании", "Кампании", "Кампанию", "Кампанией", "Кампании", "ж", "в Кампании"),
    "Апулия": ("Апулии", "Апулии", "Апулию", "Апулией", "Апулии", "ж", "в Апулии"),
    "Калабрия": ("Калабрии", "Калабрии", "Калабрию", "Калабрией", "Калабрии", "ж", "в Калабрии"),
    "Абруццо": ("Абруццо", "Абруццо", "Абруццо", "Абруццо", "Абруццо", "с", "в Абруццо"),
    "Корсика": ("Корсики", "Корсике", "Корсику", "Корсикой", "Корсике", "ж", "на Корсике"),
    "Сардиния": ("Сардинии", "Сардинии", "Сардинию", "Сардинией", "Сардинии", "ж", "на Сардинии"),
    "Албания": ("Албании", "Албании", "Албанию", "Албанией", "Албании", "ж", "в Албании"),
    "Тунис": ("Туниса", "Тунису", "Тунис", "Тунисом", "Тунисе", "м", "в Тунисе"),
    "Лигурийское море": (
        "Лигурийского моря",
        "Лигурийскому морю",
        "Лигурийское море",
        "Лигурийским морем",
        "Лигурийском море",
        "с",
        "в Лигурийском море",
    ),
    "Тирренское море": (
        "Тирренского моря",
        "Тирренскому морю",
        "Тирренское море",
        "Тирренским морем",
        "Тирренском море",
        "с",
        "в Тирренском море",
    ),
    "Ионическое море": (
        "Ионического моря",
        "Ионическому морю",
        "Ионическое море",
        "Ионическим морем",
        "Ионическом море",
        "с",
        "в Ионическом море",
    ),
    "Адриатическое море": (
        "Адриатического моря",
        "Адриатическому морю",
        "Адриатическое море",
        "Адриатическим морем",
        "Адриатическом море",
        "с",
        "в Адриатическом море",
    ),
    "Армия 1": ("Армии 1", "Армии 1", "Армию 1", "Армией 1", "Армии 1", "ж", "в Армии 1"),
    "Армия 2": ("Армии 2", "Армии 2", "Армию 2", "Армией 2", "Армии 2", "ж", "в Армии 2"),
    "Армия 3": ("Армии 3", "Армии 3", "Армию 3", "Армией 3", "Армии 3", "ж", "в Армии 3"),
    "Флотилия 1": (
        "Флотилии 1",
        "Флотилии 1",
        "Флотилию 1",
        "Флотилией 1",
        "Флотилии 1",
        "ж",
        "во Флотилии 1",
    ),
    "Флотилия 2": (
        "Флотилии 2",
        "Флотилии 2",
        "Флотилию 2",
        "Флотилией 2",
        "Флотилии 2",
        "ж",
        "во Флотилии 2",
    ),
    "Флотилия 3": (
        "Флотилии 3",
        "Флотилии 3",
        "Флотилию 3",
        "Флотилией 3",
        "Флотилии 3",
        "ж",
        "во Флотилии 3",
    ),
}

# which kind of name each parameter of the catalog holds
KINDS = {
    "realm": "realm",
    "family": "family",
    "author": "family",
    "ruling": "family",
    "commander": "family",
    "candidate": "family",
    "accused": "family",
    "asked": "family",
    "province": "province",
    "source": "province",
    "destination": "province",
    "sea": "sea",
    "army": "army",
    "flotilla": "flotilla",
    "enemy": "realm",
    "former": "family",
    "side": "side",  # the troops of a battle: a power's, or in a civil war a family's
    "place": "province",
    "stayed": "province",
    "before": "place",  # where a march's path breaks: a province or a sea
}
_SPEC = re.compile(r"\{(\w+):([^}#~]+)\}")
_CASE = re.compile(r"\{\{ [\w.]*?(\w+)\|case\(\"([^\"]+)\"\) \}\}")


def used() -> dict[str, set[str]]:
    """The cases, places and agreements the catalog and the templates ask of each kind of name."""
    found: dict[str, set[str]] = {}
    texts = [(REPO / "engines/council/messages.toml").read_text(encoding="utf-8")]
    texts += [
        (REPO / f"templates/council/{name}.ru.txt").read_text(encoding="utf-8")
        for name in ("status", "public")
    ]
    for text in texts:
        for param, spec in [*_SPEC.findall(text), *_CASE.findall(text)]:
            kind = KINDS.get(param)
            if kind:
                found.setdefault(kind, set()).add("пол" if spec.startswith("пол:") else spec)
    return found


def names_of(kind: str) -> list[str]:
    return {
        "realm": [r.name for r in DATA.realms],
        "family": [f.name for f in DATA.families],
        "province": [p.name for p in DATA.provinces],
        "sea": [s.name for s in DATA.seas],
        "army": ["Армия 1", "Армия 2", "Армия 3"],
        "flotilla": ["Флотилия 1", "Флотилия 2", "Флотилия 3"],
        "side": [*(r.name for r in DATA.realms), *(f.name for f in DATA.families)],
        "place": [*(p.name for p in DATA.provinces), *(s.name for s in DATA.seas)],
    }[kind]


def test_the_list_holds_every_name_of_the_data() -> None:
    kinds = ("realm", "family", "province", "sea", "army", "flotilla")
    every = [name for kind in kinds for name in names_of(kind)]
    assert sorted(REVIEWED) == sorted(every)


def test_the_catalog_uses_only_forms_the_list_reviews() -> None:
    uses = used()
    assert {"family", "realm", "province", "sea", "army", "side", "place"} <= set(uses)
    assert set().union(*uses.values()) <= {*CASES, "пол", "где", "в:вин"}


def test_every_name_declines_as_reviewed_in_every_case_the_catalog_uses() -> None:
    wrong = []
    for kind, specs in used().items():
        for name in names_of(kind):
            row = REVIEWED[name]
            for spec in sorted(specs):
                if spec in CASES:
                    got, want = inflect(name, spec, FORMS), row[CASES.index(spec)]
                elif spec == "пол":
                    got, want = gender(name, FORMS), row[5]
                elif spec == "где":
                    got, want = located(name, FORMS), row[6]
                else:  # в:вин, where to: «в Умбрию», «на Корсику»
                    got, want = located(name, FORMS, "вин"), row[6].split()[0] + " " + row[2]
                if got != want:
                    wrong.append(f"{name} {spec}: {got} (want {want})")
    assert wrong == []


def test_sentences_with_the_hard_names() -> None:
    def say(code: str, **params: str | int) -> str:
        return RULESET.catalog.render(Msg(code, params), "ru")

    assert say("council_transfer_received", family="Орсини", got=8) == "Орсини перевели вам 8\u00a0Д."
    assert (
        say("council_transfer_sent", family="Сансеверино", amount=10, got=8)
        == "Вы перевели Сансеверино 10\u00a0Д, дошло 8\u00a0Д."
    )
    assert say("council_item_games", number=2, province="Лаций", author="Колонна") == (
        "2. Зрелища в Лации. Выдвинули Колонна."
    )
    assert say("council_item_migration_anonymous", number=1, source="Фриуль", destination="Корсика") == (
        "1. Переселение жителя из Фриуля на Корсику. Выдвинут анонимно."
    )
    assert say("council_not_our_reach", province="Пиза", realm="Флоренция").endswith(
        "не входит в её сферу влияния."
    )
    assert say("council_not_our_reach", province="Пиза", realm="Рим") == (
        "Пиза не принадлежит Риму и не входит в его сферу влияния."
    )
    assert say("council_gm_accusation", realm="Неаполь", family="Мочениго", accused="Контарини") == (
        "Расследование в Неаполе: Мочениго обвиняют Контарини."
    )
    assert say("council_elected", realm="Флоренция", family="Пацци") == (
        "Выборы во Флоренции: правящей семьёй избраны Пацци."
    )
    assert (
        say("council_not_occupied", province="Албания", realm="Венеция")
        == "Албания не занята войсками Венеции."
    )
    assert say("council_commander_full", family="Медичи", most=2) == (
        "Медичи уже командуют 2 армиями: больше одной семье не положено."
    )
    assert (
        say("council_squadrons_won", count=1, price=7, paid=7, back=0)
        == "Вы купили 1 эскадру по 7\u00a0Д, всего за 7\u00a0Д."
    )
