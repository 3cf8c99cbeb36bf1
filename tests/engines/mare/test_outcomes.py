"""«Возможные итоги конфликтов»: profitable, robber, heroic victories and the catastrophic defeat."""

from __future__ import annotations

from pathlib import Path

import pytest

from engines.mare import outcomes
from engines.mare.data import DATA_FILE, Data
from engines.ruledata import load_rules
from tests.engines.helpers import mail, o
from tests.engines.mare.helpers import GAULS, GREEKS, PUNICS, ROME, bid, game, run, told


@pytest.fixture
def contest_needed(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The GM's switch off: data.toml with `lone_bid_profitable = false`."""
    text = DATA_FILE.read_text(encoding="utf-8")
    path = tmp_path / "data.toml"
    path.write_text(
        text.replace("lone_bid_profitable = true", "lone_bid_profitable = false"), encoding="utf-8"
    )
    monkeypatch.setattr(outcomes, "DATA", load_rules(path, Data))


def test_profitable_victory_own_land_at_most_3_spent_gives_1() -> None:
    state = game()
    result = run(state, {ROME: mail(bid("Лаций", 3), bid("Этрурия", 4), bid("Тирренское море", 1))})
    assert [m["territory"] for m in told(result, ROME, "mare_profitable")] == ["Лаций"]
    assert result.state["might"][ROME] == 13


def test_as_written_a_lone_bid_on_own_land_is_a_profitable_victory_every_turn() -> None:
    state = game()
    for might in (13, 14, 15):
        result = run(state, {ROME: mail(bid("Лаций", 1))})
        assert told(result, ROME, "mare_profitable") and result.state["might"][ROME] == might
        state = result.state


@pytest.mark.usefixtures("contest_needed")
def test_with_the_switch_off_a_profitable_victory_needs_a_beaten_side() -> None:
    state = game()
    lone = run(state, {ROME: mail(bid("Лаций", 1))})
    assert told(lone, ROME, "mare_profitable") == [] and lone.state["might"][ROME] == 12
    contested = run(state, {ROME: mail(bid("Лаций", 3)), GAULS: mail(bid("Лаций", 1))})
    assert [m["territory"] for m in told(contested, ROME, "mare_profitable")] == ["Лаций"]
    assert contested.state["might"][ROME] == 13


@pytest.mark.usefixtures("contest_needed")
def test_with_the_switch_off_a_robber_victory_is_unchanged() -> None:
    result = run(game(), {ROME: mail(bid("Тарент", 3))})
    assert told(result, ROME, "mare_robber") and result.state["might"][ROME] == 13


def test_support_counts_toward_the_three() -> None:
    state = game()
    orders = {ROME: mail(bid("Лаций", 2)), GAULS: mail(o("support", territory="Лаций", side=ROME, amount=2))}
    assert told(run(state, orders), ROME, "mare_profitable") == []


def test_robber_victory_on_anothers_land_when_the_owner_spent_nothing() -> None:
    state = game()
    result = run(state, {ROME: mail(bid("Тарент", 3))})
    assert told(result, ROME, "mare_robber")[0]["owner"] == GREEKS
    assert told(result, GREEKS, "mare_robbed") == [{"territory": "Тарент", "winner": ROME}]
    assert result.state["might"][ROME] == 13
    defended = run(state, {ROME: mail(bid("Тарент", 3)), GREEKS: mail(bid("Тарент", 1))})
    assert told(defended, ROME, "mare_robber") == [] and defended.state["might"][ROME] == 12


def test_heroic_victory_every_loser_had_10_a_free_general_joins_next_turn() -> None:
    state = game(rome=15)
    result = run(state, {ROME: mail(bid("Лигурия", 15)), GAULS: mail(bid("Лигурия", 10))})
    assert told(result, ROME, "mare_heroic")
    joined = told(result, ROME, "mare_heroic_general")[0]["general"]
    assert result.state["generals"][joined] == ROME
    short = run(state, {ROME: mail(bid("Лигурия", 15)), GAULS: mail(bid("Лигурия", 9))})
    assert told(short, ROME, "mare_heroic") == []


def test_heroic_with_an_empty_pool_gives_nothing() -> None:
    state = game(rome=15)
    state["generals"] = {g: PUNICS for g in state["generals"]}
    result = run(state, {ROME: mail(bid("Лигурия", 15)), GAULS: mail(bid("Лигурия", 10))})
    assert told(result, ROME, "mare_heroic_no_general")


def test_catastrophic_defeat_losing_with_6_of_own_costs_1() -> None:
    state = game()
    result = run(state, {ROME: mail(bid("Лигурия", 7)), GAULS: mail(bid("Лигурия", 6))})
    assert told(result, GAULS, "mare_catastrophic")[0]["own"] == 6.0
    assert result.state["might"][GAULS] == 11


def test_catastrophic_counts_own_influence_after_the_coefficient() -> None:
    state = game()
    result = run(state, {ROME: mail(bid("Корсика", 9)), PUNICS: mail(bid("Корсика", 8))})
    assert told(result, PUNICS, "mare_catastrophic") == []  # 8 × 0.7 = 5.6 < 6
