"""Who plays what, as the GM's commands hand powers over, by mail: ЗАМЕНИТЬ and ВЕРНУТЬ give no
address a second power (ПРИСОЕДИНИТЬ refused it, ЗАМЕНИТЬ did it); ВЕРНУТЬ to another player passes
the power as a replacement (it told the newcomer «Вы снова играете» under the old player's name);
a tribe named with digits is refused as the refusal says («без цифр»)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engines.russian import inflect
from tests.daemon.harness import GM, PLAYERS, Harness, body, flat
from tests.daemon.test_leave_and_return import turn_without
from tests.daemon.test_tribes_by_mail import started

ANNA, BORIS, VERA, GLEB = PLAYERS
NEW = "new@test.local"


@pytest.fixture
def h(tmp_path: Path) -> Harness:
    harness = Harness(tmp_path, ruleset="rus", language="ru")
    harness.start()
    return harness


def _answer(h: Harness) -> str:
    (answer,) = [flat(body(m)) for m in h.mail_to(GM) if "ответ на команды ведущего" in body(m)]
    return answer


@pytest.mark.parametrize("command", ["ЗАМЕНИТЬ {power} {address} Анна", "ВЕРНУТЬ {power} {address}"])
def test_no_command_gives_one_address_a_second_power(h: Harness, command: str) -> None:
    gleb, anna = h.powers[GLEB], h.powers[ANNA]
    assert h.gm(f"ИЗГНАТЬ {gleb}").exit_code == 0
    before = h.game.load().players[gleb]
    h.gm_mail(command.format(power=gleb, address=ANNA))
    h.run()
    assert f"{ANNA} уже играет за {inflect(anna, 'вин', h.game.catalog.forms)}" in _answer(h)
    assert h.game.load().players[gleb] == before
    assert [m for m in h.mail_to(ANNA) if "Ваш пароль" in body(m)] == []
    assert h.gm(f"ЗАМЕНИТЬ {anna} {NEW} Новый").exit_code == 0  # another address is welcome
    assert h.gm(f"ЗАМЕНИТЬ {gleb} {NEW}").exit_code == 1  # …once


def test_a_return_to_another_player_is_a_replacement(h: Harness) -> None:
    gleb = h.powers[GLEB]
    assert h.gm(f"ИЗГНАТЬ {gleb}").exit_code == 0
    turn_without(h, GLEB)
    h.mail_to(GLEB)
    h.gm_mail(f"ВЕРНУТЬ {gleb} {NEW}")
    h.run()
    won = inflect(gleb, "вин", h.game.catalog.forms)
    assert f"за {won} теперь играет {NEW}, пароль отправлен" in _answer(h)
    (mail,) = h.mail_to(NEW)
    text = body(mail)
    assert str(mail["Subject"]) == f"[coins-t] Вы играете за {won} с хода 2"
    assert "снова" not in str(mail["Subject"]) + text
    assert text.startswith("new, здравствуйте.") and "Игрок3" not in text  # the address, not the old name
    assert f"Ведущий передал вам {won}: с хода 2 приказы отдаёте вы." in text
    assert f"Пока за {won} играл компьютер, он приказал:\n  Ход 1, «Приказы»: " in text
    (told,) = h.mail_to(GLEB)
    assert f"Ведущий передал {won} другому игроку." in flat(body(told))
    record = h.game.load()
    assert (record.players[gleb].address, record.players[gleb].name) == (NEW, "new")
    assert record.players[gleb].status == "active"


def test_a_tribe_named_with_digits_is_refused_as_the_refusal_says(tmp_path: Path) -> None:
    h = started(tmp_path)
    done = h.gm("ПРИСОЕДИНИТЬ new@test.local Новый; Волки2")
    assert done.exit_code == 1
    assert "«Волки2» не годится в имя племени: нужно до 30 букв, без цифр" in done.text[0]
    assert h.gm("ПРИСОЕДИНИТЬ new@test.local Новый; Серые Волки").exit_code == 0
    assert "Серые Волки" in h.game.load().players
    h.daemon.close()
