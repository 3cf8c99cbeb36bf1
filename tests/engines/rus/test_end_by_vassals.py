"""Section 12: the game must end once one country holds four or more vassals; each vassal's
province is worth 5 victory points to its suzerain."""

from __future__ import annotations

from engines.rus import RULESET
from engines.rus.scoring import breakdown
from tests.engines.helpers import codes
from tests.engines.rus.helpers import RYAZAN, game, run

VASSALS = {"Муром": 1, "Псков": 2, "Переяславль": 1, "Туров": 2}  # computer countries, provinces each


def test_three_vassals_do_not_end_the_game_and_four_do() -> None:
    state = game()
    for vassal in list(VASSALS)[:3]:
        state["vassals"][vassal] = RYAZAN
    assert not run(state).state["over"]
    state["vassals"]["Туров"] = RYAZAN
    result = run(state)
    assert result.state["over"] and "rus_news_end_vassals" in codes(result.news)
    assert breakdown(result.state, RYAZAN)["vassals"] == 5 * sum(VASSALS.values())
    assert RYAZAN in RULESET.scores(result.state)
