"""The political map as a picture: provinces coloured by owner, occupations ringed in the
occupier's colour, borders (on rivers in blue), names, wars (red) and alliances (green) between
capitals, provinces in revolt, and the troops the reader may see.

What a reader may know is gathered first (`board`), then drawn. A power's troops come only from
its own view (`troops`, the part of it that shows them), the GM's from every power's, and the
public gets none: so no picture can show more than the views do, and a foreign army's strength
cannot change a power's picture by a pixel.
Its words are in the game's languages (`langs`): names and legend in Russian for a Russian game,
in English for an English one, Russian first with English beside it for both.

A resolution draws one state for every reader, and most of the map is the same for all of them:
that layer is drawn (and encoded) once per `Shared` content, the palette pictures are cut to once
per game, and each reader's picture is a copy of the layer with the reader's armies, title line and
legend line drawn over, the same pixels as drawing it whole, of which only the rows those marks
touch are encoded again (18 readers and their layer: ~35 ms, against 0.9 s drawn whole).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from PIL.Image import Image
from PIL.ImageDraw import ImageDraw

from engines.contract import GM_VIEWER, JSON, PUBLIC_VIEWER, Picture
from engines.drawing import (
    FAINT,
    INK,
    NEUTRAL,
    PALETTE,
    PAPER,
    Base,
    Colour,
    Pen,
    canvas,
    dated_name,
    font,
    palette,
    png_over,
    said,
    text_width,
)
from engines.rus.data import DATA, Place
from engines.rus.state import State
from engines.rus.views import troops
from engines.text import BOTH, Catalog, Lang, Msg, Text

FRAME = DATA.picture
PROVINCES = [p.name for p in DATA.provinces]
CAPITALS = {p.capital for p in DATA.powers}
ENGLISH = {item.name: item.en for item in (*DATA.provinces, *DATA.powers, *DATA.parties)}

MARGIN, TOP, LEGEND = 16, 64, 262  # around the map's frame: the sides, the title band, the legend
RADIUS, CAPITAL_RADIUS, RING = 11, 14, 5  # a province, a capital, an occupation ring's width
LABEL, SMALL, TITLE = 14, 12, 22  # font sizes
RIVER: Colour = (64, 128, 186)
BORDER: Colour = (176, 168, 156)
WAR: Colour = (200, 30, 30)
ALLIANCE: Colour = (40, 150, 60)


@dataclass(frozen=True)
class Army:
    """Troops one power has in one province: its druzhina posted there, the militia raised there."""

    power: str
    druzhina: int
    militia: int

    @property
    def text(self) -> str:
        return f"{self.druzhina}+{self.militia}" if self.militia else str(self.druzhina)


@dataclass(frozen=True)
class Board:
    """Everything one picture shows: owners and occupations are public, the armies are the reader's."""

    turn: int
    viewer: str
    langs: tuple[Lang, ...]
    powers: tuple[str, ...]  # setup order, which gives the colours
    owners: dict[str, str]
    occupiers: dict[str, str]
    armies: dict[str, list[Army]]  # province → the armies the reader sees there
    wars: tuple[tuple[str, str], ...] = ()  # public, as the news tell them
    alliances: tuple[tuple[str, str], ...] = ()
    revolts: tuple[str, ...] = ()

    def colour(self, power: str) -> Colour:
        return colour(power) if power in self.powers else NEUTRAL


def colour(power: str) -> Colour:
    """A principality's colour, its own whoever plays it (data.toml: no two neighbours alike)."""
    return PALETTE[DATA.power(power).colour]


def _armies_in(seen: JSON) -> Iterable[tuple[str, Army]]:
    """The armies one country's view shows (its `troops`): its druzhina's posts and its provinces'
    militia."""
    druzhina = {post["province"]: post["count"] for post in seen["posts"]}
    militia = {p: n for p, n in seen["militia"].items() if n}
    for province in sorted(druzhina.keys() | militia.keys(), key=PROVINCES.index):
        yield province, Army(seen["power"], druzhina.get(province, 0), militia.get(province, 0))


