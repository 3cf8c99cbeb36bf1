"""Builders every ruleset's tests share: order mails, one resolution, the codes of messages and
problems, and a stable dump of a resolution (for determinism tests)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from engines.contract import JSON, Command, Problem, Resolution, Ruleset
from engines.errors import RuleDataError
from engines.rng import Rng
from engines.ruledata import RuleData, load_rules

Line = tuple[str, dict[str, int | str]]


def mail(*lines: Line) -> list[Command]:
    """A mail of these orders, numbered from line 1 as the parser would."""
    return [Command(name, args, number) for number, (name, args) in enumerate(lines, start=1)]


def o(name: str, **args: int | str) -> Line:
    return (name, args)


def codes(messages: Sequence[Any]) -> list[str]:
    return [m.code for m in messages]


def as_json(result: Resolution[JSON]) -> str:
    """Everything a resolution gives, as one string: equal strings mean equal resolutions."""
    return json.dumps(
        {
            "state": result.state,
            "reports": {p: [m.to_json() for m in ms] for p, ms in result.reports.items()},
            "news": [m.to_json() for m in result.news],
            "gm_log": [m.to_json() for m in result.gm_log],
        },
        ensure_ascii=False,
        sort_keys=True,
    )


class RulesetUnderTest:
    """One ruleset's `run` and `problems`, so each ruleset's helpers bind them once."""

    def __init__(self, ruleset: Ruleset[Any]) -> None:
        self.ruleset = ruleset

    def run(
        self, state: JSON, orders: Mapping[str, Sequence[Command]] | None = None, seed: str = "t"
    ) -> Resolution[JSON]:
        """Resolve the phase the game is at."""
        return self.ruleset.resolve(state, state["phase"], orders or {}, Rng(seed))

    def problems(self, state: JSON, power: str, *lines: Line) -> list[str]:
        """The codes of what the checks refuse in this mail of the power, now."""
        found: list[Problem] = self.ruleset.check(state, power, state["phase"], mail(*lines))
        return [p.msg.code for p in found]


def refusal_of_edit(
    tmp_path: Path, original: Path, old: str, new: str, model: type[RuleData]
) -> tuple[Path, str]:
    """The data file with one edit (`old`, which must be there, becomes `new`) and what loading it
    says: a test then checks the message names the file and the key."""
    text = original.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / original.name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(RuleDataError) as caught:
        load_rules(path, model)
    return path, str(caught.value)


def lab(colour: tuple[int, int, int]) -> tuple[float, float, float]:
    """CIE L*a*b* of an sRGB colour (D65): where a distance is how different two colours look."""

    def linear(u: float) -> float:
        u /= 255
        return ((u + 0.055) / 1.055) ** 2.4 if u > 0.04045 else u / 12.92

    r, g, b = (linear(c) for c in colour)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def colour_distance(one: tuple[int, int, int], other: tuple[int, int, int]) -> float:
    """How different two colours look: CIE76 ΔE (2.3 is just noticeable)."""
    return float(sum((a - b) ** 2 for a, b in zip(lab(one), lab(other), strict=True)) ** 0.5)


def contrast_with_black(colour: tuple[int, int, int]) -> float:
    """WCAG's contrast ratio of black text on `colour` (4.5 reads comfortably)."""

    def linear(u: float) -> float:
        u /= 255
        return ((u + 0.055) / 1.055) ** 2.4 if u > 0.04045 else u / 12.92

    r, g, b = (linear(c) for c in colour)
    return (0.2126 * r + 0.7152 * g + 0.0722 * b + 0.05) / 0.05
