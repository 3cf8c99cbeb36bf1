"""The map picture: named and titled by the phase it shows, the same bytes for the same state and
for every reader (everything on the board is public), the last phase's orders drawn on it."""

from __future__ import annotations

import copy

from engines.contract import GM_VIEWER, PUBLIC_VIEWER
from tests.engines.diplomacy.play import STANDARD, resolve, start


def test_the_map_after_a_phase_is_titled_by_it_and_the_same_for_every_reader() -> None:
    state = resolve(start(), {"Франция": ["A PAR - BUR"], "Германия": ["A MUN - BUR"]}).state
    (public,) = STANDARD.pictures(state, PUBLIC_VIEWER, ("ru", "en"))
    assert public.name == "map-1901-spring" and public.title.ru == "Карта: Весна 1901"
    assert public.title.en == "Map: Spring 1901" and public.png.startswith(b"\x89PNG")
    for viewer in (GM_VIEWER, "Франция", PUBLIC_VIEWER):
        assert STANDARD.pictures(state, viewer, ("ru", "en"))[0].png == public.png


def test_the_orders_are_drawn_on_the_map() -> None:
    state = resolve(start(), {"Франция": ["A PAR - BUR"], "Германия": ["A MUN - BUR"]}).state
    drawn = STANDARD.pictures(state, PUBLIC_VIEWER, ("ru",))[0].png
    unplayed = copy.deepcopy(state)
    unplayed["played"] = []
    plain = STANDARD.pictures(unplayed, PUBLIC_VIEWER, ("ru",))[0].png
    assert drawn != plain


def test_the_start_is_a_map_of_its_own() -> None:
    (picture,) = STANDARD.pictures(start(), PUBLIC_VIEWER, ("en",))
    assert picture.name == "map-start" and picture.title.en == "Map at the start"
