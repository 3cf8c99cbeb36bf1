"""The GM's notices to one player, by mail: each subject says what happened (not «a notice from
the GM»), and one whose power left their hands has no deadline in its heading."""

from __future__ import annotations

from pathlib import Path

import pytest

from engines.russian import inflect
from tests.daemon.harness import GM, PLAYERS, Harness, body, flat

ANNA, BORIS, VERA, GLEB = PLAYERS


@pytest.fixture
def h(tmp_path: Path) -> Harness:
    harness = Harness(tmp_path, language="ru")
    harness.start()
    return harness


def _told(h: Harness, address: str) -> tuple[str, str]:
    (mail,) = h.mail_to(address)
    return str(mail["Subject"]), flat(body(mail))


def test_each_notice_says_in_its_subject_what_happened(h: Harness) -> None:
    anna, boris, gleb = h.powers[ANNA], h.powers[BORIS], h.powers[GLEB]
    h.gm_mail(f"ОТПУСК {anna} 2", f"ЗАМЕНИТЬ {boris} ivan@test.local Иван", f"ИЗГНАТЬ {gleb} грубость")
    h.run()
    h.mail_to(GM)
    subject, text = _told(h, ANNA)
    assert subject == "[coins-t] Отпуск одобрен: до хода 2 включительно"
    assert "Ведущий дал вам отпуск до хода 2 включительно" in text
    subject, text = _told(h, BORIS)
    assert subject == "[coins-t] Вас заменил другой игрок"
    assert f"Ведущий передал {inflect(boris, 'вин')} другому игроку" in text
    subject, text = _told(h, GLEB)
    assert subject == "[coins-t] Ведущий отстранил вас от игры"
    record = h.game.load()
    record.players[gleb].status, record.players[gleb].retired_why = "ai", "missed"
    h.game.store.save(record)
    h.gm_mail(f"ВОСКРЕСИТЬ {gleb}")
    h.run()
    subject, _ = _told(h, GLEB)
    assert subject == f"[coins-t] Ведущий вернул вам {inflect(gleb, 'вин')}"


def test_a_replaced_player_is_shown_no_deadline_one_on_leave_is(h: Harness) -> None:
    h.gm_mail(f"ОТПУСК {h.powers[ANNA]} 1", f"ЗАМЕНИТЬ {h.powers[BORIS]} ivan@test.local Иван")
    h.run()
    _, leave = _told(h, ANNA)
    assert "Ход 1 из 10, фаза «Приказы» Приказы принимаются до 4 марта, 12:00 МСК." in leave
    _, replaced = _told(h, BORIS)
    assert "Ход 1 из 10, фаза «Приказы» Ведущий передал" in replaced and "Приказы принимаются" not in replaced


def test_a_retired_or_ejected_player_is_told_after_which_turn_and_no_deadline(h: Harness) -> None:
    for _ in range(10):  # Gleb stays silent until the computer takes over
        if h.game.load().players[h.powers[GLEB]].status != "active":
            break
        for address in (ANNA, BORIS, VERA):
            h.send(address, h.orders(address, "НЕТ ДЕЙСТВИЙ"))
        h.clock.advance(hours=48)
        h.run()
    retired = [flat(body(m)) for m in h.mail_to(GLEB) if "теперь играет компьютер" in str(m["Subject"])]
    assert len(retired) == 1
    assert "После хода 2 из 10 Вы пропустили 2 хода подряд" in retired[0]
    assert "Приказы принимаются" not in retired[0]
    h.mail_to(VERA)
    h.gm_mail(f"ИЗГНАТЬ {h.powers[VERA]}")
    h.run()
    _, ejected = _told(h, VERA)
    assert "После хода 2 из 10 Ведущий отстранил вас" in ejected
    assert "Приказы принимаются" not in ejected
