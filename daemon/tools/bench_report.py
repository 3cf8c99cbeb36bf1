"""What `gonets bench` found: named figures with units and their goals, the machine they were
measured on, printed as a table or written as JSON to compare runs over time.

A goal is reported as met or not; nothing here fails on speed (speed is the benchmark's business,
never a test's).
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

PROJECT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Goal:
    op: Literal["<=", ">="]
    bound: float

    def met(self, value: float) -> bool:
        return value <= self.bound if self.op == "<=" else value >= self.bound

    def __str__(self) -> str:
        return f"{'≤' if self.op == '<=' else '≥'} {self.bound:g}"


@dataclass(frozen=True)
class Figure:
    name: str  # scenario.figure, stable across runs
    value: float
    unit: str
    meaning: str
    goal: Goal | None = None

    def to_json(self) -> dict[str, object]:
        data = asdict(self)
        data["goal"] = str(self.goal) if self.goal else None
        data["met"] = self.goal.met(self.value) if self.goal else None
        return data


def median(samples: list[float]) -> float:
    return statistics.median(samples)


def p90(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))]


def machine() -> dict[str, object]:
    """What the figures depend on besides the code."""
    return {
        "cpu": _cpu_model(),
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "temp_filesystem": _filesystem(Path(tempfile.gettempdir()).resolve()),
    }


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                return line.partition(":")[2].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def _filesystem(path: Path) -> str:
    """The type of the mount holding `path` (fsync costs differ by orders of magnitude)."""
    best, kind = "", "unknown"
    try:
        mounts = Path("/proc/mounts").read_text(encoding="utf-8").splitlines()
    except OSError:
        return kind
    for line in mounts:
        fields = line.split()
        point = fields[1] if len(fields) > 2 else "\0"
        inside = point == str(path) or str(path).startswith(point.rstrip("/") + "/")
        if len(fields) > 2 and inside and len(point) >= len(best):
            best, kind = point, f"{fields[2]} on {point}"
    return kind


def git_commit() -> str | None:
    try:
        done = subprocess.run(
            ["git", "-C", str(PROJECT), "rev-parse", "HEAD"],
            capture_output=True,
            text=True,
            timeout=10,
            check=False,
        )
    except OSError:
        return None
    return done.stdout.strip() or None


def as_json(figures: list[Figure], sizes: dict[str, float]) -> str:
    document = {
        "when": datetime.now(UTC).isoformat(timespec="seconds"),
        "git_commit": git_commit(),
        "machine": machine(),
        "sizes": sizes,
        "figures": [figure.to_json() for figure in figures],
    }
    return json.dumps(document, ensure_ascii=False, indent=1) + "\n"


def write_json(text: str, target: str) -> None:
    if target == "-":
        sys.stdout.write(text)
    else:
        Path(target).write_text(text, encoding="utf-8")


def table(figures: list[Figure]) -> str:
    """One line per figure: value, unit, its goal and whether it is met, then the meaning."""
    width = max(len(f.name) for f in figures)
    lines = [f"{'figure':<{width}}  {'value':>10} {'unit':<7} {'goal':<9} {'':<8} meaning"]
    for f in figures:
        verdict = ("met" if f.goal.met(f.value) else "NOT met") if f.goal else ""
        lines.append(
            f"{f.name:<{width}}  {f.value:>10.3f} {f.unit:<7} {f.goal or ''!s:<9} {verdict:<8} {f.meaning}"
        )
    return "\n".join(lines)
