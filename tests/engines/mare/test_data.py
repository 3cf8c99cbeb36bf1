"""The rule data file, read through the shared schema: a broken edit names the file and the key."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from engines.mare.data import DATA, DATA_FILE, Data
from engines.ruledata import load_rules
from tests.engines.helpers import refusal_of_edit


def test_the_shipped_file_is_the_data_the_rules_use() -> None:
    assert load_rules(DATA_FILE, Data) == DATA
    assert (DATA.distance.sea, DATA.distance.internal) == (Fraction(4, 5), Fraction(1, 2))
    assert DATA.readings.lone_bid_profitable  # the rulebook's literal reading is the default


@pytest.mark.parametrize(
    ("old", "new", "key"),
    [
        ("sea = 80", "sea = 0.8", "distance.sea"),
        ('home = "Римляне"', 'home = "Римлане"', "territories.0.home"),
        ('neighbours = ["Лаций", "Цизальпинская', 'neighbours = ["Цизальпинская', "territories.0.neighbours"),
        ('kind = "land"', 'kind = "hill"', "territories.0.kind"),
        ('at = "Бетика"', 'at = "Кельтиберия"', "bonuses.1.at"),
        ('kind = "killer"', 'kind = "crusher"', "generals"),
        ("lone_bid_profitable = true", "lone_bid_profitable = 2", "readings.lone_bid_profitable"),
    ],
)
def test_a_broken_data_file_names_the_file_and_the_key(tmp_path: Path, old: str, new: str, key: str) -> None:
    path, said = refusal_of_edit(tmp_path, DATA_FILE, old, new, Data)
    assert any(line.startswith(f"{path}: ") and key in line for line in said.splitlines())
