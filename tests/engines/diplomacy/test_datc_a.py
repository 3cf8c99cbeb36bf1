"""DATC 6.A, basic checks: each case of the Diplomacy Adjudicator Test Cases (L. B. Kruijswijk,
version 3.0), named by its number, with the document's expected result."""

from tests.engines.diplomacy.datc import case
from tests.engines.diplomacy.helpers import dislodged, moved, stayed


def test_6_a_1_moving_to_an_area_that_is_not_a_neighbour():
    o = case("England:\nF North Sea - Picardy").moves()
    stayed(o, "nth")


def test_6_a_2_move_army_to_sea():
    o = case("England:\nA Liverpool - Irish Sea").moves()
    stayed(o, "lvp")


def test_6_a_3_move_fleet_to_land():
    o = case("Germany:\nF Kiel - Munich").moves()
    stayed(o, "kie")


def test_6_a_4_move_to_own_sector():
    o = case("Germany:\nF Kiel - Kiel").moves()
    stayed(o, "kie")


def test_6_a_5_move_to_own_sector_with_convoy():
    o = case("""
        England:
        F North Sea Convoys A Yorkshire - Yorkshire
        A Yorkshire - Yorkshire
        A Liverpool Supports A Yorkshire - Yorkshire
        Germany:
        F London - Yorkshire
        A Wales Supports F London - Yorkshire
    """).moves()
    moved(o, "lon")
    dislodged(o, "yor")


def test_6_a_6_ordering_a_unit_of_another_country():
    o = case("Germany:\nF London - North Sea", units="England:\nF London").moves()
    stayed(o, "lon")
    assert o.units["lon"].power == "Англия"


def test_6_a_7_only_armies_can_be_convoyed():
    o = case("England:\nF London - Belgium\nF North Sea Convoys A London - Belgium").moves()
    stayed(o, "lon")


def test_6_a_8_support_to_hold_yourself_is_not_possible():
    o = case("""
        Italy:
        A Venice - Trieste
        A Tyrolia Supports A Venice - Trieste
        Austria:
        F Trieste Supports F Trieste
    """).moves()
    moved(o, "ven")
    dislodged(o, "tri")


def test_6_a_9_fleets_must_follow_coast_if_not_on_sea():
    o = case("Italy:\nF Rome - Venice").moves()
    stayed(o, "rom")


def test_6_a_10_support_on_unreachable_destination_not_possible():
    o = case("""
        Austria:
        A Venice Hold
        Italy:
        F Rome Supports A Apulia - Venice
        A Apulia - Venice
    """).moves()
    stayed(o, "ven", "apu")
    dislodged(o)


def test_6_a_11_simple_bounce():
    o = case("Austria:\nA Vienna - Tyrolia\nItaly:\nA Venice - Tyrolia").moves()
    stayed(o, "vie", "ven")
    assert o.results["vie"] == o.results["ven"] == "bounced"


def test_6_a_12_bounce_of_three_units():
    o = case("Austria:\nA Vienna - Tyrolia\nGermany:\nA Munich - Tyrolia\nItaly:\nA Venice - Tyrolia").moves()
    stayed(o, "vie", "mun", "ven")
    assert "tyr" in o.contested
