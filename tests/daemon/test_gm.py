"""The GM's controls, by mail and on the command line, on a real daemon with a movable clock."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from daemon.outgoing.render import WIDTH
from daemon.tools.checkmail import check_mail
from daemon.tools.history import history_text
from engines.russian import inflect
from state.control import cli_user
from state.lifecycle import Paused, Previewed
from tests.daemon.harness import GM, GM_PASSWORD, PLAYERS, Harness, everyone, flat, texts

ANNA, BORIS, VERA, GLEB = PLAYERS
ORDERS = ("ВЛОЖИТЬ Промышленность 3", "ВЛОЖИТЬ Армия 2")


@pytest.fixture
def h(tmp_path: Path) -> Harness:
    harness = Harness(tmp_path)
    harness.start()
    return harness


def test_gm_mail_needs_the_gm_address_and_the_gm_password(h: Harness) -> None:
    h.gm_mail("ПРОДЛИТЬ 24", password="guess")
    h.gm_mail("ПРОДЛИТЬ 24", sender=ANNA)
    h.run()
    assert any("только с адреса ведущего и с паролем ведущего" in flat(t) for t in texts(h, GM))
    assert any("только с адреса ведущего" in flat(t) for t in texts(h, ANNA))
    assert h.game.load().deadline == "2026-03-04T09:00:00+00:00"
    h.gm_mail("ПРИЧИНА праздники", "ПРОДЛИТЬ 24", "ЗАВТРА 3")
    h.run()
    (reply,) = texts(h, GM)
    assert "ПРОДЛИТЬ 24 — срок продлён на 24 часа, теперь до 5 марта, 12:00 МСК" in flat(reply)
    assert "строка 6 — Такой команды ведущего нет: «ЗАВТРА»." in reply
    assert h.game.load().deadline == "2026-03-05T09:00:00+00:00"
    assert h.game.store.history()[-1]["reason"] == "праздники"


def test_the_same_gm_mail_handled_twice_extends_once(h: Harness) -> None:
    raw = h.gm_mail("ПРОДЛИТЬ 24")
    h.run()
    h.crash_and_redeliver(raw)
    h.run()
    assert h.game.load().deadline == "2026-03-05T09:00:00+00:00"


def test_pause_stops_the_clock_and_resume_gives_back_the_time_left(h: Harness) -> None:
    h.clock.advance(hours=10)
    assert h.gm("ПАУЗА").exit_code == 0
    h.clock.advance(hours=100)
    assert h.run().resolved == 0
    h.send(ANNA, h.orders(ANNA, *ORDERS))
    h.run()
    assert any("на паузе" in t for t in texts(h, ANNA))
    assert h.gm("RESUME").exit_code == 0
    assert h.game.load().deadline == "2026-03-08T13:00:00+00:00"  # 110 h in + the 38 h that were left


def test_cadence_sets_the_length_of_the_next_phases(h: Harness) -> None:
    h.gm("РИТМ 12 talks")
    everyone(h, *ORDERS)
    h.run()
    record = h.game.load()
    assert record.phase == "talks"
    assert record.deadline == "2026-03-02T21:00:00+00:00"


def test_process_now_resolves_once_even_if_repeated(h: Harness) -> None:
    h.send(ANNA, h.orders(ANNA, *ORDERS))
    h.run()
    assert h.gm("ОБРАБОТАТЬ 1 orders").exit_code == 0
    assert h.gm("ОБРАБОТАТЬ 1 orders").exit_code == 0
    assert h.game.store.turn_records() == ["0000-start", "0001-2-orders"]
    assert h.game.load().turn == 2


def test_preview_goes_to_the_gm_first_and_players_after_release(h: Harness) -> None:
    h.gm("ПРОСМОТР ВКЛ")
    everyone(h, *ORDERS)
    h.run()
    record = h.game.load()
    assert (record.turn, record.clock) == (1, Previewed("0001-2-orders"))
    assert all("Итоги хода 1" not in t for t in texts(h, ANNA))
    (preview,) = [t for t in texts(h, GM) if "ПРЕДПРОСМОТР" in t]
    assert preview.count("Итоги хода 1") == 4 and "Сводка ведущего" in preview
    h.send(BORIS, h.orders(BORIS, "ВЛОЖИТЬ Наука 1"))
    h.run()
    assert any("ждёт проверки ведущего" in t for t in texts(h, BORIS))
    assert h.gm("ВЫПУСТИТЬ 1 orders").exit_code == 0
    assert h.game.load().turn == 2
    assert sum("Итоги хода 1" in t for t in texts(h, ANNA)) == 1


def test_the_gm_corrects_orders_in_preview_and_resolves_again(h: Harness) -> None:
    h.gm("ПРОСМОТР ВКЛ")
    everyone(h, *ORDERS)
    h.run()
    before = h.game.store.read_turn_record("0001-2-orders")
    # the GM's password sends orders on a power's behalf
    h.send(GM, h.orders(ANNA, "ВЛОЖИТЬ Наука 3", password=GM_PASSWORD))
    h.run()
    assert any("как ведущий" in t and "ПЕРЕСЧИТАТЬ" in t for t in texts(h, GM))
    assert h.gm("ПЕРЕСЧИТАТЬ").exit_code == 0
    after = h.game.store.read_turn_record("0001-2-orders")
    anna = h.powers[ANNA]
    assert before["orders"][anna] != after["orders"][anna]
    assert after["orders"][anna]["commands"][0]["args"] == {"line": "Наука", "amount": 3}
    assert sum("ПРЕДПРОСМОТР" in t for t in texts(h, GM)) == 1  # the new preview


def test_rollback_and_re_resolution_give_the_same_result_from_the_same_orders(h: Harness) -> None:
    everyone(h, *ORDERS)
    h.run()
    first = h.game.store.read_turn_record("0001-2-orders")
    everyone(h, "НЕТ ДЕЙСТВИЙ")
    h.run()
    assert h.game.load().turn == 2
    result = h.gm("ОТКАТ 1 ошибка в правилах")
    assert result.exit_code == 0, result.text
    record = h.game.load()
    assert (record.turn, record.phase, record.revision) == (1, "orders", 1)
    assert record.state == first["state_before"]
    assert h.game.store.turn_records() == ["0000-start"]
    assert (h.game.store.directory / "turns" / "rolled-back-r1" / "0001-2-orders.json").exists()
    for address in PLAYERS:
        h.mail_to(address)
    h.gm("ОБРАБОТАТЬ 1 orders")
    again = h.game.store.read_turn_record("0001-2-orders")
    assert again["state_after"] == first["state_after"] and again["orders"] == first["orders"]
    corrected = [t for t in texts(h, ANNA) if "Итоги хода 1" in t]
    assert len(corrected) == 1 and "\nИСПРАВЛЕННЫЕ ИТОГИ" in corrected[0]
    (heading,) = [line for line in corrected[0].splitlines() if line.startswith("ИСПРАВЛЕННЫЕ ИТОГИ")]
    assert len(heading) <= WIDTH  # a heading in capitals is wrapped, not kept whole as an order line
    # the talks orders of turn 2 came back too, and the next phase is not marked twice
    assert h.game.store.orders(2, "talks")
    h.gm("ОБРАБОТАТЬ 2 talks")
    assert h.game.load().corrections == []


def test_replace_mails_a_new_password_and_the_old_one_stops_working(h: Harness) -> None:
    old_password = h.passwords[ANNA]
    assert h.gm(f"ЗАМЕНИТЬ {h.powers[ANNA]} new.anna@test.local Анна Новая").exit_code == 0
    assert any(
        f"Ведущий передал {inflect(h.powers[ANNA], 'вин')} другому игроку." in t for t in texts(h, ANNA)
    )
    (role,) = texts(h, "new.anna@test.local")
    found = re.search(r"Ваш пароль: (\S+)", role)
    assert found and found.group(1) != old_password
    player = h.game.load().players[h.powers[ANNA]]
    assert player.address == "new.anna@test.local" and h.game.passwords.check(
        found.group(1), player.password_hash
    )
    h.send(ANNA, h.orders(ANNA, *ORDERS))
    h.run()
    assert any("Неверный пароль" in t for t in texts(h, ANNA))


def test_eject_then_return_and_revive(h: Harness) -> None:
    power = h.powers[GLEB]
    assert h.gm(f"ИЗГНАТЬ {power} грубость").exit_code == 0
    assert any("отстранил вас" in t and "Причина: грубость" in t for t in texts(h, GLEB))
    assert h.game.load().players[power].retired_why == "ejected"
    assert h.gm(f"ВОСКРЕСИТЬ {power}").exit_code == 1  # revive is for the auto-killed
    assert h.gm(f"ВЕРНУТЬ {power}").exit_code == 0
    player = h.game.load().players[power]
    assert player.status == "active" and player.address == GLEB
    assert any("Ваш пароль" in t for t in texts(h, GLEB))


def test_a_player_on_leave_misses_nothing_and_the_computer_plays(h: Harness) -> None:
    power = h.powers[GLEB]
    assert h.gm(f"ОТПУСК {power} 2").exit_code == 0
    everyone_but_gleb = (ANNA, BORIS, VERA)
    for address in everyone_but_gleb:
        h.send(address, h.orders(address, *ORDERS))
    assert h.run().resolved == 1  # early: the player on leave owes nothing
    data = h.game.store.read_turn_record("0001-2-orders")
    assert data["orders"][power]["source"] == "leave" and data["orders"][power]["commands"]
    assert h.game.load().players[power].missed == 0


def test_revive_brings_back_an_auto_killed_player(h: Harness) -> None:
    power = h.powers[GLEB]
    record = h.game.load()
    record.players[power].status, record.players[power].retired_why = "ai", "missed"
    h.game.store.save(record)
    assert h.gm(f"ВОСКРЕСИТЬ {power}").exit_code == 0
    assert h.game.load().players[power].status == "active"
    assert any(f"Ведущий вернул вам {inflect(power, 'вин')}." in t for t in texts(h, GLEB))


def test_adjust_and_award_are_audited_in_the_next_digest(h: Harness) -> None:
    power = h.powers[ANNA]
    assert h.gm(f"ПОПРАВКА {power} Монеты 11 ошибка ведущего").exit_code == 0
    assert h.gm(f"НАГРАДА {power} VP 2 летопись").exit_code == 0
    assert h.gm(f"ПОПРАВКА {power} Монеты -1").exit_code == 1  # below the ruleset's minimum
    state = h.game.load().state
    assert h.game.ruleset.read(state, power, "coins") == 11 and h.game.ruleset.read(state, power, "vp") == 2
    everyone(h, *ORDERS)
    h.run()
    digest = next(t for t in texts(h, GM) if "Сводка ведущего" in t)
    assert f"из командной строки: {power}, Монеты: 8 → 11; причина: ошибка ведущего." in flat(digest)
    assert f"из командной строки: {power}, Награда ведущего: 0 → 2; причина: летопись." in flat(digest)
    timeline = history_text(h.game)
    assert f"ведущий из командной строки ({cli_user(os.geteuid())[4:]}): {power}, Монеты: 8 → 11" in timeline


def test_broadcast_reaches_every_player_with_all_its_lines(h: Harness) -> None:
    h.gm_mail("РАССЫЛКА Друзья!", "Ход 2 переносится на понедельник.", "ВЛОЖИТЬ — это не команда здесь")
    h.run()
    for address in PLAYERS:
        (mail,) = texts(h, address)
        assert "Друзья!\nХод 2 переносится на понедельник.\nВЛОЖИТЬ — это не команда здесь" in mail
    assert any("объявление отправлено 4 игрокам" in t for t in texts(h, GM))


def test_digest_again(h: Harness) -> None:
    assert h.gm("СВОДКА").exit_code == 0  # nothing resolved yet: said so
    everyone(h, *ORDERS)
    h.run()
    texts(h, GM)
    h.gm("DIGEST")
    assert sum("Сводка ведущего" in t for t in texts(h, GM)) == 1


def test_player_status_form_help_and_leave_request(h: Harness) -> None:
    h.send(ANNA, h.orders(ANNA, "БЛАНК", "ПОМОЩЬ", "ОТПУСК 2", "СТАТУС"))
    h.run()
    mails = texts(h, ANNA)
    reply = next(t for t in mails if "Бланк приказов" in t and "Приказы этой игры" in t)
    assert "Ни один приказ не принят" not in reply
    assert "Просьбу об отпуске на 2 хода мы передали ведущему" in flat(reply)
    assert any("Положение на ход 1." in t for t in mails)  # STATUS before any report: the position
    assert any(
        f"просит отпуск для {inflect(h.powers[ANNA], 'род')} на 2 хода" in t
        and f"ОТПУСК {h.powers[ANNA]} 2" in t
        for t in texts(h, GM)
    )
    assert h.game.store.orders(1, "orders") == {}  # conveniences are not orders


def test_history_shows_turns_orders_and_gm_actions(h: Harness) -> None:
    h.gm("ПРОДЛИТЬ 24", reason="праздники")
    everyone(h, *ORDERS)
    h.run()
    timeline = history_text(h.game)
    assert "ведущий из командной строки (" in timeline and "срок продлён на 24 часа" in timeline
    assert "(причина: праздники)" in timeline
    assert f"    {h.powers[ANNA]}: приказы игрока: ВЛОЖИТЬ Промышленность 3; ВЛОЖИТЬ Армия 2" in timeline


def test_check_shows_a_gm_mail_without_running_it(h: Harness, tmp_path: Path) -> None:
    raw = h.message(GM, f"ИГРА coins-t\nВЕДУЩИЙ\nПАРОЛЬ {GM_PASSWORD}\nПРОДЛИТЬ 24\nПАУЗА")
    printed = check_mail(h.daemon.config, h.daemon.games, h.clock(), raw)
    assert "Выполнит:\n  ПРОДЛИТЬ 24\n  ПАУЗА" in printed and "Would run:\n  ПРОДЛИТЬ 24\n  ПАУЗА" in printed
    record = h.game.load()
    assert record.deadline == "2026-03-04T09:00:00+00:00" and not isinstance(record.clock, Paused)


def test_the_gm_starts_a_game_by_mail(tmp_path: Path) -> None:
    h = Harness(tmp_path)
    for n, address in enumerate(PLAYERS):
        h.send(address, f"ЗАПИСЫВАЮСЬ Игрок{n}", subject="[coins-t] запись")
    h.run()
    h.gm_mail("START")
    h.run()
    assert h.game.load().status == "running"
    assert any("игра началась" in t for t in texts(h, GM))
    for address in PLAYERS:
        assert any("Ваш пароль" in t for t in texts(h, address))
