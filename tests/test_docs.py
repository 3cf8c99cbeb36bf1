"""README's map of the folders and docs/architecture.md name exactly the folders there are, so a
newcomer's map cannot drift from the tree."""

from __future__ import annotations

import re

import pytest
from PIL import Image

from daemon.incoming.orderflow import read_orders
from engines import REGISTRY, get_ruleset
from engines.contract import Ruleset
from engines.rng import Rng
from parsers.orders import normal_form
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


def test_the_readme_shows_a_picture_of_every_ruleset_that_draws_as_the_command_names_it() -> None:
    """`gonets pictures` writes `<ruleset>-gm-<name>.png`; the README shows one per drawing ruleset."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    shown = re.findall(r"!\[[^\]]*\]\((docs/pictures/([a-z_]+)-gm-[\w-]+\.png)\)", text)
    drawing = {name for name in REGISTRY if type(get_ruleset(name)).pictures is not Ruleset.pictures}
    assert {ruleset for _, ruleset in shown} == drawing
    for path, _ in shown:
        with Image.open(REPO / path) as image:
            assert image.format == "PNG" and image.width >= 600


def test_every_phrasing_the_readme_shows_reads_as_its_canonical_order() -> None:
    """The order section's table: each phrase in «» reads, for a player of that ruleset, as one of
    the canonical orders of its row (Русь unless the row names another ruleset), in the phase that
    takes the row's first order (the game's opening phase if it does); a line of several orders
    reads as its last."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| (`.+?)(?: \((coins|council|mare|tribes)\))? \| («.+») \|$", text, re.M)
    assert len(rows) >= 6
    powers = {"rus": "Рязань", "coins": "Россия", "mare": "Римляне", "council": "Орсини"}
    wrong = []
    for canonical, name, phrases in rows:
        ruleset = get_ruleset(name or "rus")
        state = ruleset.setup(ruleset.playable_powers(ruleset.max_players), Rng("readme"))
        expected = re.findall(r"`([^`]+)`", canonical)
        phase = next(
            phase
            for phase in sorted(ruleset.phases, key=lambda phase: phase != state["phase"])
            if any(expected[0].startswith(spec.keywords[0]) for spec in ruleset.phases[phase].commands)
        )
        state = {**state, "phase": phase}
        lines = re.findall(r"«([^»]+)»", phrases)
        power = powers.get(name or "rus", state["powers"][0])  # tribes: its first tribe
        known, parsed = read_orders(ruleset, state, power, phase, list(enumerate(lines, 1)))
        read = {c.line: normal_form(c, known) for c in parsed.commands}
        wrong += [line for n, line in enumerate(lines, 1) if read.get(n) not in expected]
    assert wrong == []
