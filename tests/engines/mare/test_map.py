"""Fortresses, bonus moves, connectivity, map painting and the landless rule."""

from __future__ import annotations

from engines.mare.world import components, connectivity_cost, influence
from tests.engines.helpers import codes, mail, o
from tests.engines.mare.helpers import GAULS, GREEKS, PUNICS, ROME, bid, game, own, problems, run, told, typed


# ---- fortresses ---------------------------------------------------------------------------------
def test_fortress_costs_1_and_1_might_appears_next_turn_if_held() -> None:
    state = game()
    assert problems(state, ROME, o("fortify", territory="Тирренское море")) == ["mare_not_your_territory"]
    own(state, ROME, "Тирренское море")
    assert problems(state, ROME, o("fortify", territory="Тирренское море")) == ["mare_fortress_on_sea"]
    result = run(state, {ROME: mail(o("fortify", territory="Лаций"))})
    assert result.state["fortresses"] == {"Лаций": ROME}
    assert result.state["might"][ROME] == 11  # −1 for the special action
    assert result.state["allocations"][ROME]["spent"] == 1


def test_fortress_not_built_when_the_territory_is_lost() -> None:
    state = game()
    result = run(state, {ROME: mail(o("fortify", territory="Кампания")), GREEKS: mail(bid("Кампания", 5))})
    assert result.state["fortresses"] == {} and told(result, ROME, "mare_fortress_not_built")


def test_fortress_gives_4_every_turn_there_and_is_destroyed_on_change_of_owner() -> None:
    state = game()
    state["fortresses"] = {"Кампания": ROME}
    held = run(state, {GREEKS: mail(bid("Кампания", 4))})
    assert held.state["owners"]["Кампания"] == ROME  # 4 against 4: a tie, nobody wins
    lost = run(state, {GREEKS: mail(bid("Кампания", 5))})
    assert lost.state["owners"]["Кампания"] == "" and lost.state["fortresses"] == {}
    assert told(lost, ROME, "mare_fortress_destroyed")


def test_a_fortress_territory_gives_no_profitable_victory_the_4_count_as_spent() -> None:
    state = game()
    state["fortresses"] = {"Лаций": ROME}
    assert told(run(state, {ROME: mail(bid("Лаций", 1))}), ROME, "mare_profitable") == []


def test_razing_costs_1_and_the_fortress_helps_one_last_time() -> None:
    state = game()
    state["fortresses"] = {"Кампания": ROME}
    result = run(state, {ROME: mail(o("raze", territory="Кампания")), GREEKS: mail(bid("Кампания", 3))})
    assert result.state["owners"]["Кампания"] == ROME and result.state["fortresses"] == {}
    assert result.state["might"][ROME] == 12  # razing is not a special action
    assert problems(state, GREEKS, o("raze", territory="Кампания")) == ["mare_no_fortress"]


# ---- bonuses ------------------------------------------------------------------------------------
def test_income_bonus_adds_influence() -> None:
    state = own(game(), ROME, "Западная Сицилия")
    assert influence(typed(state), ROME) == 12 + 2


def test_moving_a_bonus_costs_3_and_1_might_and_needs_both_held() -> None:
    state = own(game(), ROME, "Цизальпинская Галлия")
    move = o("move_bonus", territory="Цизальпинская Галлия", to="Лаций")
    result = run(state, {ROME: mail(move)})
    assert result.state["bonuses"]["Альпийские перевалы"] == "Лаций" and result.state["might"][ROME] == 11
    assert result.state["allocations"][ROME]["spent"] == 3
    lost = run(state, {ROME: mail(move), GAULS: mail(bid("Цизальпинская Галлия", 4))})
    assert lost.state["bonuses"]["Альпийские перевалы"] == "Цизальпинская Галлия"
    assert lost.state["might"][ROME] == 11 and told(lost, ROME, "mare_bonus_not_moved")
    assert problems(state, ROME, o("move_bonus", territory="Лаций", to="Этрурия")) == ["mare_no_bonus_there"]
    assert problems(state, ROME, o("move_bonus", territory="Цизальпинская Галлия", to="Корсика")) == [
        "mare_not_your_territory"
    ]


