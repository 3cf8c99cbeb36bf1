"""The mare ruleset's sentences as a careful Russian GM writes them: every expected sentence below
is written by hand, with names in the case the sentence needs (data.toml [forms] where the
dictionary is wrong), numbers agreeing with their nouns and verbs with the peoples."""

from __future__ import annotations

import re

import pytest

from daemon.outgoing.render import render_one
from engines.mare import RULESET
from engines.mare.data import DATA
from engines.russian import gender, inflect, located
from engines.text import Msg
from parsers.orders import parse_commands
from tests.engines.helpers import mail
from tests.engines.mare.helpers import GAULS, GREEKS, PUNICS, ROME, bid, game, own, run
from tests.engines.mare.test_game import SCRIPT, play

FORMS = RULESET.catalog.forms

SENTENCES: list[tuple[str, dict[str, str | int | float], str]] = [
    ("mare_conflict", {"territory": "Кампания"}, "Конфликт в Кампании."),
    ("mare_conflict", {"territory": "Корсика"}, "Конфликт на Корсике."),
    ("mare_conflict", {"territory": "Сиракузы"}, "Конфликт в Сиракузах."),
    (
        "mare_round",
        {
            "number": 1,
            "winner": GREEKS,
            "winner_strength": 6,
            "loser": ROME,
            "loser_strength": 5.6,
            "left": 3,
        },
        "  Раунд 1: греки (6) побеждают римлян (5,6), у греков остаётся 3.",
    ),
    (
        "mare_round",
        {
            "number": 2,
            "winner": ROME,
            "winner_strength": 11,
            "loser": PUNICS,
            "loser_strength": 5,
            "left": 6,
        },
        "  Раунд 2: римляне (11) побеждают пунов (5), у римлян остаётся 6.",
    ),
    (
        "mare_round_tie",
        {"number": 2, "a": GAULS, "b": PUNICS, "strength": 5},
        "  Раунд 2: у галлов и пунов поровну (5), проигрывают оба.",
    ),
    ("mare_conflict_won", {"territory": "Бетика", "winner": PUNICS}, "  Итог: в Бетике победили пуны."),
    ("mare_conflict_nobody", {"territory": "Балеары"}, "  Итог: на Балеарах победителя нет."),
    ("mare_news_conflict", {"territory": "Лаций", "winner": ROME}, "Конфликт в Лации: победили римляне."),
    (
        "mare_news_kept_far",
        {"territory": "Бетика", "winner": PUNICS, "owner": "Нейтралы"},
        "Пуны победили в Бетике, но Бетика не граничит с их землями и остаётся нейтральной.",
    ),
    (
        "mare_news_kept_far",
        {"territory": "Сиракузы", "winner": GAULS, "owner": "Нейтралы"},
        "Галлы победили в Сиракузах, но Сиракузы не граничат с их землями и остаются нейтральными.",
    ),
    (
        "mare_news_kept_internal",
        {"territory": "Лаций", "winner": PUNICS, "owner": ROME},
        "Пуны победили в Лации, но это внутренняя территория римлян, и она остаётся за ними.",
    ),
    (
        "mare_profitable",
        {"power": GREEKS, "territory": "Тарент", "spent": 2, "amount": 1},
        "Прибыльная победа греков в Таренте: влияние −2, МОЩЬ +1.",
    ),
    (
        "mare_robber",
        {"power": PUNICS, "territory": "Бруттий", "owner": GREEKS, "spent": 1, "amount": 1},
        "Разбойная победа пунов в Бруттии, на земле греков: влияние −1, МОЩЬ +1.",
    ),
    ("mare_robbed", {"winner": PUNICS, "territory": "Бруттий"}, "Пуны ограбили вашу территорию: Бруттий."),
    (
        "mare_catastrophic",
        {"power": ROME, "territory": "Этрурия", "own": 6, "amount": 1},
        "Римляне: катастрофическое поражение в Этрурии при своём влиянии 6, МОЩЬ −1.",
    ),
    (
        "mare_dominator_gain",
        {"power": GAULS, "territory": "Лигурия", "victim": PUNICS, "amount": 1},
        "Доминатор в Лигурии: галлы забирают 1 единицу МОЩИ у пунов.",
    ),
    (
        "mare_dominator_loss",
        {"power": PUNICS, "territory": "Лигурия", "winner": GAULS, "amount": 2},
        "Доминатор в Лигурии: пуны отдают 2 единицы МОЩИ галлам.",
    ),
    (
        "mare_annihilated",
        {"power": ROME, "territory": "Сардиния", "own": 11, "amount": 11},
        "Аннигилятор на Сардинии: римляне теряют 11 единиц МОЩИ (влияние 11).",
    ),
    (
        "mare_annihilated",
        {"power": GREEKS, "territory": "Сардиния", "own": 21.5, "amount": 21},
        "Аннигилятор на Сардинии: греки теряют 21 единицу МОЩИ (влияние 21,5).",
    ),
    (
        "mare_annihilated",
        {"power": GAULS, "territory": "Сардиния", "own": 5, "amount": 5},
        "Аннигилятор на Сардинии: галлы теряют 5 единиц МОЩИ (влияние 5).",
    ),
    (
        "mare_news_might",
        {"power": ROME, "might": 12, "territories": 1},
        "Римляне: МОЩЬ 12, 1 территория.",
    ),
    (
        "mare_news_might",
        {"power": PUNICS, "might": 11, "territories": 2},
        "Пуны: МОЩЬ 11, 2 территории.",
    ),
    (
        "mare_news_might",
        {"power": GREEKS, "might": 5, "territories": 5},
        "Греки: МОЩЬ 5, 5 территорий.",
    ),
    (
        "mare_victory_conquest",
        {"power": GAULS, "turn": 9, "territories": 21, "might": 30},
        "Галлы победили завоеванием в ходе 9: под их властью 21 территория.",
    ),
    (
        "mare_victory_domination",
        {"power": ROME, "turn": 11, "might": 31, "territories": 5},
        "Римляне победили доминированием в ходе 11: МОЩЬ 31.",
    ),
    (
        "mare_turn_start",
        {"turn": 2, "might": 12, "influence": 14, "extra": 0},
        "Начался ход 2. МОЩЬ: 12, влияние на ход: 14.",
    ),
    (
        "mare_turn_split",
        {"pieces": 2, "extra": 1},
        "Государство разорвано на 2 куска: связность 1 лишнего куска нужно оплатить (СВЯЗНОСТЬ).",
    ),
    (
        "mare_turn_split",
        {"pieces": 5, "extra": 4},
        "Государство разорвано на 5 кусков: связность 4 лишних кусков нужно оплатить (СВЯЗНОСТЬ).",
    ),
    (
        "mare_connectivity_loss",
        {"power": GREEKS, "count": 2, "amount": 2},
        "Греки не оплатили связность 2 лишних кусков государства: МОЩЬ −2.",
    ),
    (
        "mare_special_fortress",
        {"power": GREEKS, "territory": "Сиракузы", "spent": 1, "amount": 1},
        "Греки: крепость в Сиракузах — влияние −1, МОЩЬ −1.",
    ),
    (
        "mare_special_bonus",
        {"power": PUNICS, "territory": "Бетика", "spent": 3, "amount": 1},
        "Пуны: перенос бонуса Бетики — влияние −3, МОЩЬ −1.",
    ),
    (
        "mare_news_fortress_built",
        {"power": GREEKS, "territory": "Сиракузы"},
        "Греки построили крепость в Сиракузах.",
    ),
    (
        "mare_news_bonus_moved",
        {"bonus": "Житница", "source": "Западная Сицилия", "target": "Сиракузы"},
        "Бонус «Житница» теперь не на Западной Сицилии, а в Сиракузах.",
    ),
    ("mare_killed", {"general": "Доминатор"}, "Убиватор убил генерала Доминатора; оба ушли в пул."),
    ("mare_general_not_yours", {"general": "Побеждатор"}, "Генерала Побеждатора у вас нет."),
    ("mare_argument_missing", {"argument": "amount"}, "Не хватает значения: количество влияния."),
    ("mare_bad_number", {"argument": "count"}, "число кусков: нужно целое число."),
    (
        "mare_permit_not_landless",
        {"power": PUNICS},
        "Разрешение нужно только народу без территорий, а у пунов они есть.",
    ),
    ("mare_summary_influence", {"territory": "Сиракузы", "amount": 1}, "влияние на Сиракузы: 1"),
    (
        "mare_summary_support",
        {"territory": "Корсика", "side": GREEKS, "amount": 2},
        "поддержка греков на Корсике: 2",
    ),
    (
        "mare_summary_fortify",
        {"territory": "Сиракузы", "amount": 1, "might": 1},
        "крепость в Сиракузах: 1 (и МОЩЬ −1)",
    ),
    (
        "mare_pesterator_next",
        {"territory": "Балеары", "amount": 10},
        "Заэбатор: на следующем ходу нейтралы поддержат вас на Балеарах влиянием 10, если вы туда повлияете.",
    ),
]


