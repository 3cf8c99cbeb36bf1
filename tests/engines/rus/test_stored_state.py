"""The state on disk is plain JSON that the rules read through typed shapes (engines/rus/state.py):
a state written and read back resolves exactly as the live one; a store written before the
druzhina was derived from its posts (each country kept a `druzhina` beside them) still loads and
plays the same; and the shapes name exactly the keys the rules write."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import pytest

from engines.contract import JSON, Command
from engines.rus import RULESET
from engines.rus.state import Country, Line, Province, Renounced, Route, State, TradeRecord
from tests.engines.helpers import as_json
from tests.engines.rus.test_scripted_game import PLAYERS, Played, play


def _through_json(state: JSON) -> JSON:
    loaded: JSON = json.loads(json.dumps(state, ensure_ascii=False))
    return loaded


def _older(state: JSON) -> JSON:
    """The state as stores written before the druzhina was derived keep it."""
    old = _through_json(state)
    for c in old["countries"].values():
        c["druzhina"] = sum(c["posts"].values())
    return old


@pytest.fixture(scope="module")
def live() -> Played:
    return play()


def test_a_game_stored_as_json_every_turn_plays_the_same(live: Played) -> None:
    assert [as_json(r) for r in play(_through_json)[1]] == [as_json(r) for r in live[1]]


def test_a_store_that_still_keeps_the_druzhina_loads_and_plays_the_same(live: Played) -> None:
    states, results, _ = live
    assert [as_json(r) for r in play(_older)[1]] == [as_json(r) for r in results]
    old = _older(states[3])
    for power in PLAYERS:
        assert RULESET.view(old, power) == RULESET.view(states[3], power)
        assert RULESET.read(old, power, "druzhina") == RULESET.read(states[3], power, "druzhina") > 0
    corrected = RULESET.adjust(old, PLAYERS[0], "druzhina", 30)
    assert "druzhina" not in corrected["countries"][PLAYERS[0]]
    assert RULESET.read(corrected, PLAYERS[0], "druzhina") == 30


def test_orders_stored_before_paths_were_lists_play_the_same(live: Played) -> None:
    """A turn record written before kept a march's path (a caravan's route, the provinces of terms)
    as the text the player wrote; such orders still check and resolve to the same turns."""
    converted: list[Command] = []

    def as_text(commands: list[Command]) -> list[Command]:
        converted.extend(c for c in commands if c.lists)
        return [
            Command(c.name, {**c.args, **{k: " – ".join(v) for k, v in c.lists.items()}}, c.line)
            for c in commands
        ]

    assert [as_json(r) for r in play(kept=as_text)[1]] == [as_json(r) for r in live[1]]
    assert {c.name for c in converted} == {"march"}


def _fits(record: Mapping[str, Any], shape: Any) -> bool:
    required, optional = shape.__required_keys__, shape.__optional_keys__
    return bool(required <= set(record) <= required | optional)


def test_the_typed_shapes_name_exactly_the_keys_the_rules_write(live: Played) -> None:
    states = live[0]
    for state in states:
        assert _fits(state, State), set(state) ^ State.__required_keys__
        assert all(_fits(p, Province) for p in state["provinces"].values())
        assert all(_fits(c, Country) for c in state["countries"].values())
        assert all(_fits(r, Route) for r in state["routes"])
        assert all(_fits(t, TradeRecord) for t in state["trade"])
        assert all(_fits(line, Line) for lines in state["accounts"].values() for line in lines)
        assert all(_fits(r, Renounced) for r in state["renounced"].values())
    last = states[-1]
    assert last["routes"] and last["trade"] and any(last["accounts"].values())
