"""DATC 6.I (building) and 6.J (civil disorder and disbands), DATC 3.0, each case by its number:
orders are taken in turn, the first legal ones count (DATC 4.D.4–4.D.6), and disbands nobody
ordered follow the 2023 rule (DATC 4.D.8: farthest from an owned centre, fleets first, then by
the English name)."""

from engines.diplomacy.adjustments import Adjusted
from engines.diplomacy.board import Unit
from tests.engines.diplomacy.datc import adjustments, power

GERMANY, RUSSIA, FRANCE, ITALY = (power(p) for p in ("Germany", "Russia", "France", "Italy"))


def units(owner: str, *where: str) -> dict[str, Unit]:
    """`owner`'s units: "A ber", "F stp/sc"."""
    found = {}
    for unit in where:
        kind, _, location = unit.partition(" ")
        found[location.partition("/")[0]] = Unit(owner, "A" if kind == "A" else "F", location)
    return found


def centres(owner: str, *where: str) -> dict[str, str]:
    return dict.fromkeys(where, owner)


def built(result: Adjusted, owner: str) -> list[str]:
    return sorted(u.location for u in result.built[owner])


def removed(result: Adjusted, owner: str) -> list[str]:
    return sorted(u.location for u in result.removed[owner] + result.disordered[owner])


def test_6_i_1_too_many_build_orders():
    done = adjustments(
        units(GERMANY, "A ber", "F den", "A ruh"),
        {**centres(GERMANY, "ber", "kie", "mun", "den"), "war": RUSSIA},
        "Germany:\nBuild A Warsaw\nBuild A Kiel\nBuild A Munich",
    )
    assert built(done, GERMANY) == ["kie"]


def test_6_i_2_fleets_cannot_be_build_in_land_areas():
    done = adjustments(units(RUSSIA, "A war"), centres(RUSSIA, "mos", "war"), "Russia:\nBuild F Moscow")
    assert built(done, RUSSIA) == []


def test_6_i_3_supply_center_must_be_empty_for_building():
    done = adjustments(units(GERMANY, "A ber"), centres(GERMANY, "ber", "kie"), "Germany:\nBuild A Berlin")
    assert built(done, GERMANY) == []


def test_6_i_4_both_coasts_must_be_empty_for_building():
    done = adjustments(
        units(RUSSIA, "F stp/sc"), centres(RUSSIA, "stp", "mos"), "Russia:\nBuild A St Petersburg(nc)"
    )
    assert built(done, RUSSIA) == []


def test_6_i_5_building_in_home_supply_center_that_is_not_owned():
    done = adjustments(
        units(GERMANY, "A hol"), {**centres(GERMANY, "kie", "hol"), "ber": RUSSIA}, "Germany:\nBuild A Berlin"
    )
    assert built(done, GERMANY) == []


def test_6_i_6_building_in_owned_supply_center_that_is_not_a_home_supply_center():
    done = adjustments(units(GERMANY, "A ber"), centres(GERMANY, "ber", "war"), "Germany:\nBuild A Warsaw")
    assert built(done, GERMANY) == []


def test_6_i_7_only_one_build_in_a_home_supply_center():
    done = adjustments(
        units(RUSSIA, "A war"),
        centres(RUSSIA, "mos", "war", "sev"),
        "Russia:\nBuild A Moscow\nBuild A Moscow",
    )
    assert built(done, RUSSIA) == ["mos"]


def test_6_j_1_too_many_disband_orders():
    done = adjustments(
        units(FRANCE, "A par", "A pic"),
        centres(FRANCE, "par"),
        "France:\nRemove F Gulf of Lyon\nRemove A Picardy\nRemove A Paris",
    )
    assert removed(done, FRANCE) == ["pic"]


def test_6_j_2_removing_the_same_unit_twice():
    done = adjustments(
        units(FRANCE, "A par", "A pic", "F bre"),
        centres(FRANCE, "par"),
        "France:\nRemove A Paris\nRemove A Paris",
    )
    assert [u.location for u in done.removed[FRANCE]] == ["par"]
    assert len(done.disordered[FRANCE]) == 1


def disorder(owner: str, owns: tuple[str, ...], *where: str) -> list[str]:
    done = adjustments(units(owner, *where), centres(owner, *owns), "")
    assert done.removed[owner] == ()
    return [u.location for u in done.disordered[owner]]


def test_6_j_3_civil_disorder_two_armies_with_different_distance():
    assert disorder(RUSSIA, ("stp",), "A lvn", "A swe") == ["swe"]


def test_6_j_4_civil_disorder_two_armies_with_equal_distance():
    assert disorder(RUSSIA, ("mos",), "A lvn", "A ukr") == ["lvn"]


def test_6_j_5_civil_disorder_two_fleets_with_different_distance():
    assert disorder(RUSSIA, ("stp",), "F ska", "F ber") == ["ber"]


def test_6_j_6_civil_disorder_two_fleets_with_equal_distance():
    assert disorder(RUSSIA, ("mun",), "F bot", "F nth") == ["bot"]


def test_6_j_7_civil_disorder_two_fleets_and_army_with_equal_distance():
    assert disorder(RUSSIA, ("stp", "war"), "A boh", "F ska", "F nth") == ["nth"]


def test_6_j_8_civil_disorder_a_fleet_with_shorter_distance_then_the_army():
    assert disorder(RUSSIA, ("war",), "A tyr", "F bal") == ["tyr"]


def test_6_j_9_civil_disorder_must_be_counted_from_both_coasts():
    assert disorder(RUSSIA, ("stp", "sev"), "A gre", "A sev", "F bal") == ["gre"]
    assert disorder(RUSSIA, ("stp", "sev"), "A gre", "A sev", "F ska") == ["gre"]


def test_6_j_10_civil_disorder_counting_convoying_distance():
    assert disorder(ITALY, ("nap",), "A gre", "A pie") == ["pie"]


def test_6_j_11_distance_to_owned_supply_center():
    assert disorder(ITALY, ("war",), "A war", "A tus") == ["tus"]
