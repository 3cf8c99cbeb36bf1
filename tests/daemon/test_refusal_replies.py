"""A mail refused before its orders are read, in a game the daemon knows, answered as the trials'
players should have been: the subject carries the game's tag and says what happened, a player of
that game is greeted by name, and the blank is the game's own (СЕМЬЯ, НАРОД, the player's power,
the turn that is open). The mails are the trials' own (tests/trials/, played by tests/daemon/trials.py)."""

from __future__ import annotations

from collections.abc import Iterator
from email.message import EmailMessage
from pathlib import Path

import pytest

from tests.daemon.harness import body, flat
from tests.daemon.trials import COUNCIL_GM, MARE_GM, TrialHarness


@pytest.fixture
def h(tmp_path: Path) -> Iterator[TrialHarness]:
    harness = TrialHarness(tmp_path)
    yield harness
    harness.daemon.close()


def answer(h: TrialHarness, mail: str, game: str, to: str) -> EmailMessage:
    h.game_id = game
    h.deliver(mail)
    (reply,) = h.mail_to(to)
    return reply


def blank_of(text: str) -> str:
    return text.partition("выглядит так:\n")[2]


def test_a_wrong_password_names_the_game_greets_the_player_and_gives_the_gms_address(h: TrialHarness) -> None:
    reply = answer(h, "c4-boris-badpw", "council-1", "boris@player.local")
    text = body(reply)
    assert reply["Subject"] == "[council-1] Неверный пароль: приказы за Орсини не приняты"
    assert text.startswith("Борис Седов, здравствуйте.\n")
    assert f"если оно потерялось, напишите ведущему: {COUNCIL_GM}." in flat(text)
    blank = blank_of(text)
    assert blank.startswith("ИГРА council-1\nСЕМЬЯ Орсини\nПАРОЛЬ <пароль>\nХОД 1\n")
    assert "СТРАНА" not in text and "страна" not in text


def test_a_wrong_password_in_mare_says_народ(h: TrialHarness) -> None:
    reply = answer(h, "mare-m1-boris-b", "mare-1", "boris@players.example")
    text = body(reply)
    assert reply["Subject"] == "[mare-1] Неверный пароль: приказы за греков не приняты"
    assert text.startswith("Борис, здравствуйте.\n")
    assert f"напишите ведущему: {MARE_GM}." in flat(text)
    assert blank_of(text).startswith("ИГРА mare-1\nНАРОД Греки\n")


def test_a_stale_turn_names_the_open_turn_in_the_subject_and_the_blank(h: TrialHarness) -> None:
    h.game_id = "council-1"
    for phase in ("Планирование и аукционы", "Решения", "Акции"):
        assert h.gm(f"ОБРАБОТАТЬ 1 {phase}").exit_code == 0
    h.mail_to_anyone()
    reply = answer(h, "c4-gleb-stale", "council-1", "gleb@player.local")
    text = body(reply)
    assert reply["Subject"] == "[council-1] Приказы на ход 1 не приняты: идёт ход 2"
    assert text.startswith("Глеб Орлов, здравствуйте.\n")
    assert "Семья: Тривульцио\nХод 2 из 12" in text
    assert blank_of(text).startswith("ИГРА council-1\nСЕМЬЯ Тривульцио\nПАРОЛЬ <пароль>\nХОД 2\n")


def test_a_mail_during_a_pause_says_so_in_the_subject(h: TrialHarness) -> None:
    h.game_id = "mare-1"
    for line in ("ОБРАБОТАТЬ 1 Влияние", "ОБРАБОТАТЬ 2 Влияние", "ПАУЗА"):
        assert h.gm(line).exit_code == 0
    h.run()
    h.mail_to_anyone()
    reply = answer(h, "mare-m3-gleb-fix", "mare-1", "gleb@players.example")
    text = body(reply)
    assert reply["Subject"] == "[mare-1] Игра на паузе: приказы не приняты"
    assert text.startswith("Глеб Котов, здравствуйте.\n")
    assert blank_of(text).startswith("ИГРА mare-1\nНАРОД Римляне\n")


def test_a_wrong_gm_password_gets_the_gms_form_not_an_order_blank(h: TrialHarness) -> None:
    reply = answer(h, "mare-gm-badpw", "mare-1", MARE_GM)
    text = body(reply)
    assert reply["Subject"] == "[mare-1] Команды ведущего не приняты"
    assert blank_of(text).startswith("ИГРА mare-1\nВЕДУЩИЙ\nПАРОЛЬ <пароль ведущего>\n")
    assert "СТРАНА" not in text and "НАРОД" not in text
