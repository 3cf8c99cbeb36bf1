"""The phase's clock on a real daemon: stores written with the old flags play on, and the GM's
commands move the clock the way `state.lifecycle` says, also where two of them meet."""

from __future__ import annotations

import errno
from pathlib import Path
from typing import Any

import pytest

from daemon.tools.status import status_text
from state.files import atomic_write_json, read_json
from state.lifecycle import Due, Held, Open, Paused, Previewed, Releasing
from state.outbox import Outbox
from tests.daemon.harness import PLAYERS, Harness, everyone, texts

ANNA = PLAYERS[0]
ORDERS = ("ВЛОЖИТЬ Промышленность 3", "ВЛОЖИТЬ Армия 2")
OLD_FLAGS = {
    "reminded": False,
    "held": "",
    "process_now": False,
    "release": "",
    "starting": False,
    "paused": False,
    "paused_left": 0.0,
    "preview": "",
}


@pytest.fixture
def h(tmp_path: Path) -> Harness:
    harness = Harness(tmp_path)
    harness.start()
    return harness


def store_as_before(h: Harness, **flags: Any) -> None:
    """The game record as the daemon wrote it before the lifecycle: these flags and no clock."""
    path = h.game.store.directory / "game.json"
    data = read_json(path)
    record = data["game"]["1"]
    del record["clock"], record["pending"]
    record.update(OLD_FLAGS, **flags)
    atomic_write_json(path, data)
    h.restart()


def test_an_old_held_phase_stays_held_until_extended_and_plays_on(h: Harness) -> None:
    h.clock.advance(hours=49)
    store_as_before(h, held="4 of 4 active players sent no orders", reminded=True)
    assert h.game.load().clock == Held("4 of 4 active players sent no orders")
    assert "Ход остановлен: приказов не прислали 4 из 4 игроков." in status_text(h.daemon.games)
    assert h.run().resolved == 0
    assert h.gm("ПРОДЛИТЬ 24").exit_code == 0
    assert h.game.load().clock == Open()  # the old "held" key left in the file is not read again
    everyone(h, *ORDERS)
    assert h.run().resolved == 1 and h.game.load().turn == 2


def test_an_old_pause_keeps_its_time_left_and_plays_on(h: Harness) -> None:
    store_as_before(h, paused=True, paused_left=7200.0)
    assert h.game.load().clock == Paused(7200.0)
    h.send(ANNA, h.orders(ANNA, *ORDERS))
    h.clock.advance(hours=100)
    assert h.run().resolved == 0
    assert any("на паузе" in t for t in texts(h, ANNA))
    assert h.gm("ПРОДОЛЖИТЬ").exit_code == 0
    assert h.game.load().deadline == "2026-03-06T15:00:00+00:00"  # 100 h in + the 2 h that were left
    everyone(h, *ORDERS)
    assert h.run().resolved == 1 and h.game.load().turn == 2


def test_an_old_preview_waits_for_the_release_and_plays_on(h: Harness) -> None:
    h.gm("ПРОСМОТР ВКЛ")
    everyone(h, *ORDERS)
    h.run()
    store_as_before(h, preview="0001-2-orders", process_now=True)
    assert h.game.load().clock == Previewed("0001-2-orders")
    assert h.gm("ВЫПУСТИТЬ 1 orders").exit_code == 0
    assert h.game.load().turn == 2
    assert sum("Итоги хода 1" in t for t in texts(h, ANNA)) == 1


def test_an_old_release_interrupted_by_a_crash_is_finished_once(
    h: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An older daemon made each write durable on its own: a crash could leave a committed turn
    with only some of its reports queued. A store failure leaves the same today."""
    enqueue = Outbox.enqueue

    def full_disk_at_the_first_report(outbox: Outbox, mail: Any, **kwargs: Any) -> bool:
        if "report" in mail.id:
            monkeypatch.setattr(Outbox, "enqueue", enqueue)
            raise OSError(errno.ENOSPC, "No space left on device", "outbox")
        return enqueue(outbox, mail, **kwargs)

    monkeypatch.setattr(Outbox, "enqueue", full_disk_at_the_first_report)
    everyone(h, *ORDERS)
    h.run()
    store_as_before(h, release="0001-2-orders")
    assert h.game.load().pending == Releasing("0001-2-orders")
    h.run()
    assert h.game.load().pending is None
    for address in PLAYERS:
        assert sum("Итоги хода 1" in t for t in texts(h, address)) == 1


def test_a_paused_hold_is_held_again_once_resumed(h: Harness) -> None:
    h.clock.advance(hours=49)
    h.run()
    assert isinstance(h.game.load().clock, Held)
    h.gm("ПАУЗА")
    assert h.game.load().clock == Paused(0.0)
    h.gm("ПРОДОЛЖИТЬ")
    assert h.run().resolved == 0 and isinstance(h.game.load().clock, Held)


def test_processing_a_paused_phase_resolves_it_once_resumed(h: Harness) -> None:
    h.gm("ПАУЗА")
    assert h.gm("ОБРАБОТАТЬ 1 orders").exit_code == 0
    assert h.game.load().clock == Paused(48 * 3600.0, due=True)
    assert h.run().resolved == 0
    h.gm("ПРОДОЛЖИТЬ")
    assert h.game.load().clock == Due()
    assert h.run().resolved == 1 and h.game.load().turn == 2


def test_extending_a_paused_phase_adds_to_the_time_left(h: Harness) -> None:
    h.clock.advance(hours=10)
    h.gm("ПАУЗА")
    assert h.gm("ПРОДЛИТЬ 24").exit_code == 0
    assert h.game.load().clock == Paused(62 * 3600.0)
    h.clock.advance(hours=100)
    h.gm("ПРОДОЛЖИТЬ")
    assert h.game.load().deadline == "2026-03-09T13:00:00+00:00"  # 110 h in + 38 h left + 24 h


def test_a_previewed_phase_has_no_clock_to_pause_or_extend(h: Harness) -> None:
    h.gm("ПРОСМОТР ВКЛ")
    everyone(h, *ORDERS)
    h.run()
    before = h.game.load()
    for command in ("ПАУЗА", "ПРОДЛИТЬ 24", "ОБРАБОТАТЬ 1 orders"):
        (answer,) = h.gm(command).text
        assert "уже рассчитана и ждёт ВЫПУСТИТЬ или ПЕРЕСЧИТАТЬ" in answer
    after = h.game.load()
    assert (after.clock, after.deadline) == (Previewed("0001-2-orders"), before.deadline)
