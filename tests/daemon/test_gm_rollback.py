"""ОТКАТ by mail: the rolled-back phase waits for the players, who are told their orders were kept
and until when they may change them; it resolves early only once each power sends orders or
ГОТОВО again, else at its deadline."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from daemon.tools.status import status_text
from tests.daemon.harness import GM, PLAYERS, Harness, everyone, flat, texts

ANNA, BORIS, VERA, GLEB = PLAYERS
ORDERS = ("ВЛОЖИТЬ Промышленность 3", "ВЛОЖИТЬ Армия 2")


def one_turn_in(root: Path) -> Harness:
    """A Russian coins game whose first turn is resolved, every mail of it read."""
    harness = Harness(root, language="ru")
    harness.start()
    everyone(harness, *ORDERS)
    harness.run()
    for address in (*PLAYERS, GM):
        harness.mail_to(address)
    return harness


@pytest.fixture
def h(tmp_path: Path) -> Harness:
    return one_turn_in(tmp_path)


def test_a_rollback_by_mail_waits_for_the_players_and_tells_them(h: Harness) -> None:
    first = h.game.store.read_turn_record("0001-2-orders")
    h.clock.advance(hours=1)
    h.gm_mail("ОТКАТ 1 Глеб просил исправить опечатку")
    report = h.run()
    assert report.resolved == 0
    record = h.game.load()
    assert (record.turn, record.phase) == (1, "orders")
    assert h.game.store.turn_records() == ["0000-start"]
    assert record.deadline == (h.clock() + timedelta(hours=48)).isoformat()
    (reply,) = texts(h, GM)
    assert "игра возвращена к началу хода 1, отменена 1 фаза" in flat(reply)
    for address in PLAYERS:
        (notice,) = texts(h, address)
        said = flat(notice)
        assert "ИСПРАВЛЕННЫЕ ИТОГИ" not in said
        assert "Ведущий вернул игру к началу хода 1, фаза «Приказы»" in said
        assert "Причина: Глеб просил исправить опечатку" in said
        assert "Ваши приказы сохранены: ВЛОЖИТЬ Промышленность 3 ВЛОЖИТЬ Армия 2" in said
        assert "Изменить их можно до 4 марта, 13:00 МСК" in said
        assert "ГОТОВО" in said
    # three confirm (orders again, ГОТОВО alone), the fourth has not: the phase waits
    h.send(ANNA, h.orders(ANNA, "ВЛОЖИТЬ Наука 3"))
    for address in (BORIS, VERA):
        h.send(address, h.orders(address, "ГОТОВО"))
    assert h.run().resolved == 0
    assert "Ход будет рассчитан, когда приказы пришлют все игроки" in flat(texts(h, BORIS)[0])
    h.send(GLEB, h.orders(GLEB, "ГОТОВО"))
    assert h.run().resolved == 1
    again = h.game.store.read_turn_record("0001-2-orders")
    anna = h.powers[ANNA]
    assert again["orders"][anna]["commands"][0]["args"] == {"line": "Наука", "amount": 3}
    boris = h.powers[BORIS]
    assert again["orders"][boris] == first["orders"][boris]
    assert any("ИСПРАВЛЕННЫЕ ИТОГИ" in t for t in texts(h, GLEB))


def test_restored_orders_stand_at_the_deadline_and_the_gm_may_set_it(h: Harness) -> None:
    first = h.game.store.read_turn_record("0001-2-orders")
    h.gm_mail("ОТКАТ 1 24 часа пересчёт")
    h.run()
    record = h.game.load()
    assert record.deadline == (h.clock() + timedelta(hours=24)).isoformat()
    assert h.game.store.history()[-1]["reason"] == "пересчёт"
    (notice,) = texts(h, ANNA)
    assert "Изменить их можно до 3 марта, 12:00 МСК" in flat(notice)
    shown = flat(status_text(h.daemon.games))
    assert "приказы сохранены после отката (2 марта, 12:00 МСК), ждём подтверждения" in shown
    h.clock.advance(hours=23)
    assert h.run().resolved == 0
    assert texts(h, ANNA) == []  # no reminder of orders that stand
    h.clock.advance(hours=1)
    assert h.run().resolved == 1
    again = h.game.store.read_turn_record("0001-2-orders")
    assert again["orders"] == first["orders"] and again["state_after"] == first["state_after"]
