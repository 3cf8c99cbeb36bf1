"""Each folder depends only on the folders below it: engines and parsers know no daemon, the store
knows no daemon. A wrong import would tie a lower layer to a higher one silently."""

from __future__ import annotations

import ast

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
