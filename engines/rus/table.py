"""The combat table (rulebook 5.2, ours: see battle_table.toml's header), validated at import into
typed ranges and cells, so a GM's edit that leaves a battle without its one cell stops the daemon at
start with the file and the key named."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from itertools import pairwise
from pathlib import Path
from typing import Annotated, Self

from pydantic import BeforeValidator, model_validator

from engines.ruledata import RuleData, load_rules

TABLE_FILE = Path(__file__).with_name("battle_table.toml")


@dataclass(frozen=True)
class Cell:
    """One cell of the combat table."""

    attack_range: str  # "13–15"
    defence_range: str  # "17–20"
    attacker_wins: bool
    attack_loss: int
    defence_loss: int


_BAND = re.compile(r"^(\d+)(?:\s*[–-]\s*(\d+)|(\+))?$")
_CELL = re.compile(r"^\s*([AD])\s+(\d+)\s*/\s*(\d+)\s*$")


class Band(RuleData):
    """One range of combat points on an axis of the table; `high` is None for the open last one."""

    label: str
    low: int
    high: int | None

    def holds(self, value: int) -> bool:
        return self.low <= value and (self.high is None or value <= self.high)


def _band(label: object) -> object:
    """A range as the file writes it ("N", "N–M", "N+"); anything not text is left to pydantic."""
    if not isinstance(label, str):
        return label
    found = _BAND.match(label.strip())
    if found is None:
        raise ValueError(f"bad range {label!r} (want N, N–M or N+)")
    low = int(found.group(1))
    high = None if found.group(3) else int(found.group(2) or low)
    if high is not None and high < low:
        raise ValueError(f"range {label!r} runs backwards")
    return Band(label=label, low=low, high=high)


class Verdict(RuleData):
    """A cell as the file writes it, "W a/d": the winner, then the attacker's and defender's losses."""

    attacker_wins: bool
    attack_loss: int
    defence_loss: int


def _verdict(text: object) -> object:
    if not isinstance(text, str):
        return text
    found = _CELL.match(text)
    if found is None:
        raise ValueError(f"bad cell {text!r} (want 'D 7/5')")
    winner, attack_loss, defence_loss = found.groups()
    return Verdict(attacker_wins=winner == "A", attack_loss=int(attack_loss), defence_loss=int(defence_loss))


Range = Annotated[Band, BeforeValidator(_band)]


class Row(RuleData):
    defence: Range
    cells: tuple[Annotated[Verdict, BeforeValidator(_verdict)], ...]


class Table(RuleData):
    """battle_table.toml: `columns` are the attacker's ranges, each row one range of the defender's."""

    columns: tuple[Range, ...]
    rows: tuple[Row, ...]

    @model_validator(mode="after")
    def _one_cell_per_battle(self) -> Self:
        problems = [*_axis_problems("columns", self.columns), *_axis_problems("rows", self.defences)]
        problems += [
            f"rows.{i}.cells: {len(row.cells)} cells, not one per column ({len(self.columns)})"
            for i, row in enumerate(self.rows)
            if len(row.cells) != len(self.columns)
        ]
        if problems:
            raise ValueError("; ".join(problems))
        return self

    @cached_property
    def defences(self) -> tuple[Band, ...]:
        return tuple(row.defence for row in self.rows)

    @cached_property
    def cells(self) -> tuple[tuple[Cell, ...], ...]:
        """cells[row][column], each named by its two ranges."""
        return tuple(
            tuple(
                Cell(column.label, row.defence.label, v.attacker_wins, v.attack_loss, v.defence_loss)
                for column, v in zip(self.columns, row.cells, strict=True)
            )
            for row in self.rows
        )


def _axis_problems(what: str, bands: tuple[Band, ...]) -> list[str]:
    """An axis must cover every number of points exactly once, so every battle has one cell."""
    if not bands or bands[0].low != 0:
        return [f"{what}: must start at 0"]
    problems = [
        f"{what}: {before.label!r} → {after.label!r} is not contiguous"
        for before, after in pairwise(bands)
        if before.high is None or after.low != before.high + 1
    ]
    if bands[-1].high is not None:
        problems.append(f"{what}: the last must be open (like '101+')")
    return problems


TABLE = load_rules(TABLE_FILE, Table)


def lookup(attack: int, defence: int) -> Cell:
    """The cell for these combat points: column by the attacker's, row by the defender's."""
    if attack < 0 or defence < 0:
        raise ValueError(f"combat points cannot be negative: {attack}, {defence}")
    column = next(i for i, band in enumerate(TABLE.columns) if band.holds(attack))
    row = next(i for i, band in enumerate(TABLE.defences) if band.holds(defence))
    return TABLE.cells[row][column]
