"""The daemon's own sentences in Russian, compared to sentences written by hand: names in the case
the sentence needs, numbers agreeing with their nouns, verbs with the gender of a power or a
person (feminine Россия, masculine Китай, plural США; 1, 2, 5, 11, 21)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from daemon.outgoing.render import daemon_catalog, moment, render_one, subject
from engines.russian import NO_FORMS
from engines.text import Msg, Text
from parsers.orders import parser_catalog
from tests.daemon.harness import flat

GM = "gm@example.org"

CATALOG: list[tuple[str, dict[str, str | int], str]] = [
    (
        "subject_report",
        {"game": "coins-1", "turn": "Ход 2", "power": "Китай"},
        "[coins-1] Ход 2: итоги для Китая",
    ),
    (
        "subject_report",
        {"game": "coins-1", "turn": "Ход 5", "power": "Россия"},
        "[coins-1] Ход 5: итоги для России",
    ),
    (
        "subject_report",
        {"game": "coins-1", "turn": "Ход 1", "power": "США"},
        "[coins-1] Ход 1: итоги для США",
    ),
    ("subject_role", {"game": "coins-1", "power": "Россия"}, "[coins-1] Игра началась: вы играете за Россию"),
    ("subject_replaced", {"game": "g", "power": "Евросоюз"}, "[g] Вас заменил другой игрок"),
    ("subject_revived", {"game": "g", "power": "Евросоюз"}, "[g] Ведущий вернул вам Евросоюз"),
    (
        "subject_leave_granted",
        {"game": "coins-1", "power": "США", "first": 2, "last": 3},
        "[coins-1] Отпуск одобрен: до хода 3 включительно",
    ),
    ("subject_retired", {"game": "coins-1", "power": "Китай"}, "[coins-1] За Китай теперь играет компьютер"),
    ("subject_ended", {"game": "g", "power": "Россия"}, "[g] Россия выбыла из игры"),
    ("subject_ended", {"game": "g", "power": "Китай"}, "[g] Китай выбыл из игры"),
    ("subject_ended", {"game": "g", "power": "США"}, "[g] США выбыли из игры"),
    ("subject_leave", {"game": "g", "power": "США"}, "[g] США просят отпуск"),
    ("subject_leave", {"game": "g", "power": "Россия"}, "[g] Россия просит отпуск"),
    (
        "route_wrong_password",
        {"power": "Китай", "gm": GM},
        "Неверный пароль для Китая. Пароль есть в письме о начале игры; "
        f"если оно потерялось, напишите ведущему: {GM}.",
    ),
    (
        "route_retired",
        {"power": "Россия", "gm": GM},
        "За Россию теперь играет компьютер: были пропущены ходы. "
        f"Чтобы вернуться в игру, напишите ведущему: {GM}.",
    ),
    (
        "route_ended",
        {"power": "США", "gm": GM},
        "США выбыли из игры, приказы за США больше не принимаются. Если правила позволяют начать заново, "
        f"напишите ведущему: {GM}.",
    ),
    ("notice_replaced", {"power": "Россия"}, "Ведущий передал Россию другому игроку. Спасибо за игру!"),
    (
        "notice_revived",
        {"power": "Китай"},
        "Ведущий вернул вам Китай. Пароль прежний, счётчик пропусков обнулён.",
    ),
    ("gm_broadcast", {"players": 1}, "объявление отправлено 1 игроку"),
    ("gm_broadcast", {"players": 2}, "объявление отправлено 2 игрокам"),
    ("gm_broadcast", {"players": 5}, "объявление отправлено 5 игрокам"),
    ("gm_broadcast", {"players": 11}, "объявление отправлено 11 игрокам"),
    ("gm_broadcast", {"players": 21}, "объявление отправлено 21 игроку"),
    (
        "gm_extended",
        {"hours": 21, "deadline_ru": "4 декабря, 21:00 МСК", "deadline_en": ""},
        "срок продлён на 21 час, теперь до 4 декабря, 21:00 МСК",
    ),
    (
        "gm_extended",
        {"hours": 2, "deadline_ru": "x", "deadline_en": ""},
        "срок продлён на 2 часа, теперь до x",
    ),
    (
        "gm_extended",
        {"hours": 11, "deadline_ru": "x", "deadline_en": ""},
        "срок продлён на 11 часов, теперь до x",
    ),
    (
        "gm_returned",
        {"power": "Россия", "address": "a@b.c"},
        "Россия возвращена игроку a@b.c, пароль отправлен",
    ),
    ("gm_returned", {"power": "США", "address": "a@b.c"}, "США возвращены игроку a@b.c, пароль отправлен"),
    ("gm_ejected", {"power": "Китай"}, "игрок Китая отстранён, за Китай играет компьютер"),
    (
        "gm_not_retired",
        {"power": "Россия"},
        "Россия не снята за пропуски, воскрешать некого (изгнанного игрока возвращает ВЕРНУТЬ)",
    ),
    ("gm_already_playing", {"address": "a@b.c", "power": "Россия"}, "a@b.c уже играет за Россию"),
    (
        "limit_lines",
        {"lines": 21, "limit": 1},
        "Строк, похожих на приказы, в письме 21, а в одном письме принимается не больше 1 строки. "
        "Ничего из него не принято; пришлите приказы заново, без лишних строк.",
    ),
]

PARSER: list[tuple[str, dict[str, str | int], str]] = [
    (
        "number_too_large",
        {"arg": "turns", "word": "5", "max": 3},
        "5 — слишком много: значение «число ходов» должно быть не больше 3.",
    ),
    (
        "too_many_items",
        {"arg": "power", "max": 2},
        "страна: можно указать не больше 2 названий.",
    ),
    (
        "too_few_items",
        {"arg": "power", "count": 1, "min": 2},
        "страна: 1 название, а нужно не меньше 2 названий.",
    ),
    (
        "too_many_pairs",
        {"arg": "who", "max": 11},
        "адрес и имя игрока: можно указать не больше 11 пар.",
    ),
]


@pytest.mark.parametrize(("code", "params", "sentence"), CATALOG)
def test_a_daemon_sentence_reads_as_written_by_hand(
    code: str, params: dict[str, str | int], sentence: str
) -> None:
    if code.startswith("subject_"):
        assert subject(code, "ru", None, **params) == sentence
    else:
        assert daemon_catalog().render(Msg(code, params), "ru") == sentence


@pytest.mark.parametrize(("code", "params", "sentence"), PARSER)
def test_a_parser_problem_names_its_argument_in_russian(
    code: str, params: dict[str, str | int], sentence: str
) -> None:
    assert parser_catalog().merged(daemon_catalog()).render(Msg(code, params), "ru") == sentence


def _template(template: str, **context: Any) -> str:
    return render_one(template, "ru", {"forms": NO_FORMS, "say": str, **context})


HEAD = {
    "title": Text("Монеты: современные державы", "Coins"),
    "power": "Россия",
    "power_title": Text("Страна", "Power"),
    "turn": 3,
    "last": 10,
    "phase": Text("Переговоры", "Talks"),
    "deadline": moment(datetime(2026, 12, 3, 18, 0, 20, tzinfo=UTC), ZoneInfo("Europe/Moscow")),
    "over": False,
    "paused": False,
    "after": 0,
    "titled": None,
    "after_titled": None,
}


def test_the_header_gives_game_power_turn_phase_and_the_deadline_to_the_minute() -> None:
    text = _template("player/notice", head=HEAD, msg="Ведущий дал вам отпуск.", reason="")
    assert text.startswith(
        "«Монеты: современные державы»\n"
        "Страна: Россия\n"
        "Ход 3 из 10, фаза «Переговоры»\n"
        "Приказы принимаются до 3 декабря, 21:00 МСК.\n"
    )


def test_the_header_of_a_player_the_computer_replaced_says_after_which_turn() -> None:
    head = HEAD | {"after": 2, "deadline": None}
    text = _template("player/retired", head=head, missed=2, power="Россия", gm=GM)
    assert text.startswith("«Монеты: современные державы»\nСтрана: Россия\nПосле хода 2 из 10\n\n")
    assert "Вы пропустили 2 хода подряд, поэтому за Россию теперь играет компьютер." in flat(text)
    assert f"Чтобы вернуться в игру, напишите ведущему: {GM}." in text


@pytest.mark.parametrize(
    ("silent", "expected", "sentence"),
    [
        (3, 3, "Ход 4 остановлен: 3 из 3 активных игроков не прислали приказов."),
        (1, 21, "Ход 4 остановлен: 1 из 21 активного игрока не прислал приказов."),
        (5, 11, "Ход 4 остановлен: 5 из 11 активных игроков не прислали приказов."),
    ],
)
def test_the_hold_counts_the_silent_players(silent: int, expected: int, sentence: str) -> None:
    text = _template(
        "gm/hold",
        head=HEAD,
        game="g",
        turn=4,
        silent=silent,
        expected=expected,
        phase=Text("Приказы", "Orders"),
    )
    assert sentence in text and "ОБРАБОТАТЬ 4 Приказы" in text


@pytest.mark.parametrize(
    ("turns", "name", "sentence"),
    [
        (2, "Анна Петрова", "Анна Петрова (a@b.c) просит отпуск для России на 2 хода."),
        (5, "Иван", "Иван (a@b.c) просит отпуск для России на 5 ходов."),
        (21, "Иван", "Иван (a@b.c) просит отпуск для России на 21 ход."),
    ],
)
def test_a_leave_request_counts_its_turns(turns: int, name: str, sentence: str) -> None:
    text = _template(
        "gm/leave-request", head=HEAD, name=name, address="a@b.c", power="Россия", turns=turns, words=[]
    )
    assert sentence in text


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("Анна Петрова", "прислала приказы"),
        ("Иван Петров", "прислал приказы"),
        ("Игрок1", "приказы получены"),
    ],
)
def test_the_digest_agrees_with_the_players_first_name(name: str, said: str) -> None:
    order = {"power": "Китай", "name": name, "address": "a@b.c", "source": "player", "lines": []}
    leave = {
        "power": "США",
        "name": "Глеб",
        "address": "g@b.c",
        "source": "leave",
        "lines": ["ВЛОЖИТЬ Армия 1"],
    }
    context = {
        "title": HEAD["title"],
        "game": "g",
        "turn": 3,
        "titled": None,
        "last": 10,
        "phase": HEAD["phase"],
        "phase_count": 3,
        "correction": False,
        "over": False,
        "next": None,
        "retired": [],
        "warned": [{"power": "Россия", "name": "Вера", "address": "v@b.c", "missed": 1}],
        "requests": [],
        "refused": [],
        "ended": [],
        "undelivered": [],
        "pictures": [],
        "gm_notes": [],
        "orders": [order, leave],
        "missed": ["Россия"],
        "group_news": [],
        "gm_log": [],
        "forum_pictures": [],
        "news": [],
        "public": {"ru": ""},
        "scores": [],
        "seed": "s",
        "draws": [],
    }
    text = _template("gm/digest", **context)
    assert f"\nКитай ({name}, a@b.c): {said}\n" in text
    assert "\nСША (Глеб, g@b.c): в отпуске, играл компьютер\n    ВЛОЖИТЬ Армия 1\n" in text
    assert "\n• Россия (Вера, v@b.c) пропустила ход, пропусков подряд: 1. Игрок предупреждён.\n" in text
