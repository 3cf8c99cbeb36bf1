"""The GM's tools while the daemon runs: `status`, `history` and `check` read without the lock,
and `gonets gm` reaches the running daemon through the control spool, audited as on the command
line. Run as the GM runs them: through `daemon.cli.main`, beside a daemon that holds the lock."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from datetime import timedelta
from pathlib import Path

import pytest

from daemon.cli import NOT_ANSWERED, main
from state.control import ControlSpool, cli_user
from state.lock import LOCK_NAME, DirectoryLock, LockedError
from tests.daemon.harness import GAME, PLAYERS, Harness
from tests.paths import REPO


@pytest.fixture
def h(tmp_path: Path) -> Harness:
    harness = Harness(tmp_path)
    harness.start()
    return harness


def gm(h: Harness, *words: str) -> int:
    return main(["gm", "--config", str(h.config_path), GAME, *words])


def test_status_history_and_check_work_while_the_daemon_holds_the_lock(
    h: Harness, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    anna = PLAYERS[0]
    h.send(anna, h.orders(anna, "ВЛОЖИТЬ Промышленность 3"))
    h.run()
    with pytest.raises(LockedError):
        DirectoryLock(h.root / "games")  # the daemon is the writer, and stays it
    config = str(h.config_path)
    assert main(["status", "--config", config]) == 0
    status = capsys.readouterr().out
    assert f"  {h.powers[anna]} (Игрок0, {anna}): приказы есть, " in status
    assert status.count(": приказов нет\n") == 3
    h.gm("ПРОДЛИТЬ 24", "праздники")
    assert main(["history", "--config", config, GAME]) == 0
    assert "срок продлён на 24 часа" in capsys.readouterr().out
    eml = tmp_path / "m.eml"
    eml.write_bytes(h.message(anna, h.orders(anna, "ВЛОЖИТЬ Наука 1")))
    assert main(["check", "--config", config, str(eml)]) == 0
    assert "orders:" in capsys.readouterr().out
    stored = h.game.store.orders(1, "orders")[h.powers[anna]].commands
    assert "Наука" not in str(stored) and "Промышленность" in str(stored)  # checked, not stored


def test_gm_queued_for_the_daemon_runs_at_its_next_pass_with_the_same_audit(
    h: Harness, capsys: pytest.CaptureFixture[str]
) -> None:
    deadline = h.game.deadline(h.game.load())
    assert deadline is not None
    assert gm(h, "ПРОДЛИТЬ", "24", "--reason", "праздники", "--no-wait") == 0
    assert "queued for the running daemon" in capsys.readouterr().out
    assert h.game.deadline(h.game.load()) == deadline  # not yet: the daemon runs it
    assert h.run().commands == 1
    assert h.game.deadline(h.game.load()) == deadline + timedelta(hours=24)
    (entry,) = h.game.store.history()
    assert (entry["by"], entry["action"], entry["reason"]) == (
        cli_user(os.geteuid()),
        "extend",
        "праздники",
    )
    assert h.run().commands == 0  # answered once, gone from the spool


def answer_next_request(h: Harness) -> threading.Thread:
    """The daemon's next pass, as soon as a request waits (the test's daemon is driven by hand)."""
    spool = ControlSpool(h.root / "games" / "control")

    def serve() -> None:
        while not spool.waiting():
            time.sleep(0.01)
        h.run()

    thread = threading.Thread(target=serve)
    thread.start()
    return thread


def test_gm_waits_for_the_daemons_answer_and_exits_as_the_command_did(
    h: Harness, capsys: pytest.CaptureFixture[str]
) -> None:
    served = answer_next_request(h)
    assert gm(h, "ПРОДЛИТЬ", "24", "--timeout", "30") == 0
    served.join()
    assert capsys.readouterr().out.startswith(
        "ПРОДЛИТЬ 24: срок продлён на 24 часа, теперь до 5 марта, 12:00 МСК"
    )
    served = answer_next_request(h)
    assert gm(h, "ПРОДЛИТЬ", "завтра", "--timeout", "30") == 2
    served.join()
    assert "не целое число" in capsys.readouterr().out
    assert gm(h, "ПАУЗА", "--timeout", "0.3") == NOT_ANSWERED
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "stays queued for its next pass" in err
    assert h.run().commands == 1  # the late command still runs, once
    assert gm(h, "ПАУЗА", "--no-wait") == 0 and h.run().commands == 1
    assert [e["action"] for e in h.game.store.history()] == ["extend", "pause"]
    assert main(["gm", "--config", str(h.config_path), "nope", "HELP"]) == 2
    assert "no game nope" in capsys.readouterr().err  # said at once, nothing queued


def test_a_running_daemon_answers_a_gm_command_within_seconds_not_at_its_next_tick(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`gonets run` with a 10-minute tick: the command wakes it."""
    h = Harness(tmp_path)
    h.daemon.close()
    text = h.config_path.read_text(encoding="utf-8")
    h.config_path.write_text("poll_seconds = 600\n" + text, encoding="utf-8")
    command = [sys.executable, "-m", "daemon.cli", "run", "--config", str(h.config_path)]
    daemon = subprocess.Popen(command, cwd=REPO, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while not _held_by(h.root / "games", daemon.pid):
            assert time.monotonic() < deadline and daemon.poll() is None
            time.sleep(0.05)
        time.sleep(1)  # its first pass is done, it waits for the next tick
        # answered within the 30 s the command waits, where the next tick is 600 s away
        assert gm(h, "РИТМ", "48", "--timeout", "30") == 0
    finally:
        daemon.terminate()
        daemon.wait()
    assert capsys.readouterr().out.startswith("РИТМ 48: ")
    history = (h.root / "games" / "games" / GAME / "history.jsonl").read_text(encoding="utf-8")
    assert '"action": "cadence"' in history


def _held_by(directory: Path, pid: int) -> bool:
    """Whether `pid` holds the directory's lock: it writes its PID there once it does. Asked by
    reading, not by taking the lock, which a daemon starting at that instant would find taken."""
    try:
        return (directory / LOCK_NAME).read_text(encoding="ascii").strip() == str(pid)
    except FileNotFoundError:
        return False


def test_with_no_daemon_gm_runs_the_command_itself(h: Harness, capsys: pytest.CaptureFixture[str]) -> None:
    h.daemon.close()
    assert gm(h, "ПАУЗА") == 0
    assert capsys.readouterr().out.startswith("ПАУЗА: ")
    assert not (h.root / "games" / "control" / "requests").exists()
    h.restart()
    assert [e["action"] for e in h.game.store.history()] == ["pause"]
