"""Start-up as a cron user feels it: each command a fresh process, timed against a bare
interpreter's start, the two in turn so the machine's drift hits both.

A pass with nothing to do, `gonets --help` and `gonets status` of one game should cost a few
interpreter starts, not the whole stack's imports; an empty pass over a thousand games should not
read the games that have nothing due. The figure is CPU seconds (user + system, the kernel's
accounting of the finished child), as a ratio taken pair by pair, median. The commands run as an
installed Gonets runs, with its bytecode cached: pip writes it at install, and for a checkout the
first run, not counted, writes it (even where the environment says not to, as a developer's may).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from daemon.tools.bench_report import median


def gonets() -> list[str]:
    """The command a user runs: the installed script beside this interpreter, else the module."""
    script = Path(sys.executable).with_name("gonets")
    return [str(script)] if script.exists() else [sys.executable, "-m", "daemon.cli"]


BARE = [sys.executable, "-c", "pass"]


def cpu_seconds(command: list[str], cwd: Path) -> float:
    """User + system seconds of one run of `command`; raises if it fails."""
    env = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    process = subprocess.Popen(
        command,
        cwd=cwd,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = code = os.waitstatus_to_exitcode(status)
    if code != 0:
        raise RuntimeError(f"{' '.join(command)} exited with {code}")
    return usage.ru_utime + usage.ru_stime


def ratios(command: list[str], cwd: Path, runs: int) -> tuple[float, float]:
    """`command` against a bare interpreter, in turn, after one run of each not counted: the
    median ratio of their CPU seconds, and the bare start's median seconds."""
    cpu_seconds(BARE, cwd), cpu_seconds(command, cwd)
    pairs = [(cpu_seconds(BARE, cwd), cpu_seconds(command, cwd)) for _ in range(runs)]
    return median([ours / max(bare, 1e-4) for bare, ours in pairs]), median([bare for bare, _ in pairs])
