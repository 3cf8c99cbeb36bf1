"""FinishedMail mail through a real SMTP server when things go wrong: a store that cannot record a
send must not make the daemon send the same reply pass after pass, and a reply the server refuses
for good must reach the GM in the next digest."""

from __future__ import annotations

import errno
import os
import re
from collections.abc import Callable
from pathlib import Path

import pytest

import state.files
from state.disk import Disk
from tests.daemon.harness import body, flat
from tests.integration.test_e2e import GAME, PLAYERS, MailGame
from tests.mailservers import MailServers
from tests.reliability.test_store_failures import failing_under, real_write

real_in_place = state.files.write_in_place


def failing_in_place(directory: Path, code: int) -> Callable[..., None]:
    """`files.write_in_place` (a sent record written while the sends are deferred) failing under
    `directory`, as a full disk does."""

    def write(path: Path, data: bytes, mtime_ns: int | None) -> None:
        if directory in path.parents:
            raise OSError(code, os.strerror(code), str(path))
        real_in_place(path, data, mtime_ns)

    return write


def started(servers: MailServers, root: Path) -> MailGame:
    h = MailGame(servers, root)
    for n, user in enumerate(PLAYERS):
        h.send(user, f"ЗАПИСЫВАЮСЬ Игрок{n}", subject=f"[{GAME}] запись")
    h.daemon.run_once()
    for user in PLAYERS:
        h.new_mail(user)
    h.start()
    h.new_mail("gm")
    return h


def test_a_reply_whose_send_cannot_be_recorded_goes_out_once_not_once_a_pass(
    servers: MailServers, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    h = started(servers, tmp_path)
    sent_folder = tmp_path / "games" / "outbox" / "sent"
    monkeypatch.setattr(Disk, "write", failing_under(sent_folder, errno.ENOSPC))
    monkeypatch.setattr(state.files, "write_in_place", failing_in_place(sent_folder, errno.ENOSPC))
    h.orders("anna", "ВЛОЖИТЬ Армия 1")
    for _ in range(10):  # ten passes, a minute apart, while sent/ cannot be written
        h.daemon.run_once()
        h.clock.advance(minutes=1)
    replies = [m for m in h.new_mail("anna") if m["In-Reply-To"] == h.asked[-1]]
    assert len(replies) == 1
    alerts = [m for m in h.new_mail("gm") if "Авария хранилища" in str(m["Subject"])]
    assert len(alerts) == 1 and "Диск заполнен" in body(alerts[0])
    monkeypatch.setattr(Disk, "write", real_write)
    monkeypatch.setattr(state.files, "write_in_place", real_in_place)
    h.daemon.run_once()  # the store writes again: the sends are recorded, nothing goes twice
    assert h.new_mail("anna") == [] and h.new_mail("gm") == []
    assert list((tmp_path / "games" / "outbox" / "pending").glob("*.json")) == []


def test_a_reply_the_server_refuses_for_good_is_in_the_next_digest(
    servers: MailServers, tmp_path: Path
) -> None:
    h = started(servers, tmp_path)
    game = h.daemon.games.get(GAME)
    assert game is not None
    record = game.load()
    power = h.powers["boris"]
    record.players[power].address = "boris.gone@test.local"  # the mailbox was closed: 550 from now on
    game.store.save(record)
    for user in ("anna", "vera", "gleb"):
        h.orders(user, "ВЛОЖИТЬ Армия 1")
    h.daemon.run_once()
    h.clock.advance(hours=37)  # twelve hours before the deadline: boris's reminder is refused
    h.daemon.run_once()
    assert [m.id for m in h.daemon.outbox.failed()] == [f"{GAME}-0001-2-orders-remind-{power}"]
    h.clock.advance(hours=12)  # past the deadline: the turn resolves, boris counted as silent
    h.daemon.run_once()
    digests = [m for m in h.new_mail("gm") if "Сводка ведущего" in body(m)]
    assert digests, "the turn was resolved and the GM got the digest"
    text = flat(body(digests[-1]))
    assert "Письмо не доставлено: boris.gone@test.local" in text
    assert re.search(r"Ответ сервера: 5\d\d", text)
    assert "Undelivered" not in text  # the game is Russian (the default language): no English half