def board(state: State, viewer: str, langs: tuple[Lang, ...] = BOTH) -> Board:
    """What `viewer` may know of the map."""
    if viewer == PUBLIC_VIEWER:
        seers: list[str] = []
    elif viewer == GM_VIEWER:
        seers = state["powers"]
    elif viewer in state["powers"]:
        seers = [viewer]
    else:
        raise ValueError(f"{viewer!r} is no reader of the Rus map")
    armies: dict[str, list[Army]] = {}
    for power in seers:
        for province, army in _armies_in(troops(state, power)):
            armies.setdefault(province, []).append(army)
    return Board(
        turn=state["turn"],
        viewer=viewer,
        langs=langs,
        powers=tuple(state["powers"]),
        owners={name: here["owner"] for name, here in state["provinces"].items()},
        occupiers=dict(state["occupied"]),
        armies=armies,
        wars=_pairs(state["wars"]),
        alliances=_pairs(state["alliances"]),
        revolts=tuple(sorted(state["revolts"])),
    )


def _pairs(pairs: Iterable[Sequence[str]]) -> tuple[tuple[str, str], ...]:
    return tuple(sorted((min(a, b), max(a, b)) for a, b in pairs))


# ---- drawing -------------------------------------------------------------------------------------
def _at(place: Place) -> tuple[int, int]:
    """A place in the canvas's pixels."""
    return MARGIN + place.x, TOP + place.y


def _words(catalog: Catalog, code: str, **params: str | int) -> Text:
    msg = Msg(code, params)
    return Text(catalog.render(msg, "ru"), catalog.render(msg, "en"))


def _halo(pen: ImageDraw, xy: tuple[int, int], text: str, size: int, anchor: str, bold: bool = False) -> None:
    """Text over lines: a paper-coloured outline keeps it readable wherever it lies."""
    pen.text(xy, text, fill=INK, font=font(size, bold), anchor=anchor, stroke_width=3, stroke_fill=PAPER)


def _borders(pen: ImageDraw) -> None:
    for border in DATA.map.borders:
        a, b = _at(FRAME.places[border.a]), _at(FRAME.places[border.b])
        pen.line([a, b], fill=RIVER if border.river else BORDER, width=3 if border.river else 2)


def _relations(pen: ImageDraw, b: Board) -> None:
    """Wars and alliances as lines between the capitals (under the provinces and their names)."""
    for pairs, colour, width in ((b.alliances, ALLIANCE, 3), (b.wars, WAR, 4)):
        for one, other in pairs:
            ends = [_at(FRAME.places[DATA.power(p).capital]) for p in (one, other)]
            pen.line(ends, fill=colour, width=width)


def _revolt(pen: ImageDraw, xy: tuple[int, int], capital: bool) -> None:
    """A province in revolt: a red ring around its disc."""
    x, y = xy
    r = (CAPITAL_RADIUS if capital else RADIUS) + 3
    pen.ellipse(_box(x, y, r), outline=WAR, width=3)


def _box(x: int, y: int, r: int) -> tuple[int, int, int, int]:
    return x - r, y - r, x + r, y + r


def _disc(pen: ImageDraw, xy: tuple[int, int], fill: Colour, capital: bool, ring: Colour | None) -> None:
    """A province's mark: a disc in the owner's colour, a capital's larger and doubly outlined,
    an occupied one's inside a ring of the occupier's colour."""
    x, y = xy
    r = CAPITAL_RADIUS if capital else RADIUS
    if ring:
        pen.ellipse(_box(x, y, r + RING + 1), fill=ring, outline=INK)
    pen.ellipse(_box(x, y, r), fill=fill, outline=INK, width=2)
    if capital:
        pen.ellipse(_box(x, y, r - 4), outline=INK)


def _province(pen: ImageDraw, b: Board, name: str) -> None:
    occupier = b.occupiers.get(name)
    ring = b.colour(occupier) if occupier else None
    if name in b.revolts:
        _revolt(pen, _at(FRAME.places[name]), name in CAPITALS or bool(ring))
    _disc(pen, _at(FRAME.places[name]), b.colour(b.owners[name]), name in CAPITALS, ring)


def _reach(b: Board, name: str) -> int:
    """How far from its place a province's mark reaches, and a little room."""
    return (CAPITAL_RADIUS if name in CAPITALS else RADIUS) + (RING + 4 if name in b.occupiers else 3)


_LABEL_ANCHOR = {"below": "mt", "above": "mb", "left": "rm", "right": "lm"}


def _label_xy(place: Place, gap: int) -> tuple[int, int]:
    x, y = _at(place)
    return {
        "below": (x, y + gap),
        "above": (x, y - gap),
        "left": (x - gap, y),
        "right": (x + gap, y),
    }[place.label]


