"""Templates are compiled once for the games directory, not in every process: a cron pass that
resolves a deadline reads them compiled from the directory's cache."""

from __future__ import annotations

from typing import Any

import jinja2
import pytest

from daemon.outgoing import render
from tests.daemon.harness import PLAYERS, Harness


@pytest.fixture(autouse=True)
def fresh_environment() -> Any:
    render.environment.cache_clear()  # as a new process starts
    yield
    render.environment.cache_clear()


def test_a_new_process_renders_from_the_compiled_templates_of_the_games_directory(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    h = Harness(tmp_path)
    h.start()
    h.send(PLAYERS[0], h.orders(PLAYERS[0], "ВЛОЖИТЬ Промышленность 2"))
    h.run()
    cache = tmp_path / "games" / "cache"
    compiled = [cache, cache / "templates", *(cache / "templates").iterdir()]
    assert len(compiled) > 2 and all(path.stat().st_mode & 0o077 == 0 for path in compiled)  # ours alone

    render.environment.cache_clear()  # the next process: a cron pass at the deadline
    h.restart()

    def compile_again(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a template was compiled again")

    monkeypatch.setattr(jinja2.Environment, "compile", compile_again)
    h.send(PLAYERS[1], h.orders(PLAYERS[1], "ВЛОЖИТЬ Промышленность 2"))
    h.run()
    assert any("Принят 1 приказ" in message.get_content() for message in h.mail_to(PLAYERS[1]))


def test_a_cache_that_cannot_be_written_costs_no_mail(tmp_path: Any) -> None:
    h = Harness(tmp_path)
    (tmp_path / "games" / "cache").write_text("not a folder")
    h.start()
    h.send(PLAYERS[0], h.orders(PLAYERS[0], "ВЛОЖИТЬ Промышленность 2"))
    h.run()
    assert any("Принят 1 приказ" in message.get_content() for message in h.mail_to(PLAYERS[0]))
