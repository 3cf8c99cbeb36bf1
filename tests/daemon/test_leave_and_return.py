"""Leave, return and missed turns told right, by mail: a return is its own notice with what the
computer did meanwhile; a leave's reports say so and list what the computer ordered; a missed
turn says so in the subject."""

from __future__ import annotations

from pathlib import Path

import pytest

from engines.russian import inflect
from tests.daemon.harness import PLAYERS, Harness, body, flat

ANNA, BORIS, VERA, GLEB = PLAYERS


@pytest.fixture
def h(tmp_path: Path) -> Harness:
    harness = Harness(tmp_path, ruleset="rus", language="ru")
    harness.start()
    return harness


def said(h: Harness, power: str, case: str) -> str:
    """The power's name in a case, as the game declines it (its own forms over the dictionary)."""
    return inflect(power, case, h.game.catalog.forms)


def turn_without(h: Harness, absent: str) -> None:
    """Everyone but `absent` passes; the turn resolves early."""
    for address in PLAYERS:
        if address != absent:
            h.send(address, h.orders(address, "НЕТ ДЕЙСТВИЙ"))
    assert h.run().resolved == 1


def test_a_return_is_its_own_notice_with_what_the_computer_did(h: Harness) -> None:
    power = h.powers[GLEB]
    assert h.gm(f"ИЗГНАТЬ {power}").exit_code == 0
    turn_without(h, GLEB)
    turn_without(h, GLEB)
    computer = h.game.store.read_turn_record(h.game.store.turn_records()[-1])["orders"][power]
    assert computer["source"] == "ai"
    h.mail_to(GLEB)
    assert h.gm(f"ВЕРНУТЬ {power}").exit_code == 0
    (mail,) = h.mail_to(GLEB)
    text = body(mail)
    assert str(mail["Subject"]) == f"[coins-t] Вы снова играете за {said(h, power, 'вин')}: ход 3"
    assert "Игра началась" not in str(mail["Subject"]) and "По жребию" not in text
    assert f"Ведущий вернул вам {said(h, power, 'вин')}: с хода 3 приказы снова отдаёте вы." in text
    assert f"Пока за {said(h, power, 'вин')} играл компьютер, он приказал:\n  Ход 1, «Приказы»: " in text
    assert "\n  Ход 2, «Приказы»: " in text
    assert "Ход 3, фаза «Приказы»" in text and "Приказы принимаются до " in text
    assert "Ваш пароль: " in text and "ХОД 3\n" in text  # a fresh password and blank


def test_a_replacement_is_told_as_one(h: Harness) -> None:
    power = h.powers[GLEB]
    assert h.gm(f"ЗАМЕНИТЬ {power} new@test.local Новый").exit_code == 0
    (mail,) = h.mail_to("new@test.local")
    assert str(mail["Subject"]) == f"[coins-t] Вы играете за {said(h, power, 'вин')} с хода 1"
    assert f"Ведущий передал вам {said(h, power, 'вин')}: с хода 1 приказы отдаёте вы." in body(mail)


def test_each_report_in_a_leave_says_so_and_lists_the_computers_orders(h: Harness) -> None:
    power = h.powers[GLEB]
    assert h.gm(f"ОТПУСК {power} 2").exit_code == 0
    (notice,) = [body(m) for m in h.mail_to(GLEB)]
    assert "Ведущий дал вам отпуск до хода 2 включительно" in flat(notice)
    assert f"Если вы не пришлёте приказы, за {said(h, power, 'вин')} сыграет компьютер" in flat(notice)
    turn_without(h, GLEB)
    data = h.game.store.read_turn_record(h.game.store.turn_records()[-1])
    assert data["orders"][power]["source"] == "leave" and data["orders"][power]["commands"]
    (report,) = [body(m) for m in h.mail_to(GLEB)]
    top = report.split("\n\n")[1]
    lines = top.splitlines()
    prose = [line for line in lines if not line.startswith("  ")]
    assert flat(" ".join(prose)) == (
        f"Вы в отпуске до хода 2 включительно. В этой фазе за {said(h, power, 'вин')} играл компьютер, "
        "он приказал:"
    )
    assert len(lines) - len(prose) == len(data["orders"][power]["commands"])


def test_a_leave_without_the_computer_says_the_power_went_without_orders(h: Harness) -> None:
    power = h.powers[GLEB]
    assert h.gm(f"ОТПУСК {power} 2 НИЧЕГО").exit_code == 0
    (notice,) = [body(m) for m in h.mail_to(GLEB)]
    assert f"Если вы не пришлёте приказы, ход за {said(h, power, 'вин')} пройдёт без действий." in flat(
        notice
    )
    turn_without(h, GLEB)
    (report,) = [body(m) for m in h.mail_to(GLEB)]
    assert "Вы в отпуске до хода 2 включительно. В этой фазе " in flat(report) and " без приказов." in flat(
        report
    )


def test_a_missed_turn_says_so_in_the_subject(h: Harness) -> None:
    for address in PLAYERS[:3]:
        h.send(address, h.orders(address, "НЕТ ДЕЙСТВИЙ"))
    h.run()
    h.mail_to(ANNA)  # the reply
    h.clock.advance(hours=48)
    assert h.run().resolved == 1
    (missed,) = h.mail_to(GLEB)
    assert str(missed["Subject"]) == "[coins-t] Ход 1: приказов от вас нет"
    assert "Мы не получили ваших приказов на ход 1." in body(missed)
    (report,) = h.mail_to(ANNA)
    assert str(report["Subject"]) == f"[coins-t] Ход 1: итоги для {said(h, h.powers[ANNA], 'род')}"
