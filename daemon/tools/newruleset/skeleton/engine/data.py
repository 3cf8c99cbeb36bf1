"""The rules' numbers and names: data.toml read once through the shared schema (engines.ruledata),
so a broken edit stops the daemon at its start naming the file and the key, never mid-game."""

from __future__ import annotations

from pathlib import Path

from pydantic import Field

from engines.ruledata import Named, NameForms, RuleData, load_rules
from engines.russian import Forms


class Game(RuleData):
    min_players: int = Field(ge=1)
    max_players: int = Field(ge=1)
    last_turn: int = Field(ge=1)
    start_grain: int = Field(ge=0)
    max_sown: int = Field(ge=1)
    max_yield: int = Field(ge=1)


class Data(RuleData):
    game: Game
    powers: tuple[Named, ...] = Field(min_length=1)
    forms: NameForms = Forms()


DATA = load_rules(Path(__file__).with_name("data.toml"), Data)
