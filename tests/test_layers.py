"""Each folder depends only on the folders below it: engines and parsers know no daemon, the store
knows no daemon. A wrong import would tie a lower layer to a higher one silently."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.paths import REPO

BELOW = {
    "engines": {"engines"},
    "parsers": {"parsers", "engines"},
    "state": {"state", "engines"},
    "templates": {"templates"},
}
PROJECT = {"daemon", "engines", "parsers", "state", "templates", "tests"}


def imported(path: str) -> set[str]:
    tree = ast.parse((REPO / path).read_text(encoding="utf-8"))
    names = [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    names += [n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module and not n.level]
    return {name.split(".")[0] for name in names} & PROJECT


@pytest.mark.parametrize("layer", sorted(BELOW))
def test_a_layer_imports_only_what_is_below_it(layer: str) -> None:
    wrong = {
        str(path.relative_to(REPO)): sorted(imported(str(path.relative_to(REPO))) - BELOW[layer])
        for path in (REPO / layer).rglob("*.py")
    }
    assert {path: names for path, names in wrong.items() if names} == {}


# daemon/'s rooms (its subfolders and its top modules) by floor, from the ground up: a room imports
# only rooms on the floors below it, so no two rooms import each other, however indirectly
DAEMON_FLOORS = (
    {"config"},
    {"secret_key", "passwords", "transports", "gm_data"},
    {"games"},
    {"outgoing"},
    {"phases"},
    {"gm"},
    {"incoming"},
    {"service"},
    {"tools"},
    {"cli"},
)
FLOOR = {room: floor for floor, rooms in enumerate(DAEMON_FLOORS) for room in rooms}


def daemon_room(module: str) -> str:
    """`daemon.gm.dispatch` → "gm", `daemon.games` → "games"."""
    return module.split(".")[1]


def daemon_imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    modules = [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "daemon":
            modules += [f"daemon.{a.name}" for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            modules.append(node.module)
    return {daemon_room(m) for m in modules if m.startswith("daemon.")}


def test_every_daemon_room_has_a_floor() -> None:
    rooms = {p.stem for p in (REPO / "daemon").glob("*.py") if p.stem != "__init__"}
    rooms |= {p.name for p in (REPO / "daemon").iterdir() if (p / "__init__.py").exists()}
    assert rooms == set(FLOOR)


def test_a_daemon_room_imports_only_rooms_below_it() -> None:
    wrong = {}
    for path in (REPO / "daemon").rglob("*.py"):
        parts = path.relative_to(REPO / "daemon").parts
        room = parts[0] if len(parts) > 1 else path.stem
        if room == "__init__":
            continue
        above = sorted(r for r in daemon_imports(path) - {room} if FLOOR[r] >= FLOOR[room])
        if above:
            wrong[str(path.relative_to(REPO))] = above
    assert wrong == {}
