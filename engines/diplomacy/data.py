"""The rules' choices and the variants (data.toml), read once through the shared schema."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field

from engines.diplomacy.board import Title
from engines.ruledata import RuleData, load_rules

DATA_FILE = Path(__file__).with_name("data.toml")


class Rules(RuleData):
    silent: Literal["disorder", "computer"]


class Computer(RuleData):
    quiet_years: int = Field(ge=1)
    draw_after_years: int = Field(ge=1)


class Variant(RuleData):
    map: str
    title: Title
    min_players: int = Field(ge=1)
    max_players: int = Field(ge=1)


class Data(RuleData):
    rules: Rules
    computer: Computer
    variants: dict[str, Variant]


DATA = load_rules(DATA_FILE, Data)
