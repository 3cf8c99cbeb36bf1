"""The Rus sentences as a careful Russian GM writes them, by hand: names in the case the sentence
needs, verbs agreeing with a principality, numbers with their nouns; and a played balance with no
English or internal word in it."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from engines.contract import JSON
from engines.rng import Rng
from engines.rus import RULESET
from engines.rus.data import DATA
from engines.rus.gm_rules import GM_COMMANDS
from engines.rus.report import CAUSES, Turn
from engines.rus.schema import PHASES
from engines.russian import gender, inflect
from engines.text import Msg
from parsers.orders import parse_commands
from tests.engines.helpers import mail, o
from tests.engines.rus.helpers import status

N = "\u00a0"  # between a sum and «Д»

SENTENCES: list[tuple[str, dict[str, str | int], str]] = [
    # which way a change goes, in sentences, with no «(Киев)» after «Киев»
    ("rus_event_stability", {"power": "Волынь", "amount": 1}, "Волынь: стабильность +1."),
    ("rus_event_stability", {"power": "Волынь", "amount": -2}, "Волынь: стабильность −2."),
    (
        "rus_troops_home",
        {"count": 11, "province": "Перемышль", "home": "Владимир-Волынский"},
        f"Дружина, 11{N}ВС (п), ушла из Перемышля домой, во Владимир-Волынский: "
        "эта земля больше не вражеская и не союзная.",
    ),
    ("rus_news_revolt_home", {"power": "Киев", "province": "Киев"}, "Восстание в Киеве."),
    (
        "rus_war_fought",
        {"province": "Курск", "attacker": "Половцы", "defender": "Северск", "winner": "Северск"},
        "Бой в Курске: половцы напали на Северск, победил Северск.",
    ),
    (
        "rus_war_you_lost",
        {"lost": f"2{N}ВС (п) и 1{N}ВС (о)"},
        f"В этом бою вы потеряли 2{N}ВС (п) и 1{N}ВС (о).",
    ),
    ("rus_treaty_news_war", {"power": "Киев", "target": "Чернигов"}, "Киев объявил войну Чернигову."),
    ("rus_treaty_news_war", {"power": "Тверь", "target": "Туров"}, "Тверь объявила войну Турову."),
    (
        "rus_event_fire",
        {"power": "Туров", "province": "Туров", "amount": 2},
        "Пожар в Турове: −2\u00a0ОП.",
    ),
    (
        "rus_news_trade_opened",
        {"caravan": "Переяславль", "province": "Переяславль", "fair": "Владимир"},
        "Переяславль открыл торговлю: караван из Переяславля ходит на ярмарку во Владимир.",
    ),
    (
        "rus_news_revolt",
        {"province": "Владимир-Волынский", "power": "Волынь"},
        "Восстание во Владимире-Волынском, земля Волыни.",
    ),
    (
        "rus_event_raid",
        {"raider": "Половцы", "province": "Руса", "power": "Новгород", "amount": 5},
        "Половцы напали на Русу: 5\u00a0ВС (п).",
    ),
    ("rus_news_score", {"power": "Киев", "points": 1}, "Киев: 1 победное очко."),
    ("rus_news_score", {"power": "Рязань", "points": 2}, "Рязань: 2 победных очка."),
    ("rus_news_score", {"power": "Туров", "points": 5}, "Туров: 5 победных очков."),
    ("rus_news_score", {"power": "Тверь", "points": 11}, "Тверь: 11 победных очков."),
    ("rus_event_prestige", {"power": "Псков", "amount": 21}, "Псков: +21 победное очко."),
    (
        "rus_war_too_far",
        {"limit": 1, "steps": 2},
        "Дружина проходит за ход не больше 1 провинции, а путь — 2 провинции.",
    ),
    (
        "rus_war_too_far",
        {"limit": 5, "steps": 11},
        "Дружина проходит за ход не больше 5 провинций, а путь — 11 провинций.",
    ),
    (
        "rus_marriage_limit",
        {"power": "Волынь", "max": 2},
        "Волынь уже заключила 2 династических брака — больше за игру нельзя.",
    ),
    (
        "rus_news_end_needs_vassals",
        {"count": 21},
        "Все игроки проголосовали за окончание, но игра продолжается: она кончается, только когда"
        " у одного из княжеств 21 вассал или больше.",
    ),
    ("rus_gift_received", {"power": "Половцы", "amount": 150}, f"Половцы передали вам 150{N}Д."),
    (
        "rus_gift_sent",
        {"power": "Новгород-Северский", "amount": 200, "points": 20},
        f"Дар Новгороду-Северскому: 200{N}Д, влияние +20.",
    ),
    ("rus_treaty_peace_made", {"a": "Туров", "b": "Тверь"}, "Мир между Туровом и Тверью заключён."),
    (
        "rus_war_retreat",
        {"power": "Туров", "druzhina": 11, "province": "Пинск", "to": "Туров"},
        "Дружина Турова (11\u00a0ВС (п)) отступила из Пинска в Туров.",
    ),
    (
        "rus_war_captured",
        {"power": "Рязань", "province": "Владимир", "owner": "Владимир"},
        "Рязань заняла Владимир (владелец: Владимир).",
    ),
    (
        "rus_news_battle",
        {"province": "Курск", "attacker": "Киев", "defender": "Половцы", "winner": "Половцы"},
        "Бой в Курске: Киев против половцев, победили половцы.",
    ),
    ("rus_embassy_opened", {"power": "Смоленск", "host": "Волынь"}, "Смоленск открыл посольство в Волыни."),
    (
        "rus_vassal_sworn",
        {"vassal": "Муром", "suzerain": "Рязань"},
        "Муром принёс вассальную присягу Рязани.",
    ),
    (
        "rus_treaty_news_vassal",
        {"vassal": "Тверь", "suzerain": "Новгород"},
        "Тверь стала вассалом Новгорода.",
    ),
    (
        "rus_trade_waits",
        {"province": "Ладога", "partner": "Полоцк"},
        "Караван из Ладоги в Полоцк не отправлен: Полоцк не приказал ЯРМАРКА Ладога в этом ходу.",
    ),
    (
        "rus_influence",
        {"power": "Киев", "amount": 20, "value": 70, "why": "дар", "why_en": "gift"},
        "Влияние на Киев: +20 (дар), теперь 70.",
    ),
    ("rus_argument_missing", {"argument": "target"}, "Не хватает значения «куда плыть»."),
    (
        "rus_influence",
        {"power": "Полоцк", "amount": -150, "value": -150, "why": "объявление войны", "why_en": "war"},
        "Влияние на Полоцк: −150 (объявление войны), теперь −150.",
    ),
    (
        "rus_war_arrived",
        {"commander": "Галич", "province": "Владимир-Волынский", "druzhina": 10},
        f"Галич привёл дружину во Владимир-Волынский: 10{N}ВС (п).",
    ),
    (
        "rus_war_sets_out_militia",
        {"commander": "Тверь", "province": "Кашин", "target": "Торжок", "militia": 3},
        f"Тверь выступила из Кашина на Торжок: ополчение 3{N}ВС (о).",
    ),
]


@pytest.mark.parametrize(("code", "params", "expected"), SENTENCES)
def test_a_rus_sentence_reads_as_a_gm_writes_it(
    code: str, params: dict[str, str | int], expected: str
) -> None:
    assert RULESET.catalog.render(Msg(code, params), "ru") == expected


def test_the_names_the_dictionary_gets_wrong_are_fixed_in_every_case() -> None:
    forms = RULESET.catalog.forms
    assert [inflect("Владимир-Волынский", case, forms) for case in ("род", "дат", "вин", "твор", "пред")] == [
        "Владимира-Волынского",
        "Владимиру-Волынскому",
        "Владимир-Волынский",
        "Владимиром-Волынским",
        "Владимире-Волынском",
    ]
    assert (inflect("Туров", "вин", forms), inflect("Туров", "твор", forms)) == ("Туров", "Туровом")
    assert (inflect("Владимир", "вин", forms), inflect("Новгород-Северский", "вин", forms)) == (
        "Владимир",
        "Новгород-Северский",
    )
    assert (inflect("Руса", "пред", forms), gender("Руса", forms), gender("Половцы", forms)) == (
        "Русе",
        "ж",
        "мн",
    )


def test_every_argument_of_every_rus_command_has_a_title_in_both_languages() -> None:
    names = {arg.name for phase in PHASES.values() for spec in phase.commands for arg in spec.args}
    names |= {arg.name for spec in GM_COMMANDS for arg in spec.args}
    titles = {
        code.removeprefix("arg."): text
        for code, text in RULESET.catalog.entries.items()
        if code.startswith("arg.")
    }
    assert names == set(titles)
    assert all(t.ru and t.en and not re.search("[A-Za-z]", t.ru) for t in titles.values())


def _played() -> JSON:
    state = RULESET.setup(["Переяславль", "Киев", "Туров", "Чернигов"], Rng("setup"))
    state["countries"]["Переяславль"]["money"] = 2000
    orders = {
        "Переяславль": mail(
            o("gift", power="Киев", amount=200),
            o("recruit", count=2),
            o("trade", province="Переяславль", partner="Киев", route="Переяславль Киев"),
            o("alliance", power="Киев"),
        ),
        "Киев": mail(
            o("accept_gift", power="Переяславль"),
            o("fair", province="Переяславль"),
            o("alliance", power="Переяславль"),
            o("war", power="Чернигов"),
        ),
    }
    played: JSON = RULESET.resolve(state, state["phase"], orders, Rng("x")).state
    return played


def test_a_fairs_income_names_the_caravans_province_once() -> None:
    """The trial's «ярмарка (Владимир (Владимир))»: a capital's caravan named twice."""
    text = status(_played(), "Киев", "ru")
    assert "ярмарка (караван из Переяславля)" in text and "(Переяславль (Переяславль))" not in text
    assert "fair (the caravan from Pereyaslavl)" in status(_played(), "Киев", "en")


def test_the_balance_lays_out_one_fact_a_line_and_states_the_influence_once() -> None:
    """Why influence moved is the report's to say (`rus_influence`, one line a change); the
    balance states where it stands, once."""
    text = status(_played(), "Переяславль", "ru")
    assert "Баланс Переяславля, ход 2" in text
    assert "Ваше влияние:\n• на Киев: +70\n" in text and text.count("на Киев") == 1
    assert "Война: ни с кем" in text and "Войска:\n• Переяславль: 12\u00a0ВС (п)\n" in text
    assert "• караван из Переяславля на ярмарку в Киев" in text
    assert all(len(line) <= 72 for line in text.splitlines() if not line.startswith("Цены"))
    english = status(_played(), "Переяславль", "en")
    assert "• on Kiev: +70" in english


def test_a_russian_balance_has_no_latin_word_but_declared_names() -> None:
    declared = {
        word for item in [*DATA.powers, *DATA.provinces] for word in re.findall(r"[A-Za-z]+", item.name)
    }
    text = status(_played(), "Переяславль", "ru")
    assert set(re.findall(r"[A-Za-z]+", text)) <= declared


def test_influence_changes_carry_their_cause_to_the_report_line() -> None:
    state = _played()
    log = state["influence_log"]["Переяславль"]
    assert [(x["on"], x["amount"], x["cause"]) for x in log] == [
        ("Киев", 20, "trade"),
        ("Киев", 30, "alliance"),
        ("Киев", 20, "gift"),
    ]
    assert set(CAUSES) >= {x["cause"] for lines in state["influence_log"].values() for x in lines}
    assert Turn(["Киев"]).influence == {"Киев": []}


def test_the_order_examples_fit_the_principality() -> None:
    state = RULESET.setup(["Переяславль", "Киев", "Туров", "Чернигов"], Rng("setup"))
    phase = RULESET.phases[state["phase"]]
    shown = RULESET.examples(state, "Переяславль", state["phase"])
    parsed = parse_commands(list(enumerate(shown.values(), start=1)), phase, RULESET.vocabularies(state))
    assert parsed.problems == [] and [cmd.name for cmd in parsed.commands] == list(shown)
    by_name = {cmd.name: cmd for cmd in parsed.commands}
    for cmd in parsed.commands:  # the march goes where the war example, written above it, declares war
        besides = [replace(by_name["war"], line=0)] if cmd.name == "march" else []
        assert RULESET.check(state, "Переяславль", state["phase"], [*besides, cmd]) == [], cmd
    # at peace, unwed, pagan, with no technology and no vassal: what it cannot give is not offered
    cannot = {"peace", "terms", "divorce", "fealty", "demand", "renounce", "fortress", "boats", "embassy"}
    cannot |= {"temple", "stability", "disband", "cancel_trade", "close_embassy", "call", "bank", "lend"}
    assert cannot & set(shown) == set()
    assert by_name["specialise"].args["province"] == "Переяславль"
    march = by_name["march"]
    assert (
        march.args["province"] == "Переяславль" and march.lists["path"][-1] in DATA.adjacency["Переяславль"]
    )
    assert by_name["war"].args["power"] == DATA.province(str(march.lists["path"][-1])).owner
    assert by_name["accept_gift"].args["power"] in {
        "Киев",
        "Туров",
        "Чернигов",
    }  # a player: the computer gives nothing
    assert RULESET.examples(state, "Киев", state["phase"])["mobilise"] == "МОБИЛИЗАЦИЯ Вышгород"


def test_the_examples_offer_no_war_on_an_enemy_and_no_fair_for_an_enemys_caravan() -> None:
    state = RULESET.setup(["Переяславль", "Киев", "Туров", "Чернигов"], Rng("setup"))
    state["wars"] = [["Переяславль", "Киев"]]
    shown = RULESET.examples(state, "Переяславль", state["phase"])
    assert shown["war"] != "ВОЙНА Киев" and shown["peace"] == "МИР Киев Белый"
    assert DATA.province(shown["fair"].removeprefix("ЯРМАРКА ")).owner in {"Туров", "Чернигов"}
    alone = RULESET.setup(["Переяславль"], Rng("setup"))  # every other principality the computer's
    assert {"accept_gift", "alliance", "fair", "give_tech"} & set(
        RULESET.examples(alone, "Переяславль", "orders")
    ) == set()
