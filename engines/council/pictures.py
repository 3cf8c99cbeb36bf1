"""The map of the five powers as a picture: provinces in their owner's colour (barbarian land pale,
tinted by the power whose sphere holds it), occupations ringed in the occupier's colour, capitals
doubly outlined, the seas; and over that, only for who may see them, the armies and flotillas with
their strength and the provinces in revolt.

A family's picture is drawn from its `view` alone (its power's forces, the foreign ones in sight,
its power's revolts), the forum's from `public_view`, the GM's from the whole state. The part every
reader shares (owners, spheres, occupations) is drawn once and cut to the game's palette (`Base`);
each reader's marks are drawn over it (`png_over`), as the Русь map does. Its words are in the
game's languages (`langs`): names in the first, the legend's keys in each, the second fainter.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL.Image import Image
from PIL.ImageDraw import ImageDraw

from engines.contract import GM_VIEWER, JSON, PUBLIC_VIEWER, Picture
from engines.council.data import DATA
from engines.council.state import State
from engines.council.views import army_view, public_view, view
from engines.council.world import PLANNING, PROVINCES, REALMS
from engines.drawing import (
    FAINT,
    INK,
    NEUTRAL,
    PAPER,
    SEA,
    Base,
    Colour,
    Pen,
    canvas,
    colour_of,
    dated_name,
    font,
    palette,
    png_over,
    said,
    text_width,
)
from engines.ruledata import english_names
from engines.text import Catalog, Lang, Msg, Text

FRAME = DATA.picture
MARGIN, TOP, LEGEND = 16, 64, 330  # around the map: the sides, the title band, the legend's width
RADIUS, CAPITAL_RADIUS, RING = 11, 14, 5
LABEL, SMALL, TITLE = 13, 12, 20
LAND_LINK: Colour = (176, 168, 156)
SHORE: Colour = (232, 226, 208)  # the land drawn under the provinces, so the peninsula reads as land
SHORE_WIDTH = 30
SEA_LINK: Colour = (150, 182, 204)
SEA_INK: Colour = (38, 72, 104)
REVOLT: Colour = (200, 30, 30)
CAPITALS = {r.capital for r in DATA.realms}
LEGEND_X = MARGIN + FRAME.width + MARGIN
ENGLISH = english_names(DATA)  # every name of the data → its English one


@dataclass(frozen=True)
class Troop:
    """An army or a flotilla as drawn: its power, where it stands, its strength."""

    realm: str
    place: str
    strength: int
    fleet: bool


@dataclass(frozen=True)
class Board:
    """What one picture shows: the map everyone sees, and the reader's troops and revolts."""

    turn: int
    viewer: str
    owners: tuple[tuple[str, str], ...]  # province → power ("" barbarian)
    spheres: tuple[tuple[str, str], ...]
    occupied: tuple[tuple[str, str], ...]
    troops: tuple[Troop, ...] = ()
    revolts: tuple[str, ...] = ()

    @property
    def shared(self) -> tuple[tuple[tuple[str, str], ...], ...]:
        return self.owners, self.spheres, self.occupied


def _public(seen: JSON, turn: int, viewer: str) -> Board:
    rows = seen["map"]
    return Board(
        turn,
        viewer,
        tuple((p["name"], p["realm"]) for p in rows),
        tuple((p["name"], p["sphere"]) for p in rows if p["sphere"]),
        tuple((p["name"], p["occupied"]) for p in rows if p["occupied"]),
    )


def _own_troops(realm: str, power: JSON) -> Iterable[Troop]:
    yield from (Troop(realm, a["province"], a["strength"], False) for a in power["armies"])
    yield from (Troop(realm, f["sea"], f["squadrons"], True) for f in power["flotillas"])


def board(state: State, viewer: str) -> Board:
    """What `viewer` may know of the map: a family exactly its view, the forum the public view."""
    if viewer == PUBLIC_VIEWER:
        return _public(public_view(state), state["turn"], viewer)
    if viewer == GM_VIEWER:
        troops = [t for realm in REALMS for t in _own_troops(realm, _forces(state, realm))]
        revolts = tuple(name for name in PROVINCES if state["provinces"][name]["revolt"])
        return _with(_public(public_view(state), state["turn"], viewer), troops, revolts)
    if viewer not in state["powers"]:
        raise ValueError(f"{viewer!r} is no reader of the council's map")
    return family_board(view(state, viewer))


