"""The only source of chance a ruleset may use: seeded, and every draw is logged for the GM."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from engines.text import Msg

T = TypeVar("T")


@dataclass(frozen=True)
class Draw:
    """One lot draw or roll: why it was made (a catalog message, said in the game's language) and
    what came out: the values drawn, in order, and for a roll the range it was rolled in."""

    purpose: Msg
    values: tuple[str | int, ...]
    span: tuple[int, int] | None = None

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {"purpose": self.purpose.to_json(), "values": list(self.values)}
        if self.span is not None:
            data["range"] = list(self.span)
        return data


def draw_of(data: Mapping[str, object]) -> Draw | None:
    """A draw as a turn record keeps it; None for a record older than catalog purposes (its
    purpose and outcome are finished text)."""
    purpose, values, span = data.get("purpose"), data.get("values"), data.get("range")
    if not isinstance(purpose, Mapping) or not isinstance(values, list):
        return None
    low_high = (int(span[0]), int(span[1])) if isinstance(span, list) and len(span) == 2 else None
    return Draw(Msg.from_json(purpose), tuple(values), low_high)


class Rng:
    """A `random.Random` seeded from a string; same seed, same draws, byte for byte."""

    def __init__(self, seed: str) -> None:
        self.seed = seed
        self._random = random.Random(seed)
        self.log: list[Draw] = []

    def randint(self, low: int, high: int, purpose: Msg) -> int:
        value = self._random.randint(low, high)
        self.log.append(Draw(purpose, (value,), (low, high)))
        return value

    def choice(self, options: Sequence[T], purpose: Msg) -> T:
        value = options[self._random.randrange(len(options))]
        self.log.append(Draw(purpose, (_kept(value),)))
        return value

    def shuffled(self, items: Sequence[T], purpose: Msg) -> list[T]:
        result = list(items)
        self._random.shuffle(result)
        self.log.append(Draw(purpose, tuple(_kept(item) for item in result)))
        return result


def _kept(value: object) -> str | int:
    return value if isinstance(value, int) and not isinstance(value, bool) else str(value)
