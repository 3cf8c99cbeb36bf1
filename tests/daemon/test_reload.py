"""A game added with `gonets init` while the daemon runs is served at the next pass, no restart."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from daemon.config import load_config
from daemon.service import Daemon
from daemon.tools.setup import init_game
from daemon.transports.maildir import MaildirTransport
from tests.daemon.harness import Harness, body


def live_daemon(h: Harness) -> Daemon:
    """The harness's daemon, but told where its config file is, as `gonets run` is."""
    h.daemon.close()
    config = load_config(h.config_path)
    transport = MaildirTransport(h.root / "mail" / "inbox", h.root / "mail" / "sent")
    h.daemon = Daemon(config, transport, h.clock, config_path=h.config_path)
    return h.daemon


def test_a_game_added_by_init_while_the_daemon_runs_takes_signups_at_once(tmp_path: Path) -> None:
    h = Harness(tmp_path)
    daemon = live_daemon(h)
    init_game(h.config_path, "coins-new", "coins", "gm2@test.local", "gonets@test.local")
    h.send("ivan@test.local", "ЗАПИСЫВАЮСЬ Иван", subject="[coins-new] запись")
    h.run()
    assert daemon.games.get("coins-new") is not None
    (reply,) = h.mail_to("ivan@test.local")
    assert reply["Subject"].startswith("[coins-new]") and "не найдена" not in body(reply)
    assert [s.address for s in daemon.games.get("coins-new").load().signups] == ["ivan@test.local"]  # type: ignore[union-attr]


def test_a_broken_config_change_keeps_the_running_configuration(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    h = Harness(tmp_path)
    daemon = live_daemon(h)
    good = h.config_path.read_text(encoding="utf-8")
    h.config_path.write_text(good + '\n[games.broken]\nruleset = "chess"\ngm = "x@test.local"\n')
    with caplog.at_level(logging.ERROR):
        h.run()
    assert "was not loaded" in caplog.text and daemon.games.get("broken") is None
    h.config_path.write_text(good.replace('deadline = "48h"', 'deadline = "24h"'), encoding="utf-8")
    h.run()
    assert h.game.settings.default_duration.total_seconds() == 24 * 3600
