"""The standings chart: a small PNG of every turn's totals, kept by resolution, the same bytes for
the same state, and no power's secret total shown to another before the game ends."""

from __future__ import annotations

import copy
import io
import itertools
from collections.abc import Sequence

from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from engines.coins import RULESET
from engines.coins.chart import spread, ticks
from engines.contract import GM_VIEWER, JSON, PUBLIC_VIEWER, Picture
from engines.drawing import Colour, colour_of
from tests.engines.coins.helpers import CN, EU, RU, US, game, play_ai_game, run
from tests.engines.helpers import mail, o

FINAL, RESOLUTIONS = play_ai_game(5, "pictures")
MIDGAME = next(r.state for r in RESOLUTIONS if r.state["turn"] == 5)


def drawn(state: JSON, viewer: str) -> Sequence[Picture]:
    return RULESET.pictures(state, viewer)


def chart(state: JSON, viewer: str = GM_VIEWER) -> bytes:
    (picture,) = drawn(state, viewer)
    return picture.png


def opened(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image.convert("RGB")


def has_colour(image: Image.Image, colour: Colour) -> bool:
    """Whether some pixel is exactly `colour`."""
    return any(pixel == colour for _, pixel in image.getcolors(image.width * image.height) or [])


def test_the_chart_is_a_small_png_of_900_by_500_named_by_its_last_turn() -> None:
    (picture,) = drawn(FINAL, GM_VIEWER)
    assert opened(picture.png).size == (900, 500)
    assert len(picture.png) < 40_000
    assert picture.name == "vp-turn-10"
    assert picture.title.en == "Victory points by turn"


def test_every_power_is_drawn_in_its_colour_by_setup_order() -> None:
    image = opened(chart(FINAL))
    assert all(has_colour(image, colour_of(i)) for i in range(len(FINAL["powers"])))
    assert not has_colour(image, colour_of(len(FINAL["powers"])))


def test_the_same_state_draws_the_same_bytes() -> None:
    assert chart(FINAL) == chart(copy.deepcopy(FINAL))


def test_different_scores_draw_different_bytes() -> None:
    changed = copy.deepcopy(FINAL)
    changed["standings"][4]["vp"][RU] += 3
    assert chart(changed) != chart(FINAL)


def test_each_orders_phase_keeps_the_turns_totals_and_other_phases_keep_none() -> None:
    kept = [len(r.state["standings"]) for r in RESOLUTIONS]
    turns_ended = [r.state["over"] or r.state["phase"] == "talks" for r in RESOLUTIONS]
    assert kept == [sum(turns_ended[: i + 1]) for i in range(len(RESOLUTIONS))]
    assert [entry["turn"] for entry in FINAL["standings"]] == list(range(1, 11))
    assert FINAL["standings"][-1]["vp"] == RULESET.scores(FINAL)


def test_totals_are_kept_when_the_coins_are_distributed_before_next_turns_income() -> None:
    orders = {US: mail(o("give", power=CN, amount=3), o("invest", line="Промышленность", amount=2))}
    after = run(game(1, "orders"), orders).state
    assert after["standings"] == [{"turn": 1, "vp": {US: 3, CN: 11, RU: 8, EU: 8}}]
    assert RULESET.scores(after)[US] > 3  # the new turn's income came after


def test_an_old_state_without_standings_resolves_and_charts_from_its_first_ended_turn() -> None:
    old = game(4, "orders")
    del old["standings"]
    assert drawn(old, GM_VIEWER) == ()
    after = run(old).state
    assert [entry["turn"] for entry in after["standings"]] == [4]
    image = opened(chart(after))  # one turn: points, not lines
    assert image.size == (900, 500)
    assert all(has_colour(image, colour_of(i)) for i in range(4))


def test_until_the_end_a_power_sees_only_its_own_points_and_the_public_none() -> None:
    others_changed = copy.deepcopy(MIDGAME)
    for entry in others_changed["standings"]:
        entry["vp"] = {p: vp if p == US else vp + 7 for p, vp in entry["vp"].items()}
    assert chart(others_changed, US) == chart(MIDGAME, US)
    assert chart(others_changed) != chart(MIDGAME)
    assert chart(MIDGAME, US) != chart(MIDGAME, CN)
    assert drawn(MIDGAME, PUBLIC_VIEWER) == ()
    assert not has_colour(opened(chart(MIDGAME, US)), colour_of(MIDGAME["powers"].index(CN)))


def test_once_the_game_is_over_everyone_sees_every_line() -> None:
    assert chart(FINAL, US) == chart(FINAL)


def test_the_public_gets_no_chart_of_its_own_the_archive_draws_the_one_chart() -> None:
    assert drawn(FINAL, PUBLIC_VIEWER) == () and drawn(MIDGAME, PUBLIC_VIEWER) == ()


@given(st.lists(st.floats(0, 400), min_size=1, max_size=8))
def test_labels_keep_their_order_stay_apart_and_inside(targets: list[float]) -> None:
    centres = spread(targets, 20, 10, 400)
    order = sorted(range(len(targets)), key=lambda i: targets[i])
    placed = [centres[i] for i in order]
    assert all(b - a >= 20 - 1e-9 for a, b in itertools.pairwise(placed))
    assert all(10 - 1e-9 <= c <= 400 + 1e-9 for c in centres)


def test_labels_far_apart_stay_at_their_lines() -> None:
    assert spread([300, 50, 200], 20, 0, 400) == [300, 50, 200]
    assert spread([100, 100], 20, 0, 400) == [90, 110]


def test_ticks_are_round_steps_covering_the_values() -> None:
    assert ticks(0, 98) == [0, 20, 40, 60, 80, 100]
    assert ticks(-3, 12) == [-4, -2, 0, 2, 4, 6, 8, 10, 12]
    assert ticks(0, 0) == [0, 1]
