"""What a tribe sees: its map (as text and as a picture) never shows a cell it has not explored nor
a community its own do not see; every example of its blank is an order its check accepts; victory
points count explored cells and shared places."""

from __future__ import annotations

import copy

from engines.contract import GM_VIEWER, PUBLIC_VIEWER
from engines.tribes import RULESET
from engines.tribes.checks import check
from engines.tribes.schema import PHASES
from engines.tribes.scoring import places, scores
from engines.tribes.state import State
from parsers.orders import parse_commands
from tests.engines.tribes.helpers import add_community, learnt, resolve, scripted, set_community, state_of

W = "Волки"


def repainted(state: State, cell: str, code: str) -> State:
    changed = copy.deepcopy(state)
    changed["secret"]["cells"][cell] = code
    return changed


def test_a_tribes_map_changes_not_a_pixel_for_what_it_has_not_seen() -> None:
    state = state_of(scripted())
    own = RULESET.pictures(state, W)[0].png
    unseen = repainted(state, "Л7", "Гл")  # far from the Wolves on Б2
    assert RULESET.pictures(unseen, W)[0].png == own
    assert RULESET.view(unseen, W) == RULESET.view(state, W)
    assert RULESET.pictures(unseen, GM_VIEWER)[0].png != RULESET.pictures(state, GM_VIEWER)[0].png
    seen = repainted(state, "В3", "Гл")
    assert RULESET.pictures(seen, W)[0].png != own


def test_another_tribes_community_shows_only_where_the_tribe_sees_it() -> None:
    state = state_of(scripted())
    near = add_community(state, "Медведи", "В3", {"hunters": 5})  # next to the Wolves' Б2
    far = add_community(state, "Медведи", "Е4", {"hunters": 5})
    assert RULESET.pictures(far, W)[0].png == RULESET.pictures(state, W)[0].png
    assert RULESET.pictures(near, W)[0].png != RULESET.pictures(state, W)[0].png
    assert [o["tribe"] for o in RULESET.view(near, W)["others"]] == ["Медведи"]
    assert RULESET.view(far, W)["others"] == []
    public = RULESET.pictures(near, PUBLIC_VIEWER)[0].png
    assert public == RULESET.pictures(state, PUBLIC_VIEWER)[0].png  # no community on the forum's map


def test_the_text_map_shows_the_explored_cells_only() -> None:
    lines = RULESET.view(state_of(scripted()), W)["map"]
    assert lines["ru"] == ["    А  Б  В", "  1 У  У  У", "  2 Р  Р1 Р", "  3 Р  Р  Р"]
    assert lines["en"] == [
        "    А  Б  В",
        "  1 U  U  U",
        "  2 P  P1 P",
        "  3 P  P  P",
    ]  # cells keep their names


def _parsed_and_checked(state: State, power: str) -> None:
    fitting = RULESET.examples(state, power, "orders")
    vocabularies = RULESET.vocabularies_for(state, power)
    for name, line in fitting.items():
        parsed = parse_commands([(1, line)], PHASES["orders"], vocabularies, RULESET.catalog.forms)
        assert parsed.problems == [] and [c.name for c in parsed.commands] == [name], line
        assert check(state, power, "orders", parsed.commands) == [], line


def test_every_example_is_an_order_the_tribe_may_give_now() -> None:
    state = state_of(scripted())
    for power in state["powers"]:
        _parsed_and_checked(state, power)
    mergeable = add_community(state, W, "Б3", {"hunters": 5})
    assert "merge" in RULESET.examples(mergeable, W, "orders")
    hungry = set_community(state, W, 1, strata={"hunters": 4, "aristocrats": 4}, children=0)
    assert "convert" in RULESET.examples(hungry, W, "orders")
    migrating = copy.deepcopy(state)
    migrating["tribes"][W]["migrating"] = True
    for example_state in (mergeable, hungry, migrating):
        _parsed_and_checked(example_state, W)
    played = state
    for turn in range(4):
        played = resolve(played, seed=f"e{turn}").state
        for power in played["powers"]:
            _parsed_and_checked(played, power)


def test_victory_points_are_a_fifth_a_cell_and_three_two_one_for_the_places_shared_on_ties() -> None:
    assert places({"А": 30, "Б": 30, "В": 20, "Г": 10, "Д": 5, "Е": 0}) == {"А": 3, "Б": 3, "В": 2, "Г": 1}
    state = state_of(scripted())
    points = scores(state)
    assert points[W] == 9 * 0.2 + 3  # nine cells and a shared first place in БО
    ahead = learnt(state, W)
    ahead["tribes"][W]["points"] = {"soc": 10, "mil": 0, "eco": 0}
    assert scores(ahead)[W] == 9 * 0.2 + 3 + 3 + 3  # first in соцтех and in the sum
