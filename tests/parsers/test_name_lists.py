"""NAME_LIST arguments: a list of names to the end of the line, each item checked on its own."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engines.contract import Arg, ArgKind, Command, CommandSpec, PhaseSpec
from engines.text import Text
from parsers.orders import normal_form, parse_commands

MARCH = CommandSpec(
    "march",
    ("МАРШ", "MARCH"),
    (Arg("path", ArgKind.NAME_LIST, "cells", min_items=2, max_items=4),),
    Text("марш", "march"),
    "МАРШ Рязань, Пронск",
)
PHASE = PhaseSpec("orders", Text("Приказы", "Orders"), (MARCH,))
# no name is the first words of another name with words to spare ("Старая" alone is no name), so
# spaces alone can separate items; a comma always can
CELLS = {
    "Рязань": ("Ryazan",),
    "Старая Рязань": (),
    "Пронск": ("Pronsk",),
    "Коломна": ("Kolomna",),
    "Великий Новгород": ("Новгород", "Novgorod"),
}
VOCABULARIES = {"cells": CELLS}


def parse(line: str) -> tuple[list[Command], list[tuple[str, dict[str, str | int | float], str]]]:
    parsed = parse_commands([(1, line)], PHASE, VOCABULARIES)
    return parsed.commands, [(p.msg.code, dict(p.msg.params), p.suggestion) for p in parsed.problems]


@pytest.mark.parametrize(
    ("line", "path"),
    [
        ("МАРШ Рязань, Пронск, Коломна", ("Рязань", "Пронск", "Коломна")),
        ("МАРШ Старая Рязань Великий Новгород", ("Старая Рязань", "Великий Новгород")),
        ("MARCH Novgorod,Pronsk", ("Великий Новгород", "Пронск")),
        ("МАРШ «Старая Рязань», Рязань", ("Старая Рязань", "Рязань")),
    ],
)
def test_a_list_reads_to_canonical_names(line: str, path: tuple[str, ...]) -> None:
    assert parse(line) == ([Command("march", {}, 1, {"path": path})], [])


@pytest.mark.parametrize(
    "line",
    [
        "МАРШ Рязань - Пронск – Коломна",
        "МАРШ Рязань → Пронск → Коломна",
        "МАРШ Рязань->Пронск>Коломна",
        "МАРШ Рязань; Пронск;Коломна",
        "МАРШ Рязань-Пронск-Коломна",
        "МАРШ Рязань—Пронск, Коломна",
    ],
)
def test_dashes_arrows_and_semicolons_separate_items_too(line: str) -> None:
    """What players write between the stops of a path (a ruleset's free-text routes took them)."""
    assert parse(line) == ([Command("march", {}, 1, {"path": ("Рязань", "Пронск", "Коломна")})], [])


def test_a_hyphenated_name_stays_one_item_and_a_glued_unknown_part_is_refused() -> None:
    hyphenated = {"cells": {**CELLS, "Новгород-Северский": ()}}
    assert parse_commands([(1, "МАРШ Новгород-Северский Рязань")], PHASE, hyphenated).commands == [
        Command("march", {}, 1, {"path": ("Новгород-Северский", "Рязань")})
    ]
    assert parse("МАРШ Рязань-Зюзя Пронск")[1] == [
        ("unknown_item", {"word": "Рязань-Зюзя", "arg": "path", "item": 1}, "Рязань")
    ]


def test_every_bad_item_is_its_own_problem_with_its_own_guess() -> None:
    assert parse("МАРШ Рязнь, Пронск, Зюзя, Колмна")[1] == [
        ("unknown_item", {"word": "Рязнь", "arg": "path", "item": 1}, "Рязань"),
        ("unknown_item", {"word": "Зюзя", "arg": "path", "item": 3}, ""),
        ("unknown_item", {"word": "Колмна", "arg": "path", "item": 4}, "Коломна"),
    ]


def test_the_count_is_bounded() -> None:
    assert parse("МАРШ Рязань")[1] == [("too_few_items", {"arg": "path", "count": 1, "min": 2}, "")]
    too_many = ("too_many_items", {"arg": "path", "max": 4}, "")
    assert parse("МАРШ Рязань Пронск Коломна Рязань Пронск")[1] == [too_many]
    assert parse("МАРШ")[1][0][0] == "missing_argument"


def test_the_normal_form_separates_items_with_commas() -> None:
    command = Command("march", {}, 1, {"path": ("Старая Рязань", "Рязань")})
    assert normal_form(command, PHASE) == "МАРШ Старая Рязань, Рязань"
    assert Command.from_json(command.to_json()) == command
    assert "lists" not in Command("march", {"n": 1}).to_json()  # stores written before stay the same


# --- properties ----------------------------------------------------------------------------------

spellings = st.sampled_from(sorted(CELLS)).flatmap(lambda name: st.sampled_from([name, *CELLS[name]]))
separators = st.sampled_from([", ", " ", ",", " , "])
paths = st.lists(st.sampled_from(sorted(CELLS)), min_size=2, max_size=4)


@given(st.text(max_size=60), st.lists(st.one_of(spellings, separators, st.text(max_size=6)), max_size=8))
def test_never_raises(tail: str, words: list[str]) -> None:
    for line in ("МАРШ " + tail, "МАРШ " + " ".join(words)):
        parse_commands([(1, line)], PHASE, VOCABULARIES)


@given(paths, st.data())
def test_valid_names_always_parse_to_those_canonical_names(path: list[str], data: st.DataObject) -> None:
    written = [data.draw(st.sampled_from([name, *CELLS[name], f"«{name}»"])) for name in path]
    line = "МАРШ " + written[0] + "".join(data.draw(separators) + w for w in written[1:])
    assert parse(line) == ([Command("march", {}, 1, {"path": tuple(path)})], [])


@given(paths, st.data())
def test_one_misspelt_item_is_one_problem_naming_it_with_a_guess(
    path: list[str], data: st.DataObject
) -> None:
    index = data.draw(st.integers(0, len(path) - 1))
    name = path[index]
    cut = data.draw(st.integers(1, len(name) - 1).filter(lambda i: name[i] != " " and name[i - 1] != " "))
    typo = name[:cut] + name[cut + 1 :]
    written = [typo if i == index else n for i, n in enumerate(path)]
    assert parse("МАРШ " + ", ".join(written))[1] == [
        ("unknown_item", {"word": typo, "arg": "path", "item": index + 1}, name)
    ]


def test_a_comment_after_the_list_is_no_item() -> None:
    assert parse("МАРШ Рязань,Пронск # в обход")[0] == [
        Command("march", {}, 1, {"path": ("Рязань", "Пронск")})
    ]


@given(paths)
def test_the_normal_form_reads_back(path: list[str]) -> None:
    command = Command("march", {}, 1, {"path": tuple(path)})
    assert parse(normal_form(command, PHASE)) == ([command], [])
