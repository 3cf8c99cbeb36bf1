"""`gonets check MAIL.eml` prints the reply the mail would get, as the player would read it: the
address, the subject, the greeting, the text and the signature, with no internal code. The mail is
the GM trial's own: Римляне's orders for turn 3 while mare-1 is at turn 1."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from daemon.tools.checkmail import check_mail
from tests.daemon.harness import GM, PLAYERS, Harness, body
from tests.daemon.trials import TrialHarness, eml

GLEB = "gleb@players.example"


@pytest.fixture
def h(tmp_path: Path) -> Iterator[TrialHarness]:
    harness = TrialHarness(tmp_path, started=("mare-1",))
    harness.game_id = "mare-1"
    yield harness
    harness.daemon.close()


def test_check_prints_the_reply_the_daemon_then_sends(h: TrialHarness) -> None:
    printed = check_mail(h.daemon.config, h.daemon.games, h.clock(), eml("mare-m3-gleb-fix"))
    subject = "[mare-1] Приказы на ход 3 не приняты: идёт ход 1"
    assert printed.startswith(f"To: {GLEB}\nSubject: {subject}\n\nГлеб Котов, здравствуйте.\n")
    assert "route_" not in printed and "unrouted" not in printed
    h.deliver("mare-m3-gleb-fix")
    (reply,) = h.mail_to(GLEB)
    assert printed == f"To: {GLEB}\nSubject: {reply['Subject']}\n\n{body(reply)}"


def test_check_of_a_mail_that_gets_no_reply_says_so_in_words(tmp_path: Path) -> None:
    h = Harness(tmp_path, language="ru")
    raw = h.message(PLAYERS[0], "Я в отпуске до понедельника.", headers={"Auto-Submitted": "auto-replied"})
    printed = check_mail(h.daemon.config, h.daemon.games, h.clock(), raw)
    assert printed == "Ответа на это письмо не будет.\nNo reply would be sent.\n"
    h.daemon.close()


def test_check_of_a_gm_mail_names_an_unread_line_as_the_gm_reads_it(tmp_path: Path) -> None:
    h = Harness(tmp_path, language="ru")
    raw = h.message(GM, "ИГРА coins-t\nВЕДУЩИЙ\nПАРОЛЬ Gm-Secret-7\nПРОДЛИТЬ 24\nПРОДЛЫТЬ 5")
    printed = check_mail(h.daemon.config, h.daemon.games, h.clock(), raw)
    assert printed.startswith("Выполнит:\n  ПРОДЛИТЬ 24\n\nНе поняты строки:\n  строка 5 — ")
    assert "gm_" not in printed and "unknown" not in printed
    h.daemon.close()