@pytest.mark.parametrize(("code", "params", "expected"), SENTENCES)
def test_a_message_reads_as_a_russian_gm_writes_it(
    code: str, params: dict[str, str | int | float], expected: str
) -> None:
    assert RULESET.catalog.render(Msg(code, params), "ru") == expected


def test_the_sentences_cover_many_codes() -> None:
    assert len({code for code, _, _ in SENTENCES}) >= 20


@pytest.mark.parametrize(
    ("name", "forms"),
    [
        ("Пуны", "Пуны Пунов Пунам Пунов Пунами Пунах"),
        ("Римляне", "Римляне Римлян Римлянам Римлян Римлянами Римлянах"),
        ("Бетика", "Бетика Бетики Бетике Бетику Бетикой Бетике"),
        ("Сиракузы", "Сиракузы Сиракуз Сиракузам Сиракузы Сиракузами Сиракузах"),
        ("Лаций", "Лаций Лация Лацию Лаций Лацием Лации"),
        ("Бруттий", "Бруттий Бруттия Бруттию Бруттий Бруттием Бруттии"),
        ("Тарент", "Тарент Тарента Таренту Тарент Тарентом Таренте"),
        ("Аквитания", "Аквитания Аквитании Аквитании Аквитанию Аквитанией Аквитании"),
        ("Балеары", "Балеары Балеар Балеарам Балеары Балеарами Балеарах"),
        (
            "Серебряные рудники",
            "Серебряные_рудники Серебряных_рудников Серебряным_рудникам Серебряные_рудники "
            "Серебряными_рудниками Серебряных_рудниках",
        ),
        ("Доминатор", "Доминатор Доминатора Доминатору Доминатора Доминатором Доминаторе"),
    ],
)
def test_a_name_the_dictionary_gets_wrong_has_its_forms_in_the_data(name: str, forms: str) -> None:
    cases = ("им", "род", "дат", "вин", "твор", "пред")
    assert [inflect(name, case, FORMS).replace(" ", "_") for case in cases] == forms.split()


