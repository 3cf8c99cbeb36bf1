"""The political map: a valid, small, deterministic PNG that shows each reader exactly the troops its
view shows (a change to an army it may not see leaves the bytes as they were), laid out from
data.toml so that no name covers another, with a broken position refused at load."""

from __future__ import annotations

import io
from collections.abc import Sequence
from copy import deepcopy
from itertools import combinations
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from PIL import Image, ImageDraw

from engines.contract import GM_VIEWER, PUBLIC_VIEWER
from engines.drawing import Base, Mark, font, png
from engines.rng import Rng
from engines.rus import RULESET
from engines.rus.data import DATA, DATA_FILE, Data
from engines.rus.pictures import (
    _LABEL_ANCHOR,
    CAPITAL_RADIUS,
    CAPITALS,
    FRAME,
    LABEL,
    RADIUS,
    Army,
    _at,
    _label_xy,
    _map,
    _reach,
    board,
    colour,
    label,
    layer,
)
from engines.rus.views import troops, view
from engines.text import Lang
from tests.engines.helpers import colour_distance, refusal_of_edit
from tests.engines.rus.helpers import CHERNIGOV, KIEV, RYAZAN, game


def png_for(state: Any, viewer: str) -> bytes:
    [picture] = RULESET.pictures(state, viewer)
    return picture.png


def at_war() -> Any:
    """Рязань holds Мценск of Чернигов with 12 men; both have troops at home and militia raised."""
    state = game()
    state["turn"] = 4
    state["wars"].append([RYAZAN, CHERNIGOV])
    state["occupied"]["Мценск"] = RYAZAN
    state["countries"][RYAZAN]["posts"] = {"Рязань": 6, "Мценск": 12}
    state["countries"][CHERNIGOV]["posts"] = {"Чернигов": 9, "Козельск": 1}
    state["provinces"]["Тула"]["militia"] = 4
    state["provinces"]["Киев"]["militia"] = 5
    return state


@pytest.mark.parametrize("viewer", [RYAZAN, GM_VIEWER, PUBLIC_VIEWER])
def test_one_small_map_a_mail_can_show(viewer: str) -> None:
    [picture] = RULESET.pictures(at_war(), viewer)
    image = Image.open(io.BytesIO(picture.png))
    assert image.format == "PNG" and 900 <= image.width <= 1200 and image.height <= 1200
    assert len(picture.png) < 300_000
    assert picture.name == "map-turn-3"  # the state of turn 4: after turn 3, as its title says
    assert (picture.title.ru, picture.title.en) == ("Карта Руси после хода 3", "Map of Rus after turn 3")


def test_the_same_state_gives_the_same_bytes() -> None:
    assert png_for(at_war(), RYAZAN) == png_for(at_war(), RYAZAN)


def changed(edit: str) -> Any:
    """The war's state with one army's strength changed."""
    state = at_war()
    if edit == "foreign druzhina":
        state["countries"][CHERNIGOV]["posts"]["Чернигов"] = 30
    elif edit == "foreign druzhina moved":
        state["countries"][CHERNIGOV]["posts"] = {"Козельск": 10}
    elif edit == "foreign militia":
        state["provinces"]["Киев"]["militia"] = 2
    elif edit == "own druzhina":
        state["countries"][RYAZAN]["posts"]["Мценск"] = 11
    elif edit == "own militia":
        state["provinces"]["Тула"]["militia"] = 3
    return state


@pytest.mark.parametrize(
    ("viewer", "edit", "shows"),
    [
        (RYAZAN, "foreign druzhina", False),
        (RYAZAN, "foreign druzhina moved", False),
        (RYAZAN, "foreign militia", False),
        (RYAZAN, "own druzhina", True),
        (RYAZAN, "own militia", True),
        (KIEV, "foreign druzhina", False),
        (KIEV, "own druzhina", False),
        (KIEV, "foreign militia", True),
        (GM_VIEWER, "foreign druzhina", True),
        (GM_VIEWER, "foreign militia", True),
        (GM_VIEWER, "own druzhina", True),
        (PUBLIC_VIEWER, "foreign druzhina", False),
        (PUBLIC_VIEWER, "foreign militia", False),
        (PUBLIC_VIEWER, "own druzhina", False),
        (PUBLIC_VIEWER, "own militia", False),
    ],
)
def test_a_reader_sees_the_armies_its_view_shows_and_no_others(viewer: str, edit: str, shows: bool) -> None:
    """ "own"/"foreign" are Рязань's: Киев sees only its militia, the public no army at all."""
    assert (png_for(changed(edit), viewer) != png_for(at_war(), viewer)) is shows


