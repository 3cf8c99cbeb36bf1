"""The board as a picture: every province where its map's `at` puts it, linked to its neighbours
(land links brown, sea links blue), each supply centre in its owner's colour, every unit a disc
of its power's colour with its letter, and the last phase's orders drawn on it: moves and
retreats as arrows (solid where they went, faint where they failed), supports and convoys as
dotted lines, builds ringed, disbanded units crossed. Everything on a Diplomacy board is
public: every reader gets the same picture."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

from PIL import ImageDraw

from engines import drawing
from engines.contract import Picture
from engines.diplomacy.board import Board, province_of
from engines.diplomacy.lexicon import words
from engines.diplomacy.state import Played, State
from engines.drawing import FAINT, INK, NEUTRAL, PAPER, SEA, Colour, said
from engines.text import Lang, Text

if TYPE_CHECKING:
    from engines.diplomacy.ruleset import DiplomacyRuleset

TOP, BOTTOM = 36, 34  # the title's band, the legend's
LABEL, SMALL, TITLE = 12, 10, 16
DISC = 9  # a unit's radius
LAND_LINK: Colour = (196, 182, 160)
SEA_LINK: Colour = (160, 190, 212)
SEA_INK: Colour = (38, 72, 104)
CONVOY: Colour = (30, 96, 160)
LOST: Colour = (190, 30, 30)
Point = tuple[float, float]


def pictures(ruleset: DiplomacyRuleset, state: State, langs: tuple[Lang, ...]) -> Sequence[Picture]:
    board = ruleset.board
    if state["shown"]:
        turn, phase = int(state["shown"][0]), str(state["shown"][1])
        when = ruleset.turn_title(turn, phase)
        title = Text(f"Карта: {when.ru}", f"Map: {when.en}")
        name = f"map-{board.data.first_year + turn - 1}-{phase.replace('_', '-')}"
    else:
        title, name = Text("Карта в начале игры", "Map at the start"), "map-start"
    return (Picture(name, title, _drawn(board, state, langs, title)),)


def _drawn(board: Board, state: State, langs: tuple[Lang, ...], title: Text) -> bytes:
    width, height = board.data.size
    image, pen = drawing.canvas(width, height + TOP + BOTTOM)
    colours = {p.name: _rgb(p.colour) for p in board.data.powers}
    _links(board, pen)
    for code in sorted(board.provinces):
        _province(board, state, pen, code, colours, langs)
    for played in state["played"]:
        _order(board, pen, played, colours)
    for unit in state["units"].values():
        _unit(pen, _spot(board, unit["location"]), colours[unit["power"]], unit["kind"], langs)
    for record in state["dislodged"].values():
        x, y = _spot(board, record["location"])
        _unit(pen, (x + DISC, y + DISC), colours[record["power"]], record["kind"], langs)
        _cross(pen, (x + DISC, y + DISC))
    pen.text((10, 8), said(title, langs), fill=INK, font=drawing.font(TITLE, bold=True))
    _legend(board, state, pen, colours, height + TOP, langs[0] if langs else "ru")
    return drawing.png(image)


def _rgb(colour: str) -> Colour:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _at(board: Board, province: str) -> Point:
    x, y = board.provinces[province].at
    return float(x), float(y + TOP)


def _spot(board: Board, location: str) -> Point:
    """Where a unit at `location` is drawn: its coast's place on a province of two."""
    province, _, coast = location.partition("/")
    if coast:
        cx, cy = board.provinces[province].coast_at[coast]
        return float(cx), float(cy + TOP)
    x, y = _at(board, province)
    return x, y - 18


@cache
def _pairs(board: Board) -> tuple[tuple[str, str, bool], ...]:
    """Each pair of neighbouring provinces once, and whether a fleet crosses between them."""
    found: dict[tuple[str, str], bool] = {}
    for code, p in board.provinces.items():
        for near in p.army:
            found.setdefault((min(code, near), max(code, near)), False)
        for near in (*p.fleet, *(n for ns in p.coasts.values() for n in ns)):
            other = province_of(near)
            found[(min(code, other), max(code, other))] = True
    return tuple((a, b, sea) for (a, b), sea in sorted(found.items()))


def _links(board: Board, pen: ImageDraw.ImageDraw) -> None:
    for a, b, sea in _pairs(board):
        pen.line([_at(board, a), _at(board, b)], fill=SEA_LINK if sea else LAND_LINK, width=1)