def test_every_name_declines_into_cyrillic_with_a_known_gender() -> None:
    """Every people, territory, bonus and general of the data: six forms and a gender; places
    are «в» or «на» somewhere."""
    names = [*DATA.powers, DATA.neutrals, *DATA.territories, *DATA.bonuses, *DATA.generals]
    for item in names:
        forms = [inflect(item.name, case, FORMS) for case in ("род", "дат", "вин", "твор", "пред")]
        assert all(re.fullmatch(r"[А-Яа-яЁё -]+", form) for form in forms), (item.name, forms)
        assert gender(item.name, FORMS) in ("м", "ж", "с", "мн")
    peoples = [p.name for p in (*DATA.powers, DATA.neutrals)]
    assert all(gender(p, FORMS) == "мн" for p in peoples)
    assert all(inflect(p, "вин", FORMS) == inflect(p, "род", FORMS) for p in peoples)  # animate
    assert located("Корсика", FORMS) == "на Корсике" and located("Этрурия", FORMS) == "в Этрурии"


def test_a_win_that_does_not_take_the_territory_says_why() -> None:
    """The rulebook: a people takes a neutral territory only «соседней с его собственной»; Пуны,
    whose land (Нумидия) does not touch Бетика, win there (3 against nobody) and Бетика stays
    neutral, and the news says so instead of leaving the map to look wrong."""
    state = game(punics=12)
    result = run(state, {PUNICS: mail(bid("Бетика", 3))})
    assert result.state["owners"]["Бетика"] == ""
    news = [RULESET.catalog.render(m, "ru") for m in result.news]
    assert not [n for n in news if n.startswith("Конфликт")]  # a lone bid met by nobody is no conflict
    assert "Пуны победили в Бетике, но Бетика не граничит с их землями и остаётся нейтральной." in news
    taken = run(own(game(), PUNICS, "Мавретания"), {PUNICS: mail(bid("Бетика", 3))})
    assert taken.state["owners"]["Бетика"] == PUNICS
    assert "Бетика перешла от нейтралов к пунам." in [RULESET.catalog.render(m, "ru") for m in taken.news]


