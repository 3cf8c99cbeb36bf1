"""The public data file and the GM's: the shipped default is whole, and a GM's file is refused
with each mistake named by its key, in both languages."""

from __future__ import annotations

from typing import Any, cast

import pytest

from engines.tribes import RULESET, secret
from engines.tribes.data import DATA
from engines.tribes.state import State
from tests.engines.tribes.helpers import POWERS, scripted, set_community, state_of


def test_the_default_gm_data_is_whole_and_places_the_most_players() -> None:
    state = RULESET.setup(
        RULESET.playable_powers(RULESET.max_players), __import__("engines.rng").rng.Rng("d")
    )
    assert len(state["tribes"]) == DATA.game.max_players == len(secret.default()["start"]["players"])
    assert len(state["ai"]) == 10  # «На карте изначально будет расположено Ведущим 10 АИ-общин»
    assert any(t["effects"]["city"] for t in state["secret"]["techs"])  # a game that can end


def _said(data: dict[str, Any]) -> list[str]:
    return [text.ru for text in secret.problems(data)]


@pytest.mark.parametrize(
    ("change", "mistake"),
    [
        (
            lambda d: d["map"].update(rows=[*d["map"]["rows"][:-1], "М М"]),
            "map.rows: в каждой строке поровну клеток",
        ),
        (
            lambda d: d["start"].update(players=["Б2", "Я99"]),
            "start.players: Я99 — не клетка суши этой карты",
        ),
        (lambda d: d["start"].update(players=["Б2", "Б8"]), "start.players: Б8 — не клетка суши этой карты"),
        (
            lambda d: d["techs"][1]["needs"].update(after=["Огон"]),
            "techs.1.needs.after.0: «Огон» — нет такой технологии",
        ),
        (
            lambda d: d["techs"][0]["needs"].update(at=["lake"]),
            "techs.0.needs.at.0: «lake» — нет такой местности или особенности",
        ),
        (
            lambda d: d["techs"][0]["effects"].update(limit="много"),
            "techs.0.effects.limit: нужно целое число ('много')",
        ),
        (
            lambda d: d["techs"][0]["effects"].update(opens=["dragons"]),
            "techs.0.effects.opens.0: допустимо одно из",
        ),
        (lambda d: d.update(strata=d["strata"][1:]), "strata: ровно по разу"),
        (lambda d: d.update(colour="red"), "colour: такого ключа нет ('red')"),
    ],
)
def test_a_gm_file_with_a_mistake_is_refused_naming_its_key(change: Any, mistake: str) -> None:
    data = scripted()
    change(data)
    assert any(said.startswith(mistake) or mistake in said for said in _said(data)), _said(data)
    assert scripted() and secret.problems(scripted()) == []


def test_once_the_game_runs_the_map_keeps_its_size_and_land_under_every_community() -> None:
    state = state_of(scripted())
    played = cast(State, {**state, "turn": 3})
    smaller = scripted()
    smaller["map"]["rows"] = [" ".join(row.split()[:10]) for row in smaller["map"]["rows"]]
    smaller["start"]["east"] = ["И4"]
    assert [t.ru for t in RULESET.data_problems(played, smaller)] == [
        "map.rows: размер карты в идущей игре не меняется"
    ]
    moved = cast(State, {**set_community(state, "Волки", 1, cell="Г4"), "turn": 3})
    flooded = scripted()
    row = flooded["map"]["rows"][3].split()
    flooded["map"]["rows"][3] = " ".join([*row[:3], "М", *row[4:]])
    found = [t.ru for t in RULESET.data_problems(moved, flooded)]
    assert found == ["map.rows: под общиной на Г4 теперь не суша"]
    assert RULESET.data_problems(state, smaller) == []  # before the first turn: placed afresh
    assert RULESET.data_problems(None, {}) == []  # no file: the default


def test_the_start_wants_a_place_for_every_player() -> None:
    state = state_of(scripted())
    few = scripted()
    few["start"]["players"] = few["start"]["players"][:2]
    assert [t.ru for t in RULESET.data_problems(state, few)] == ["start.players: мест 2, а племён 4"]
    assert POWERS