def _province(
    board: Board,
    state: State,
    pen: ImageDraw.ImageDraw,
    code: str,
    colours: dict[str, Colour],
    langs: Sequence[Lang],
) -> None:
    p = board.provinces[code]
    x, y = _at(board, code)
    label = _label(board, code, langs)
    half = drawing.text_width(label, LABEL) / 2 + 6
    box = (x - half, y - 9, x + half, y + 9)
    if p.kind == "sea":
        pen.ellipse(box, fill=SEA, outline=SEA_LINK)
        pen.text((x, y), label, fill=SEA_INK, font=drawing.font(LABEL), anchor="mm")
        return
    owner = state["centres"].get(code)
    fill = _light(colours[owner]) if owner else NEUTRAL if p.centre else PAPER
    pen.rounded_rectangle(box, radius=5, fill=fill, outline=FAINT)
    pen.text((x, y), label, fill=INK, font=drawing.font(LABEL, bold=p.centre), anchor="mm")
    if p.centre:
        pen.ellipse((box[2] - 3, y - 3, box[2] + 3, y + 3), fill=INK)


def _label(board: Board, code: str, langs: Sequence[Lang]) -> str:
    """The province's short name: the Russian abbreviation, or the English one in a game
    played only in English."""
    p = board.provinces[code]
    if langs and langs[0] == "en":
        return code.upper()
    return next((a for a in p.aliases if len(a) <= 4 and any("а" <= c.lower() <= "я" for c in a)), p.name[:3])


def _light(colour: Colour) -> Colour:
    r, g, b = colour
    return (r + (255 - r) // 2, g + (255 - g) // 2, b + (255 - b) // 2)


def _unit(pen: ImageDraw.ImageDraw, at: Point, colour: Colour, kind: str, langs: Sequence[Lang]) -> None:
    x, y = at
    pen.ellipse((x - DISC, y - DISC, x + DISC, y + DISC), fill=colour, outline=INK, width=2)
    said_kind = words().said["army" if kind == "A" else "fleet"].get(langs[0] if langs else "ru")
    pen.text(
        (x, y),
        said_kind,
        fill=PAPER if sum(colour) < 380 else INK,
        font=drawing.font(SMALL, True),
        anchor="mm",
    )


def _cross(pen: ImageDraw.ImageDraw, at: Point) -> None:
    x, y = at
    for dx in (-1, 1):
        pen.line([(x - DISC, y - dx * DISC), (x + DISC, y + dx * DISC)], fill=LOST, width=3)


def _order(board: Board, pen: ImageDraw.ImageDraw, played: Played, colours: dict[str, Colour]) -> None:
    start = _spot(board, played["at"])
    colour = colours[played["power"]]
    kind = played["order"]
    if kind in ("move", "retreat"):
        went = played["result"] in ("moved", "retreated")
        _arrow(pen, start, _at(board, province_of(played["to"])), INK if went else FAINT, 3 if went else 2)
    elif kind == "support":
        target = played["to"] or played["unit"]
        _dotted(pen, start, _at(board, province_of(target)), colour)
    elif kind == "convoy":
        _dotted(pen, start, _spot(board, played["unit"]), CONVOY)
    elif kind == "build":
        x, y = start
        pen.ellipse((x - DISC - 4, y - DISC - 4, x + DISC + 4, y + DISC + 4), outline=INK, width=2)
    elif kind == "disband" and played["result"] != "retreated":
        _cross(pen, start)


def _arrow(pen: ImageDraw.ImageDraw, start: Point, end: Point, colour: Colour, width: int) -> None:
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    tip = (x1 - ux * 12, y1 - uy * 12)  # short of the province's label
    pen.line([start, tip], fill=colour, width=width)
    left = (tip[0] - ux * 10 - uy * 5, tip[1] - uy * 10 + ux * 5)
    right = (tip[0] - ux * 10 + uy * 5, tip[1] - uy * 10 - ux * 5)
    pen.polygon([tip, left, right], fill=colour)


def _dotted(pen: ImageDraw.ImageDraw, start: Point, end: Point, colour: Colour) -> None:
    (x0, y0), (x1, y1) = start, end
    steps = max(int(math.hypot(x1 - x0, y1 - y0) // 8), 1)
    for i in range(0, steps, 2):
        a, b = i / steps, min((i + 1) / steps, 1.0)
        pen.line(
            [(x0 + (x1 - x0) * a, y0 + (y1 - y0) * a), (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b)],
            fill=colour,
            width=2,
        )


def _legend(
    board: Board, state: State, pen: ImageDraw.ImageDraw, colours: dict[str, Colour], top: int, lang: Lang
) -> None:
    """Each power's colour, its name in the game's first language and its supply centres."""
    x = 10
    for power in board.powers:
        count = sum(1 for owner in state["centres"].values() if owner == power)
        text = f"{power if lang == 'ru' else board.power_data[power].en} {count}"
        pen.rectangle((x, top + 10, x + 14, top + 24), fill=colours[power], outline=INK)
        pen.text((x + 20, top + 17), text, fill=INK, font=drawing.font(LABEL), anchor="lm")
        x += 30 + drawing.text_width(text, LABEL)
