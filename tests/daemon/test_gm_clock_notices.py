"""ПАУЗА, ПРОДЛИТЬ and ПРОДОЛЖИТЬ by mail tell every active player what happened to the clock,
with a subject saying it, once each even when the GM's mail is handled again after a crash."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.daemon.harness import GM, PLAYERS, Harness, body, flat

ANNA = PLAYERS[0]


@pytest.fixture
def h(tmp_path: Path) -> Harness:
    harness = Harness(tmp_path, language="ru")
    harness.start()
    return harness


def _notices(h: Harness, address: str) -> list[tuple[str, str]]:
    return [(str(m["Subject"]), flat(body(m))) for m in h.mail_to(address)]


def test_players_hear_of_a_pause_a_moved_deadline_and_the_game_going_on(h: Harness) -> None:
    h.clock.advance(hours=10)
    h.gm_mail("ПРИЧИНА праздники", "ПАУЗА")
    h.run()
    h.mail_to(GM)
    for address in PLAYERS:
        ((subject, text),) = _notices(h, address)
        assert subject == "[coins-t] Игра на паузе"
        assert "пока она на паузе, приказы не принимаются" in text
        assert "Время, которое оставалось до срока, сохранится" in text
        assert "Причина: праздники" in text
        assert "Приказы принимаются до" not in text
    h.clock.advance(hours=5)
    h.gm_mail("ПРОДОЛЖИТЬ")
    h.run()
    ((subject, text),) = _notices(h, ANNA)
    assert subject == "[coins-t] Игра продолжается"
    assert "приказы на ход 1 снова принимаются, до 4 марта, 17:00 МСК" in text
    h.gm_mail("ПРОДЛИТЬ 24")
    h.run()
    ((subject, text),) = _notices(h, ANNA)
    assert subject == "[coins-t] Срок перенесён: приказы до 5 марта, 17:00 МСК"
    assert "Ведущий продлил срок на 24 часа: приказы на ход 1 принимаются до 5 марта, 17:00 МСК" in text


def test_a_gm_mail_handled_twice_tells_each_player_once(h: Harness) -> None:
    raw = h.gm_mail("ПАУЗА")
    h.run()
    assert len(h.mail_to(ANNA)) == 1
    h.crash_and_redeliver(raw)
    h.run()
    assert h.mail_to(ANNA) == []


def test_the_command_line_tells_the_players_too(h: Harness) -> None:
    assert h.gm("ПАУЗА").exit_code == 0
    ((subject, _),) = _notices(h, ANNA)
    assert subject == "[coins-t] Игра на паузе"
    h.gm("ПРОДЛИТЬ 24")
    ((subject, text),) = _notices(h, ANNA)
    assert subject == "[coins-t] Срок продлён на 24 часа"
    assert "когда игра продолжится, до срока будет на 24 часа больше" in text
