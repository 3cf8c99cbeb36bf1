"""Fixtures the daemon tests share."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.daemon.harness import PLAYERS, Harness
from tests.rulesets import register


@pytest.fixture
def council_signup(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Harness]:
    """A game of the three-stage test ruleset (registered for this test only) still in signup,
    deadlines only: no early resolution, so each stage runs to its deadline."""
    register(monkeypatch, "council_like")
    harness = Harness(tmp_path, early=False, ruleset="council_like")
    yield harness
    harness.daemon.close()


@pytest.fixture
def council(council_signup: Harness) -> Harness:
    """The same game started."""
    council_signup.start()
    return council_signup


@pytest.fixture
def tribes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Harness]:
    """A started game of the hidden-tech test ruleset (registered for this test only), two tribes."""
    register(monkeypatch, "hidden_tech")
    harness = Harness(tmp_path, ruleset="hidden_tech")
    harness.start(PLAYERS[:2])
    yield harness
    harness.daemon.close()


@pytest.fixture
def pure(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Harness]:
    """A started game of the Diplomacy-shaped test ruleset (registered for this test only), three
    powers: its own notation, a phase only some powers owe orders in, and a calendar."""
    register(monkeypatch, "pure_like")
    harness = Harness(tmp_path, ruleset="pure_like")
    harness.start(PLAYERS[:3])
    yield harness
    harness.daemon.close()
