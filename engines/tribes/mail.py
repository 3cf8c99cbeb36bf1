"""One tribe's mail being judged top to bottom (checks.py, dealings.py): what its earlier lines took,
so the line that oversteps is the one refused and a refused line takes nothing."""

from __future__ import annotations

from dataclasses import dataclass, field

from engines.tribes.level import Level
from engines.tribes.marching import Move
from engines.tribes.state import Community, State, Tribe


@dataclass
class Mail:
    """One tribe's mail being judged, with what its earlier lines took."""

    state: State
    power: str
    level: Level
    given: dict[tuple[int, str], int] = field(default_factory=dict)  # (community, stratum) → children
    converted: dict[tuple[int, str], int] = field(default_factory=dict)  # (community, stratum) → taken
    raised: dict[tuple[int, str], int] = field(default_factory=dict)  # (community, stratum) → made
    moving: dict[int, int] = field(default_factory=dict)  # community → line of its move
    plans: dict[int, Move] = field(default_factory=dict)  # community → its move as read
    merging: dict[int, int] = field(default_factory=dict)  # community → line of its merge away
    mode: int = 0  # line of a МИГРИРОВАТЬ or ОСЕСТЬ
    acting: dict[int, int] = field(default_factory=dict)  # community → line of its attack or raid
    ceding: dict[int, int] = field(default_factory=dict)  # community → line of its УСТУПИТЬ
    chosen: dict[str, int] = field(default_factory=dict)  # decision → line of its ВЫБРАТЬ
    once: dict[str, int] = field(default_factory=dict)  # ИЗОЛЯЦИЯ/ОТКРЫТОСТЬ, ГОЛОС → its line

    @property
    def tribe(self) -> Tribe:
        return self.state["tribes"][self.power]

    def community(self, number: int) -> Community | None:
        return next((c for c in self.tribe["communities"] if c["number"] == number), None)

    def added(self, number: int, stratum: str) -> int:
        """People this mail already adds to a stratum of a community: children and conversions."""
        return self.given.get((number, stratum), 0) + self.raised.get((number, stratum), 0)
