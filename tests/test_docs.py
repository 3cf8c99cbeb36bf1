"""README's map of the folders and docs/architecture.md name exactly the folders there are, so a
newcomer's map cannot drift from the tree."""

from __future__ import annotations

import re

import pytest

from tests.paths import REPO

TOP = ("daemon", "parsers", "engines", "templates", "state", "tests")


def packages() -> set[str]:
    inner = {f"daemon/{p.parent.name}" for p in (REPO / "daemon").glob("*/__init__.py")}
    return inner | set(TOP)


@pytest.mark.parametrize("doc", ["README.md", "docs/architecture.md"])
def test_the_folder_table_names_every_folder_and_no_other(doc: str) -> None:
    text = (REPO / doc).read_text(encoding="utf-8")
    named = set(re.findall(r"^\| `([a-z/]+)/` \|", text, re.M))
    assert named == packages()


def test_every_module_path_the_architecture_names_exists() -> None:
    text = (REPO / "docs" / "architecture.md").read_text(encoding="utf-8")
    paths = set(re.findall(r"`((?:daemon|engines|parsers|state|tests)/[\w/]+\.py)`", text))
    assert paths and sorted(p for p in paths if not (REPO / p).exists()) == []