@pytest.mark.parametrize("viewer", [RYAZAN, KIEV, PUBLIC_VIEWER])
def test_wars_alliances_and_revolts_are_drawn_for_everyone(viewer: str) -> None:
    """They were told only in the news: the map shows them, to every reader (they are public)."""
    peace = at_war()
    peace["wars"] = []
    allied = at_war()
    allied["alliances"].append([KIEV, RYAZAN])
    revolting = at_war()
    revolting["revolts"].append("Вышгород")
    drawn = {png_for(s, viewer) for s in (at_war(), peace, allied, revolting)}
    assert len(drawn) == 4


@pytest.mark.parametrize("viewer", [RYAZAN, KIEV, PUBLIC_VIEWER])
def test_owners_and_occupations_are_everyones(viewer: str) -> None:
    freed = at_war()
    del freed["occupied"]["Мценск"]
    ceded = at_war()
    ceded["provinces"]["Козельск"]["owner"] = RYAZAN
    assert len({png_for(at_war(), viewer), png_for(freed, viewer), png_for(ceded, viewer)}) == 3


def test_a_powers_armies_are_its_own_among_the_gms() -> None:
    gm = board(at_war(), GM_VIEWER).armies
    own = {p: [a for a in armies if a.power == RYAZAN] for p, armies in gm.items()}
    assert board(at_war(), RYAZAN).armies == {p: armies for p, armies in own.items() if armies}
    assert gm["Мценск"] == [Army(RYAZAN, 12, 0)] and gm["Киев"] == [Army(KIEV, 10, 5)]
    assert board(at_war(), PUBLIC_VIEWER).armies == {}


@pytest.mark.parametrize("state", [at_war(), game()], ids=["war", "start"])
def test_the_troops_a_map_draws_are_those_the_view_shows(state: Any) -> None:
    for power in state["powers"]:
        seen, drawn = view(state, power), troops(state, power)
        assert drawn["posts"] == seen["diplomacy"]["posts"]
        assert drawn["militia"] == {p["name"]: p["militia"] for p in seen["provinces"]}


def test_the_shared_layer_never_serves_another_reader_or_a_stale_state() -> None:
    """Readers of one state, and then of states that differ in each thing the layer shows (an
    occupation, an owner, the same state object edited in place), drawn one after another with
    the layer cached: each picture is the one an empty cache draws, and the layer was reused."""
    state = at_war()
    freed = at_war()
    del freed["occupied"]["Мценск"]
    ceded = at_war()
    ceded["provinces"]["Козельск"]["owner"] = RYAZAN
    readers = [RYAZAN, KIEV, GM_VIEWER, PUBLIC_VIEWER]
    empty_caches()
    warm = [(deepcopy(s), v, png_for(s, v)) for s in (state, freed, ceded) for v in readers]
    reused = layer.cache_info().hits
    state["occupied"]["Козельск"] = KIEV
    warm.append((state, RYAZAN, png_for(state, RYAZAN)))
    for drawn_state, viewer, drawn in warm:
        empty_caches()
        assert png_for(drawn_state, viewer) == drawn, viewer
    assert reused == 3 * (len(readers) - 1)
    assert len({drawn for _, _, drawn in warm}) == len(warm)


def test_a_new_turn_of_the_same_map_draws_only_its_title_again() -> None:
    state = at_war()
    png_for(state, RYAZAN)
    drawn = _map.cache_info().misses
    state["turn"] += 1
    warm = png_for(state, RYAZAN)
    assert _map.cache_info().misses == drawn  # the map under the title was not drawn again
    empty_caches()
    assert png_for(state, RYAZAN) == warm


def empty_caches() -> None:
    layer.cache_clear()
    _map.cache_clear()


def pixels(data: bytes) -> bytes:
    return Image.open(io.BytesIO(data)).convert("RGB").tobytes()


def whole(base: Base, marks: Sequence[Mark]) -> bytes:
    """The marks drawn on a copy of the whole base, all of it encoded."""
    image = base.crop((0, 0, *base.image.size))
    pen = ImageDraw.Draw(image)
    for mark in marks:
        mark.draw(pen, 0, 0)
    return png(image, base.colours)


@pytest.mark.parametrize("viewer", [RYAZAN, KIEV, GM_VIEWER, PUBLIC_VIEWER])
def test_a_readers_picture_is_its_whole_drawing_encoded(viewer: str) -> None:
    """Only the bands a reader's marks touch are drawn and encoded again over the shared layer's:
    the pixels are those of drawing the reader's whole picture."""
    drawn = png_for(at_war(), viewer)
    with mock.patch("engines.rus.pictures.png_over", whole):
        assert pixels(png_for(at_war(), viewer)) == pixels(drawn)


def test_a_stranger_gets_no_map() -> None:
    with pytest.raises(ValueError, match="no reader"):
        RULESET.pictures(at_war(), "Москва")


