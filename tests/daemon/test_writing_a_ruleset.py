"""docs/writing-a-ruleset.md followed literally: in a copy of the project, the commands of its
sections 1 and 3 run and every `diff` block of section 3 applied, in order (the install line aside:
the copy runs with this checkout's packages); the ruleset it makes passes the conformance suite, its
own tests and every project test it joins, is lint- and type-clean, and plays a game by mail. The
tests section 10 lists are those a new ruleset joins."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from tests.daemon.test_new_ruleset import enrolled, in_copy, play_generated, project_copy
from tests.paths import REPO

GUIDE = REPO / "docs" / "writing-a-ruleset.md"
NAME = "harvest"
_BLOCK = re.compile(r"```diff\n# (\S+)\n(.*?)```", re.S)
_SHELL = re.compile(r"```sh\n(.*?)```", re.S)
INSTALL = "python3 -m venv .venv && .venv/bin/pip install -q -e '.[dev]'"


def section(number: int) -> str:
    text = GUIDE.read_text(encoding="utf-8")
    return text.split(f"\n## {number}. ")[1].split("\n## ")[0]


def edits() -> list[tuple[str, str, str]]:
    """Each diff block of the guide's steps: (file, the text it finds, the text it leaves)."""
    found = []
    for path, body in _BLOCK.findall(section(3)):
        lines = body.splitlines()
        old = "\n".join(line[1:] for line in lines if line[:1] in " -") + "\n"
        new = "\n".join(line[1:] for line in lines if line[:1] in " +") + "\n"
        found.append((path, old, new))
    return found


def commands(number: int) -> list[str]:
    """The shell lines of a section, as written."""
    return [line for block in _SHELL.findall(section(number)) for line in block.splitlines() if line]


def run(root: Path, line: str) -> None:
    """A guide's line in the copy: its tools are this checkout's (`gonets` as `daemon.cli`)."""
    words = shlex.split(line)
    env = dict(word.split("=", 1) for word in words if "=" in word and not word.startswith("-"))
    tool, *args = [word for word in words if word not in {f"{k}={v}" for k, v in env.items()}]
    if tool == ".venv/bin/ruff":
        done = subprocess.run(
            [Path(sys.executable).with_name("ruff"), *args], cwd=root, capture_output=True, text=True
        )
    else:
        module = {
            ".venv/bin/gonets": ["daemon.cli"],
            ".venv/bin/pytest": ["pytest", "-p", "no:cacheprovider"],
        }
        extra = {**os.environ, **env}
        done = subprocess.run(
            [sys.executable, "-m", *module[tool], *args],
            cwd=root,
            env={**extra, "PYTHONPATH": str(root), "PYTHONDONTWRITEBYTECODE": "1"},
            capture_output=True,
            text=True,
            timeout=1200,
        )
    assert done.returncode == 0, f"{line}\n{done.stdout[-3000:]}{done.stderr[-3000:]}"


@pytest.fixture(scope="module")
def followed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = project_copy(tmp_path_factory.mktemp("guide"))
    first = commands(1)
    assert first[0] == INSTALL
    for line in first[1:]:
        run(root, line)
    for path, old, new in edits():
        text = (root / path).read_text(encoding="utf-8")
        assert text.count(old) == 1, f"{path}: the guide's lines are not there once:\n{old}"
        (root / path).write_text(text.replace(old, new), encoding="utf-8")
    for line in commands(3):
        run(root, line)
    return root


def test_the_guide_changes_most_of_the_ruleset() -> None:
    assert {path.split("/")[-1] for path, _, _ in edits()} >= {
        "data.toml",
        "data.py",
        "state.py",
        "schema.py",
        "checks.py",
        "resolve.py",
        "views.py",
        "messages.toml",
    }


def test_the_guide_names_every_test_a_new_ruleset_joins() -> None:
    listed = re.findall(r"^\| `(tests/[\w/]+\.py)` \|", section(10), re.M)
    assert listed == enrolled()
    (last,) = [line for line in commands(3) if " -k harvest tests/" in line]
    assert last.split(" -k harvest ")[1].split() == enrolled()


def test_the_ruleset_it_makes_passes_its_tests_and_the_linters(followed: Path) -> None:
    run(followed, f".venv/bin/ruff check engines/{NAME} tests/engines/{NAME}")
    done = in_copy(followed, "-m", "mypy", "--cache-dir", str(followed / ".mypy"), f"engines/{NAME}")
    assert done.returncode == 0, done.stdout


def test_the_feast_plays_by_mail(followed: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sent = play_generated(followed, NAME, tmp_path, monkeypatch)
    reports = [mail.text for mail in sent if "итоги для" in mail.subject]
    assert reports and all("Честь:" in text and "Honour:" in text for text in reports)
    blanks = [mail.text for mail in sent if "# ПИР " in mail.text]
    assert blanks  # the blank offers the feast
