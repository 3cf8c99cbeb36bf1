"""The standings over turns as an inline SVG: one line a power, no script, readable on a phone
(it scales to the page's width). The numbers on its axis are typeset as the mails do."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from engines.drawing import colour_of
from engines.text import Lang, number, rounded

WIDTH, HEIGHT, LEFT, RIGHT, TOP, BOTTOM = 640, 320, 44, 150, 12, 28
LABELS = 12  # turn labels at most: every n-th turn on a long game


@dataclass(frozen=True)
class Line:
    power: str  # as the page's language says it
    index: int  # its place in the game's powers: its colour, as in the pictures
    points: Sequence[float]  # one a released turn, oldest first


def _hex(index: int) -> str:
    red, green, blue = colour_of(index)[:3]
    return f"#{red:02x}{green:02x}{blue:02x}"


def chart(turns: Sequence[str], lines: Sequence[Line], title: str, lang: Lang) -> str:
    """The SVG of `lines` over `turns` (their labels); "" with fewer than two turns to draw."""
    if len(turns) < 2 or not lines:
        return ""
    values = [rounded(v) for line in lines for v in line.points]
    low, high = min(0.0, *values), max(1.0, *values)
    span_x, span_y = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(i: int) -> float:
        return LEFT + span_x * i / (len(turns) - 1)

    def y(v: float) -> float:
        return TOP + span_y * (high - v) / (high - low)

    parts = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>",
        f'<line x1="{LEFT}" y1="{y(low):.1f}" x2="{WIDTH - RIGHT}" y2="{y(low):.1f}" stroke="#888"/>',
    ]
    for v in (low, high):
        parts.append(f'<text x="{LEFT - 6}" y="{y(v) + 4:.1f}" text-anchor="end">{number(v, lang)}</text>')
    step = -(-len(turns) // LABELS)
    for i, label in enumerate(turns):
        if i % step and i != len(turns) - 1:
            continue
        parts.append(f'<text x="{x(i):.1f}" y="{HEIGHT - 8}" text-anchor="middle">{escape(label)}</text>')
    for row, line in enumerate(lines):
        colour = _hex(line.index)
        path = " ".join(f"{x(i):.1f},{y(rounded(v)):.1f}" for i, v in enumerate(line.points))
        parts.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2.5"/>')
        key_y = TOP + 8 + row * 18
        parts.append(
            f'<rect x="{WIDTH - RIGHT + 10}" y="{key_y - 8}" width="12" height="12" fill="{colour}"/>'
        )
        parts.append(f'<text x="{WIDTH - RIGHT + 28}" y="{key_y + 2}">{escape(line.power)}</text>')
    parts.append("</svg>")
    return "\n".join(parts)
