"""The rule data file, read through the shared schema: a broken edit names the file and the key."""

from __future__ import annotations

from pathlib import Path

import pytest

from engines.coins.data import DATA, DATA_FILE, Data
from engines.ruledata import load_rules
from engines.russian import CASES, gender, inflect
from tests.engines.helpers import refusal_of_edit


def test_the_shipped_file_is_the_data_the_rules_use() -> None:
    assert load_rules(DATA_FILE, Data) == DATA
    assert DATA.line_for("coins").payout == (2, 4, 6, 8) and DATA.tech_parts[-1] == "Космическая программа 2"


@pytest.mark.parametrize(
    ("old", "new", "key"),
    [
        ("start_coins = 8", 'start_coins = "eight"', "game.start_coins"),
        ("payout = [2, 4, 6, 8]", 'payout = [2, 4, "six", 8]', "lines.0.payout.2"),
        ("payout = [2, 4, 6, 8]", "payout = [2, 4, 6]", "lines.0.payout"),
        ('stat = "coins"\npayout', 'stat = "gold"\npayout', "lines.0.stat"),
        ('stat = "research"\npayout', 'stat = "coins"\npayout', "lines: 'research'"),
        ('kind = "military"', 'kind = "trade"', "alliances"),
        ('{ line = "Армия", level = 2 }', '{ line = "Армии", level = 2 }', "ai.funding.1.line"),
        ('proposal = "Гуманитарная помощь"', 'proposal = "Помощь"', "ai.proposal"),
        ('[forms."Марс"]', '[forms."Марсс"]', "forms.Марсс: not a name"),
        ('"вин" = "Марс"', '"падеж" = "Марс"', "forms.Марс.падеж"),
        ('"пол" = "мн"', '"пол" = "множ"', "forms.Фиджи.пол"),
    ],
)
def test_a_broken_data_file_names_the_file_and_the_key(tmp_path: Path, old: str, new: str, key: str) -> None:
    path, said = refusal_of_edit(tmp_path, DATA_FILE, old, new, Data)
    assert any(line.startswith(f"{path}: ") and key in line for line in said.splitlines())


def test_every_name_reads_right_in_all_six_cases_with_the_files_forms() -> None:
    """The forms the dictionary gets wrong are fixed in data.toml: the planet, not the god Mars;
    technologies are things, not animate beings; США and Фиджи never change."""
    forms = DATA.forms
    assert [inflect("Марс", case, forms) for case in CASES] == [
        "Марс",
        "Марса",
        "Марсу",
        "Марс",
        "Марсом",
        "Марсе",
    ]
    assert inflect("Искусственный интеллект", "вин", forms) == "Искусственный интеллект"
    assert inflect("Социальные технологии", "вин", forms) == "Социальные технологии"
    assert {inflect("США", case, forms) for case in CASES} == {"США"}
    assert gender("Фиджи", forms) == "мн" and gender("США", forms) == "мн" and gender("Россия", forms) == "ж"
    assert (
        inflect("Мальдивы", "пред", forms) == "Мальдивах" and inflect("Евросоюз", "дат", forms) == "Евросоюзу"
    )


def test_technology_names_have_no_capitals_inside_and_keep_their_former_spelling() -> None:
    for tech in DATA.techs:
        assert tech.name[1:] == tech.name[1:].lower(), tech.name
        assert all(old.lower() == tech.name.lower() for old in tech.former)
        assert set(tech.former) <= set(tech.spellings)
