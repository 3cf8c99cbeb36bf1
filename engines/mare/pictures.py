"""The painted map as a picture: each territory in its people's colour, fortresses and bonuses (public),
and, only for who may know them, last turn's spending and the Pesterator's dues per territory and
the generals held (a power sees its own, the GM everyone's, the public post none: views.py).

Territories sit where data.toml's `position` puts them, linked by their adjacency; land is a box,
sea an ellipse on the sea. Every label keeps one place whatever the state (a bonus line is always
room-reserved by `footprint`), so the picture does not jump between turns.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from PIL import ImageDraw

from engines import drawing
from engines.contract import GM_VIEWER, PUBLIC_VIEWER, Picture
from engines.drawing import FAINT, INK, NEUTRAL, PAPER, SEA, Colour, dated, dated_name, said
from engines.mare.data import DATA, Territory
from engines.mare.state import State
from engines.mare.world import bonus_at, held_generals, neighbours, owned
from engines.russian import agree, english_plural
from engines.text import BOTH, Lang, Text
from engines.toolkit import by_name

Box = tuple[int, int, int, int]

TOP = 40  # the title's band above the map
NAME, SMALL, LEGEND = 13, 11, 13  # font sizes
LINE = NAME + 3
PAD = 5
WRAP = 96  # a name wider than this breaks at its space
STAR = 11  # a bonus star's outer radius
CASTLE = 13  # a fortress's height
CHIP = 15  # height of a spending chip under a territory
LAND_LINK: Colour = (120, 104, 88)
SEA_LINK: Colour = (138, 170, 196)
SEA_EDGE: Colour = (150, 182, 204)
SEA_INK: Colour = (38, 72, 104)
SHORE = 22  # half the width of the land drawn under land links
SHORE_COLOUR: Colour = (232, 226, 208)
GOLD: Colour = (246, 196, 36)


def pictures(state: State, viewer: str, langs: Sequence[Lang] = BOTH) -> Sequence[Picture]:
    turn = state["turn"]
    return (Picture(dated_name(turn, "map"), dated(turn, "Карта", "Map"), _map(state, viewer, tuple(langs))),)


def privy(state: State, viewer: str) -> tuple[str, ...]:
    """The powers whose private map facts `viewer` may see."""
    if viewer == GM_VIEWER:
        return tuple(state["powers"])
    if viewer == PUBLIC_VIEWER:
        return ()
    if viewer in state["powers"]:
        return (viewer,)
    raise ValueError(f"mare draws for a power, {GM_VIEWER} or {PUBLIC_VIEWER}, not {viewer!r}")


def lines_of(territory: Territory, langs: Sequence[Lang] = BOTH) -> list[str]:
    """The name as drawn, in the game's first language: broken at its space when too wide."""
    name = territory.name if langs[0] == "ru" else territory.en
    if " " in name and drawing.text_width(name, NAME) > WRAP:
        return name.split(" ", 1)
    return [name]


