"""The typed state is the JSON on disk, unchanged: every state of a game has exactly the keys of
the TypedDicts, and a state written to JSON and read back plays exactly as the one in memory."""

from __future__ import annotations

import json

from engines.coins import RULESET
from engines.coins.state import Alliance, Country, Effects, PassedProposal, Snapshot, Standing, State
from engines.rng import Rng
from tests.engines.coins.helpers import play_ai_game
from tests.engines.helpers import as_json


def test_every_state_of_a_game_has_exactly_the_typed_keys() -> None:
    _, history = play_ai_game(6, "keys")
    for state in (result.state for result in history):
        assert set(state) == State.__required_keys__ | State.__optional_keys__
        assert all(set(s) == Standing.__required_keys__ for s in state["standings"])
        assert all(set(c) == Country.__required_keys__ for c in state["countries"].values())
        assert set(state["effects"]) == Effects.__required_keys__
        assert all(set(a) == Alliance.__required_keys__ for a in state["alliances"])
        assert all(set(p) == PassedProposal.__required_keys__ for p in state["passed"])
        reports = [s for spy in state["intel"].values() for s in spy.values()]
        assert all(set(s) == Snapshot.__required_keys__ for s in reports)
    assert any(state["passed"] for state in (r.state for r in history))


def test_a_state_read_back_from_json_plays_identically() -> None:
    _, history = play_ai_game(5, "disk")
    for step, state in enumerate(result.state for result in history[:-1]):
        stored = json.loads(json.dumps(state, ensure_ascii=False))
        phase = state["phase"]
        orders = {p: RULESET.ai_orders(stored, p, phase) for p in state["powers"]}
        assert orders == {p: RULESET.ai_orders(state, p, phase) for p in state["powers"]}
        assert [RULESET.view(stored, p) for p in state["powers"]] == [
            RULESET.view(state, p) for p in state["powers"]
        ]
        again, first = (RULESET.resolve(s, phase, orders, Rng(f"disk-{step}")) for s in (stored, state))
        assert as_json(again) == as_json(first)
