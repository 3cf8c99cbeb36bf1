"""`gonets site` beside a game it cannot read: it says which game and why, writes the others, and
never hangs. A game folder the daemon's user may not read was passed over in silence, a game
record that could not be read ended in «ошибка диска… почта ждёт в ящике» (no mail is involved),
and a FIFO in place of a turn record blocked the command for ever.

The command runs as a process of its own, as the GM runs it; as root it runs without the two
capabilities that let root read any file, so that a folder's mode means what it means for the
daemon's user."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.daemon.harness import Harness, everyone
from tests.paths import REPO

OTHER = "coins-u"  # a second game, signed up and started like the first
ROOT_CAN_READ_ANYTHING = ("setpriv", "--bounding-set", "-dac_override,-dac_read_search")


def site(h: Harness, out: Path) -> subprocess.CompletedProcess[str]:
    """`gonets site` as the GM runs it, as a user whom a folder's mode binds."""
    command = [sys.executable, "-m", "daemon.cli", "site", "--config", str(h.config_path), "--out", str(out)]
    if os.geteuid() == 0:
        command = [*ROOT_CAN_READ_ANYTHING, *command]
    return subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=60)


@pytest.fixture
def two_games(tmp_path: Path) -> Harness:
    h = Harness(tmp_path)
    h.start()
    config = h.config_path.read_text(encoding="utf-8")
    table = config[config.index("[games.") :].replace(f"[games.{h.game_id}]", f"[games.{OTHER}]")
    h.config_path.write_text(f"{config}\n{table}", encoding="utf-8")
    h.restart()
    h.game_id = OTHER
    h.start()
    everyone(h, "НЕТ ДЕЙСТВИЙ")
    assert h.run().resolved == 1
    h.daemon.close()
    return h


def test_a_game_folder_it_may_not_read_is_named_and_the_other_games_are_written(
    two_games: Harness, tmp_path: Path
) -> None:
    folder = tmp_path / "games" / "games" / OTHER
    folder.chmod(0)
    try:
        done = site(two_games, tmp_path / "site")
    finally:
        folder.chmod(0o700)
    assert done.returncode == 5, done.stderr
    assert f"{OTHER}: [Errno 13] Permission denied" in done.stderr
    assert "почта ждёт" not in done.stderr and "mail waits" not in done.stderr
    assert (tmp_path / "site" / "coins-t" / "index.html").exists()
    assert not (tmp_path / "site" / OTHER).exists()


def test_a_fifo_in_place_of_a_turn_record_does_not_hang_it(two_games: Harness, tmp_path: Path) -> None:
    (record,) = (tmp_path / "games" / "games" / OTHER / "turns").glob("0001-*.json")
    record.unlink()
    os.mkfifo(record)
    done = site(two_games, tmp_path / "site")
    assert done.returncode == 5, done.stderr
    assert f"{OTHER}: " in done.stderr and "FIFO" in done.stderr
    assert (tmp_path / "site" / "coins-t" / "index.html").exists()


def test_a_site_out_folder_that_would_publish_the_games_is_refused(
    two_games: Harness, tmp_path: Path
) -> None:
    done = site(two_games, tmp_path / "games" / "public")
    assert done.returncode == 2
    assert "would publish games_dir" in done.stderr
    assert not (tmp_path / "games" / "public").exists()
