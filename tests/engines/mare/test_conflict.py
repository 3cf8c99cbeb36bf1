"""«Удалённость территорий» and «Конфликт»: coefficients, support, rounds, ties (exact Fractions)."""

from __future__ import annotations

from fractions import Fraction

from engines.mare.conflict import Stake, fight
from engines.mare.world import coefficient, is_border, is_internal
from engines.rng import Rng
from engines.text import number
from tests.engines.helpers import mail, o
from tests.engines.mare.helpers import GAULS, GREEKS, NEUTRALS, PUNICS, ROME, bid, game, own, run, told, typed

ORDER = [ROME, GREEKS, GAULS, PUNICS, NEUTRALS]


def stake(source: str, value: int | Fraction, beneficiary: str = "") -> Stake:
    return Stake(source, beneficiary or source, "Корсика", int(value), Fraction(value), "own")


def test_internal_and_border_territories_neutrals_do_not_make_a_border() -> None:
    state = typed(game())
    assert is_border(state, "Кампания") and is_border(state, "Тарент")  # Romans next to Greeks
    assert is_internal(state, "Лаций") and is_internal(state, "Этрурия")  # next to neutrals only
    assert not is_border(state, "Корсика") and not is_internal(state, "Корсика")  # neutral


def test_distance_coefficients_1_08_07_and_half_for_anothers_internal_land() -> None:
    state = typed(game())
    assert coefficient(state, ROME, "Лаций") == 1  # own
    assert coefficient(state, ROME, "Лигурия") == 1  # next to own
    assert coefficient(state, ROME, "Африканское море") == Fraction(8, 10)
    assert coefficient(state, ROME, "Сардиния") == Fraction(7, 10)
    assert coefficient(state, ROME, "Карфаген") == Fraction(7, 10) * Fraction(1, 2)  # 0.35
    assert coefficient(state, ROME, "Сиракузы") == Fraction(7, 10) * Fraction(1, 2)


def test_fractions_are_kept_exact_and_shown_as_decimals() -> None:
    state = game()
    result = run(state, {ROME: mail(bid("Карфаген", 3)), PUNICS: mail(bid("Карфаген", 1))})
    stakes = [m.params for m in result.gm_log if m.code == "mare_gm_stake_own" and m.params["source"] == ROME]
    assert stakes[0]["coefficient"] == 0.35 and stakes[0]["value"] == 1.05
    assert told(result, ROME, "mare_round")[0]["left"] == 0.525  # 1.05 − 1 < 1.05 / 2: at most halved
    assert number(float(Fraction(21, 40)), "ru") == "0,525" and number(float(Fraction(7)), "en") == "7"


def test_one_bidder_wins() -> None:
    conflict = fight(["Корсика"], [stake(ROME, 1)], [], ORDER, Rng("x"))
    assert conflict.winner == ROME and conflict.rounds == [] and conflict.losers == []


def test_two_bidders_the_larger_wins_in_one_round() -> None:
    conflict = fight(["Корсика"], [stake(ROME, 5), stake(GREEKS, 4)], [], ORDER, Rng("x"))
    assert conflict.winner == ROME and conflict.losers == [GREEKS] and len(conflict.rounds) == 1


def test_more_bidders_the_two_largest_meet_the_winner_reduced_at_most_by_half() -> None:
    stakes = [stake(ROME, 10), stake(GREEKS, 4), stake(GAULS, 3)]
    conflict = fight(["Корсика"], stakes, [], ORDER, Rng("x"))
    first, second = conflict.rounds
    assert (first.a, first.b, first.left) == (ROME, GREEKS, Fraction(6))  # 10 − 4 = 6 > 10 / 2
    assert (second.a, second.b, second.left) == (ROME, GAULS, Fraction(3))  # 6 − 3 = 3 = 6 / 2
    halved = fight(["Корсика"], [stake(ROME, 10), stake(GREEKS, 8), stake(GAULS, 6)], [], ORDER, Rng("x"))
    assert halved.rounds[0].left == 5 and halved.winner == GAULS  # 10 − 8 = 2 < 5: only halved; 6 > 5


def test_a_tie_knocks_out_both_and_the_rest_goes_on() -> None:
    conflict = fight(["Корсика"], [stake(ROME, 5), stake(GREEKS, 5)], [], ORDER, Rng("x"))
    assert conflict.winner == "" and conflict.losers == [ROME, GREEKS]
    three = fight(["Корсика"], [stake(ROME, 5), stake(GREEKS, 5), stake(GAULS, 2)], [], ORDER, Rng("x"))
    assert three.winner == GAULS and three.losers == [ROME, GREEKS]


def test_equal_second_places_are_settled_by_a_logged_lot() -> None:
    rng = Rng("lot")
    conflict = fight(["Корсика"], [stake(ROME, 9), stake(GREEKS, 3), stake(GAULS, 3)], [], ORDER, rng)
    assert conflict.winner == ROME and len(conflict.rounds) == 2
    assert any(
        draw.purpose.code == "mare_draw_meet" and draw.purpose.params["round"] == 1 for draw in rng.log
    )


def test_support_adds_to_the_supported_and_is_worthless_if_they_spend_nothing() -> None:
    state = game()
    orders = {
        ROME: mail(bid("Корсика", 3)),
        GREEKS: mail(bid("Корсика", 4)),
        GAULS: mail(o("support", territory="Корсика", side=ROME, amount=2)),
    }
    result = run(state, orders)
    assert told(result, GAULS, "mare_conflict_won") == [{"territory": "Корсика", "winner": ROME}]
    orders[GAULS] = mail(o("support", territory="Корсика", side=PUNICS, amount=9))
    result = run(state, orders)
    assert told(result, ROME, "mare_conflict_won")[0]["winner"] == GREEKS


def test_support_for_the_neutrals_counts_only_when_they_spend() -> None:
    state = own(game(), GREEKS, "Корсика")
    orders = {ROME: mail(bid("Корсика", 1), o("support", territory="Корсика", side=NEUTRALS, amount=5))}
    assert run(state, orders).state["owners"]["Корсика"] == GREEKS  # Rome won on internal land


def test_conflict_report_goes_round_by_round_to_participants_only() -> None:
    state = game()
    orders = {ROME: mail(bid("Корсика", 6)), GREEKS: mail(bid("Корсика", 2)), GAULS: mail(bid("Корсика", 1))}
    result = run(state, orders)
    rounds = told(result, GAULS, "mare_round")
    assert [(r["number"], r["winner"], r["loser"]) for r in rounds] == [(1, ROME, GREEKS), (2, ROME, GAULS)]
    assert told(result, PUNICS, "mare_round") == []
    assert any(m.code == "mare_round" for m in result.gm_log)