# ---- the layout in data.toml ---------------------------------------------------------------------
def test_the_map_keeps_the_compass() -> None:
    """North is up and east is right, as on the real map of Kievan Rus'."""
    p = FRAME.places
    assert p["Ладога"].y < p["Новгород"].y < p["Смоленск"].y < p["Чернигов"].y < p["Киев"].y
    assert p["Псков"].x < p["Новгород"].x < p["Тверь"].x < p["Владимир"].x < p["Муром"].x
    assert p["Галич"].x < p["Киев"].x and p["Галич"].y > p["Киев"].y
    assert p["Владимир"].x > p["Москва"].x and p["Владимир"].y < p["Рязань"].y


def test_no_two_borders_cross() -> None:
    def turn(a: str, b: str, c: str) -> int:
        (ax, ay), (bx, by), (cx, cy) = ((FRAME.places[n].x, FRAME.places[n].y) for n in (a, b, c))
        return (cy - ay) * (bx - ax) - (by - ay) * (cx - ax)

    def cross(a: str, b: str, c: str, d: str) -> bool:
        apart = len({a, b, c, d}) == 4
        return apart and turn(a, b, c) * turn(a, b, d) < 0 and turn(c, d, a) * turn(c, d, b) < 0

    borders = [(border.a, border.b) for border in DATA.map.borders]
    assert [(s, t) for s, t in combinations(borders, 2) if cross(*s, *t)] == []


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_no_name_covers_another_name_or_a_province(lang: Lang) -> None:
    """Every label of the shipped map, in either language the map speaks."""
    pen = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    b = board(game(), PUBLIC_VIEWER)
    names = {
        name: pen.textbbox(
            _label_xy(FRAME.places[name], _reach(b, name)),
            label(name, (lang,)),
            font=font(LABEL, name in CAPITALS),
            anchor=_LABEL_ANCHOR[FRAME.places[name].label],
        )
        for name in FRAME.places
        if name in b.owners
    }
    discs = {}
    for name in names:
        x, y = _at(FRAME.places[name])
        r = CAPITAL_RADIUS if name in CAPITALS else RADIUS
        discs[name] = (x - r, y - r, x + r, y + r)

    def meet(a: tuple[float, ...], c: tuple[float, ...]) -> bool:
        return a[0] < c[2] and c[0] < a[2] and a[1] < c[3] and c[1] < a[3]

    assert [(a, c) for a, c in combinations(names, 2) if meet(names[a], names[c])] == []
    assert [(a, c) for a in names for c in discs if a != c and meet(names[a], discs[c])] == []


def test_neighbouring_principalities_never_look_alike() -> None:
    """Two principalities that share a border differ by ΔE ≥ 40 (CIE76: 2.3 is just noticeable),
    whoever plays them: Чернигов and Смоленск were 14 apart."""
    owner = {p.name: p.owner for p in DATA.provinces}
    neighbours = {frozenset((owner[b.a], owner[b.b])) for b in DATA.map.borders if owner[b.a] != owner[b.b]}
    close = []
    for pair in neighbours:
        distance = colour_distance(*(colour(p) for p in sorted(pair)))
        if distance < 40:
            close.append((sorted(pair), round(distance)))
    assert close == []
    assert len({colour(p.name) for p in DATA.powers}) == len(DATA.powers)  # and no two alike at all


KIEV_AT = '"Киев" = { x = 340, y = 810 }'
LUTSK_AT = '"Луцк" = { x = 220, y = 790 }'


@pytest.mark.parametrize(
    ("old", "new", "named"),
    [
        (KIEV_AT, '"Киев" = { x = 340, y = 990 }', "picture: places.Киев: (340, 990) lies outside"),
        (KIEV_AT, '"Киев" = { x = -5, y = 810 }', "picture: places.Киев: (-5, 810) lies outside"),
        (KIEV_AT, '"Киев" = { x = "юг", y = 810 }', "picture.places.Киев.x: Input should be"),
        (KIEV_AT, "", "picture.places: Киев has no place on the map"),
        (KIEV_AT, '"Киёв" = { x = 340, y = 810 }', "picture.places.Киёв: not a province or party"),
        (LUTSK_AT, '"Луцк" = { x = 220, y = 790, label = "вниз" }', "picture.places.Луцк.label: Input"),
    ],
)
def test_a_broken_position_is_refused_at_load(tmp_path: Path, old: str, new: str, named: str) -> None:
    _, said = refusal_of_edit(tmp_path, DATA_FILE, old, new, Data)
    assert named in said


def test_the_game_palette_is_the_maps_colour_of_every_principality() -> None:
    """The archive's chart takes a power's colour from `colours`: Владимир is the map's colour
    on the chart too, whatever its place in the game's powers."""
    state = RULESET.setup(["Киев", "Владимир"], Rng("palette"))
    assert {power.name: colour(power.name) for power in DATA.powers} == RULESET.colours(state)