def test_an_internal_territory_won_stays_with_its_owner_and_the_news_says_why() -> None:
    """«Если игрок побеждает на вражеской территории, которая является пограничной, эта территория
    становится нейтральной»: Лаций borders only Roman land, so Пуны winning there (7 × 0.7 × 0.5 =
    2.45 against 1) leave it Roman."""
    state = game()
    result = run(state, {PUNICS: mail(bid("Лаций", 7)), ROME: mail(bid("Лаций", 1))})
    assert result.state["owners"]["Лаций"] == ROME
    news = [RULESET.catalog.render(m, "ru") for m in result.news]
    assert "Пуны победили в Лации, но это внутренняя территория римлян, и она остаётся за ними." in news


_LATIN = re.compile(r"[A-Za-z]+")


def test_the_russian_status_of_a_played_game_has_no_latin_word() -> None:
    state, _ = play(SCRIPT)
    for power in state["powers"]:
        text = render_one("mare/status", "ru", {"view": RULESET.view(state, power), "forms": FORMS})
        assert _LATIN.findall(text) == [], text
        assert "МОЩИ" not in text.replace("При МОЩИ меньше", "")


def test_the_russian_news_and_reports_of_a_played_game_have_no_latin_word() -> None:
    _, history = play(SCRIPT)
    messages = [m for r in history for m in (*r.news, *r.gm_log)]
    messages += [m for r in history for ms in r.reports.values() for m in ms]
    for message in messages:
        text = RULESET.catalog.render(message, "ru")
        assert _LATIN.findall(text) == [], text
        assert not re.search(r"\d+ МОЩИ", text), text


def test_order_examples_fit_the_people_that_reads_them() -> None:
    """Греки are never told to fortify Roman land or to support themselves: the examples name
    their own land, a real neighbour and another people, with sums they can pay, so the rules
    accept them as they stand."""
    state = game(greeks=2)
    shown = RULESET.examples(state, GREEKS, "orders")
    phase = RULESET.phases["orders"]
    wanted = ("influence", "support", "fortify")
    parsed = parse_commands(
        list(enumerate((shown[n] for n in wanted), 1)), phase, RULESET.vocabularies(state)
    )
    assert parsed.problems == []
    influence, support, fortify = (dict(c.args) for c in parsed.commands)
    mine = {t for t, owner in state["owners"].items() if owner == GREEKS}
    assert fortify["territory"] in mine
    assert support["side"] != GREEKS and state["owners"][support["territory"]] == support["side"]
    assert any(influence["territory"] in DATA.territory(t).neighbours for t in mine)
    for command in parsed.commands:  # each affordable alone (2 + 2 would be more than the 2 they have)
        assert RULESET.check(state, GREEKS, "orders", [command]) == []
    assert "move_bonus" not in shown and "raze" not in shown  # no bonus, no fortress: nothing fits
