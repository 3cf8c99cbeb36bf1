"""What a mail's orders are refused for as they arrive: orders the DATC calls illegal, said in the
game's words with where the unit could go instead; one order a unit; winter's builds and
disbands counted against what the power is due, the lines above counting too."""

from __future__ import annotations

from tests.engines.diplomacy.play import refusals, start, with_units

SPRING = start()


def test_a_move_to_a_province_out_of_reach_says_where_the_unit_can_go() -> None:
    assert refusals(SPRING, "Франция", "A PAR - LON") == [
        "Лондон не граничит с Парижем: часть туда не дойдёт. "
        "Отсюда можно пойти: Брест, Бургундия, Гасконь, Пикардия."
    ]
    assert refusals(SPRING, "Франция", "A MAR - LYO")[0].startswith(
        "армия не выходит в море, а Лионский залив — море."
    )
    assert refusals(SPRING, "Германия", "F KIE - MUN")[0].startswith(
        "флот не ходит по суше, а Мюнхен — не побережье."
    )


def test_orders_to_units_not_there_or_not_ones_own_are_refused() -> None:
    assert refusals(SPRING, "Франция", "A BUR - PAR") == ["в Бургундии нет части."]
    assert refusals(SPRING, "Франция", "A MUN - BUR") == ["часть в Мюнхене не ваша."]  # DATC 6.A.6


def test_a_convoy_needs_fleets_on_the_way_and_the_fleet_on_a_route() -> None:
    assert refusals(SPRING, "Англия", "A LVP - BRE") == [
        "из Ливерпуля в Брест армию могут перевезти только флоты в море, а на пути их нет."
    ]
    assert refusals(SPRING, "Россия", "F SEV C A MOS - ARM") == ["конвоирует только флот в открытом море."]


def test_a_support_must_be_possible_and_name_a_coast_the_fleet_could_choose() -> None:
    assert refusals(SPRING, "Франция", "F BRE S A PAR - BUR") == [
        "поддерживают только туда, куда часть могла бы пойти сама, а этой части туда хода нет."
    ]
    assert refusals(SPRING, "Франция", "A PAR S A PAR") == ["часть не поддерживает саму себя."]
    state = with_units(SPRING, mao=("Франция", "F", "mao"), gas=("Франция", "A", "gas"))
    assert refusals(state, "Франция", "A GAS S F MAO - SPA") == [
        "флот может прийти на любое из побережий Испании: "
        "назовите побережье и в поддержке, например «… – Испания (СП)»."
    ]
    assert refusals(state, "Франция", "A GAS S F MAO - SPA(NC)", "F MAO - SPA/NC") == []


def test_a_fleet_to_a_province_of_two_coasts_names_the_coast_it_goes_to() -> None:
    state = with_units(SPRING, mao=("Франция", "F", "mao"))
    assert refusals(state, "Франция", "F MAO - SPA") == [
        "у Испании два побережья, флот дойдёт до обоих: напишите, до какого, например «Испания (СП)»."
    ]
    gascony = with_units(SPRING, gas=("Франция", "F", "gas"))
    assert refusals(gascony, "Франция", "F GAS - SPA/SC") == ["флот не дойдёт до этого побережья: Испания."]


def test_a_unit_takes_one_order() -> None:
    assert refusals(SPRING, "Франция", "A PAR - BUR", "А Париж стоит") == [
        "Этой части уже дан приказ в строке 1: у части один приказ."
    ]


def test_winter_builds_are_counted_and_checked_where_they_stand() -> None:
    winter = {**with_units(SPRING, par=None, bre=None), "phase": "winter"}
    assert refusals(winter, "Франция", "BUILD A PAR", "BUILD F BRE", "ОТКАЗ") == [
        "вместе со строками выше это больше, чем вам положено: можно построить 2 части."
    ]
    assert refusals(winter, "Франция", "BUILD A MAR") == [
        "в Марселе стоит часть: строят только в свободном центре."
    ]
    assert refusals(winter, "Франция", "BUILD A BEL")[0] == (
        "строят только в своих домашних центрах, а Бельгия не ваш домашний центр."
    )
    assert refusals(winter, "Франция", "BUILD A PAR", "BUILD F PAR") == [
        "в Париже стоит часть: строят только в свободном центре."
    ]
    assert refusals(winter, "Германия", "BUILD A BER") == [
        "строить вам нечего: центров у вас не больше, чем частей."
    ]


def test_a_fleet_built_on_two_coasts_names_its_coast() -> None:
    winter = {**with_units(SPRING, stp=None), "phase": "winter"}
    assert refusals(winter, "Россия", "BUILD F STP") == [
        "у Санкт-Петербурга два побережья: напишите, на каком строить флот, "
        "например «ПОСТРОИТЬ Ф Санкт-Петербург (СП)»."
    ]
    assert refusals(winter, "Россия", "BUILD F STP/NC") == []
