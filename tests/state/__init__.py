"""Shared by the crash tests: run a writer in a fresh interpreter and SIGKILL it, again and again."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def spawn(code: str, *args: str) -> subprocess.Popen[bytes]:
    """Start `python -c code args...` with the repository importable; its stdout is a pipe."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.Popen([sys.executable, "-c", code, *args], stdout=subprocess.PIPE, env=env)


def sigkill_loop(code: str, arg: str, kills: int, after_kill: Callable[[], None]) -> None:
    """Run `code` (an endless write loop that prints "ready" once it has written) `kills` times,
    SIGKILL it at a random moment of its loop, and call `after_kill` to check what it left."""
    pause = random.Random(20261129)
    for _ in range(kills):
        child = spawn(code, arg)
        assert child.stdout is not None
        assert child.stdout.readline() == b"ready\n"
        time.sleep(pause.uniform(0, 0.03))
        child.kill()
        child.wait()
        child.stdout.close()
        after_kill()
