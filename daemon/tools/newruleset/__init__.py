"""`gonets new-ruleset NAME`: a working ruleset to start a new game from, written into the project:
its package `engines/NAME/` (data file and its schema, phases and commands, checks, a pure resolve,
views, the computer's orders, messages in Russian and English, README), its templates
`templates/NAME/`, its tests `tests/engines/NAME/`, the model mails the project's mail-style test
compares its played game with (`tests/golden/NAME/`), and its line in `engines/__init__.py`'s
REGISTRY: every project test that registering enrols it in passes at once.
It plays a trivial game (`skeleton/engine/README.md`) through the daemon at once and passes the
conformance suite; docs/writing-a-ruleset.md says how to turn it into your game.

The skeleton is a real package (`skeleton/`, linted and type-checked with the project) whose
modules import each other relatively, so it is copied with only its name changed."""

from __future__ import annotations

import keyword
import re
from dataclasses import dataclass
from pathlib import Path

import engines
from engines.errors import GonetsError

SKELETON = Path(__file__).with_name("skeleton")
TOKEN = "skeleton"  # the skeleton's name in its files, replaced by the new ruleset's
NAME = re.compile(r"[a-z][a-z0-9_]{1,30}")
# the golden model mails the mail-style test compares a played game's with (tests/golden/<ruleset>/)
COPIED = (
    ("engine", "engines/{name}"),
    ("templates", "templates/{name}"),
    ("tests", "tests/engines/{name}"),
    ("golden", "tests/golden/{name}"),
)
REGISTRY_LINE = re.compile(r'^(REGISTRY = \{\n)((?:    "[a-z0-9_]+": "[\w.]+",\n)*)(\})', re.M)


class NewRulesetError(GonetsError):
    """The name or the project refuses the new ruleset; said in one line, nothing written."""

    exit_code = 2


@dataclass(frozen=True)
class Written:
    name: str
    files: list[Path]


def project_root() -> Path:
    """The folder holding the `engines` package this Gonets runs from (a source checkout)."""
    return Path(engines.__file__).resolve().parent.parent


def camel(name: str) -> str:
    return "".join(part.capitalize() for part in name.split("_"))


def _refusal(name: str, root: Path) -> str | None:
    if not NAME.fullmatch(name) or keyword.iskeyword(name):
        return (
            f"имя правил — латинские строчные буквы, цифры и _, с буквы, 2–31 знак: {name!r} / "
            f"a ruleset name is 2–31 lowercase letters, digits and _, from a letter: {name!r}"
        )
    registry = root / "engines" / "__init__.py"
    if not registry.is_file() or not REGISTRY_LINE.search(registry.read_text(encoding="utf-8")):
        return f"нет реестра правил / no ruleset registry: {registry}"
    if f'"{name}":' in registry.read_text(encoding="utf-8"):
        return f"правила {name} уже есть / the ruleset {name} exists already"
    taken = [
        root / target.format(name=name) for _, target in COPIED if (root / target.format(name=name)).exists()
    ]
    if taken:
        return f"уже есть / exists already: {taken[0]}"
    return None


def _said(text: str, name: str) -> str:
    return text.replace(TOKEN.capitalize(), camel(name)).replace(TOKEN, name)


def register(registry: Path, name: str) -> None:
    """The ruleset's line added to REGISTRY, the lines kept in order of name."""
    text = registry.read_text(encoding="utf-8")
    found = REGISTRY_LINE.search(text)
    assert found is not None
    lines = sorted([*found.group(2).splitlines(keepends=True), f'    "{name}": "engines.{name}",\n'])
    registry.write_text(text[: found.start(2)] + "".join(lines) + text[found.end(2) :], encoding="utf-8")


def new_ruleset(name: str, root: Path) -> Written:
    """The skeleton copied into `root` as the ruleset `name`, and registered."""
    refusal = _refusal(name, root)
    if refusal:
        raise NewRulesetError(refusal)
    files = []
    for source, target in COPIED:
        for path in sorted((SKELETON / source).rglob("*")):
            if path.is_dir() or "__pycache__" in path.parts:
                continue
            written = root / target.format(name=name) / _said(str(path.relative_to(SKELETON / source)), name)
            written.parent.mkdir(parents=True, exist_ok=True)
            written.write_text(_said(path.read_text(encoding="utf-8"), name), encoding="utf-8")
            files.append(written)
    register(root / "engines" / "__init__.py", name)
    return Written(name, files)


def run_new_ruleset(name: str, root: Path | None) -> int:
    written = new_ruleset(name, root or project_root())
    for path in written.files:
        print(path)
    print(
        f"правила {name} записаны и внесены в реестр; проверка: gonets conformance {name}\n"
        f"the ruleset {name} is written and registered; check it: gonets conformance {name}"
    )
    return 0
