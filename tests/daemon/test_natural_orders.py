"""Orders in the Russian players write, by mail: names in any case and after a preposition, verbs as
spoken, an order of another phase, prose around the orders, a leave request in the player's words;
and the reply's first line says where the game stands."""

from __future__ import annotations

from pathlib import Path

import pytest

from daemon.outgoing.render import SEPARATOR
from engines import get_ruleset
from engines.russian import Forms, inflect
from tests.daemon.harness import GM, PLAYERS, Harness, flat, texts

ANNA = PLAYERS[0]  # her orders start on line 4 of the mail, after ИГРА, СТРАНА and ПАРОЛЬ


@pytest.fixture
def h(tmp_path: Path) -> Harness:
    harness = Harness(tmp_path)
    harness.start()
    return harness


def reply(h: Harness, *lines: str, sender: str = ANNA) -> str:
    h.send(sender, h.orders(sender, *lines))
    h.run()
    (text,) = [t for t in texts(h, sender) if "\nХод " in t]
    return text


def partner(h: Harness) -> str:
    """A power that is not Anna's, for a transfer."""
    return next(p for p in ("Китай", "Россия") if p != h.powers[ANNA])


def test_names_in_any_case_and_after_a_preposition_are_read_and_quoted_back_as_declared(h: Harness) -> None:
    other = partner(h)
    text = reply(h, f"ПЕРЕДАТЬ {inflect(other, 'дат')} 1", "ВЛОЖИТЬ в Армию 1", "ВЛОЖИТЬ в Зюзю 1")
    assert f"ПЕРЕДАТЬ {other} 1" in text and "ВЛОЖИТЬ Армия 1" in text
    assert "Строка 6: «ВЛОЖИТЬ в Зюзю 1» — Такого названия нет: «Зюзю»" in flat(text)
    stored = h.game.store.orders(1, "orders")[h.powers[ANNA]]
    expected = [{"power": other, "amount": 1}, {"line": "Армия", "amount": 1}]
    assert [dict(c.args) for c in stored.commands] == expected


