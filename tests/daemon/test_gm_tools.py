"""The GM's tools tell the truth: the pass summary, `gonets status`, `gonets history` and the GM's
command line say what happened, in the game's language, and a closed pipe is no disk error."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.daemon.harness import PLAYERS, Harness

ANNA, BORIS, VERA, GLEB = PLAYERS


@pytest.fixture
def h(tmp_path: Path) -> Harness:
    harness = Harness(tmp_path, language="ru")
    harness.start()
    return harness


def test_the_pass_summary_counts_help_and_form_mails_apart_from_refused_orders(h: Harness) -> None:
    h.send(ANNA, h.orders(ANNA, "ПОМОЩЬ"))
    h.send(BORIS, h.orders(BORIS, "БЛАНК"))
    h.send(VERA, h.orders(VERA, "ВЛОЖИТЬ Промышленост 3"))
    h.send(GLEB, h.orders(GLEB, "ВЛОЖИТЬ Армия 1"))
    report = h.run()
    assert (report.accepted, report.refused, report.service) == (1, 1, 2)
    assert "приказы приняты 1, отклонены 1, служебных 2" in report.summary()
