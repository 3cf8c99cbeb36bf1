"""The one rule-data mechanism: a broken data file names the file, the key and the mistake."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import model_validator

from engines.errors import RuleDataError
from engines.ruledata import Named, RuleData, load_rules


class Line(Named):
    payout: tuple[int, ...]


class Game(RuleData):
    start_coins: int
    lines: tuple[Line, ...]


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "data.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_good_file_becomes_frozen_typed_records(tmp_path: Path) -> None:
    path = write(tmp_path, 'start_coins = 8\n[[lines]]\nname = "Наука"\nen = "Science"\npayout = [0, 1, 3]\n')
    game = load_rules(path, Game)
    assert game.lines[0].payout == (0, 1, 3) and game.lines[0].spellings == ("Science",)
    with pytest.raises(ValueError, match="frozen"):
        game.lines[0].name = "x"  # type: ignore[misc]


def test_every_mistake_is_named_with_file_and_key(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        'start_coins = "eight"\nstart_coin = 8\n[[lines]]\nname = "Наука"\npayout = [0, "one"]\n',
    )
    with pytest.raises(RuleDataError) as caught:
        load_rules(path, Game)
    lines = str(caught.value).splitlines()
    assert f"{path}: start_coins: Input should be a valid integer" in lines[0] and "'eight'" in lines[0]
    assert any(line.startswith(f"{path}: lines.0.en: Field required") for line in lines)
    assert any(line.startswith(f"{path}: lines.0.payout.1: ") for line in lines)
    assert any(line.startswith(f"{path}: start_coin: Extra inputs are not permitted") for line in lines)


def test_a_file_that_is_not_toml_is_named(tmp_path: Path) -> None:
    with pytest.raises(RuleDataError, match=r"data\.toml: not valid TOML"):
        load_rules(write(tmp_path, "start_coins = = 8"), Game)


class Checked(RuleData):
    low: int
    high: int

    @model_validator(mode="after")
    def ordered(self) -> Checked:
        if self.low > self.high:
            raise ValueError(f"low: {self.low} is above high ({self.high})")
        return self


def test_a_check_over_a_whole_table_names_its_key_and_does_not_echo_the_table(tmp_path: Path) -> None:
    with pytest.raises(RuleDataError) as caught:
        load_rules(write(tmp_path, "low = 5\nhigh = 3\n"), Checked)
    assert str(caught.value) == f"{tmp_path / 'data.toml'}: low: 5 is above high (3)"
