"""The coins catalog in Russian, compared with sentences written by hand: names in the case the
sentence needs (masculine Китай, feminine Россия, plural США and Мальдивы), numbers agreeing with
their nouns (1, 2, 5, 11, 21), verbs agreeing with the power; and no Latin word in a Russian text."""

from __future__ import annotations

import re

import pytest

from daemon.outgoing.render import render
from engines.coins import RULESET
from engines.coins.data import DATA
from engines.text import Msg, Param
from tests.engines.coins.helpers import play_ai_game

SENTENCES: list[tuple[str, dict[str, Param], str]] = [
    (
        "coins_given",
        {"giver": "Евросоюз", "receiver": "Китай", "amount": 1},
        "Евросоюз передал Китаю 1 монету.",
    ),
    ("coins_given", {"giver": "США", "receiver": "Россия", "amount": 2}, "США передали России 2 монеты."),
    ("coins_given", {"giver": "Россия", "receiver": "США", "amount": 5}, "Россия передала США 5 монет."),
    (
        "turn_income",
        {"turn": 2, "coins": 11, "research": 4, "army": 2, "intel": 0, "influence": 1},
        "В начале хода 2 вы получили 11 монет и 4 очка исследований; армия 2, разведка 0, влияние 1.",
    ),
    (
        "turn_income",
        {"turn": 3, "coins": 21, "research": 1, "army": 2, "intel": 0, "influence": 1},
        "В начале хода 3 вы получили 21 монету и 1 очко исследований; армия 2, разведка 0, влияние 1.",
    ),
    ("your_final_score", {"vp": 51}, "Игра окончена. Ваш итог — 51 победное очко."),
    ("final_score", {"place": 2, "power": "Китай", "vp": 11}, "2. Китай: 11 победных очков."),
    ("final_score", {"place": 1, "power": "США", "vp": 22}, "1. США: 22 победных очка."),
    (
        "battle",
        {"colony": "Монголия", "attackers": "США 1, Евросоюз 2", "defence": 0},
        "Бой за Монголию: силы нападавших — США 1, Евросоюз 2, защита — 0.",
    ),
    (
        "battle_forces",
        {"colony": "Марс", "attackers": "Китай 7", "defence": 6},
        "Бой за Марс: силы нападавших — Китай 7, защита — 6.",
    ),
    (
        "alliance_unanswered",
        {"partner": "Россия", "kind": "Торговый"},
        "Россия не ответила на предложение торгового союза, союз не заключён.",
    ),
    (
        "alliance_unanswered",
        {"partner": "США", "kind": "Военный"},
        "США не ответили на предложение военного союза, союз не заключён.",
    ),
    (
        "alliance_formed",
        {"a": "США", "b": "Китай", "kind": "Торговый"},
        "США и Китай заключили торговый союз.",
    ),
    (
        "alliance_broken",
        {"a": "Индия", "b": "Евросоюз", "kind": "Военный"},
        "Индия разорвала военный союз с Евросоюзом.",
    ),
    (
        "colony_ceded",
        {"colony": "Исландия", "giver": "США", "receiver": "Китай"},
        "Колония Исландия перешла от США к Китаю.",
    ),
    (
        "colony_captured",
        {"colony": "Чад", "winner": "Бразилия", "loser": "Индия"},
        "Бразилия захватила колонию Чад у Индии.",
    ),
    ("colony_held", {"colony": "Фиджи", "owner": "США"}, "США отстояли колонию Фиджи."),
    (
        "colony_conquered",
        {"colony": "Мальдивы", "winner": "Евросоюз"},
        "Евросоюз захватил нейтральную колонию Мальдивы.",
    ),
    (
        "tech_researched",
        {"tech": "Искусственный интеллект", "cost": 4},
        "Вы открыли технологию «Искусственный интеллект» за 4 очка исследований; "
        "она действует уже в этом ходу.",
    ),
    (
        "tech_received",
        {"tech": "Ядерное оружие 2", "giver": "Россия"},
        "Россия передала вам технологию «Ядерное оружие 2»; она действует уже в этом ходу.",
    ),
    (
        "tech_given",
        {"tech": "Кибершпионаж", "receiver": "Евросоюз"},
        "Вы передали Евросоюзу технологию «Кибершпионаж».",
    ),
    ("nuclear_power", {"power": "США"}, "США обладают ядерным оружием: нападать на США больше нельзя."),
    ("nuclear_power", {"power": "Китай"}, "Китай обладает ядерным оружием: нападать на Китай больше нельзя."),
    (
        "metropole_plundered",
        {"attacker": "Китай", "target": "Россия", "amount": 21},
        "Китай разграбил метрополию России и забрал 21 монету.",
    ),
    (
        "metropole_repelled",
        {"attacker": "США", "target": "Россия"},
        "Россия отбила нападение США на свою метрополию.",
    ),
    (
        "plunder_short",
        {"target": "Евросоюз", "margin": 3, "amount": 1},
        "Ваш перевес над Евросоюзом был 3, но из казны Евросоюза удалось забрать только 1 монету.",
    ),
    (
        "transfer_cut",
        {"receiver": "Индия", "amount": 5, "paid": 1},
        "Вы смогли передать Индии только 1 монету вместо 5 монет: больше в казне не было.",
    ),
    (
        "funding_cut",
        {"line": "Армия", "amount": 2, "paid": 1},
        "Не хватило монет: в направление «Армия» вы вложили 1 монету вместо 2 монет.",
    ),
    ("funding_set", {"spent": 5, "coins": 1}, "Вы вложили 5 монет на следующий ход; в казне — 1 монета."),
    (
        "not_enough_coins",
        {"need": 9, "have": 8},
        "Не хватает монет: вместе со строками выше нужно 9 монет, а в казне 8 монет.",
    ),
    ("line_over_max", {"line": "Наука", "max": 3}, "В направление «Наука» можно вложить не больше 3 монет."),
    (
        "arms_limited",
        {"line": "Армия", "max": 1},
        "Ограничение вооружений: в направление «Армия» в этом ходу можно вложить не больше 1 монеты.",
    ),
    (
        "help_received",
        {"ally": "Евросоюз", "amount": 2},
        "Евросоюз прислал вам на помощь армию силой 2; в этом ходу вы ею командуете.",
    ),
    ("help_no_alliance", {"ally": "Россия"}, "Помощь России не отправлена: военного союза с Россией нет."),
    ("chair", {"power": "США"}, "В этом ходу вынести проект на голосование могут США."),
    (
        "proposal_made",
        {"proposer": "Россия", "name": "Гуманитарная помощь", "details": "Россия"},
        "Россия вынесла на голосование проект «Гуманитарная помощь» (Россия).",
    ),
    (
        "raid",
        {"attacker": "США", "target": "Китай", "force": 3, "home": 1},
        "Набег США на Китай: сила набега 3, армия дома 1.",
    ),
    ("target_nuclear", {"power": "Россия"}, "У России ядерное оружие: нападать на Россию нельзя."),
    (
        "colony_needs_tech",
        {"colony": "Марс", "tech": "Космическая программа"},
        "Чтобы напасть на Марс, нужны обе части технологии «Космическая программа».",
    ),
    ("already_allied", {"power": "Китай", "kind": "Торговый"}, "С Китаем у вас уже есть торговый союз."),
    ("no_such_alliance", {"power": "США", "kind": "Военный"}, "С США у вас нет военного союза."),
    ("argument_missing", {"argument": "amount"}, "Не хватает значения «сумма»."),
    (
        "vote_passed",
        {"name": "Гуманитарная помощь", "yes": "Россия", "no": "США, Китай, Евросоюз"},
        "Проект «Гуманитарная помощь» принят (голоса весят по влиянию). За: Россия. "
        "Против: США, Китай, Евросоюз.",
    ),
    (
        "summary_coins",
        {"spent": 5, "have": 8, "left": 3},
        "На эти приказы уходит 5 монет из 8, в казне останется 3 монеты.",
    ),
]


@pytest.mark.parametrize(("code", "params", "expected"), SENTENCES)
def test_a_coins_sentence_reads_as_written_by_hand(
    code: str, params: dict[str, Param], expected: str
) -> None:
    assert RULESET.catalog.render(Msg(code, params), "ru") == expected


def test_the_hand_written_sentences_cover_twenty_codes() -> None:
    assert len({code for code, _, _ in SENTENCES}) >= 20


LATIN = re.compile(r"[A-Za-z]+")
DECLARED = {word for name in DATA.names for word in LATIN.findall(name)}


def _latin(text: str) -> set[str]:
    return set(LATIN.findall(text)) - DECLARED


def test_the_russian_balance_and_every_report_of_a_played_game_have_no_latin_word() -> None:
    state, history = play_ai_game(5, "latin")
    for power in state["powers"]:
        text = render("coins/status", "ru", {"view": RULESET.view(state, power)}, RULESET.catalog)
        assert _latin(text) == set(), power
    said = [msg for r in history for msgs in (*r.reports.values(), r.news, r.gm_log) for msg in msgs]
    assert said and {w for msg in said for w in _latin(RULESET.catalog.render(msg, "ru"))} == set()
