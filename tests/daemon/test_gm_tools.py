"""The GM's tools tell the truth: the pass summary, `gonets status`, `gonets history` and the GM's
command line say what happened, in the game's language, and a closed pipe is no disk error."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from daemon.gm.dispatch import plan
from daemon.tools.history import history_text
from daemon.tools.status import status_text
from engines.russian import by_gender
from state.control import cli_user
from tests.daemon.harness import GM, PLAYERS, Harness, body
from tests.paths import REPO

ANNA, BORIS, VERA, GLEB = PLAYERS
READY = "готов|готова|готово|готовы"


def agreeing(h: Harness, power: str, words: str) -> str:
    return by_gender(power, words, h.game.catalog.forms)


@pytest.fixture
def h(tmp_path: Path) -> Harness:
    harness = Harness(tmp_path, language="ru")
    harness.start()
    return harness


def test_the_pass_summary_counts_help_and_form_mails_apart_from_refused_orders(h: Harness) -> None:
    h.send(ANNA, h.orders(ANNA, "ПОМОЩЬ"))
    h.send(BORIS, h.orders(BORIS, "БЛАНК"))
    h.send(VERA, h.orders(VERA, "ВЛОЖИТЬ Промышленост 3"))
    h.send(GLEB, h.orders(GLEB, "ВЛОЖИТЬ Армия 1"))
    report = h.run()
    assert (report.accepted, report.refused, report.service) == (1, 1, 2)
    assert "приказы приняты 1, отклонены 1, служебных 2" in report.summary()


def test_the_pass_summary_counts_gm_commands_by_mail_and_the_phases_they_resolve(h: Harness) -> None:
    h.gm_mail("ПОМОЩЬ")
    report = h.run()
    assert (report.mails, report.service, report.commands, report.resolved) == (1, 0, 1, 0)
    h.send(ANNA, h.orders(ANNA, "ВЛОЖИТЬ Армия 1"))
    h.gm_mail("ПРИЧИНА остальные молчат", "ПРОДЛИТЬ 24", "ОБРАБОТАТЬ 1 Приказы")
    report = h.run()
    assert h.game.load().turn == 2
    assert (report.mails, report.accepted, report.commands, report.resolved) == (2, 1, 2, 1)
    assert "команд ведущего 2, фаз разрешено 1" in report.summary()
    h.gm("ПАУЗА")  # the command line outside a pass: no later pass counts it
    assert (h.run().commands, h.run().resolved) == (0, 0)


def test_status_shows_who_is_not_ready_and_why(h: Harness) -> None:
    h.send(ANNA, h.orders(ANNA, "ВЛОЖИТЬ Армия 1"))
    h.send(BORIS, h.orders(BORIS, "ВЛОЖИТЬ Армия 1", "ВЛОЖИТЬ Промышленост 3", "ВЛАЖИТЬ Наука 1"))
    h.send(VERA, h.orders(VERA, "ВЛАЖИТЬ Наука 1"))
    h.run()
    lines = status_text(h.daemon.games).splitlines()
    anna, boris, vera, gleb = (h.powers[a] for a in PLAYERS)
    assert lines[1] == "Приказы принимаются до 4 марта, 12:00 МСК."
    assert f"  {anna} (Игрок0, {ANNA}): приказы есть, {agreeing(h, anna, READY)}" in lines
    assert (
        f"  {boris} (Игрок1, {BORIS}): приказы есть, но не {agreeing(h, boris, READY)}: "
        "в последнем письме (2 марта, 12:00 МСК) не приняты 2 строки" in lines
    )
    assert (
        f"  {vera} (Игрок2, {VERA}): приказов нет: в письме (2 марта, 12:00 МСК) не принята 1 строка" in lines
    )
    assert f"  {gleb} (Игрок3, {GLEB}): приказов нет" in lines


def test_status_after_pause_says_paused_not_the_old_deadline(h: Harness) -> None:
    h.clock.advance(hours=1, minutes=30)
    assert h.gm("ПАУЗА").exit_code == 0
    status = status_text(h.daemon.games)
    assert "Игра на паузе: часы стоят, после ПРОДОЛЖИТЬ до срока останется 46 часов 30 минут." in status
    assert "Приказы принимаются" not in status and "4 марта" not in status
    h.gm("РАССЫЛКА Перерыв на праздники.")
    notice = body(h.mail_to(ANNA)[-1])
    assert "Игра на паузе: новый срок приказов ведущий назначит, когда её продолжит." in notice
    assert "4 марта" not in notice


def test_status_and_history_speak_the_games_language_and_zone(h: Harness) -> None:
    h.clock.advance(hours=2)
    h.gm("ПРОДЛИТЬ 24", reason="праздники")
    h.gm(f"ОТПУСК {h.powers[GLEB]} 2")
    for address in PLAYERS[:3]:
        h.send(address, h.orders(address, "ВЛОЖИТЬ Армия 1"))
    h.run()
    status, timeline = status_text(h.daemon.games), history_text(h.game)
    user = cli_user(os.geteuid()).removeprefix("cli:")
    for text in (status, timeline):  # no ISO time, no internal or English word but ids and addresses
        words = re.sub(r"\S+@\S+|coins-t", "", text).replace(f"({user})", "")
        assert not re.search(r"\d{4}-\d\d-\d\dT|\+00:00|cli:|[a-z]{3,}", words), text
    assert (
        f"2 марта, 14:00 МСК — ведущий из командной строки ({user}): срок продлён на 24 часа, теперь до "
        "5 марта, 12:00 МСК (причина: праздники)" in timeline
    )
    assert f"{h.powers[GLEB]} в отпуске до хода 2 включительно" in timeline
    assert "2 марта, 14:00 МСК — рассчитан ход 1, фаза «Приказы»:" in timeline


def test_status_and_history_of_an_english_game_are_english(tmp_path: Path) -> None:
    h = Harness(tmp_path, language="en")
    h.start()
    h.gm("EXTEND 24")
    status, timeline = status_text(h.daemon.games), history_text(h.game)
    assert 'turn 1, phase "Orders"' in status and "Orders are taken until 5 March, 12:00 MSK." in status
    assert ": no orders\n  " in status and "приказ" not in status
    assert "the GM on the command line" in timeline and "deadline extended by 24 hours" in timeline
    assert "ведущий" not in timeline and "продлён" not in timeline


def test_a_closed_pipe_ends_status_quietly(h: Harness) -> None:
    read, write = os.pipe()
    os.close(read)  # `| head -1` that has already gone
    try:
        command = [sys.executable, "-m", "daemon.cli", "status", "--config", str(h.config_path)]
        done = subprocess.run(command, cwd=REPO, stdout=write, stderr=subprocess.PIPE, timeout=120)
    finally:
        os.close(write)
    assert (done.returncode, done.stderr) == (0, b"")


def test_deadlines_are_kept_and_shown_to_the_minute_never_later(tmp_path: Path) -> None:
    h = Harness(tmp_path, language="ru")
    h.clock.now = datetime(2026, 12, 2, 5, 37, 49, tzinfo=UTC)
    h.start()
    record = h.game.load()
    assert record.deadline == "2026-12-04T05:37:00+00:00"
    assert "Приказы принимаются до 4 декабря, 08:37 МСК." in status_text(h.daemon.games)
    for address in PLAYERS[:3]:
        h.send(address, h.orders(address, "ВЛОЖИТЬ Армия 1"))
    h.run()
    assert "Приказы принимаются до 4 декабря, 08:37 МСК." in body(h.mail_to(ANNA)[0])
    h.clock.now = datetime(2026, 12, 4, 5, 36, 59, tzinfo=UTC)
    assert h.run().resolved == 0
    h.clock.now = datetime(2026, 12, 4, 5, 37, tzinfo=UTC)
    assert h.run().resolved == 1  # at the minute shown, not a second later
    h.clock.advance(seconds=17)
    assert h.gm("ПРОДЛИТЬ 1").exit_code == 0
    assert h.game.load().deadline.endswith(":00+00:00")


def test_processing_a_turn_not_yet_reached_is_refused(h: Harness) -> None:
    done = h.gm("ОБРАБОТАТЬ 9 orders")
    assert done.exit_code == 1
    assert done.text == [
        "ОБРАБОТАТЬ 9 Приказы: ход 9, фаза «Приказы» ещё не наступила: сейчас ход 1, фаза «Приказы». "
        "Ничего не сделано"
    ]
    assert h.run().resolved == 0 and h.game.load().turn == 1
    h.mail_to(GM)
    h.gm_mail("ОБРАБОТАТЬ 2 Переговоры")  # the next phase, by mail
    h.run()
    (reply,) = [body(m) for m in h.mail_to(GM)]
    assert "ОБРАБОТАТЬ 2 Переговоры — ход 2, фаза «Переговоры» ещё не наступила" in reply


def test_gm_commands_and_their_echoes_name_phases_and_numbers_as_the_game_does(h: Harness) -> None:
    power = h.powers[ANNA]
    assert h.gm(f"ПОПРАВКА {power} coins 11").text == [f"ПОПРАВКА {power} Монеты 11: {power}, Монеты: 8 → 11"]
    assert h.gm("РИТМ 24 vote").text[0].startswith("РИТМ 24 Голосование: длительность фаз «Голосование»")
    assert h.gm("ОБРАБОТАТЬ 1 Приказы").text == ["ОБРАБОТАТЬ 1 Приказы: ход 1, фаза «Приказы» рассчитана"]


def test_gm_refusals_read_as_sentences_in_the_games_language(h: Harness) -> None:
    said = [h.gm(line) for line in ("ПРОДЛИТЬ завтра", "ОБРАБОТАТЬ 1 Переговорчики", "ЗАВТРА 24", "ПРОДЛИТЬ")]
    assert [s.exit_code for s in said] == [2, 2, 2, 2]
    assert [s.text for s in said] == [
        ["«завтра» — не целое число, а здесь нужно число: число часов."],
        [
            "Такого значения нет: «Переговорчики» (фаза). Можно: «Переговоры», «Голосование», «Приказы». "
            "Может быть, «Переговоры»?"
        ],
        ["Такой команды ведущего нет: «ЗАВТРА». Все команды — в ПОМОЩЬ."],
        ["В команде ПРОДЛИТЬ не хватает значения «число часов». Пример: ПРОДЛИТЬ 24"],
    ]


def test_a_refused_start_is_said_once_in_each_language(tmp_path: Path) -> None:
    h = Harness(tmp_path, language="ru+en")
    h.start()
    (line,) = h.gm("НАЧАТЬ").text
    assert line == (
        "НАЧАТЬ: игра coins-t уже идёт или окончена, начать её заново нельзя / "
        "game coins-t is already running or over; it cannot start again"
    )


def test_gm_help_gives_examples_of_the_games_own_ruleset_and_powers(tmp_path: Path) -> None:
    h = Harness(tmp_path, ruleset="rus", language="ru")
    h.start()
    (text,) = h.gm("ПОМОЩЬ").text
    power = sorted(h.game.load().players)[0]
    assert f"  ЗАМЕНИТЬ {power} ivan@example.org Иван  — " in text
    assert f"  ПОПРАВКА {power} ДЕНЬГИ 12 ошибка ведущего  — " in text
    assert "  ОБРАБОТАТЬ 1 Приказы  — " in text
    assert "США" not in text and "Монеты" not in text
    examples = [line.split("  — ")[0].strip() for line in text.splitlines()[1:]]
    for example in examples:  # every example is a command this game takes as written
        assert plan(h.game, [(1, example)]).problems == [], example
