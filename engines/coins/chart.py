"""A line chart of one number per power by turn, drawn for a mail attachment.

It is drawn at twice its size and scaled down, so slanted lines are smooth while the text stays
sharp, then kept to a small palette (the chart's own colours exact), so the PNG stays small. Each
line is cased in a darker shade so the palette's light colours show on paper, and ends in a label
in its colour (black text on it), the labels nudged apart when values are close.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engines.drawing import FAINT, INK, NEUTRAL, PAPER, Colour, canvas, font, png, text_width

WIDTH, HEIGHT = 900, 500
SCALE = 2
TITLE, NOTE, TEXT = 20, 13, 13  # font sizes in pixels of the final picture
LABEL_HEIGHT = TEXT + 9
LEFT, TOP, BOTTOM, MARGIN = 64, 84, 60, 16  # the plot's frame; MARGIN: its inner padding and the edge's
LEADER = 14  # from a line's end to its label
LEAST_TOP = 10  # the value axis reaches at least this: a start at zero is a line at the bottom


@dataclass(frozen=True)
class Series:
    label: str  # shown at the line's end
    colour: Colour
    points: tuple[tuple[int, float], ...]  # (turn, value), turns ascending


@dataclass(frozen=True)
class Chart:
    title: str
    note: str  # a line under the title, "" for none
    x_title: str
    y_title: str
    turns: tuple[int, int]  # the first and last turn of the x axis
    series: tuple[Series, ...]


def draw(chart: Chart) -> bytes:
    """The chart as PNG bytes: the same chart, the same bytes."""
    image, pen = canvas(WIDTH * SCALE, HEIGHT * SCALE)
    frame = _Frame(chart)
    pen.text(_at(WIDTH / 2, 16), chart.title, font=font(TITLE * SCALE, bold=True), fill=INK, anchor="mt")
    if chart.note:
        pen.text(_at(WIDTH / 2, 46), chart.note, font=font(NOTE * SCALE), fill=FAINT, anchor="mt")
    frame.axes(pen, chart)
    for series in chart.series:
        frame.line(pen, series)
    frame.labels(pen, chart.series)
    exact = [PAPER, INK, *(c for s in chart.series for c in (s.colour, _dark(s.colour)))]
    return png(_few_colours(image.reduce(SCALE), exact))


def ticks(low: float, high: float, most: int = 8) -> list[int]:
    """Round steps (1, 2, 5, 10, 20…) covering low…high in at most `most` + 1 marks."""
    high = max(high, low + 1)
    step = next(s for s in _steps() if (high - low) / s <= most)
    return list(range(math.floor(low / step) * step, math.ceil(high / step) * step + 1, step))


def spread(targets: Sequence[float], gap: float, low: float, high: float) -> list[float]:
    """Label centres as near their targets as can be, at least `gap` apart, within low…high:
    labels that would overlap form a group centred on its targets' mean, groups merging as needed."""
    groups: list[list[int]] = []

    def first(group: list[int]) -> float:
        mean = sum(targets[i] for i in group) / len(group)
        return max(low, min(mean - gap * (len(group) - 1) / 2, high - gap * (len(group) - 1)))

    for index in sorted(range(len(targets)), key=lambda i: targets[i]):
        groups.append([index])
        while len(groups) > 1 and first(groups[-2]) + gap * len(groups[-2]) > first(groups[-1]):
            last = groups.pop()
            groups[-1].extend(last)
    centres = [0.0] * len(targets)
    for group in groups:
        for place, index in enumerate(group):
            centres[index] = first(group) + place * gap
    return centres


def _few_colours(image: Image.Image, exact: Sequence[Colour]) -> Image.Image:
    """Scaled down, the smooth edges hold thousands of shades; 128 keep the look (text on a label's
    colour too) at a third of the bytes. The palette entry nearest each of `exact` is made exactly
    it, so a power keeps its colour."""
    small = image.quantize(colors=128, method=Image.Quantize.FASTOCTREE)
    flat = small.getpalette() or []
    entries: list[Colour] = [(flat[i], flat[i + 1], flat[i + 2]) for i in range(0, len(flat), 3)]
    for colour in exact:
        nearest = min(range(len(entries)), key=lambda i: _distance(entries[i], colour))
        entries[nearest] = colour
    small.putpalette([value for entry in entries for value in entry])
    return small


def _distance(one: Colour, other: Colour) -> int:
    return sum(abs(a - b) for a, b in zip(one, other, strict=True))


