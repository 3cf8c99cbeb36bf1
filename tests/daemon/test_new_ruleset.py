"""`gonets new-ruleset NAME` writes a ruleset that works at once: generated into a copy of the
project, it is registered, lint- and type-clean, passes the conformance suite by `gonets
conformance` and its own tests there, and plays a game by mail through the daemon here."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import jinja2
import pytest

import engines
from daemon.outgoing.render import environment, template_exists
from daemon.tools.newruleset import NewRulesetError, new_ruleset
from engines import REGISTRY
from tests.daemon.played import Sent, play
from tests.paths import REPO

NAME = "harvest"
SOURCES = (
    "daemon",
    "engines",
    "parsers",
    "state",
    "templates",
    "tests",
    "docs",
    "README.md",
    "pyproject.toml",
)
GOLDEN = "daemon/tools/newruleset/skeleton/golden"


def project_copy(root: Path) -> Path:
    """The project, its tests and docs too: the tests a new ruleset is enrolled in run there."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in SOURCES:
        source = REPO / name
        if source.is_dir():
            shutil.copytree(source, root / name, ignore=ignore)
        else:
            shutil.copy(source, root / name)
    return root


def enrolled() -> list[str]:
    """The project's tests that every registered ruleset joins: those that go through the whole
    registry, `sorted(REGISTRY)` (this one aside)."""
    return sorted(
        str(path.relative_to(REPO))
        for path in (REPO / "tests").rglob("test_*.py")
        if "sorted(REGISTRY)" in path.read_text(encoding="utf-8") and path.name != Path(__file__).name
    )


def in_copy(root: Path, *command: str) -> subprocess.CompletedProcess[str]:
    """`command` run by this Python in the copy, its packages the copy's."""
    env = {**os.environ, "PYTHONPATH": str(root), "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run(
        [sys.executable, *command], cwd=root, env=env, capture_output=True, text=True, timeout=600
    )


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = project_copy(tmp_path_factory.mktemp("project"))
    done = in_copy(root, "-m", "daemon.cli", "new-ruleset", NAME)
    assert done.returncode == 0, done.stderr
    assert f"the ruleset {NAME} is written and registered" in done.stdout
    return root


def test_the_ruleset_is_written_and_registered_in_order(generated: Path) -> None:
    for path in (
        "engines/harvest/ruleset.py",
        "engines/harvest/data.toml",
        "engines/harvest/messages.toml",
        "templates/harvest/status.ru.txt",
        "tests/engines/harvest/test_harvest.py",
        "tests/golden/harvest/report.txt",
    ):
        assert (generated / path).is_file(), path
    registry = (generated / "engines" / "__init__.py").read_text(encoding="utf-8")
    names = re.findall(r'^    "(\w+)": "engines\.', registry, re.MULTILINE)
    assert '    "harvest": "engines.harvest",\n' in registry
    assert names == sorted(names)  # inserted in its alphabetical place, whatever its neighbours
    assert "class HarvestRuleset(Ruleset[State]):" in (generated / "engines/harvest/ruleset.py").read_text()
    assert "skeleton" not in "".join(p.read_text() for p in (generated / "engines" / NAME).rglob("*.*"))


def test_the_ruleset_passes_the_conformance_suite_by_the_command(generated: Path) -> None:
    done = in_copy(generated, "-m", "daemon.cli", "conformance", NAME)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"{NAME}: все 10 проверок пройдены / all 10 checks passed" in done.stdout


def test_its_own_tests_pass_and_its_code_is_lint_and_type_clean(generated: Path) -> None:
    done = in_copy(generated, "-m", "pytest", "-q", "-p", "no:cacheprovider", f"tests/engines/{NAME}")
    assert done.returncode == 0, done.stdout + done.stderr
    written = [f"engines/{NAME}", f"tests/engines/{NAME}"]
    ruff = Path(sys.executable).with_name("ruff")
    for check in (["check"], ["format", "--check"]):
        done = subprocess.run([ruff, *check, *written], cwd=generated, capture_output=True, text=True)
        assert done.returncode == 0, done.stdout
    done = in_copy(generated, "-m", "mypy", "--cache-dir", str(generated / ".mypy"), *written)
    assert done.returncode == 0, done.stdout


