"""The map as a picture: cells coloured by terrain, forests and rivers marked, communities as
discs in their tribe's colour with their number (a cross for the computer's tribes), column letters
and row numbers around.

What a reader may see is gathered first (`Board`), then drawn: a tribe sees the cells it has
explored and the communities its own see now (its `view`, never more), in a frame around what it
has explored, so the picture shows no more of the map's size than the cells' names do; the GM sees
everything; the forum's map shows every cell anyone has explored and no community («карта,
показывающая общую изученность карты, но без указания расположения общин»). The title is in
the game's languages; the cell names are the map's own, in any language.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL.ImageDraw import ImageDraw

from engines import drawing
from engines.contract import GM_VIEWER, PUBLIC_VIEWER, Picture
from engines.drawing import FAINT, INK, PAPER, SEA, Colour, dated, dated_name, said
from engines.russian import Forms
from engines.text import Lang, Text
from engines.tribes import sight, world
from engines.tribes.secret import COLUMNS
from engines.tribes.state import State

CELL, MARGIN, TOP, RULER = 28, 14, 44, 20  # a cell; around; the title band; the rulers' labels
LEGEND_ROW, LEGEND_COLUMN = 24, 230
COLOURS: dict[str, Colour] = {
    "plain": (214, 226, 170),
    "steppe": (232, 221, 152),
    "taiga": (128, 160, 118),
    "tundra": (208, 212, 206),
    "hills": (205, 184, 134),
    "mountains": (166, 156, 146),
    "swamp": (152, 174, 148),
    "desert": (241, 216, 164),
    "sea": SEA,
}
FOREST: Colour = (58, 110, 60)
RIVER: Colour = (52, 110, 190)
COMPUTER: Colour = (150, 150, 150)
UNSEEN_LINE: Colour = (232, 226, 214)
SEEN_LINE: Colour = (190, 184, 172)


@dataclass(frozen=True)
class Board:
    """What one picture shows."""

    title: Text
    frame: tuple[int, int, int, int]  # the columns and rows drawn: first x, first y, last x, last y
    cells: frozenset[str]  # the cells seen
    communities: tuple[tuple[str, str, str], ...]  # (cell, tribe, its label)
    colours: dict[str, Colour]  # tribe → colour


def board(state: State, viewer: str, forms: Forms) -> Board:
    turn = state["turn"]
    colours = {p: drawing.colour_of(i) for i, p in enumerate(state["powers"])}
    colours.update({a["name"]: COMPUTER for a in state["ai"]})
    whole = (0, 0, state["secret"]["width"] - 1, state["secret"]["height"] - 1)
    if viewer == GM_VIEWER:
        shown = [(c["cell"], owner, _label(state, owner, c["number"])) for owner, c in sight.occupants(state)]
        title = dated(turn, "Карта ведущего", "The GM's map")
        return Board(title, whole, frozenset(state["secret"]["cells"]), tuple(shown), colours)
    if viewer == PUBLIC_VIEWER:
        explored = frozenset().union(*(frozenset(t["explored"]) for t in state["tribes"].values()))
        title = dated(turn, "Исследованный мир", "The explored world")
        return Board(title, _frame(state, explored), explored, (), colours)
    tribe = state["tribes"][viewer]
    own = [(c["cell"], viewer, str(c["number"])) for c in tribe["communities"]]
    others = [(c["cell"], o, _label(state, o, c["number"])) for o, c in sight.in_sight(state, viewer)]
    explored = frozenset(tribe["explored"])
    title = dated(turn, f"{viewer}: карта", f"{forms.in_english(viewer)}: map")
    return Board(title, _frame(state, explored), explored, tuple(own + others), colours)


def _label(state: State, owner: str, number: int) -> str:
    return str(number) if owner in state["tribes"] else "×"


def _frame(state: State, cells: frozenset[str]) -> tuple[int, int, int, int]:
    """The explored cells and one unexplored cell around them, within the map."""
    if not cells:
        return (0, 0, 0, 0)
    xs, ys = [world.xy(c)[0] for c in cells], [world.xy(c)[1] for c in cells]
    width, height = state["secret"]["width"], state["secret"]["height"]
    return max(0, min(xs) - 1), max(0, min(ys) - 1), min(width - 1, max(xs) + 1), min(height - 1, max(ys) + 1)


def pictures(state: State, viewer: str, forms: Forms, langs: Sequence[Lang]) -> list[Picture]:
    """The map `viewer` may see, its words in `langs`: a tribe's name in English by `forms`."""
    shown = board(state, viewer, forms)
    names = {owner: said(Text(owner, forms.in_english(owner)), langs) for _, owner, _ in shown.communities}
    return [
        Picture(
            dated_name(state["turn"], "map"), shown.title, draw(state, shown, said(shown.title, langs), names)
        )
    ]


