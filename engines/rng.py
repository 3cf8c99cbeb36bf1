"""The only source of chance a ruleset may use: seeded, and every draw is logged for the GM."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Draw:
    """One lot draw or roll: why it was made and what came out, as the GM digest shows it."""

    purpose: str
    outcome: str

    def to_json(self) -> dict[str, str]:
        return {"purpose": self.purpose, "outcome": self.outcome}


class Rng:
    """A `random.Random` seeded from a string; same seed, same draws, byte for byte."""

    def __init__(self, seed: str) -> None:
        self.seed = seed
        self._random = random.Random(seed)
        self.log: list[Draw] = []

    def randint(self, low: int, high: int, purpose: str) -> int:
        value = self._random.randint(low, high)
        self.log.append(Draw(purpose, f"{value} ({low}..{high})"))
        return value

    def choice(self, options: Sequence[T], purpose: str) -> T:
        value = options[self._random.randrange(len(options))]
        self.log.append(Draw(purpose, str(value)))
        return value

    def shuffled(self, items: Sequence[T], purpose: str) -> list[T]:
        result = list(items)
        self._random.shuffle(result)
        self.log.append(Draw(purpose, ", ".join(str(item) for item in result)))
        return result
