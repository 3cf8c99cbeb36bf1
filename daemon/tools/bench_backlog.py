"""A backlog as it drains: thousands of mails waiting when a pass starts (the daemon was down, cron
stopped), handled by one `gonets run --once` in a process of its own.

    python -m daemon.tools.bench_backlog ROOT GAMES

ROOT holds a burst's games and inbox (`bench_burst`); the child prints, as one JSON line, when
the first reply left (handed to the transport) and when the pass ended, in seconds from the pass's
start, what the pass reported, and the process's peak resident memory (the kernel's high-water
mark of this program, from /proc; not `getrusage`, whose figure keeps the parent's memory the
child held between fork and exec).
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import time
from pathlib import Path

from daemon.tools import bench_burst
from state.sending import FinishedMail


def drain(root: Path, games: int) -> dict[str, float]:
    daemon = bench_burst.open_daemon(root, games)
    transport = daemon.transport
    send, first = transport.send, list[float]()

    def timed(mail: FinishedMail) -> Path | None:
        delivered = send(mail)
        if not first:
            first.append(time.perf_counter())
        return delivered

    transport.send = timed  # type: ignore[method-assign]
    try:
        began = time.perf_counter()
        report = daemon.run_once()
        ended = time.perf_counter()
    finally:
        daemon.close()
    return {
        "first_reply": (first[0] if first else ended) - began,
        "pass": ended - began,
        "mails": report.mails,
        "sent": report.sent,
        "peak_mb": peak_mb(),
    }


def peak_mb() -> float:
    """This process's peak resident memory since it started its program, in MB."""
    try:
        for line in Path("/proc/self/status").read_text(encoding="ascii").splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024  # kB
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kB on Linux, no /proc elsewhere


def run_child(root: Path, games: int) -> dict[str, float]:
    """`drain` in a fresh process: what it printed."""
    command = [sys.executable, "-m", "daemon.tools.bench_backlog", str(root), str(games)]
    done = subprocess.run(command, capture_output=True, check=True)
    found: dict[str, float] = json.loads(done.stdout)
    return found


if __name__ == "__main__":
    print(json.dumps(drain(Path(sys.argv[1]), int(sys.argv[2]))))
