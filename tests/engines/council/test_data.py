"""data.toml is the data the rules use, and a GM's edit that breaks it stops the daemon at start
with one line naming the file and the key."""

from __future__ import annotations

from pathlib import Path

import pytest

from engines.council.data import DATA, DATA_FILE, Data
from engines.ruledata import load_rules
from tests.engines.helpers import refusal_of_edit


def test_the_shipped_file_is_the_data_the_rules_use() -> None:
    assert load_rules(DATA_FILE, Data) == DATA


def test_five_powers_for_the_lot_counts_of_the_auctions() -> None:
    """7 trading-post lots = 5 quota + 2, 8 mercenary and diplomat lots = 5 + 3 (8.2)."""
    assert len(DATA.realms) == 5
    assert [(a.name, a.min_bid, a.lots) for a in DATA.auctions] == [
        ("Фактория", 5, 7),
        ("Наёмники", 5, 8),
        ("Эскадры", 5, 3),
        ("Дипломат", 2, 8),
        ("Улучшение", 5, 3),
        ("Колонисты", 5, 2),
    ]
    assert DATA.council.militia_population == 3  # 0,3 of a жителя, in tenths


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        (
            'governor = "Колонна"',
            'governor = "Медичи"',
            "provinces.1.governor: 'Медичи' is not a family of Рим",
        ),
        ('capital = "Лаций"', 'capital = "Пиза"', "realms.0.capital: Пиза is not a province of Рим"),
        ("population = 2.5", "population = 2.55", "a number of жители, not below 0, to one decimal"),
        ('buildings = ["Собор", "Крепость"]', 'buildings = ["Собор", "Замок"]', "'Замок' is not a building"),
        ("freedom_from = 25", "freedom_from = 60", "governments.freedom_from: from 0, rising"),
        ('"Фриуль" = {', '"Фриули" = {', "forms.Фриули: not a name of this game"),
        ('province = "Лаций"\ncommander', 'province = "Пиза"\ncommander', "armies.0.province: 'Пиза'"),
        ('lands = ["Корсика"]', 'lands = ["Лаций"]', "tribes.0.lands: 'Лаций' is not barbarian land"),
        ('"Тунис" = [330, 615]', '"Тунис" = [330, 915]', "picture.places.Тунис: 330, 915 lies outside"),
        ('key = "regulars"', 'key = "militia"', "units: one each of regulars, militia, mercenaries, guard"),
    ],
)
def test_a_broken_edit_is_named_by_file_and_key(tmp_path: Path, old: str, new: str, said: str) -> None:
    path, message = refusal_of_edit(tmp_path, DATA_FILE, old, new, Data)
    assert str(path) in message and said in message
