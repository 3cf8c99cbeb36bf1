"""docs/writing-a-ruleset.md followed literally: its commands run in a copy of the project and every
`diff` block of "Your first rule" applied there in order; the ruleset it makes passes the
conformance suite and its own tests, is lint- and type-clean, and plays a game by mail."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.daemon.test_new_ruleset import in_copy, play_generated, project_copy
from tests.paths import REPO

GUIDE = REPO / "docs" / "writing-a-ruleset.md"
NAME = "harvest"
_BLOCK = re.compile(r"```diff\n# (\S+)\n(.*?)```", re.S)


def edits() -> list[tuple[str, str, str]]:
    """Each diff block of the guide's steps: (file, the text it finds, the text it leaves)."""
    steps = GUIDE.read_text(encoding="utf-8").split("## 3. Your first rule")[1].split("## 4.")[0]
    found = []
    for path, body in _BLOCK.findall(steps):
        lines = body.splitlines()
        old = "\n".join(line[1:] for line in lines if line[:1] in " -") + "\n"
        new = "\n".join(line[1:] for line in lines if line[:1] in " +") + "\n"
        found.append((path, old, new))
    return found


@pytest.fixture(scope="module")
def followed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = project_copy(tmp_path_factory.mktemp("guide"))
    commands = re.findall(r"^\.venv/bin/gonets (.+)$", GUIDE.read_text(encoding="utf-8"), re.M)
    assert commands == [f"new-ruleset {NAME}", f"conformance {NAME}"]
    for command in commands:
        done = in_copy(root, "-m", "daemon.cli", *command.split())
        assert done.returncode == 0, done.stdout + done.stderr
    for path, old, new in edits():
        text = (root / path).read_text(encoding="utf-8")
        assert text.count(old) == 1, f"{path}: the guide's lines are not there once:\n{old}"
        (root / path).write_text(text.replace(old, new), encoding="utf-8")
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


def test_the_ruleset_it_makes_passes_the_suite_its_tests_and_the_linters(followed: Path) -> None:
    done = in_copy(followed, "-m", "daemon.cli", "conformance", NAME)
    assert done.returncode == 0, done.stdout + done.stderr
    done = in_copy(followed, "-m", "pytest", "-q", "-p", "no:cacheprovider", f"tests/engines/{NAME}")
    assert done.returncode == 0, done.stdout + done.stderr
    written = [f"engines/{NAME}", f"tests/engines/{NAME}"]
    ruff = Path(sys.executable).with_name("ruff")
    done = subprocess.run([ruff, "check", *written], cwd=followed, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout
    done = in_copy(followed, "-m", "mypy", "--cache-dir", str(followed / ".mypy"), *written)
    assert done.returncode == 0, done.stdout


def test_the_feast_plays_by_mail(followed: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sent = play_generated(followed, NAME, tmp_path, monkeypatch)
    reports = [mail.text for mail in sent if "итоги для" in mail.subject]
    assert reports and all("Честь:" in text and "Honour:" in text for text in reports)
    blanks = [mail.text for mail in sent if "# ПИР " in mail.text]
    assert blanks  # the blank offers the feast
