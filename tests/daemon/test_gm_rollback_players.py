"""ОТКАТ over the GM's actions on who plays, by mail. It used to restore every player's standing
as it was at the turn: an ejected player had his power back, his old password worked, he got the
rollback notice and his orders were accepted, and the GM's answer said nothing of it. Now the
GM's ИЗГНАТЬ, ЗАМЕНИТЬ, ВЕРНУТЬ, ОТПУСК and ПРИСОЕДИНИТЬ since the turn stay in force, and the
answer names them; a player who joined with a power the game did not have then is named first,
the rollback waits for ПОДТВЕРЖДАЮ, and the player is told."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from engines.russian import inflect
from tests.daemon.harness import GM, PLAYERS, Harness, accepted, body, flat, texts
from tests.daemon.test_attendance import stage
from tests.daemon.test_gm_rollback import one_turn_in
from tests.daemon.test_tribes_by_mail import started

ANNA, BORIS, VERA, GLEB = PLAYERS
NEW = "new@test.local"
KEPT = "Ваши команды об игроках, отданные после расчёта хода 1, в силе:"


@pytest.fixture
def h(tmp_path: Path) -> Harness:
    """The GM acts in turn 2, then rolls back to turn 1."""
    return one_turn_in(tmp_path)


def _answer(h: Harness) -> str:
    (answer,) = [flat(body(m)) for m in h.mail_to(GM) if "ответ на команды ведущего" in body(m)]
    return answer


def test_a_rollback_keeps_an_ejection_made_since_and_says_so(h: Harness) -> None:
    gleb = h.powers[GLEB]
    h.gm_mail(f"ИЗГНАТЬ {gleb} грубость")
    h.run()
    h.mail_to(GM), h.mail_to(GLEB)
    h.gm_mail("ОТКАТ 1 опечатка в подсчёте")
    h.run()
    answer = _answer(h)
    assert "игра возвращена к началу хода 1, отменена 1 фаза" in answer
    assert f"{KEPT} ИЗГНАТЬ {gleb} грубость" in answer
    record, player = h.game.load(), h.game.load().players[gleb]
    assert (record.turn, player.status, player.retired_why) == (1, "ai", "ejected")
    assert texts(h, GLEB) == []  # no rollback notice: he plays no more
    for address in (ANNA, BORIS, VERA):
        (notice,) = texts(h, address)
        assert "Ведущий вернул игру к началу хода 1" in flat(notice)
    h.send(GLEB, h.orders(GLEB, "ВЛОЖИТЬ Наука 2"))  # his old password
    h.run()
    assert not any(accepted(t) for t in texts(h, GLEB))
    assert gleb not in h.game.store.orders(1, "orders")  # his orders were not restored
    for address in (ANNA, BORIS, VERA):
        h.send(address, h.orders(address, "ГОТОВО"))
    assert h.run().resolved == 1  # the three players are all the phase waits for
    (digest,) = [body(m) for m in h.mail_to(GM) if "Сводка ведущего" in body(m)]
    assert f"ИЗГНАТЬ {gleb} грубость\n  Причина: опечатка в подсчёте." in digest  # the rollback's reason
    assert "не был готов" not in digest


def test_a_rollback_keeps_a_power_handed_to_a_new_player_and_a_leave(h: Harness) -> None:
    gleb, vera = h.powers[GLEB], h.powers[VERA]
    h.gm_mail(f"ИЗГНАТЬ {gleb}", f"ВЕРНУТЬ {gleb} {NEW} Новый", f"ОТПУСК {vera} 3")
    h.run()
    (role,) = [body(m) for m in h.mail_to(NEW) if "Ваш пароль" in body(m)]
    password = role.split("Ваш пароль: ")[1].split()[0]
    h.mail_to(GM), h.mail_to(GLEB)
    h.gm_mail("ОТКАТ 1")
    h.run()
    kept = f"ИЗГНАТЬ {gleb} ВЕРНУТЬ {gleb} {NEW} Новый ОТПУСК {vera} 3"  # one a line
    assert f"{KEPT} {kept}" in _answer(h)
    record = h.game.load()
    assert (record.players[gleb].address, record.players[gleb].status) == (NEW, "active")
    assert record.players[vera].leave_until == 4
    assert texts(h, GLEB) == [] and len(texts(h, NEW)) == 1  # the new player hears of the rollback
    h.powers[NEW], h.passwords[NEW] = gleb, password
    h.send(NEW, h.orders(NEW, "ВЛОЖИТЬ Наука 2"))
    h.send(GLEB, h.orders(GLEB, "ВЛОЖИТЬ Армия 2"))
    h.run()
    assert any(accepted(t) for t in texts(h, NEW)) and not any(accepted(t) for t in texts(h, GLEB))


@pytest.fixture
def tribes(tmp_path: Path) -> Iterator[Harness]:
    harness = started(tmp_path, language="ru")
    for address in PLAYERS:
        harness.send(address, harness.orders(address, "НЕТ ДЕЙСТВИЙ"))
    harness.run()
    for address in (*PLAYERS, GM):
        harness.mail_to(address)
    yield harness
    harness.daemon.close()


def test_a_player_who_joined_since_is_named_and_told_once_the_gm_confirms(tribes: Harness) -> None:
    h = tribes
    h.gm_mail(f"ПРИСОЕДИНИТЬ {NEW} Новый")
    h.run()
    joined = h.game.load().players
    power = next(p for p, pl in joined.items() if pl.address == NEW)
    h.mail_to(GM), h.mail_to(NEW)
    h.gm_mail("ОТКАТ 1")
    h.run()
    answer = _answer(h)
    assert "откат не сделан. Эти игроки вступили в игру позже, и откат уберёт их из неё:" in answer
    assert f"{power}: {NEW} (Новый), с хода 2" in answer and "ОТКАТ 1 ПОДТВЕРЖДАЮ" in answer
    assert h.game.load().turn == 2 and texts(h, NEW) == []
    h.gm_mail("ОТКАТ 1 ПОДТВЕРЖДАЮ пересчёт")
    h.run()
    answer = _answer(h)
    assert "игра возвращена к началу хода 1" in answer
    assert f"Выбыли из игры (им отправлено письмо): {power}: {NEW} (Новый), с хода 2" in answer
    record = h.game.load()
    assert record.turn == 1 and power not in record.players and power not in record.state["powers"]
    (told,) = h.mail_to(NEW)
    assert str(told["Subject"]) == "[coins-t] Ведущий вернул игру к ходу 1: вы больше не в игре"
    said = flat(body(told))
    assert said.startswith("Новый, здравствуйте.") and "Причина: пересчёт" in said
    won = inflect(power, "вин", h.game.forms_for(record.state))
    assert f"когда вас в ней ещё не было, и вы больше не играете за {won}" in said
    assert f"напишите ведущему: {GM}" in said
    assert h.game.store.history()[-1]["reason"] == "пересчёт"


def test_a_player_who_joined_at_a_power_the_computer_ran_keeps_it(council: Harness) -> None:
    h = council
    for _ in range(3):  # planning, decisions, actions: turn 1 resolved
        stage(h, *PLAYERS)
    record = h.game.load()
    free = next(p for p in record.state["powers"] if p not in record.players)
    h.gm_mail(f"ПРИСОЕДИНИТЬ {NEW} Новый; {free}")
    h.run()
    h.mail_to(GM), h.mail_to(NEW)
    h.gm_mail("ОТКАТ 1")
    h.run()
    answer = _answer(h)
    assert f"{KEPT} ПРИСОЕДИНИТЬ {NEW} Новый; {free}" in answer
    record = h.game.load()
    assert (record.turn, record.players[free].address, record.players[free].status) == (1, NEW, "active")
    (notice,) = texts(h, NEW)  # the rollback's notice, as every player's
    assert "Ведущий вернул игру к началу хода 1" in flat(notice)
