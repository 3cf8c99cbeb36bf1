from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from subprocess import Popen

import pytest

from state.lock import DirectoryLock, LockedError
from tests.state import spawn

HOLDER = """
import sys, time
from pathlib import Path
from state.lock import DirectoryLock
lock = DirectoryLock(Path(sys.argv[1]))
print("ready", flush=True)
time.sleep(120)
"""


@pytest.fixture
def holder(tmp_path: Path) -> Iterator[Popen[bytes]]:
    """Another process holding the lock on tmp_path."""
    child = spawn(HOLDER, str(tmp_path))
    assert child.stdout is not None
    assert child.stdout.readline() == b"ready\n"
    yield child
    child.kill()
    child.wait()
    child.stdout.close()


def test_writes_our_pid_and_can_be_taken_again_after_close(tmp_path: Path) -> None:
    with DirectoryLock(tmp_path):
        assert (tmp_path / "gonets.lock").read_text() == f"{os.getpid()}\n"
    with DirectoryLock(tmp_path):
        pass


def test_second_holder_in_the_same_process_is_refused(tmp_path: Path) -> None:
    with DirectoryLock(tmp_path), pytest.raises(LockedError, match=f"PID {os.getpid()}"):
        DirectoryLock(tmp_path)


def test_close_is_idempotent(tmp_path: Path) -> None:
    lock = DirectoryLock(tmp_path)
    lock.close()
    lock.close()
    DirectoryLock(tmp_path).close()


def test_other_process_is_refused_with_the_holders_pid(tmp_path: Path, holder: Popen[bytes]) -> None:
    with pytest.raises(LockedError, match=rf"locked by PID {holder.pid}\b"):
        DirectoryLock(tmp_path)
    assert (tmp_path / "gonets.lock").read_text() == f"{holder.pid}\n"  # refusal kept its PID


def test_lock_is_free_once_the_holder_is_sigkilled(tmp_path: Path, holder: Popen[bytes]) -> None:
    holder.kill()
    holder.wait()
    with DirectoryLock(tmp_path):
        assert (tmp_path / "gonets.lock").read_text() == f"{os.getpid()}\n"


def test_creates_a_missing_directory(tmp_path: Path) -> None:
    with DirectoryLock(tmp_path / "games"):
        assert (tmp_path / "games" / "gonets.lock").exists()


def test_the_next_holder_knows_whether_the_last_one_released_the_directory(
    tmp_path: Path, holder: Popen[bytes]
) -> None:
    holder.kill()
    holder.wait()
    with DirectoryLock(tmp_path) as died:  # its PID is still in the file: it may have left temp files
        assert not died.released
    with DirectoryLock(tmp_path) as after_a_release:
        assert after_a_release.released