def family_board(seen: JSON) -> Board:
    """A family's map from its view and nothing else."""
    troops = [*_own_troops(seen["realm"], seen["power"])]
    troops += [Troop(a["realm"], a["province"], a["strength"], False) for a in seen["seen"]["armies"]]
    troops += [Troop(f["realm"], f["sea"], f["squadrons"], True) for f in seen["seen"]["flotillas"]]
    revolts = tuple(p["name"] for p in seen["power"]["provinces"] if p["revolt"])
    return _with(_public(seen, seen["turn"], seen["family"]), troops, revolts)


def _forces(state: State, realm: str) -> JSON:
    here = state["realms"][realm]
    return {
        "armies": [army_view(name, army) for name, army in here["armies"].items()],
        "flotillas": [{"name": n, **f} for n, f in here["flotillas"].items()],
    }


def _with(b: Board, troops: Sequence[Troop], revolts: tuple[str, ...]) -> Board:
    return Board(b.turn, b.viewer, b.owners, b.spheres, b.occupied, tuple(troops), revolts)


# ---- drawing ---------------------------------------------------------------------------------------------
def _at(place: str) -> tuple[int, int]:
    x, y = FRAME.places[place]
    return MARGIN + x, TOP + y


def _colour(realm: str) -> Colour:
    return colour_of(REALMS.index(realm)) if realm in REALMS else NEUTRAL


def _tint(colour: Colour) -> Colour:
    """A sphere's pale shade of its power's colour."""
    r, g, b = (round(c + (255 - c) * 0.6) for c in colour)
    return (r, g, b)


def _words(catalog: Catalog, code: str, **params: str | int) -> Text:
    msg = Msg(code, params)
    return Text(catalog.render(msg, "ru"), catalog.render(msg, "en"))


def label(name: str, langs: Sequence[Lang]) -> str:
    """A place's name on the map, in the game's first language."""
    return name if langs[0] == "ru" else ENGLISH.get(name, name)


def _halo(pen: ImageDraw, xy: tuple[int, int], text: str, size: int, anchor: str, fill: Colour = INK) -> None:
    pen.text(xy, text, fill=fill, font=font(size), anchor=anchor, stroke_width=3, stroke_fill=PAPER)


def _disc(pen: ImageDraw, xy: tuple[int, int], fill: Colour, capital: bool, ring: Colour | None) -> None:
    x, y = xy
    r = CAPITAL_RADIUS if capital else RADIUS
    if ring:
        pen.ellipse((x - r - RING, y - r - RING, x + r + RING, y + r + RING), fill=ring, outline=INK)
    pen.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=INK, width=2)
    if capital:
        pen.ellipse((x - r + 4, y - r + 4, x + r - 4, y + r - 4), outline=INK)


def _province_fill(owner: str, sphere: str) -> Colour:
    return _colour(owner) if owner else _tint(_colour(sphere)) if sphere else NEUTRAL


@lru_cache(maxsize=4)
def palette_of(words: tuple[Text, ...], langs: tuple[Lang, ...]) -> Image:
    """The game's 256 colours, from the map with no owner and each power's colour in every use."""
    colours = [colour_of(n) for n in range(len(REALMS))]
    image, pen = canvas(80 * len(colours) + 40, 120)
    for n, colour in enumerate(colours):
        _disc(pen, (30 + 80 * n, 30), colour, True, None)
        _disc(pen, (30 + 80 * n, 80), _tint(colour), False, colour)
        pen.rounded_rectangle((60 + 80 * n, 20, 95 + 80 * n, 40), radius=4, fill=colour, outline=INK)
    pen.text((4, 100), "0123456789!", fill=REVOLT, font=font(SMALL))
    empty = Board(0, PUBLIC_VIEWER, tuple((p, "") for p in PROVINCES), (), ())
    return palette(_draw_map(empty, words, langs), image)


