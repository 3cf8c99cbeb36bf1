"""Rulesets that exist only for tests, registered by the tests that use them (`register`): the
ruleset, and its mail templates (`templates/<name>/` here, as a shipped ruleset's are in the
product's templates/)."""

from __future__ import annotations

from pathlib import Path

import jinja2
import pytest

from daemon.outgoing.render import environment, template_exists
from engines import REGISTRY

TEMPLATES = Path(__file__).with_name("templates")


def register(monkeypatch: pytest.MonkeyPatch, *names: str) -> None:
    """The test rulesets `names` known to the daemon for one test, their templates beside the
    product's."""
    for name in names:
        monkeypatch.setitem(REGISTRY, name, f"tests.rulesets.{name}")
    env = environment()
    if not isinstance(env.loader, jinja2.ChoiceLoader):
        assert env.loader is not None
        monkeypatch.setattr(
            env, "loader", jinja2.ChoiceLoader([env.loader, jinja2.FileSystemLoader(TEMPLATES)])
        )
    template_exists.cache_clear()
