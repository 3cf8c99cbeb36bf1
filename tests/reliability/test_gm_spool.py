"""SIGKILL while the daemon runs a GM command from the control spool: the command is done once.

A started game, a `ПРОДЛИТЬ 24` waiting in the spool as `gonets gm` leaves it while the daemon holds
the lock; the daemon (a subprocess) kills itself at one step of running it, then runs again until
quiet. The deadline moved by 24 hours, not 48; one history line; one answer; the spool is empty.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from state.control import ControlSpool, cli_user
from state.files import read_json
from tests.daemon.harness import GAME, Harness
from tests.reliability.killer import MAX_PASSES, SPOOL_KILL_POINTS
from tests.reliability.test_sigkill import daemon_process


@pytest.fixture(scope="module")
def prepared(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    root = tmp_path_factory.mktemp("spool")
    h = Harness(root)
    h.start()
    deadline = h.game.load().deadline
    h.daemon.close()
    (root / "clock.txt").write_text(h.clock().isoformat())
    ControlSpool(root / "games" / "control").submit(GAME, "ПРОДЛИТЬ 24", "праздники")
    return root, deadline


@pytest.mark.parametrize("kill_point", list(SPOOL_KILL_POINTS))
def test_a_sigkill_mid_command_runs_it_exactly_once(
    prepared: tuple[Path, str], tmp_path: Path, kill_point: str
) -> None:
    template, deadline = prepared
    root = tmp_path / "game"
    shutil.copytree(template, root)
    assert daemon_process(root, kill_point)[0] == -signal.SIGKILL  # the kill point was reached
    code, passes = daemon_process(root)
    assert code == 0 and int(passes) < MAX_PASSES
    game_dir = root / "games" / "games" / GAME
    record = read_json(game_dir / "game.json")["game"]["1"]
    assert datetime.fromisoformat(record["deadline"]) == datetime.fromisoformat(deadline) + timedelta(
        hours=24
    )
    history = [json.loads(line) for line in (game_dir / "history.jsonl").read_text().splitlines()]
    gm = cli_user(os.geteuid())  # the request file's owner
    assert [(e["action"], e["by"], e["reason"]) for e in history] == [("extend", gm, "праздники")]
    spool = root / "games" / "control"
    assert list((spool / "requests").iterdir()) == []
    (answer,) = (spool / "answers").iterdir()
    assert history[0]["id"] == f"{answer.stem}:0"  # the request's id is the once-only token
    said = read_json(answer)
    assert said["exit_code"] == 0 and said["text"][0].startswith("ПРОДЛИТЬ 24: ")
