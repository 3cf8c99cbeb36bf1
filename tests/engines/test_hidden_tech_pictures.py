"""The test ruleset's maps reveal to each viewer exactly what it may see: a tribe's map is the same
whatever it cannot see, the public map shows no tribe, and only the GM's shows everything."""

from __future__ import annotations

from engines.contract import GM_VIEWER, JSON, PUBLIC_VIEWER
from engines.rng import Rng
from tests.rulesets.hidden_tech import BEARS, RULESET, WOLVES

START: JSON = RULESET.setup(RULESET.playable_powers(RULESET.max_players), Rng("pictures"))


def picture(state: JSON, viewer: str) -> bytes:
    (drawn,) = RULESET.pictures(state, viewer)
    return drawn.png


def test_every_viewer_sees_a_different_map() -> None:
    maps = {picture(START, viewer) for viewer in (WOLVES, BEARS, GM_VIEWER, PUBLIC_VIEWER)}
    assert len(maps) == 4


def test_a_tribes_map_does_not_change_with_what_only_the_other_tribe_knows() -> None:
    for power, other in ((WOLVES, BEARS), (BEARS, WOLVES)):
        unseen = {
            **START,
            "known": {power: START["known"][power], other: ["Огонь"]},
            "homes": {power: START["homes"][power]},
        }
        assert picture(unseen, power) == picture(START, power)
        assert picture(unseen, GM_VIEWER) != picture(START, GM_VIEWER)  # the change is drawable


def test_the_public_map_shows_where_anyone_went_but_no_tribe() -> None:
    assert picture({**START, "homes": {}}, PUBLIC_VIEWER) == picture(START, PUBLIC_VIEWER)
    assert picture({**START, "homes": {}}, GM_VIEWER) != picture(START, GM_VIEWER)


def test_a_state_stored_before_the_map_draws_no_tribe() -> None:
    old = {key: value for key, value in START.items() if key != "homes"}
    assert picture(old, GM_VIEWER) == picture({**START, "homes": {}}, GM_VIEWER)


def test_the_title_and_the_name_follow_the_turn() -> None:
    (drawn,) = RULESET.pictures({**START, "turn": 7}, WOLVES)
    assert (drawn.name, drawn.title.ru, drawn.title.en) == ("map-turn-7", "Карта, ход 7", "Map, turn 7")
