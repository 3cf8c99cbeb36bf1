"""GM corrections of part 2: influence, one number per target country."""

from __future__ import annotations

from engines.rus import RULESET
from tests.engines.rus.helpers import RYAZAN, game, run


def test_the_gm_mends_influence_and_the_right_to_vassalise_follows() -> None:
    state = RULESET.adjust(game(), RYAZAN, "influence:Муром", 200)
    assert RULESET.read(state, RYAZAN, "influence:Муром") == 200
    assert RULESET.read(state, RYAZAN, "influence:Рязань") == 0  # none on itself; a no-op
    assert RULESET.adjust(state, RYAZAN, "influence:Рязань", 5) == state
    assert RULESET.adjustables["influence:Польша"].maximum == 200
    assert RYAZAN in run(state).state["rights"]["Муром"]
