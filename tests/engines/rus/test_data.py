"""The rule data files load through the shared schema: a broken edit is refused at load with the
file and the key named; the fractions written as text keep the rulebook's values."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from engines.rus.data import DATA, DATA_FILE, Data
from engines.rus.table import TABLE_FILE, Table
from tests.engines.helpers import refusal_of_edit


@pytest.mark.parametrize(
    ("old", "new", "named"),
    [
        ("start_money = 500", 'start_money = "много"', "game.start_money: Input should be a valid integer"),
        ('vassals_end = "required"', 'vassals_end = "always"', "victory.vassals_end: Input should be"),
        ('kind = "fire"', 'kind = "пожар"', "events.2.kind: Input should be"),
        ('tribute = "1/10"', 'tribute = "десятина"', "diplomacy.tribute: Input is not a valid fraction"),
        ('capital = "Муром"', 'capital = "Мурманск"', "powers.11.capital: Мурманск is not a province"),
        ('tech = "Выделка кожи"', 'tech = "Кожа"', "crafts.4.tech: 'Кожа' is not a technology"),
    ],
)
def test_a_broken_data_file_names_file_and_key(tmp_path: Path, old: str, new: str, named: str) -> None:
    path, said = refusal_of_edit(tmp_path, DATA_FILE, old, new, Data)
    assert f"{path}: {named}" in said


def test_a_broken_battle_table_names_the_file_and_the_cell(tmp_path: Path) -> None:
    path, said = refusal_of_edit(tmp_path, TABLE_FILE, 'cells = ["D 7/0"', 'cells = ["D 7"', Table)
    assert f"{path}: rows.7.cells.0: bad cell 'D 7'" in said


def test_fractions_keep_the_rulebooks_values() -> None:
    assert (DATA.army.militia_share, DATA.trade.fair_share, DATA.trade.centre) == (
        Fraction(1, 2),
        Fraction(1, 2),
        Fraction(3, 2),
    )
    assert (DATA.war.plunder, DATA.diplomacy.tribute) == (Fraction(1, 4), Fraction(1, 10))
    assert DATA.policy("Ополчение").auto_rate == Fraction(3, 2) and DATA.policy("Наука").auto_rate == 0