def draw(state: State, shown: Board, title: str, names: dict[str, str]) -> bytes:
    x0, y0, x1, y1 = shown.frame
    left, top = MARGIN + RULER, TOP + RULER
    owners = sorted({o for _, o, _ in shown.communities}, key=lambda o: (shown.colours[o] == COMPUTER, o))
    columns = min(3, len(owners))
    legend = LEGEND_ROW * ((len(owners) + 2) // 3) + (MARGIN if owners else 0)
    width = max(
        left + (x1 - x0 + 1) * CELL + MARGIN,
        2 * MARGIN + drawing.text_width(title, 20, bold=True),
        MARGIN + columns * LEGEND_COLUMN,
    )
    image, pen = drawing.canvas(width, top + (y1 - y0 + 1) * CELL + MARGIN + legend)
    pen.text((MARGIN, 12), title, fill=INK, font=drawing.font(20, bold=True))
    small = drawing.font(12)
    for x in range(x0, x1 + 1):
        pen.text(
            (left + (x - x0) * CELL + CELL // 2, top - 4), COLUMNS[x], fill=FAINT, font=small, anchor="mb"
        )
    for y in range(y0, y1 + 1):
        pen.text(
            (left - 6, top + (y - y0) * CELL + CELL // 2), str(y + 1), fill=FAINT, font=small, anchor="rm"
        )

    def box(cell: str) -> tuple[int, int, int, int]:
        x, y = world.xy(cell)
        return (
            left + (x - x0) * CELL,
            top + (y - y0) * CELL,
            left + (x - x0 + 1) * CELL - 1,
            top + (y - y0 + 1) * CELL - 1,
        )

    for y in range(y0, y1 + 1):
        for x in range(x0, x1 + 1):
            cell = world.cell_at(state, x, y)
            assert cell is not None
            if cell in shown.cells:
                _cell(state, pen, shown, cell, box(cell))
            else:
                pen.rectangle(box(cell), fill=PAPER, outline=UNSEEN_LINE)
    for cell, owner, label in shown.communities:
        left_x, top_y, _, _ = box(cell)
        cx, cy = left_x + CELL // 2, top_y + CELL // 2
        pen.ellipse((cx - 10, cy - 10, cx + 10, cy + 10), fill=shown.colours[owner], outline=INK, width=2)
        pen.text((cx, cy), label, fill=INK, font=drawing.font(12, bold=True), anchor="mm")
    base = top + (y1 - y0 + 1) * CELL + MARGIN
    for n, owner in enumerate(owners):
        lx, ly = MARGIN + (n % 3) * LEGEND_COLUMN, base + (n // 3) * LEGEND_ROW
        pen.ellipse((lx, ly + 2, lx + 14, ly + 16), fill=shown.colours[owner], outline=INK)
        pen.text((lx + 20, ly), names[owner], fill=INK, font=drawing.font(14))
    return drawing.png(image)


def _cell(state: State, pen: ImageDraw, shown: Board, cell: str, box: tuple[int, int, int, int]) -> None:
    pen.rectangle(box, fill=COLOURS[world.terrain(state, cell).id], outline=SEEN_LINE)
    features = {f.id for f in world.features(state, cell)}
    if "forest" in features:
        for dx, dy in ((7, 9), (18, 8), (12, 19)):
            x, y = box[0] + dx, box[1] + dy
            pen.polygon([(x, y - 5), (x - 4, y + 3), (x + 4, y + 3)], fill=FOREST)
    if "river" in features:
        _river(state, pen, shown, cell, box)


def _river(state: State, pen: ImageDraw, shown: Board, cell: str, box: tuple[int, int, int, int]) -> None:
    """A river cell: half a line from its centre toward each seen river cell around it, so
    neighbours' halves meet; a short stroke when none is seen."""
    cx, cy = box[0] + CELL // 2, box[1] + CELL // 2
    x, y = world.xy(cell)
    ends = []
    for dx, dy in world.DIRECTIONS.values():
        other = world.cell_at(state, x + dx, y + dy)
        if other in shown.cells and "river" in {f.id for f in world.features(state, other)}:
            ends.append((cx + dx * CELL // 2, cy + dy * CELL // 2))
    for end in ends or [(cx - 8, cy + 6), (cx + 8, cy - 6)]:
        pen.line([(cx, cy), end], fill=RIVER, width=3)