def _steps() -> Iterator[int]:
    power = 1
    while True:
        yield from (power, 2 * power, 5 * power)
        power *= 10


def _at(x: float, y: float) -> tuple[int, int]:
    """A point of the final picture on the drawing, which is SCALE times larger."""
    return round(x * SCALE), round(y * SCALE)


def _dark(colour: Colour) -> Colour:
    r, g, b = colour
    return int(r * 0.55), int(g * 0.55), int(b * 0.55)


class _Frame:
    """Where a turn and a value land on the picture; the right margin fits the widest label."""

    def __init__(self, chart: Chart) -> None:
        widest = max((text_width(s.label, TEXT) for s in chart.series), default=0)
        self.left, self.top = LEFT, TOP
        self.right = WIDTH - MARGIN - widest - 2 * 6 - LEADER
        self.bottom = HEIGHT - BOTTOM
        values = [v for s in chart.series for _, v in s.points]
        self.values = ticks(min([0.0, *values]), max([LEAST_TOP, *values]))
        self.turns = chart.turns

    def x(self, turn: int) -> float:
        first, last = self.turns
        inner = self.right - self.left - 2 * MARGIN
        if first == last:
            return self.left + MARGIN + inner / 2
        return self.left + MARGIN + inner * (turn - first) / (last - first)

    def y(self, value: float) -> float:
        low, high = self.values[0], self.values[-1]
        return self.bottom - (self.bottom - self.top) * (value - low) / (high - low)

    def axes(self, pen: ImageDraw.ImageDraw, chart: Chart) -> None:
        small = font(TEXT * SCALE)
        for value in self.values:
            y = self.y(value)
            pen.line(
                [_at(self.left, y), _at(self.right, y)], fill=FAINT if value == 0 else NEUTRAL, width=SCALE
            )
            pen.text(_at(self.left - 8, y), str(value), font=small, fill=INK, anchor="rm")
        first, last = self.turns
        for turn in range(first, last + 1, max(1, math.ceil((last - first + 1) / 12))):
            x = self.x(turn)
            pen.line([_at(x, self.bottom), _at(x, self.bottom + 5)], fill=FAINT, width=SCALE)
            pen.text(_at(x, self.bottom + 9), str(turn), font=small, fill=INK, anchor="mt")
        pen.line([_at(self.left, self.top), _at(self.left, self.bottom)], fill=FAINT, width=SCALE)
        pen.line([_at(self.left, self.bottom), _at(self.right, self.bottom)], fill=FAINT, width=SCALE)
        centre = (self.left + self.right) / 2
        pen.text(_at(centre, self.bottom + 32), chart.x_title, font=small, fill=INK, anchor="mt")
        pen.text(_at(MARGIN, self.top - 22), chart.y_title, font=small, fill=INK, anchor="lm")

    def line(self, pen: ImageDraw.ImageDraw, series: Series) -> None:
        points = [_at(self.x(turn), self.y(value)) for turn, value in series.points]
        if len(points) > 1:
            pen.line(points, fill=_dark(series.colour), width=5 * SCALE, joint="curve")
            pen.line(points, fill=series.colour, width=3 * SCALE, joint="curve")
        for x, y in points:
            r = 4 * SCALE
            pen.ellipse(
                [x - r, y - r, x + r, y + r], fill=series.colour, outline=_dark(series.colour), width=SCALE
            )

    def labels(self, pen: ImageDraw.ImageDraw, all_series: Sequence[Series]) -> None:
        shown = [s for s in all_series if s.points]
        ends = [(self.x(s.points[-1][0]), self.y(s.points[-1][1])) for s in shown]
        half = LABEL_HEIGHT / 2
        centres = spread([y for _, y in ends], LABEL_HEIGHT + 3, self.top + half, self.bottom - half)
        x = max((end_x for end_x, _ in ends), default=0) + LEADER
        for series, (end_x, end_y), y in zip(shown, ends, centres, strict=True):
            dark = _dark(series.colour)
            pen.line([_at(end_x + 5, end_y), _at(x, y)], fill=dark, width=SCALE)
            box = [_at(x, y - half), _at(x + text_width(series.label, TEXT) + 12, y + half)]
            pen.rounded_rectangle(box, radius=4 * SCALE, fill=series.colour, outline=dark, width=SCALE)
            pen.text(_at(x + 6, y), series.label, font=font(TEXT * SCALE), fill=INK, anchor="lm")