def _draw_map(b: Board, words: tuple[Text, ...], langs: tuple[Lang, ...]) -> Image:
    owners, spheres, occupied = dict(b.owners), dict(b.spheres), dict(b.occupied)
    image, pen = canvas(LEGEND_X + LEGEND, TOP + FRAME.height + MARGIN)
    pen.rectangle((MARGIN, TOP, MARGIN + FRAME.width, TOP + FRAME.height), fill=SEA)
    by_sea = [(a, b_) for a, b_ in DATA.map.borders if {a, b_} & DATA.sea_names]
    by_land = [(a, b_) for a, b_ in DATA.map.borders if not {a, b_} & DATA.sea_names]
    for a, b_ in by_sea:
        pen.line([_at(a), _at(b_)], fill=SEA_LINK, width=2)
    for name in PROVINCES:
        x, y = _at(name)
        half = SHORE_WIDTH // 2
        pen.ellipse((x - half, y - half, x + half, y + half), fill=SHORE)
    linked = {frozenset(pair) for pair in by_land}
    for a, b_ in by_land:
        pen.line([_at(a), _at(b_)], fill=SHORE, width=SHORE_WIDTH)
        for c in PROVINCES:  # three provinces that border each other: land between them
            if frozenset((a, c)) in linked and frozenset((b_, c)) in linked:
                pen.polygon([_at(a), _at(b_), _at(c)], fill=SHORE)
    for a, b_ in by_land:
        pen.line([_at(a), _at(b_)], fill=LAND_LINK, width=3)
    for water in DATA.seas:
        x, y = _at(water.name)
        pen.text((x, y), label(water.name, langs), fill=SEA_INK, font=font(SMALL), anchor="mm")
    for name in PROVINCES:
        ring = _colour(occupied[name]) if name in occupied else None
        _disc(
            pen,
            _at(name),
            _province_fill(owners.get(name, ""), spheres.get(name, "")),
            name in CAPITALS,
            ring,
        )
    for name in PROVINCES:
        x, y = _at(name)
        reach = (CAPITAL_RADIUS if name in CAPITALS else RADIUS) + (RING if name in occupied else 0) + 2
        _halo(pen, (x, y + reach), label(name, langs), LABEL, "mt")
    _legend(pen, words, langs)
    return image


def _legend(pen: ImageDraw, words: tuple[Text, ...], langs: tuple[Lang, ...]) -> None:
    x, y = LEGEND_X, TOP
    heading, capital, sphere, occupied, army, fleet, revolt = words
    pen.text((x, y), said(heading, langs), fill=INK, font=font(LABEL))
    y += 30
    for realm in DATA.realms:
        pen.ellipse((x, y - 8, x + 16, y + 8), fill=_colour(realm.name), outline=INK)
        pen.text(
            (x + 24, y), said(Text(realm.name, realm.en), langs), fill=INK, font=font(LABEL), anchor="lm"
        )
        y += 24
    y += 16
    _disc(pen, (x + 8, y), NEUTRAL, capital=True, ring=None)
    y = _key(pen, x, y, capital, langs)
    _disc(pen, (x + 8, y), _tint(_colour(REALMS[0])), capital=False, ring=None)
    y = _key(pen, x, y, sphere, langs)
    _disc(pen, (x + 8, y), NEUTRAL, capital=False, ring=FAINT)
    y = _key(pen, x, y, occupied, langs)
    _badge(pen, (x - 4, y), "6", NEUTRAL, fleet=False)
    y = _key(pen, x, y, army, langs)
    _badge(pen, (x - 4, y), "2", NEUTRAL, fleet=True)
    y = _key(pen, x, y, fleet, langs)
    pen.text((x + 8, y), "!", fill=REVOLT, font=font(TITLE), anchor="mm")
    _key(pen, x, y, revolt, langs)


def _key(pen: ImageDraw, x: int, y: int, words: Text, langs: tuple[Lang, ...]) -> int:
    """A legend entry right of its mark: in the first language, and under it in the second, fainter."""
    first, *second = langs
    pen.text((x + 30, y - 7 if second else y), words.get(first), fill=INK, font=font(LABEL), anchor="lm")
    for lang in second:
        pen.text((x + 30, y + 9), words.get(lang), fill=FAINT, font=font(SMALL), anchor="lm")
    return y + 44


