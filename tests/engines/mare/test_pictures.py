"""The painted map: a PNG for every reader, the same bytes for the same state, nothing a reader may
not see (a change there leaves its bytes alone) and everything it may (a change there shows)."""

from __future__ import annotations

import copy
import io
from collections.abc import Callable
from itertools import combinations
from pathlib import Path

import pytest
from PIL import Image

from engines.contract import GM_VIEWER, JSON, PUBLIC_VIEWER
from engines.mare import RULESET
from engines.mare.data import DATA, DATA_FILE, Data
from engines.mare.pictures import CASTLE, STAR, Box, castle_xy, footprint, star_xy, text_box
from engines.mare.views import view
from engines.text import Lang
from tests.engines.helpers import refusal_of_edit
from tests.engines.mare.helpers import GAULS, GREEKS, ROME, game, own, typed

Change = Callable[[JSON], object]


def drawn(state: JSON, viewer: str) -> bytes:
    (picture,) = RULESET.pictures(state, viewer)
    return picture.png


def played() -> JSON:
    """A game after a turn: Rome spent, holds a general and a due, Greeks likewise."""
    state = own(game(), ROME, "Тирренское море")
    state["turn"] = 2
    for power, territory in ((ROME, "Сардиния"), (GREEKS, "Корсика")):
        state["allocations"][power]["rows"] = [
            {"order": "influence", "territory": territory, "side": "", "amount": 3},
            {"order": "connectivity", "territory": "", "side": "", "amount": 1},
        ]
    state["pesterator"] = [{"power": GREEKS, "territory": "Лигурия"}]
    state["generals"].update({"Аннигилятор": ROME, "Доминатор": GREEKS})
    return state


def changed(state: JSON, change: Change) -> JSON:
    other = copy.deepcopy(state)
    change(other)
    return other


def test_every_reader_gets_a_png_map_of_the_turn() -> None:
    state = played()
    for viewer in (GM_VIEWER, PUBLIC_VIEWER, *state["powers"]):
        (picture,) = RULESET.pictures(state, viewer)
        assert (picture.name, picture.title.ru) == ("map-turn-1", "Карта после хода 1")  # what it shows
        image = Image.open(io.BytesIO(picture.png))
        assert image.format == "PNG" and image.width == DATA.picture.width
        assert len(picture.png) < 60_000


def test_the_same_state_draws_the_same_bytes() -> None:
    assert drawn(played(), ROME) == drawn(played(), ROME)
    assert drawn(played(), GM_VIEWER) == drawn(played(), GM_VIEWER)


HIDDEN_FROM_ROME: list[Change] = [
    lambda s: s["allocations"][GREEKS]["rows"][0].update(amount=7),
    lambda s: s["pesterator"].append({"power": GAULS, "territory": "Сардиния"}),
    lambda s: s["generals"].update({"Доминатор": GAULS}),
]


@pytest.mark.parametrize("change", HIDDEN_FROM_ROME)
def test_what_a_power_may_not_see_leaves_its_map_alone(change: Change) -> None:
    state = played()
    other = changed(state, change)
    assert view(typed(other), ROME) == view(typed(state), ROME)  # truly hidden from Rome
    assert drawn(other, ROME) == drawn(state, ROME)
    assert drawn(other, PUBLIC_VIEWER) == drawn(state, PUBLIC_VIEWER)
    assert drawn(other, GM_VIEWER) != drawn(state, GM_VIEWER)


@pytest.mark.parametrize(
    "change",
    [
        lambda s: s["allocations"][ROME]["rows"][0].update(amount=5),
        lambda s: s["pesterator"].append({"power": ROME, "territory": "Лаций"}),
        lambda s: s["generals"].update({"Дебилятор": ROME}),
    ],
)
def test_what_only_a_power_may_see_shows_on_its_map_alone(change: Change) -> None:
    state = played()
    other = changed(state, change)
    assert drawn(other, ROME) != drawn(state, ROME)
    assert drawn(other, GREEKS) == drawn(state, GREEKS)
    assert drawn(other, PUBLIC_VIEWER) == drawn(state, PUBLIC_VIEWER)


@pytest.mark.parametrize(
    "change",
    [
        lambda s: s["owners"].update({"Корсика": GAULS}),
        lambda s: s["owners"].update({"Тирренское море": ""}),
        lambda s: s["fortresses"].update({"Лаций": ROME}),
        lambda s: s["bonuses"].update({"Житница": "Сиракузы"}),
        lambda s: s["might"].update({GAULS: 9}),
        lambda s: s.update(turn=3),
    ],
)
def test_the_public_map_shows_what_everyone_may_know(change: Change) -> None:
    state = played()
    assert drawn(changed(state, change), PUBLIC_VIEWER) != drawn(state, PUBLIC_VIEWER)


def test_only_powers_of_the_game_the_gm_and_the_public_are_readers() -> None:
    with pytest.raises(ValueError, match="Иберы"):
        drawn(game(), "Иберы")  # a people of the data that does not play here


def _apart(a: Box, b: Box) -> bool:
    return a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


@pytest.mark.parametrize("langs", [("ru", "en"), ("ru",), ("en",)])
def test_no_two_labels_overlap_whatever_the_state(langs: tuple[Lang, ...]) -> None:
    """Every territory of the largest map keeps its label (with a bonus star, a fortress and chips)
    clear of every other's and inside the picture, its names in any of the game's languages."""
    boxes = {t.name: footprint(t, langs) for t in DATA.territories}
    for (a, one), (b, other) in combinations(boxes.items(), 2):
        assert _apart(one, other), f"{a} overlaps {b}"
    for name, (left, _, right, _) in boxes.items():
        assert left >= 0 and right <= DATA.picture.width, name


@pytest.mark.parametrize("langs", [("ru",), ("en",)])
def test_a_star_or_a_fortress_never_covers_a_letter_of_the_name(langs: tuple[Lang, ...]) -> None:
    """The star on «Бетика» and the fortress on «Этрурия» used to cover the name's letters."""
    for territory in DATA.territories:
        x, y = star_xy(territory, langs)
        left, top = castle_xy(territory, langs)
        name = text_box(territory, langs)
        assert _apart((x - STAR, y - STAR, x + STAR, y + STAR), name), territory.name
        assert _apart((left, top, left + 14, top + CASTLE), name), territory.name


@pytest.mark.parametrize(
    ("old", "new", "says"),
    [
        ("position = [690, 230]\n", "", "territories.0.position: Field required"),
        ("position = [690, 230]", "position = [1690, 230]", "territories.0.position: (1690, 230) is off"),
        ("position = [690, 230]", 'position = "Рим"', "territories.0.position"),
        ("height = 600", "height = 100", "is off the picture's 1000×100"),
    ],
)
def test_a_broken_position_is_a_data_error(tmp_path: Path, old: str, new: str, says: str) -> None:
    path, said = refusal_of_edit(tmp_path, DATA_FILE, old, new, Data)
    assert any(line.startswith(f"{path}: ") and says in line for line in said.splitlines()), said