def label_box(territory: Territory, langs: Sequence[Lang] = BOTH) -> Box:
    """Where a territory's name is drawn; the same whatever the state, so nothing jumps."""
    names = lines_of(territory, langs)
    width = max(drawing.text_width(n, NAME) for n in names)
    x, y = _centre(territory)
    half = LINE * len(names) // 2
    return (x - width // 2 - PAD, y - half - PAD, x + width // 2 + PAD, y + half + PAD)


def text_box(territory: Territory, langs: Sequence[Lang] = BOTH) -> Box:
    """Where the name's letters are: inside the label's padding."""
    left, top, right, bottom = label_box(territory, langs)
    return (left + PAD, top + PAD, right - PAD, bottom - PAD)


def star_xy(territory: Territory, langs: Sequence[Lang] = BOTH) -> tuple[int, int]:
    """A bonus star's centre: on the label's upper right corner, raised clear of the name."""
    _, top, right, _ = label_box(territory, langs)
    return right, top + PAD - STAR - 1


def castle_xy(territory: Territory, langs: Sequence[Lang] = BOTH) -> tuple[int, int]:
    """A fortress's top left: on the label's upper left corner, raised clear of the name."""
    left, top, _, _ = label_box(territory, langs)
    return left - 3, top + PAD - CASTLE - 1


def footprint(territory: Territory, langs: Sequence[Lang] = BOTH) -> Box:
    """All a territory's label may take: the sea's ellipse, a bonus star on the upper right
    corner, a fortress on the upper left, half a chip row below."""
    box = label_box(territory, langs) if territory.is_land else _ellipse(label_box(territory, langs))
    x, y = star_xy(territory, langs)
    left, _ = castle_xy(territory, langs)
    return (min(box[0], left), y - STAR, max(box[2], x + STAR), box[3] + CHIP // 2)


def _area(box: Box) -> int:
    return (box[2] - box[0]) * (box[3] - box[1])


def _ellipse(box: Box) -> Box:
    return (box[0] - 10, box[1] - 5, box[2] + 10, box[3] + 5)


def _map(state: State, viewer: str, langs: tuple[Lang, ...]) -> bytes:
    seen = privy(state, viewer)
    legend = _legend_lines(state, seen, langs)
    height = TOP + DATA.picture.height + 16 + len(legend) * (LEGEND + 9)
    image, pen = drawing.canvas(DATA.picture.width, height)
    pen.rectangle((0, TOP, DATA.picture.width, TOP + DATA.picture.height), fill=SEA)
    _title(pen, state, viewer, langs)
    _links(pen, state)
    for name in state["map"]:
        _territory(pen, state, DATA.territory(name), langs)
    for name, chips in _spending(state, seen).items():  # last: a long row may pass a neighbour
        left, _, right, bottom = label_box(DATA.territory(name), langs)
        _chips(pen, state, chips, (left + right) // 2, bottom)
    _legend(pen, state, legend, TOP + DATA.picture.height + 12)
    return drawing.png(image)


def _title(pen: ImageDraw.ImageDraw, state: State, viewer: str, langs: tuple[Lang, ...]) -> None:
    readers = {
        GM_VIEWER: Text("карта ведущего", "the GM's map"),
        PUBLIC_VIEWER: Text("общая карта", "the public map"),
    }
    who = readers.get(viewer) or Text(f"карта: {viewer}", f"map of the {_en(viewer)}")
    title = said(dated(state["turn"], "Средиземноморье", "The Mediterranean"), langs)
    pen.text((12, 10), title, font=drawing.font(17, bold=True), fill=INK)
    text = said(who, langs)
    right = DATA.picture.width - 12 - drawing.text_width(text, 14)
    pen.text((right, 13), text, font=drawing.font(14), fill=INK)


def _links(pen: ImageDraw.ImageDraw, state: State) -> None:
    """Adjacency as lines; land next to land also as a broad shore, and three lands next to each
    other fill their triangle, so the peninsulas read as land."""
    order = {name: i for i, name in enumerate(state["map"])}
    pairs = [(a, b) for a in state["map"] for b in neighbours(state, a) if order[a] < order[b]]
    land = [(a, b) for a, b in pairs if DATA.territory(a).is_land and DATA.territory(b).is_land]
    for name in state["map"]:
        if DATA.territory(name).is_land:
            x, y = _centre(DATA.territory(name))
            pen.ellipse((x - SHORE, y - SHORE, x + SHORE, y + SHORE), fill=SHORE_COLOUR)
    for a, b in land:
        pen.line([_centre(DATA.territory(a)), _centre(DATA.territory(b))], fill=SHORE_COLOUR, width=2 * SHORE)
        for c in neighbours(state, b):
            if order[b] < order[c] and (a, c) in land:
                pen.polygon([_centre(DATA.territory(t)) for t in (a, b, c)], fill=SHORE_COLOUR)
    for a, b in pairs:
        ends = [_centre(DATA.territory(t)) for t in (a, b)]
        pen.line(ends, fill=LAND_LINK if (a, b) in land else SEA_LINK, width=2)


def _centre(territory: Territory) -> tuple[int, int]:
    x, y = territory.position
    return x, y + TOP


def _territory(pen: ImageDraw.ImageDraw, state: State, territory: Territory, langs: tuple[Lang, ...]) -> None:
    owner, bonus = state["owners"][territory.name], bonus_at(state, territory.name)
    box = label_box(territory, langs)
    if territory.is_land:
        fill = _colour(state, owner) if owner else NEUTRAL
        pen.rounded_rectangle(box, radius=5, fill=fill, outline=INK, width=2 if owner else 1)
    else:
        fill = _mix(_colour(state, owner), SEA) if owner else SEA
        pen.ellipse(_ellipse(box), fill=fill, outline=INK if owner else SEA_EDGE)
    x, top = (box[0] + box[2]) // 2, box[1] + PAD
    for line in lines_of(territory, langs):
        pen.text(
            (x, top), line, font=drawing.font(NAME), fill=INK if territory.is_land else SEA_INK, anchor="mt"
        )
        top += LINE
    if bonus:
        _star(pen, *star_xy(territory, langs), _bonus_number(bonus))
    if territory.name in state["fortresses"]:
        _castle(pen, *castle_xy(territory, langs))


def _chips(pen: ImageDraw.ImageDraw, state: State, chips: list[tuple[str, str]], x: int, y: int) -> None:
    """A row of (power, text) chips centred on the box's lower edge."""
    widths = [drawing.text_width(text, SMALL, bold=True) + 8 for _, text in chips]
    left = x - (sum(widths) + 2 * (len(chips) - 1)) // 2
    for (power, text), width in zip(chips, widths, strict=True):
        due = text.startswith("+")
        box = (left, y - CHIP // 2, left + width, y + CHIP // 2)
        pen.rounded_rectangle(box, radius=3, fill=PAPER if due else _colour(state, power), outline=INK)
        if due:
            pen.rounded_rectangle(box, radius=3, outline=_colour(state, power), width=2)
        pen.text((left + width // 2, y), text, font=drawing.font(SMALL, bold=True), fill=INK, anchor="mm")
        left += width + 2


def _spending(state: State, seen: Sequence[str]) -> dict[str, list[tuple[str, str]]]:
    """Territory → chips: what each seen power spent there last turn, and its dues there."""
    chips: dict[str, list[tuple[str, str]]] = {}
    for power in seen:
        spent: dict[str, int] = {}
        for row in state["allocations"][power]["rows"]:
            if row["territory"]:
                spent[row["territory"]] = spent.get(row["territory"], 0) + row["amount"]
        for territory, amount in spent.items():
            chips.setdefault(territory, []).append((power, str(amount)))
    support = f"+{DATA.generals_rules.pesterator_support}"
    for due in state["pesterator"]:
        if due["power"] in seen:
            chips.setdefault(due["territory"], []).append((due["power"], support))
    return chips


def _star(pen: ImageDraw.ImageDraw, x: int, y: int, number: str) -> None:
    """A bonus: a gold star centred on (x, y) with the bonus's number in the legend."""
    points = []
    for i in range(10):
        radius = STAR if i % 2 == 0 else STAR * 0.62
        angle = math.radians(i * 36 - 90)
        points.append((x + radius * math.cos(angle), y + radius * math.sin(angle)))
    pen.polygon(points, fill=GOLD, outline=INK)
    pen.text((x, y + 1), number, font=drawing.font(SMALL, bold=True), fill=INK, anchor="mm")


def _bonus_number(bonus: str) -> str:
    return str(1 + [b.name for b in DATA.bonuses].index(bonus))


def _castle(pen: ImageDraw.ImageDraw, x: int, y: int) -> None:
    """A tower with three merlons, 14×`CASTLE`, its top left at (x, y)."""
    pen.rectangle((x, y + 4, x + 13, y + 13), fill=INK)
    for i in (0, 5, 10):
        pen.rectangle((x + i, y, x + i + 3, y + 4), fill=INK)
    pen.rectangle((x + 5, y + 8, x + 8, y + 13), fill=PAPER)


def _legend_lines(state: State, seen: Sequence[str], langs: tuple[Lang, ...]) -> list[list[tuple[str, str]]]:
    """The legend as lines of (mark, text), two a line: the peoples, the signs, then the generals
    `seen` powers hold, one line each. A mark is a people ("" the neutrals) or "@" and a sign."""

    def people(p: str) -> str:
        lands = len(owned(state, p))
        counted = Text(agree(lands, "территория"), f"{lands} {english_plural(lands, 'land|lands')}")
        might = said(Text("МОЩЬ", "Might"), langs)
        return f"{said(Text(p, _en(p)), langs)}: {might} {state['might'][p]}, {said(counted, langs)}"

    def sign(ru: str, en: str) -> str:
        return said(Text(ru, en), langs)

    peoples = [(p, people(p)) for p in state["powers"]]
    peoples.append(("", sign(DATA.neutrals.name, DATA.neutrals.en)))
    signs = [(f"@bonus{_bonus_number(b.name)}", sign(b.name, b.en)) for b in DATA.bonuses]
    signs.append(("@fortress", sign("крепость", "fortress")))
    if seen:
        signs.append(("@spent", sign("влияние прошлого хода", "influence last turn")))
        signs.append(("@due", sign("поддержка нейтралов (Заэбатор)", "neutral support (Pesterator)")))
    held = [
        (p, ", ".join(sign(g, by_name(DATA.generals, g).en) for g in held_generals(state, p))) for p in seen
    ]
    held = [(p, names) for p, names in held if names]
    return [
        *_pairs(peoples),
        *_pairs(signs),
        *([(p, f"{sign('генералы', 'generals')}: {g}")] for p, g in held),
    ]


def _pairs(entries: list[tuple[str, str]]) -> list[list[tuple[str, str]]]:
    return [entries[i : i + 2] for i in range(0, len(entries), 2)]


def _legend(pen: ImageDraw.ImageDraw, state: State, lines: Iterable[list[tuple[str, str]]], y: int) -> None:
    half = DATA.picture.width // 2
    for line in lines:
        for column, (mark, text) in enumerate(line):
            x = 14 + column * half
            _mark(pen, state, mark, x, y)
            pen.text((x + 44, y + 1), text, font=drawing.font(LEGEND), fill=INK)
        y += LEGEND + 9


def _mark(pen: ImageDraw.ImageDraw, state: State, mark: str, x: int, y: int) -> None:
    """The legend's symbol: a people's swatch, the neutral one, or a map sign."""
    if mark == "@fortress":
        _castle(pen, x + 3, y)
    elif mark.startswith("@bonus"):
        _star(pen, x + 9, y + 7, mark.removeprefix("@bonus"))
    elif mark in ("@spent", "@due"):
        power = state["powers"][0]
        text = "3" if mark == "@spent" else f"+{DATA.generals_rules.pesterator_support}"
        _chips(pen, state, [(power, text)], x + 9, y + 7)
    else:
        fill = _colour(state, mark) if mark else NEUTRAL
        pen.rectangle((x, y, x + 18, y + 14), fill=fill, outline=INK if mark else FAINT)


def _colour(state: State, power: str) -> Colour:
    return drawing.colour_of(state["powers"].index(power))


def _mix(a: Colour, b: Colour) -> Colour:
    r, g, bl = ((x + y) // 2 for x, y in zip(a, b, strict=True))
    return (r, g, bl)


def _en(power: str) -> str:
    return by_name(DATA.powers, power).en
