"""What the DATC cases assert, said once: which units moved, which stayed, which were dislodged."""

from __future__ import annotations

from engines.diplomacy.adjudicator import Outcome


def moved(outcome: Outcome, *provinces: str) -> None:
    for p in provinces:
        assert outcome.results[p] == "moved", (p, outcome.results[p])


def stayed(outcome: Outcome, *provinces: str) -> None:
    """Each unit kept its province: it did not move and was not dislodged."""
    for p in provinces:
        assert outcome.results[p] != "moved", (p, outcome.results[p])
        assert p not in outcome.dislodged, (p, outcome.dislodged[p])


def dislodged(outcome: Outcome, *provinces: str) -> None:
    assert set(outcome.dislodged) == set(provinces), sorted(outcome.dislodged)