def test_sea_reach_and_passes_bonuses_change_the_coefficient() -> None:
    from engines.mare.world import coefficient

    state = own(game(), ROME, "Балеары")
    assert coefficient(typed(state), ROME, "Ионическое море") == 1
    own(state, ROME, "Цизальпинская Галлия")
    assert coefficient(typed(state), ROME, "Карфаген") * 10 == 7


# ---- connectivity -------------------------------------------------------------------------------
def test_connectivity_costs_1_2_3_so_4_pieces_cost_6() -> None:
    assert [connectivity_cost(n) for n in (1, 2, 3)] == [1, 3, 6]


def test_unpaid_pieces_cost_1_might_each_at_11_or_more_and_nothing_below() -> None:
    state = own(game(), ROME, "Корсика", "Балеары")
    assert len(components(typed(state), ROME)) == 3
    result = run(state)
    assert told(result, ROME, "mare_connectivity_loss")[0]["count"] == 2
    assert result.state["might"][ROME] == 10
    paid = run(state, {ROME: mail(o("connect", count=2))})
    assert paid.state["might"][ROME] == 12 and paid.state["allocations"][ROME]["spent"] == 3
    weak = own(game(rome=10), ROME, "Корсика")
    assert run(weak).state["might"][ROME] == 10
    assert problems(state, ROME, o("connect", count=3)) == ["mare_connect_too_many"]


# ---- painting -----------------------------------------------------------------------------------
def test_winning_a_neutral_neighbour_conquers_it_a_far_one_stays_neutral() -> None:
    state = game()
    result = run(state, {ROME: mail(bid("Лигурия", 1), bid("Сардиния", 2))})
    assert result.state["owners"]["Лигурия"] == ROME and result.state["owners"]["Сардиния"] == ""


def test_winning_an_enemy_border_territory_makes_it_neutral_an_internal_one_stays() -> None:
    state = game()
    result = run(state, {ROME: mail(bid("Тарент", 3), bid("Сиракузы", 9))})
    assert result.state["owners"]["Тарент"] == "" and result.state["owners"]["Сиракузы"] == GREEKS
    assert "mare_news_painted" in codes(result.news)


def test_a_neutral_win_makes_any_territory_neutral() -> None:
    state = game()
    state["generals"]["Нифигатор"] = ROME
    result = run(
        state, {ROME: mail(bid("Карфаген", 1), o("general", general="Нифигатор", territory="Карфаген"))}
    )
    assert result.state["owners"]["Карфаген"] == ""  # internal, but the neutrals won


def test_a_sea_only_piece_of_a_split_state_vanishes() -> None:
    state = own(game(), ROME, "Ионическое море")
    result = run(state)
    assert result.state["owners"]["Ионическое море"] == ""
    assert told(result, ROME, "mare_sea_piece_lost")
    joined = own(game(), ROME, "Тирренское море")
    assert run(joined).state["owners"]["Тирренское море"] == ROME


def test_landless_conquers_a_neutral_with_every_neighbours_permission() -> None:
    state = game()
    for territory in ("Лаций", "Этрурия", "Кампания"):
        state["owners"][territory] = ""
    permit = o("permit", power=ROME, territory="Западная Сицилия")
    assert problems(state, GREEKS, permit) == []
    assert problems(state, GAULS, permit) == ["mare_permit_not_neighbour"]
    assert problems(state, GREEKS, o("permit", power=GAULS, territory="Западная Сицилия")) == [
        "mare_permit_not_landless"
    ]
    refused = run(state, {ROME: mail(bid("Западная Сицилия", 2))})
    assert refused.state["owners"]["Западная Сицилия"] == ""
    allowed = run(state, {ROME: mail(bid("Западная Сицилия", 2)), GREEKS: mail(permit)})
    assert allowed.state["owners"]["Западная Сицилия"] == ROME
    assert "mare_landless" not in codes(allowed.reports[ROME])  # ended the turn with territory


def test_a_turn_begun_and_ended_without_territory_costs_1() -> None:
    state = game()
    for territory in ("Карфаген", "Ливия", "Нумидия"):
        state["owners"][territory] = ""
    result = run(state)
    assert result.state["might"][PUNICS] == 11 and told(result, PUNICS, "mare_landless")
