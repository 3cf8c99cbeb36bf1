"""Section 12: «Обязательным условием окончания игры будет являться наличие у одного из княжеств 4 и
более вассалов», read as the rulebook says it (`vassals_end = "required"`, the default: the vote
ends the game only once a country has them) and as a trigger (`"trigger"`: having them ends it).
Each vassal's province is worth 5 victory points to its suzerain."""

from __future__ import annotations

from typing import Any

import pytest

from engines.rus import RULESET, scoring
from engines.rus.data import DATA
from engines.rus.scoring import breakdown
from tests.engines.helpers import codes, mail, o
from tests.engines.rus.helpers import NOVGOROD, PLAYERS, RYAZAN, game, run, typed

VASSALS = {"Муром": 1, "Псков": 2, "Переяславль": 1, "Туров": 2}  # computer countries, provinces each
EVERY_VOTE = {p: mail(o("finish")) for p in PLAYERS}


@pytest.fixture
def trigger(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scoring, "V", DATA.victory.model_copy(update={"vassals_end": "trigger"}))


def with_vassals(count: int) -> Any:
    state = game()
    for vassal in list(VASSALS)[:count]:
        state["vassals"][vassal] = RYAZAN
    return state


def test_the_data_reads_the_rulebook_by_default() -> None:
    assert DATA.victory.vassals_end == "required" and DATA.victory.vassals_to_end == 4


def test_required_four_vassals_alone_do_not_end_the_game() -> None:
    result = run(with_vassals(4))
    assert not result.state["over"] and "rus_news_end_vassals" not in codes(result.news)


def test_required_every_vote_ends_the_game_only_with_four_vassals() -> None:
    result = run(with_vassals(3), EVERY_VOTE)
    assert not result.state["over"] and "rus_news_end_needs_vassals" in codes(result.news)
    result = run(with_vassals(4), EVERY_VOTE)
    assert result.state["over"] and "rus_news_end_vote" in codes(result.news)
    assert breakdown(typed(result.state), RYAZAN)["vassals"] == 5 * sum(VASSALS.values())
    assert RYAZAN in RULESET.scores(result.state)


def test_required_the_gm_ends_the_game_without_vassals() -> None:
    assert run(RULESET.adjust(game(), NOVGOROD, "end", 1)).state["over"]


def test_trigger_three_vassals_do_not_end_the_game_and_four_do(trigger: None) -> None:
    assert not run(with_vassals(3)).state["over"]
    result = run(with_vassals(4))
    assert result.state["over"] and "rus_news_end_vassals" in codes(result.news)
    assert breakdown(typed(result.state), RYAZAN)["vassals"] == 5 * sum(VASSALS.values())


def test_trigger_every_vote_ends_the_game_without_vassals(trigger: None) -> None:
    result = run(game(), EVERY_VOTE)
    assert result.state["over"] and "rus_news_end_vote" in codes(result.news)
    assert "rus_news_end_needs_vassals" not in codes(result.news)
