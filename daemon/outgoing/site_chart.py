"""The standings over turns as an SVG file: one line a power in the game's palette (the colours of
its maps), no script; the page shows it at its width and links to it whole. The numbers on its
axis are typeset as the mails do."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from engines.palette import Colour
from engines.text import Lang, number, rounded

WIDTH, HEIGHT, LEFT, RIGHT, TOP, BOTTOM = 640, 320, 44, 150, 12, 28
LABELS = 12  # turn labels at most: every n-th turn on a long game


@dataclass(frozen=True)
class Line:
    power: str  # as the page's language says it
    colour: Colour  # the power's in the game's palette (`Ruleset.colours`), as in its pictures
    points: Sequence[float]  # one a released turn, oldest first


def _hex(colour: Colour) -> str:
    red, green, blue = colour[:3]
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
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" '
        f'height="{HEIGHT}" role="img" aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>",
        '<style>text { font: 13px "DejaVu Sans", Arial, sans-serif; fill: #333; }</style>',
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
        colour = _hex(line.colour)
        path = " ".join(f"{x(i):.1f},{y(rounded(v)):.1f}" for i, v in enumerate(line.points))
        parts.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2.5"/>')
        key_y = TOP + 8 + row * 18
        parts.append(
            f'<rect x="{WIDTH - RIGHT + 10}" y="{key_y - 8}" width="12" height="12" fill="{colour}"/>'
        )
        parts.append(f'<text x="{WIDTH - RIGHT + 28}" y="{key_y + 2}">{escape(line.power)}</text>')
    parts.append("</svg>")
    return "\n".join(parts)