def test_a_case_form_two_names_share_is_refused_naming_both(
    h: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    coins = get_ruleset("coins")
    shared = Forms({"Китай": {"дат": "Соседу"}, "Россия": {"дат": "Соседу"}})
    monkeypatch.setattr(coins, "catalog", coins.catalog.with_forms(shared))
    text = reply(h, "ПЕРЕДАТЬ Соседу 1")
    assert "«Соседу» может значить и «Китай», и «Россия»" in flat(text)
    assert "Ни один приказ не принят" in text


def test_keywords_as_players_say_them(h: Harness) -> None:
    other = partner(h)
    text = reply(h, "вкладываю в Науку 2", f"Передаю {inflect(other, 'дат')} 1")
    assert "ВЛОЖИТЬ Наука 2" in text and f"ПЕРЕДАТЬ {other} 1" in text
    assert "Не приняты" not in text


def test_a_vote_as_spoken_in_the_council(council: Harness) -> None:
    for address in PLAYERS:
        council.send(address, council.orders(address, "СТАВКА 5"))
    council.run()
    council.clock.advance(hours=48)
    council.run()
    assert council.game.load().phase == "decisions"
    council.send(ANNA, council.orders(ANNA, "Голосую за!"))
    council.run()
    assert any("ГОЛОС ЗА" in t for t in texts(council, ANNA))
    assert [c.args for c in council.game.store.orders(1, "decisions")[council.powers[ANNA]].commands] == [
        {"choice": "ЗА"}
    ]


def test_an_order_of_another_phase_names_the_phase_now_its_deadline_and_the_phase_that_takes_it(
    h: Harness,
) -> None:
    text = reply(h, "СОЮЗ Торговый с Россией", "голосую за", "ВЛОЖИТЬ Армия 1")
    ru = text.split(SEPARATOR.strip())[0]
    assert "Ход 1 из 10, фаза «Приказы»\nПриказы принимаются до 4 марта, 12:00 МСК.\n" in ru
    flat = " ".join(ru.split())  # lines are wrapped
    assert "Приказ СОЮЗ отдают в фазе «Переговоры», она начнётся после фазы «Приказы»." in flat
    assert "Мы строку не сохранили: пришлите её тогда." in flat
    assert "Приказ ГОЛОС отдают в фазе «Голосование», она начнётся после фазы «Переговоры»." in flat
    assert "Неизвестный приказ" not in text
    assert "СОЮЗ is an order of the Talks phase, which begins after the Orders phase." in " ".join(
        text.split()
    )


def test_every_reply_starts_with_the_game_turn_phase_and_deadline(h: Harness) -> None:
    for lines in (("ВЛОЖИТЬ Армия 1",), ("Зюзя 3",), ("ПОМОЩЬ",), ("НЕТ ДЕЙСТВИЙ",)):
        ru, en = reply(h, *lines).split(SEPARATOR.strip())
        power = h.powers[ANNA]
        assert ru.startswith(
            "Игрок0, здравствуйте.\n«Монеты: современные державы»\n"
            f"Страна: {power}\nХод 1 из 10, фаза «Приказы»\nПриказы принимаются до "
        )
        assert en.strip().startswith(
            'Hello, Igrok0.\n"Coins: modern powers"\n'
            f"Power: {h.game.catalog.forms.in_english(power)}\n"
            'Turn 1 of 10, phase "Orders"\nOrders are due by '
        )


def test_prose_around_the_orders_is_shown_as_not_read_and_fails_nothing(h: Harness) -> None:
    lines = ("Привет!", "Вот мои приказы:", "ВЛОЖИТЬ Армия 1", "ВЛАЖИТЬ Наука 1", "Спасибо, удачи всем")
    text = reply(h, *lines)
    ru = text.split(SEPARATOR.strip())[0]
    assert "Принят 1 приказ:\n  ВЛОЖИТЬ Армия 1" in ru
    unread = ru.split("Не прочитано как приказ")[1]
    for line, words in ((4, "Привет!"), (5, "Вот мои приказы:"), (8, "Спасибо, удачи всем")):
        assert f"Строка {line}: «{words}»" in unread
    refused = flat(ru.split("Не принята 1 строка:")[1].split("Не прочитано")[0])
    assert (
        "Строка 7: «ВЛАЖИТЬ Наука 1» — Неизвестный приказ «ВЛАЖИТЬ». Возможно, вы имели в виду «ВЛОЖИТЬ»?"
        in refused
    )
    assert "Привет" not in refused and "Спасибо" not in refused
    assert [c.line for c in h.game.store.orders(1, "orders")[h.powers[ANNA]].commands] == [6]


def test_a_mail_of_prose_alone_stores_nothing_and_says_so(h: Harness) -> None:
    text = reply(h, "Привет! Как дела?")
    assert "Ни один приказ не принят" in text and "Строка 4: «Привет! Как дела?»" in text
    assert h.game.store.orders(1, "orders") == {}


def test_a_leave_request_carries_the_players_words_to_the_gm(h: Harness) -> None:
    text = reply(h, "Ведущий, здравствуйте.", "ОТПУСК 2 уезжаю в командировку", "ВЛОЖИТЬ Армия 1")
    assert "Просьбу об отпуске на 2 хода мы передали ведущему вместе с вашими словами." in flat(text)
    (request,) = [t for t in texts(h, GM) if "просит отпуск" in t]
    assert "на 2 хода" in request and "for 2 turns" in request
    assert "Игрок пишет:\n  уезжаю в командировку\n  Ведущий, здравствуйте." in request


def test_a_leave_request_without_words_says_only_the_turns(h: Harness) -> None:
    text = reply(h, "ОТПУСК 1")
    assert "Просьбу об отпуске на 1 ход мы передали ведущему." in flat(text)
    (request,) = [t for t in texts(h, GM) if "просит отпуск" in t]
    assert "Игрок пишет" not in request and "for 1 turn." in request
