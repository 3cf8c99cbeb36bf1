"""A FIFO where the config file was: read at start and again whenever it changes (hot reload), it
used to block the daemon in `open()` until some writer came, and the pass then ran with a clock
read before the wait. It is refused like a badly edited config: the running configuration stays,
and the log says what the file is; at start the command says so and exits 2."""

from __future__ import annotations

import logging
import os
from pathlib import Path

import pytest

from daemon.cli import main
from tests.daemon.harness import Harness
from tests.daemon.test_reload import live_daemon
from tests.hostile.unblock import unblocking


def test_a_fifo_config_is_refused_at_reload_and_the_running_configuration_stays(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    h = Harness(tmp_path)
    daemon = live_daemon(h)
    good, running = h.config_path.read_text(encoding="utf-8"), daemon.config
    h.config_path.unlink()
    os.mkfifo(h.config_path)
    with caplog.at_level(logging.ERROR), unblocking(h.config_path):
        h.run()
    assert "was not loaded" in caplog.text and "not a regular file but a FIFO" in caplog.text
    assert daemon.config is running
    h.config_path.unlink()
    h.config_path.write_text(good.replace('deadline = "48h"', 'deadline = "24h"'), encoding="utf-8")
    h.run()
    assert h.game.settings.default_duration.total_seconds() == 24 * 3600


def test_a_fifo_config_stops_the_start_with_what_it_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = tmp_path / "gonets.toml"
    os.mkfifo(fifo)
    with unblocking(fifo):
        assert main(["run", "--once", "--config", str(fifo)]) == 2
    said = capsys.readouterr().err
    assert "не обычный файл, а именованный канал (FIFO) / not a regular file but a FIFO" in said
