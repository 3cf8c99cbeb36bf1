"""The typed state is the JSON on disk, unchanged: every state of a game has exactly the keys of
the TypedDicts, and a state written to JSON and read back plays exactly as the one in memory."""

from __future__ import annotations

import json

from engines.contract import JSON, Resolution
from engines.mare import RULESET
from engines.mare.state import Allocation, Due, Row, State
from engines.rng import Rng
from tests.engines.helpers import as_json


def play_ai_turns(players: int, seed: str, turns: int = 8) -> list[Resolution[JSON]]:
    state: JSON = RULESET.setup(RULESET.playable_powers(players), Rng(seed))
    history: list[Resolution[JSON]] = []
    while not state["over"] and len(history) < turns:
        orders = {p: RULESET.ai_orders(state, p, "orders") for p in state["powers"]}
        history.append(RULESET.resolve(state, "orders", orders, Rng(f"{seed}-{len(history)}")))
        state = history[-1].state
    return history


def test_every_state_of_a_game_has_exactly_the_typed_keys() -> None:
    for state in (result.state for result in play_ai_turns(6, "keys")):
        assert set(state) == State.__required_keys__
        assert all(set(a) == Allocation.__required_keys__ for a in state["allocations"].values())
        rows = [row for a in state["allocations"].values() for row in a["rows"]]
        assert rows and all(set(row) == Row.__required_keys__ for row in rows)
        assert all(set(due) == Due.__required_keys__ for due in state["pesterator"])


def test_a_state_read_back_from_json_plays_identically() -> None:
    states = [result.state for result in play_ai_turns(4, "disk") if not result.state["over"]]
    for step, state in enumerate(states):
        stored = json.loads(json.dumps(state, ensure_ascii=False))
        orders = {p: RULESET.ai_orders(stored, p, "orders") for p in state["powers"]}
        assert orders == {p: RULESET.ai_orders(state, p, "orders") for p in state["powers"]}
        assert [RULESET.view(stored, p) for p in state["powers"]] == [
            RULESET.view(state, p) for p in state["powers"]
        ]
        again, first = (RULESET.resolve(s, "orders", orders, Rng(f"disk-{step}")) for s in (stored, state))
        assert as_json(again) == as_json(first)