def _badge(pen: ImageDraw, xy: tuple[int, int], text: str, colour: Colour, fleet: bool) -> int:
    """A troop's strength on its power's colour, its left-middle at `xy` (a flotilla's round); its width."""
    width = text_width(text, SMALL) + 10
    x, y = xy
    box = (x, y - 9, x + width, y + 9)
    if fleet:
        pen.ellipse(box, fill=colour, outline=INK)
    else:
        pen.rounded_rectangle(box, radius=3, fill=colour, outline=INK)
    pen.text((x + width // 2, y), text, fill=INK, font=font(SMALL), anchor="mm")
    return width


LEGEND_WORDS = (
    "council_map_powers",
    "council_map_capital",
    "council_map_sphere",
    "council_map_occupied",
    "council_map_army",
    "council_map_fleet",
    "council_map_revolt",
)


@lru_cache(maxsize=8)  # a stage's 17 readers share one layer: 31 ms for all their maps, 185 ms drawn each
def layer(
    shared: tuple[tuple[tuple[str, str], ...], ...], words: tuple[Text, ...], langs: tuple[Lang, ...]
) -> Base:
    """The map every reader of a state shares, cut and encoded once."""
    owners, spheres, occupied = shared
    image = _draw_map(Board(0, PUBLIC_VIEWER, owners, spheres, occupied), words, langs)
    return Base.of(image, palette_of(words, langs))


def draw(b: Board, catalog: Catalog, langs: tuple[Lang, ...]) -> bytes:
    words = tuple(_words(catalog, code) for code in LEGEND_WORDS)
    pen = Pen()
    title = _words(catalog, "council_map_title", turn=b.turn)
    pen.text((MARGIN, 12), said(title, langs), fill=INK, font=font(TITLE))
    pen.text((MARGIN, 40), said(_whose(b, catalog), langs), fill=INK, font=font(LABEL))
    for name in b.revolts:
        x, y = _at(name)
        pen.text((x - RADIUS - 10, y), "!", fill=REVOLT, font=font(TITLE), anchor="mm")
    placed: dict[str, int] = {}
    for troop in b.troops:
        x, y = _at(troop.place)
        offset = placed.get(troop.place, 0)
        left = x + RADIUS + 4 + offset if troop.place not in DATA.sea_names else x - 30 + offset
        top = y - 4 if troop.place not in DATA.sea_names else y + 16
        placed[troop.place] = (
            offset + _badge(pen, (left, top), str(troop.strength), _colour(troop.realm), troop.fleet) + 3
        )
    return png_over(layer(b.shared, words, langs), pen.marks)


def _whose(b: Board, catalog: Catalog) -> Text:
    if b.viewer == GM_VIEWER:
        whose = _words(catalog, "council_map_for_gm")
    elif b.viewer == PUBLIC_VIEWER:
        whose = _words(catalog, "council_map_public")
    else:
        whose = Text(
            catalog.render(Msg("council_map_for_family", {"family": b.viewer}), "ru"),
            catalog.render(Msg("council_map_for_family", {"family": DATA.family(b.viewer).en}), "en"),
        )
    return whose


def pictures(state: State, viewer: str, catalog: Catalog, langs: Sequence[Lang]) -> Sequence[Picture]:
    """The map as `viewer` may see it, its words from the ruleset's `catalog` in `langs`."""
    b = board(state, viewer)
    if state["phase"] != PLANNING:  # within a turn: the map of this turn's stage just resolved
        title, name = _words(catalog, "council_map_picture", turn=b.turn), f"map-turn-{b.turn}"
    else:  # a new turn's first stage: the map after the last one, the turn the forum post is about
        title = (
            _words(catalog, "council_map_after", turn=b.turn - 1)
            if b.turn > 1
            else _words(catalog, "council_map_start")
        )
        name = dated_name(b.turn, "map")
    return [Picture(name, title, draw(b, catalog, tuple(langs)))]
