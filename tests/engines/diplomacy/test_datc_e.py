"""DATC 6.E, head-to-head battles and beleaguered garrisons (DATC 3.0, each case by its number)."""

from tests.engines.diplomacy.datc import case
from tests.engines.diplomacy.helpers import dislodged, moved, stayed


def test_6_e_1_dislodged_unit_has_no_effect_on_attackers_area():
    o = case("""
        Germany:
        A Berlin - Prussia
        F Kiel - Berlin
        A Silesia Supports A Berlin - Prussia
        Russia:
        A Prussia - Berlin
    """).moves()
    moved(o, "ber", "kie")
    dislodged(o, "pru")


def test_6_e_2_no_self_dislodgement_in_head_to_head_battle():
    o = case("Germany:\nA Berlin - Kiel\nF Kiel - Berlin\nA Munich Supports A Berlin - Kiel").moves()
    stayed(o, "ber", "kie", "mun")


def test_6_e_3_no_help_in_dislodging_own_unit():
    o = case(
        "Germany:\nA Berlin - Kiel\nA Munich Supports F Kiel - Berlin\nEngland:\nF Kiel - Berlin"
    ).moves()
    stayed(o, "ber", "kie")


BELEAGUERED = """
    Germany:
    F Holland - North Sea
    F Helgoland Bight Supports F Holland - North Sea
    F Skagerrak Supports F Holland - North Sea
    France:
    F North Sea - Holland
    F Belgium Supports F North Sea - Holland
    England:
    F Edinburgh Supports F Norwegian Sea - North Sea
    F Yorkshire Supports F Norwegian Sea - North Sea
    F Norwegian Sea - North Sea
    Austria:
    A Kiel Supports A Ruhr - Holland
    A Ruhr - Holland
"""


def test_6_e_4_non_dislodged_loser_still_has_effect():
    o = case(BELEAGUERED).moves()
    stayed(o, "hol", "nth", "nwg", "ruh")


def test_6_e_5_loser_dislodged_by_another_army_still_has_effect():
    o = case(
        BELEAGUERED.replace(
            "F Norwegian Sea - North Sea",
            "F Norwegian Sea - North Sea\nF London Supports F Norwegian Sea - North Sea",
        )
    ).moves()
    moved(o, "nwg")
    dislodged(o, "nth")
    stayed(o, "hol", "ruh")


def test_6_e_6_not_dislodge_because_of_own_support_still_has_effect():
    o = case("""
        Germany:
        F Holland - North Sea
        F Helgoland Bight Supports F Holland - North Sea
        France:
        F North Sea - Holland
        F Belgium Supports F North Sea - Holland
        F English Channel Supports F Holland - North Sea
        Austria:
        A Kiel Supports A Ruhr - Holland
        A Ruhr - Holland
    """).moves()
    stayed(o, "hol", "nth", "ruh")


def test_6_e_7_no_self_dislodgement_with_beleaguered_garrison():
    o = case("""
        England:
        F North Sea Hold
        F Yorkshire Supports F Norway - North Sea
        Germany:
        F Holland Supports F Helgoland Bight - North Sea
        F Helgoland Bight - North Sea
        Russia:
        F Skagerrak Supports F Norway - North Sea
        F Norway - North Sea
    """).moves()
    stayed(o, "nth", "hel", "nwy")


def test_6_e_8_no_self_dislodgement_with_beleaguered_garrison_and_head_to_head_battle():
    o = case("""
        England:
        F North Sea - Norway
        F Yorkshire Supports F Norway - North Sea
        Germany:
        F Holland Supports F Helgoland Bight - North Sea
        F Helgoland Bight - North Sea
        Russia:
        F Skagerrak Supports F Norway - North Sea
        F Norway - North Sea
    """).moves()
    stayed(o, "nth", "hel", "nwy")


def test_6_e_9_almost_self_dislodgement_with_beleaguered_garrison():
    o = case("""
        England:
        F North Sea - Norwegian Sea
        F Yorkshire Supports F Norway - North Sea
        Germany:
        F Holland Supports F Helgoland Bight - North Sea
        F Helgoland Bight - North Sea
        Russia:
        F Skagerrak Supports F Norway - North Sea
        F Norway - North Sea
    """).moves()
    moved(o, "nth", "nwy")
    stayed(o, "hel")


def test_6_e_10_almost_circular_movement_with_no_self_dislodgement_with_beleaguered_garrison():
    o = case("""
        England:
        F North Sea - Denmark
        F Yorkshire Supports F Norway - North Sea
        Germany:
        F Holland Supports F Helgoland Bight - North Sea
        F Helgoland Bight - North Sea
        F Denmark - Helgoland Bight
        Russia:
        F Skagerrak Supports F Norway - North Sea
        F Norway - North Sea
    """).moves()
    stayed(o, "nth", "hel", "den", "nwy")


def test_6_e_11_no_self_dislodgement_with_beleaguered_garrison_unit_swap_with_adjacent_convoying():
    o = case("""
        France:
        A Spain - Portugal via convoy
        F Mid-Atlantic Ocean Convoys A Spain - Portugal
        F Gulf of Lyon Supports F Portugal - Spain(nc)
        Germany:
        A Marseilles Supports A Gascony - Spain
        A Gascony - Spain
        Italy:
        F Portugal - Spain(nc)
        F Western Mediterranean Supports F Portugal - Spain(nc)
    """).moves()
    moved(o, "spa", "por")
    stayed(o, "gas")
    assert o.units["spa"].location == "spa/nc"


def test_6_e_12_support_on_attack_on_own_unit_can_be_used_for_other_means():
    o = case("""
        Austria:
        A Budapest - Rumania
        A Serbia Supports A Vienna - Budapest
        Italy:
        A Vienna - Budapest
        Russia:
        A Galicia - Budapest
        A Rumania Supports A Galicia - Budapest
    """).moves()
    stayed(o, "bud", "vie", "gal", "rum")


def test_6_e_13_three_way_beleaguered_garrison():
    o = case("""
        England:
        F Edinburgh Supports F Yorkshire - North Sea
        F Yorkshire - North Sea
        France:
        F Belgium - North Sea
        F English Channel Supports F Belgium - North Sea
        Germany:
        F North Sea Hold
        Russia:
        F Norwegian Sea - North Sea
        F Norway Supports F Norwegian Sea - North Sea
    """).moves()
    stayed(o, "yor", "bel", "nth", "nwg")


def test_6_e_14_illegal_head_to_head_battle_can_still_defend():
    o = case("England:\nA Liverpool - Edinburgh\nRussia:\nF Edinburgh - Liverpool").moves()
    stayed(o, "lvp", "edi")


def test_6_e_15_the_friendly_head_to_head_battle():
    o = case("""
        England:
        F Holland Supports A Ruhr - Kiel
        A Ruhr - Kiel
        France:
        A Kiel - Berlin
        A Munich Supports A Kiel - Berlin
        A Silesia Supports A Kiel - Berlin
        Germany:
        A Berlin - Kiel
        F Denmark Supports A Berlin - Kiel
        F Helgoland Bight Supports A Berlin - Kiel
        Russia:
        F Baltic Sea Supports A Prussia - Berlin
        A Prussia - Berlin
    """).moves()
    stayed(o, "ruh", "kie", "ber", "pru")
