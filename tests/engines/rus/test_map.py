"""The map data agrees with every example of the rulebook (sections 1, 3.2, 4.2, 5.1)."""

from __future__ import annotations

import itertools
from collections import Counter

from engines.rus.data import DATA
from engines.rus.world import capital, druzhina, provinces_of
from tests.engines.rus.helpers import game


def test_sixteen_principalities_of_one_to_four_provinces_about_36_in_all() -> None:
    sizes = Counter(p.owner for p in DATA.provinces)
    assert len(DATA.powers) == 16 and set(sizes) == {p.name for p in DATA.powers}
    assert all(1 <= n <= 4 for n in sizes.values())
    assert len(DATA.provinces) == 36


def test_every_capital_is_its_own_province() -> None:
    state = game()
    for power in DATA.powers:
        assert capital(state, power.name) == power.capital
        assert DATA.province(power.capital).owner == power.name


def test_starting_op_as_section_3_2() -> None:
    named = {"Новгород": 20, "Киев": 20, "Тверь": 10, "Ростов": 15, "Владимир": 15, "Рязань": 15}
    state = game()
    for name, here in state["provinces"].items():
        assert here["op"] == named.get(name, 10), name


def test_the_route_ryazan_to_novgorod_crosses_one_province_of_vladimir_and_one_of_tver() -> None:
    route = ["Рязань", "Тула", "Москва", "Тверь", "Торжок", "Новгород"]
    for a, b in itertools.pairwise(route):
        assert b in DATA.adjacency[a], (a, b)
    owners = [DATA.province(p).owner for p in route]
    assert owners == ["Рязань", "Рязань", "Владимир", "Тверь", "Новгород", "Новгород"]


def test_novgorod_has_four_provinces_so_ryazan_earns_50() -> None:
    assert len(provinces_of(game(), "Новгород")) == 4


def test_mtsensk_is_next_to_ryazan_across_a_river() -> None:
    assert "Мценск" in DATA.adjacency["Рязань"]
    assert DATA.river("Рязань", "Мценск")
    assert DATA.province("Мценск").owner == "Чернигов"


def test_kozelsk_two_steps_from_ryazan_and_chernigov_three() -> None:
    assert DATA.distance("Рязань", "Мценск") == 1
    assert DATA.distance("Рязань", "Козельск") == 2
    assert DATA.distance("Рязань", "Чернигов") == 3
    assert DATA.province("Козельск").owner == "Чернигов"


def test_the_retreat_from_kozelsk_is_to_tula_and_from_chernigov_there_is_none() -> None:
    ryazan = {p.name for p in DATA.provinces if p.owner == "Рязань"}
    assert [p for p in DATA.adjacency["Козельск"] if p in ryazan] == ["Тула"]
    assert not [p for p in DATA.adjacency["Чернигов"] if p in ryazan]


def test_a_river_border_means_both_sides_lie_on_water() -> None:
    for pair in DATA.rivers:
        assert all(DATA.province(p).water for p in pair)
    assert sum(bool(p.water) for p in DATA.provinces) >= 11  # the production example's 11 fishers


def test_the_map_is_connected_and_symmetric() -> None:
    for a, near in DATA.adjacency.items():
        for b in near:
            assert a in DATA.adjacency[b]
    assert all(DATA.distance("Новгород", p.name) > 0 for p in DATA.provinces if p.name != "Новгород")


def test_the_non_playable_parties() -> None:
    parties = {p.name: p for p in DATA.parties}
    assert set(parties) == {"Польша", "Венгрия", "Половцы", "Варяги"}
    assert parties["Польша"].trade and parties["Венгрия"].trade
    assert not parties["Половцы"].trade and not parties["Варяги"].trade
    assert parties["Польша"].religion == parties["Венгрия"].religion == DATA.religions.christian


def test_players_and_computer_countries() -> None:
    state = game(["Рязань", "Киев"])
    assert state["powers"] == [p.name for p in DATA.powers]
    assert len(state["ai"]) == 14 and "Рязань" not in state["ai"]
    assert all(state["countries"][p]["stability"] == 0 for p in state["ai"])
    assert all(druzhina(state, p) == 10 for p in state["powers"])
    assert all(c["religion"] == DATA.religions.pagan for c in state["countries"].values())
