"""A store that cannot be written (disk full, permission) or read (corrupt game.json).

The mail is not at fault, so it stays unacknowledged in the inbox for the next pass; the loop
goes on; the GM gets one alert per kind of failure per game per hour; when even the alert cannot
be queued it is logged at CRITICAL, once, and nothing loops.
"""

from __future__ import annotations

import errno
import logging
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from state.disk import Disk
from tests.daemon.harness import GAME, GM, PLAYERS, Harness, accepted, body

ANNA = PLAYERS[0]
real_write = Disk.write


def failing_under(directory: Path, code: int) -> Callable[..., None]:
    """A store's `Disk.write` that fails for every file under `directory`, as a full disk does."""

    def write(disk: Disk, path: Path, data: bytes, **kwargs: Any) -> None:
        if directory in Path(path).parents:
            raise OSError(code, os.strerror(code), str(path))
        real_write(disk, path, data, **kwargs)

    return write


def inbox_waiting(h: Harness) -> int:
    return len(list((h.root / "mail" / "inbox" / "new").iterdir()))


def alerts(h: Harness) -> list[str]:
    return [f"{m['Subject']}\n{body(m)}" for m in h.mail_to(GM) if "Авария хранилища" in str(m["Subject"])]


@pytest.fixture
def started(tmp_path: Path) -> Harness:
    h = Harness(tmp_path)
    h.start()
    h.mail_to(GM)
    return h


@pytest.mark.parametrize(("code", "kind"), [(errno.ENOSPC, "disk_full"), (errno.EACCES, "permission")])
def test_a_failed_store_write_leaves_the_mail_and_alerts_the_gm_once(
    started: Harness, monkeypatch: pytest.MonkeyPatch, code: int, kind: str
) -> None:
    h = started
    monkeypatch.setattr(Disk, "write", failing_under(h.game.store.directory, code))
    h.send(ANNA, h.orders(ANNA, "ВЛОЖИТЬ Промышленность 2"))
    h.run()
    h.clock.advance(minutes=30)
    h.run()
    assert inbox_waiting(h) == 1
    (alert,) = alerts(h)
    assert f"({kind})" in alert and "STORE FAILURE" in alert and "game.json" in alert
    assert alert.index("Ни одно письмо не потеряно") < alert.index("No mail is lost")
    assert h.mail_to(ANNA) == []
    h.clock.advance(minutes=31)  # an hour after the first alert: the GM is told again
    h.run()
    assert len(alerts(h)) == 1
    monkeypatch.setattr(Disk, "write", real_write)
    h.run()
    assert inbox_waiting(h) == 0
    assert any(accepted(body(m)) for m in h.mail_to(ANNA))
    assert h.powers[ANNA] in h.game.store.orders(1, "orders")


def test_a_read_only_game_folder_is_a_permission_alert(started: Harness) -> None:
    if os.geteuid() == 0:
        pytest.skip("root ignores chmod; the monkeypatched EACCES test covers this path")
    h = started
    folder = h.game.store.directory
    folder.chmod(0o500)
    try:
        h.send(ANNA, h.orders(ANNA, "ВЛОЖИТЬ Промышленность 2"))
        h.run()
        assert inbox_waiting(h) == 1
        assert "(permission)" in alerts(h)[0]
    finally:
        folder.chmod(0o700)
    h.run()
    assert inbox_waiting(h) == 0


def test_when_even_the_alert_cannot_be_queued_it_is_logged_once_and_nothing_loops(
    started: Harness, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    h = started
    monkeypatch.setattr(Disk, "write", failing_under(h.root, errno.ENOSPC))
    h.send(ANNA, h.orders(ANNA, "ВЛОЖИТЬ Промышленность 2"))
    with caplog.at_level(logging.ERROR):
        h.run()
        h.run()
    critical = [r for r in caplog.records if r.levelno == logging.CRITICAL]
    assert len(critical) == 1 and "GM ALERT NOT QUEUED" in critical[0].getMessage()
    assert inbox_waiting(h) == 1
    monkeypatch.setattr(Disk, "write", real_write)
    h.run()
    assert inbox_waiting(h) == 0


def test_a_corrupt_game_file_keeps_the_mail_and_tells_the_gm_how_to_rebuild(started: Harness) -> None:
    h = started
    game_json = h.game.store.directory / "game.json"
    good = game_json.read_bytes()
    game_json.write_bytes(good[: len(good) // 2])
    h.send(ANNA, h.orders(ANNA, "ВЛОЖИТЬ Промышленность 2"))
    h.run()
    h.run()
    assert inbox_waiting(h) == 1
    (alert,) = alerts(h)
    assert "(corrupt)" in alert and f"gonets rebuild --config <ваш конфиг> {GAME}" in alert
    game_json.write_bytes(good)
    h.run()
    assert inbox_waiting(h) == 0