def test_every_project_test_a_new_ruleset_is_enrolled_in_passes_for_it(generated: Path) -> None:
    """Registering a ruleset enrols it in the project's tests run for every ruleset (the mail
    style's golden mails, privacy, the archive, the standings, the conformance, random orders…):
    `new-ruleset` writes what they need. `GOLDEN=write` writes the skeleton's golden mails anew
    from the game the copy plays (after a deliberate change of the mails: read the diff)."""
    if os.environ.get("GOLDEN") == "write":
        style = "tests/daemon/test_mail_style.py"
        in_copy(generated, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-k", f"{NAME} and golden", style)
        for written in (generated / "tests" / "golden" / NAME).iterdir():
            (REPO / GOLDEN / written.name).write_text(written.read_text(encoding="utf-8"), encoding="utf-8")
    files = enrolled()
    assert "tests/daemon/test_mail_style.py" in files and "tests/daemon/test_privacy.py" in files
    done = in_copy(generated, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-k", NAME, *files)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]  # 5: none collected


def play_generated(root: Path, name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[Sent]:
    """The ruleset `name` generated into the project copy `root`, played by mail here: its package
    found beside the registered ones, its templates beside the product's; every mail sent."""
    monkeypatch.setattr(engines, "__path__", [*engines.__path__, str(root / "engines")])
    monkeypatch.setitem(REGISTRY, name, f"engines.{name}")
    for module in [m for m in sys.modules if m == f"engines.{name}" or m.startswith(f"engines.{name}.")]:
        monkeypatch.delitem(sys.modules, module)  # another copy's, imported by an earlier test
    env = environment()
    assert env.loader is not None
    templates = jinja2.FileSystemLoader(root / "templates")
    monkeypatch.setattr(env, "loader", jinja2.ChoiceLoader([env.loader, templates]))
    template_exists.cache_clear()
    try:
        h, sent = play(tmp_path, name, "ru+en")
    finally:
        template_exists.cache_clear()
    assert h.game.load().turn > 1
    return sent


def test_it_plays_a_game_by_mail(generated: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sent = play_generated(generated, NAME, tmp_path, monkeypatch)
    reports = [mail.text for mail in sent if "итоги для" in mail.subject]
    assert reports and all("Зерно:" in text and "Grain:" in text for text in reports)
    assert any("Вы посеяли" in text for text in reports)


@pytest.mark.parametrize(
    ("name", "said"),
    [("Harvest", "lowercase letters"), ("coins", "exists already"), ("class", "lowercase letters")],
)
def test_a_name_it_cannot_take_is_refused_and_nothing_is_written(
    tmp_path: Path, name: str, said: str
) -> None:
    (tmp_path / "engines").mkdir()
    shutil.copy(REPO / "engines" / "__init__.py", tmp_path / "engines" / "__init__.py")
    with pytest.raises(NewRulesetError, match=said):
        new_ruleset(name, tmp_path)
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["__init__.py", "engines"]


# every module and folder of engines/ (a package of that name would shadow it: every command fails)
ENGINES_NAMES = sorted(
    {path.name.partition(".")[0] for path in (REPO / "engines").iterdir()} - {"__init__", "__pycache__"}
)


@pytest.mark.parametrize("name", ENGINES_NAMES)
def test_a_name_that_engines_holds_already_is_refused(tmp_path: Path, name: str) -> None:
    engines_copy = tmp_path / "engines"
    shutil.copytree(REPO / "engines", engines_copy, ignore=shutil.ignore_patterns("__pycache__"))
    before = sorted(tmp_path.rglob("*"))
    with pytest.raises(NewRulesetError, match="exists already"):
        new_ruleset(name, tmp_path)
    assert sorted(tmp_path.rglob("*")) == before