def label(name: str, langs: Sequence[Lang]) -> str:
    """A place's name on the map, in the game's first language."""
    return name if langs[0] == "ru" else ENGLISH[name]


def _name(pen: ImageDraw, b: Board, name: str) -> None:
    place = FRAME.places[name]
    xy, anchor = _label_xy(place, _reach(b, name)), _LABEL_ANCHOR[place.label]
    _halo(pen, xy, label(name, b.langs), LABEL, anchor, bold=name in CAPITALS)


_BADGE_SIDE = {"below": "above", "above": "below", "left": "right", "right": "left"}


def _ink_on(colour: Colour) -> Colour:
    """Dark text on a light colour, light text on the palette's few dark ones."""
    r, g, b = colour
    return INK if 299 * r + 587 * g + 114 * b > 110_000 else PAPER


def _badge(pen: ImageDraw, xy: tuple[int, int], text: str, colour: Colour) -> int:
    """One army's count on its power's colour, its left-middle at `xy`; its width."""
    width = text_width(text, SMALL, bold=True) + 8
    x, y = xy
    pen.rounded_rectangle((x, y - 9, x + width, y + 9), radius=4, fill=colour, outline=INK)
    pen.text((x + width // 2, y), text, fill=_ink_on(colour), font=font(SMALL, bold=True), anchor="mm")
    return width


def _armies(pen: ImageDraw, b: Board, name: str) -> None:
    """The armies of a province side by side, on the side opposite its name."""
    armies = b.armies.get(name, [])
    if not armies:
        return
    widths = [text_width(a.text, SMALL, bold=True) + 8 for a in armies]
    total = sum(widths) + 3 * (len(armies) - 1)
    x, y = _at(FRAME.places[name])
    reach = _reach(b, name)
    left, middle = {
        "above": (x - total // 2, y - reach - 9),
        "below": (x - total // 2, y + reach + 9),
        "left": (x - reach - total, y),
        "right": (x + reach, y),
    }[_BADGE_SIDE[FRAME.places[name].label]]
    for army in armies:
        left += _badge(pen, (left, middle), army.text, b.colour(army.power)) + 3


def _parties(pen: ImageDraw, langs: Sequence[Lang]) -> None:
    for party in DATA.parties:
        x, y = _at(FRAME.places[party.name])
        pen.text(
            (x, y), label(party.name, langs).upper(), fill=FAINT, font=font(LABEL, bold=True), anchor="mm"
        )


def _title(pen: ImageDraw, title: Text, langs: Sequence[Lang]) -> None:
    pen.text((MARGIN, 12), said(title, langs), fill=INK, font=font(TITLE, bold=True))


def _whose(pen: ImageDraw, b: Board, catalog: Catalog) -> None:
    """The title's second line: whose map it is."""
    if b.viewer == GM_VIEWER:
        whose = _words(catalog, "rus_map_for_gm")
    elif b.viewer == PUBLIC_VIEWER:
        whose = _words(catalog, "rus_map_public")
    else:
        ru = _words(catalog, "rus_map_for_power", power=b.viewer).ru
        whose = Text(ru, _words(catalog, "rus_map_for_power", power=DATA.power(b.viewer).en).en)
    pen.text((MARGIN, 40), said(whose, b.langs), fill=INK, font=font(LABEL))


def _key_line(pen: ImageDraw, x: int, y: int, words: Text, langs: Sequence[Lang]) -> None:
    """A legend entry: in the first language, and under it in the second, fainter."""
    first, *second = langs
    pen.text((x, y), words.get(first), fill=INK, font=font(LABEL), anchor="lm")
    for lang in second:
        pen.text((x, y + 16), words.get(lang), fill=FAINT, font=font(SMALL), anchor="lm")


LEGEND_X = MARGIN + FRAME.width + MARGIN
ROW, ROWS_TOP = 24, TOP + 34  # the legend's line per principality


def _power_line(pen: ImageDraw, y: int, power: str, mine: bool, langs: Sequence[Lang]) -> None:
    """A principality's name in the legend, right of its colour; the reader's own in bold; with
    two languages, its English name fainter beside it."""
    x = LEGEND_X + 24
    name = label(power, langs)
    pen.text((x, y), name, fill=INK, font=font(LABEL, bold=mine), anchor="lm")
    if len(langs) > 1:
        width = text_width(name, LABEL, bold=mine)
        pen.text((x + 6 + width, y), ENGLISH[power], fill=FAINT, font=font(SMALL), anchor="lm")


def _legend(pen: ImageDraw, m: Shared) -> int:
    """The principalities with their colours, then what the marks mean; where the army's key goes."""
    x = LEGEND_X
    heading, capital, occupied, border, river, war, alliance, revolt, _ = m.words
    pen.text((x, TOP), said(heading, m.langs), fill=INK, font=font(LABEL, bold=True))
    y = ROWS_TOP
    for power in m.powers:
        pen.ellipse((x, y - 8, x + 16, y + 8), fill=colour(power), outline=INK)
        _power_line(pen, y, power, False, m.langs)
        y += ROW
    y += 18
    _disc(pen, (x + 8, y), NEUTRAL, capital=True, ring=None)
    _key_line(pen, x + 30, y, capital, m.langs)
    y += 46
    _disc(pen, (x + 8, y), NEUTRAL, capital=False, ring=FAINT)
    _key_line(pen, x + 30, y, occupied, m.langs)
    y += 46
    pen.line([(x - 4, y), (x + 20, y)], fill=BORDER, width=2)
    _key_line(pen, x + 30, y, border, m.langs)
    y += 40
    pen.line([(x - 4, y), (x + 20, y)], fill=RIVER, width=3)
    _key_line(pen, x + 30, y, river, m.langs)
    y += 40
    pen.line([(x - 4, y), (x + 20, y)], fill=WAR, width=4)
    _key_line(pen, x + 30, y, war, m.langs)
    y += 40
    pen.line([(x - 4, y), (x + 20, y)], fill=ALLIANCE, width=3)
    _key_line(pen, x + 30, y, alliance, m.langs)
    y += 46
    _revolt(pen, (x + 8, y), capital=False)
    _disc(pen, (x + 8, y), NEUTRAL, capital=False, ring=None)
    _key_line(pen, x + 30, y, revolt, m.langs)
    return y + 46


def _reader(pen: ImageDraw, b: Board) -> None:
    """The legend's part that is the reader's: its own principality in bold (drawn again over the
    plain line, whose band no other mark reaches)."""
    if b.viewer in b.powers:
        y = ROWS_TOP + ROW * b.powers.index(b.viewer)
        pen.rectangle((LEGEND_X + 20, y - ROW // 2, LEGEND_X + LEGEND, y + ROW // 2 - 1), fill=PAPER)
        _power_line(pen, y, b.viewer, True, b.langs)


@dataclass(frozen=True)
class Shared:
    """What every reader's picture of one state shows alike. It is the whole key of the cached
    layer, drawn from it alone: so a layer serves only pictures it is part of, and holds nothing
    one reader may know and another not (the armies, the title, the reader's line are drawn after)."""

    powers: tuple[str, ...]
    langs: tuple[Lang, ...]
    owners: tuple[tuple[str, str], ...]
    occupiers: tuple[tuple[str, str], ...]
    wars: tuple[tuple[str, str], ...]
    alliances: tuple[tuple[str, str], ...]
    revolts: tuple[str, ...]
    title: Text  # the map's, with the turn
    words: tuple[Text, ...]  # the legend's, LEGEND_WORDS

    def untitled(self) -> Shared:
        """All but the title, which changes every turn: what the map under it is drawn from."""
        return replace(self, title=Text("", ""))


LEGEND_WORDS = (
    "rus_map_principalities",
    "rus_map_capital",
    "rus_map_occupied",
    "rus_map_border",
    "rus_map_river",
    "rus_map_war",
    "rus_map_alliance",
    "rus_map_revolt",
    "rus_map_army",
)


def shared(b: Board, catalog: Catalog) -> Shared:
    return Shared(
        b.powers,
        b.langs,
        tuple(sorted(b.owners.items())),
        tuple(sorted(b.occupiers.items())),
        b.wars,
        b.alliances,
        b.revolts,
        _dated(catalog, ("rus_map_title", "rus_map_title_start"), b.turn),
        tuple(_words(catalog, code) for code in LEGEND_WORDS),
    )


def _dated(catalog: Catalog, codes: tuple[str, str], turn: int) -> Text:
    """A title saying what state the map shows: after the turn just resolved (the state's turn
    is the next one), or the game's start."""
    after, start = codes
    return _words(catalog, after, turn=turn - 1) if turn > 1 else _words(catalog, start)


@dataclass(frozen=True)
class Layer:
    """The shared layer, cut to the game's palette and encoded: the public's, and with the army's
    key over it, everyone else's (whose pictures all show armies)."""

    public: Base
    private: Base


@lru_cache(maxsize=4)  # a resolution draws 16–18 readers of one state; a few games may interleave
def layer(m: Shared) -> Layer:
    """The map of `m`, with its title drawn over it (a title changes every turn, and most maps do not)."""
    drawn, army_key = _map(m.untitled())
    pen = Pen()
    _title(pen, m.title, m.langs)
    public = drawn.over(pen.marks)
    pen = Pen()
    _badge(pen, (LEGEND_X - 8, army_key), "7+2", NEUTRAL)
    _key_line(pen, LEGEND_X + 30, army_key, m.words[-1], m.langs)
    return Layer(public, public.over(pen.marks))


@lru_cache(maxsize=4)
def _map(m: Shared) -> tuple[Base, int]:
    """The map of `m` without its title, cut and encoded, and where the army's key goes: drawn
    again only when an owner or an occupation changed, and then encoded again only in the bands
    that changed since the game's last map."""
    image, army_key = _unread(m)
    game = (m.powers, m.words, m.langs)
    drawn = Base.of(image, palette_of(*game), like=_LAST.pop(game, None))
    _LAST[game] = drawn
    while len(_LAST) > 4:
        del _LAST[next(iter(_LAST))]
    return drawn, army_key


# the last map of a few games: most of the next one is the same, and not encoded again
_LAST: dict[tuple[tuple[str, ...], tuple[Text, ...], tuple[Lang, ...]], Base] = {}


def _unread(m: Shared) -> tuple[Image, int]:
    """The map of `m` with no reader's part and no title; where the army's key goes."""
    b = Board(
        0,
        PUBLIC_VIEWER,
        m.langs,
        m.powers,
        dict(m.owners),
        dict(m.occupiers),
        {},
        m.wars,
        m.alliances,
        m.revolts,
    )
    image, pen = canvas(LEGEND_X + LEGEND, TOP + FRAME.height + MARGIN)
    _parties(pen, m.langs)
    _borders(pen)
    _relations(pen, b)
    for name in PROVINCES:
        _province(pen, b, name)
    for name in PROVINCES:
        _name(pen, b, name)
    return image, _legend(pen, m)


@lru_cache(maxsize=4)
def palette_of(powers: tuple[str, ...], words: tuple[Text, ...], langs: tuple[Lang, ...]) -> Image:
    """The 256 colours of every picture of a game with these principalities, from what any of its
    states can show: the map with no owner, and each principality's colour as a province, a capital,
    an occupation's ring and a badge. Made once a game rather than once a state (the octree over a
    whole map is 20 ms), and as close: 0.7 of a level per channel off the drawing on average, where
    each state's own palette was 0.7–1.0 off. It is public, as all it is made of is."""
    unowned = Shared(
        powers, langs, tuple((name, "") for name in PROVINCES), (), (), (), (), Text("", ""), words
    )
    colours = [colour(power) for power in powers] + [NEUTRAL]
    marks, pen = canvas(max(LEGEND, 60 * len(colours)), 24 * len(colours) + 120)
    for n, shade in enumerate(colours):
        _badge(pen, (4, 12 + 24 * n), "0123456789+", shade)  # every character a count can have
        x, y = 30 + 60 * n, 24 * len(colours) + 30
        _disc(pen, (x, y), shade, capital=True, ring=None)
        _disc(pen, (x, y + 60), NEUTRAL, capital=False, ring=shade)
    return palette(_unread(unowned)[0], marks)


def draw(b: Board, catalog: Catalog) -> bytes:
    common = layer(shared(b, catalog))
    pen = Pen()
    for name in PROVINCES:
        _armies(pen, b, name)
    _whose(pen, b, catalog)
    _reader(pen, b)
    return png_over(common.public if b.viewer == PUBLIC_VIEWER else common.private, pen.marks)


def pictures(
    state: State, viewer: str, catalog: Catalog, langs: tuple[Lang, ...] = BOTH
) -> Sequence[Picture]:
    """The political map as `viewer` may see it, its words from the ruleset's `catalog` in `langs`."""
    b = board(state, viewer, langs)
    title = _dated(catalog, ("rus_map_picture", "rus_map_picture_start"), b.turn)
    return [Picture(dated_name(b.turn, "map"), title, draw(b, catalog))]
