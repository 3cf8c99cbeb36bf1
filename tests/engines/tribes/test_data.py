"""The public data file and the GM's: the shipped default is whole, and a GM's file is refused
with each mistake named by its key, in both languages."""

from __future__ import annotations

import tomllib
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


def test_the_start_wants_a_place_for_every_player() -> None:
    state = state_of(scripted())
    few = scripted()
    few["start"]["players"] = few["start"]["players"][:2]
    assert [t.ru for t in RULESET.data_problems(state, few)] == ["start.players: мест 2, а племён 4"]
    assert POWERS


def test_an_empty_or_partial_file_is_refused_unless_it_asks_for_the_default() -> None:
    (empty,) = _said({})  # a file of comments only: it used to start the game on the public default
    assert "default = true" in empty and "видно всем в репозитории" in empty
    assert _said({"names": ["Лисы"]}) == [empty]
    partial = scripted()
    del partial["techs"]
    said = _said(partial)
    assert said[0] == "techs: нет значения" and said[-1].startswith("нужны все таблицы") and len(said) == 2
    assert secret.problems({"default": True}) == [] and secret.stored({"default": True}) == secret.default()
    own = {key: scripted()[key] for key in ("map", "start", "ai")}
    assert secret.problems({**own, "default": True}) == []
    taken = secret.stored({**own, "default": True})  # the GM's map, the default's tree and strata
    assert taken["cells"] == secret.stored(scripted())["cells"]
    assert taken["techs"] == secret.default()["techs"]
    assert "default" not in taken
    assert _said({**own, "default": "yes"})[-1].startswith("нужны все таблицы")


@pytest.mark.parametrize(
    ("change", "mistake"),
    [
        (lambda d: d["ai"][0].update(name="Ж" * 5000), "ai.0.name: слишком длинная строка: до 40 знаков"),
        (lambda d: d.update(names=[f"Род {n}" for n in range(1000)]), "names: слишком длинный список"),
        (lambda d: d["start"].update(east=["Б2"] * 100), "start.east: слишком длинный список"),
        (lambda d: d["techs"][0].update(aliases=["x"] * 100), "techs.0.aliases: слишком длинный список"),
        (lambda d: d["techs"][0]["needs"].update(at=["river"] * 100), "techs.0.needs.at: слишком длинный"),
        (lambda d: d["map"]["rows"].__setitem__(0, "Р " * 5000), "map.rows.0: слишком длинная строка"),
        (lambda d: d.update(forms={"Лисы": "Лис"}), "forms: forms.Лисы: a table of forms is needed"),
        (lambda d: d.update(forms=[1]), 'forms: a table [forms."Имя"] of names is needed'),
        (lambda d: d.update(forms={"Лисы": {"род": ["Лис"]}}), "forms: forms.Лисы.род: a quoted form"),
        (lambda d: d.update(forms={f"Имя{n}": {"род": "а"} for n in range(300)}), "forms: не больше 200"),
    ],
)
def test_every_name_and_list_of_the_file_is_bounded(change: Any, mistake: str) -> None:
    data = scripted()
    change(data)
    assert any(said.startswith(mistake) for said in _said(data)), _said(data)


def _renamed(old: str, new: str) -> dict[str, Any]:
    """The default file with a name changed wherever it is written (conditions that name it too)."""
    text = secret.DEFAULT_FILE.read_text(encoding="utf-8")
    return tomllib.loads(text.replace(f'"{old}"', f'"{new}"'))


def test_a_running_game_keeps_what_the_file_named_that_it_holds() -> None:
    state = cast(State, {**state_of(secret.default_data()), "turn": 3, "discovered": ["Огонь"]})
    wolves = state["tribes"]["Волки"]
    wolves["techs"] = {"Огонь": 1, "Анимизм": 2}
    wolves["offered"] = ["Верования", "Уклад"]
    wolves["decisions"] = {"Верования": {"option": "Тотемизм", "turn": 2}}
    state["tribes"]["Медведи"]["offered"] = ["Уклад"]
    assert RULESET.data_problems(state, secret.default_data()) == []
    fire = [t.ru for t in RULESET.data_problems(state, _renamed("Огонь", "Пламя"))]
    assert fire == ["techs: нет технологии «Огонь», а её в игре уже открыли"]
    totem = [t.en for t in RULESET.data_problems(state, _renamed("Тотемизм", "Тотемы"))]
    assert totem == [
        "decisions: the decision “Верования” has no option “Тотемизм”, and it was offered to the "
        "tribe “Волки”"
    ]
    order = [t.ru for t in RULESET.data_problems(state, _renamed("Уклад", "Строй"))]
    assert order == ["decisions: нет решения «Уклад», а его уже предложили племенам «Волки», «Медведи»"]
    chief = [t.ru for t in RULESET.data_problems(state, _renamed("Власть вождя", "Вождь"))]
    assert chief == [
        "decisions: в решении «Уклад» нет варианта «Власть вождя», а решение уже предложили "
        "племенам «Волки», «Медведи»"
    ]
