"""DATC 6.G, convoying to adjacent provinces (DATC 3.0, each case named by its number). An army
goes by sea to a neighbour when ordered «via convoy» or when a fleet of its own power convoys it,
with no fallback to the land route (DATC 4.A.3, the preference of version 3.0)."""

from tests.engines.diplomacy.datc import case
from tests.engines.diplomacy.helpers import dislodged, moved, stayed


def test_6_g_1_two_units_can_swap_provinces_by_convoy():
    o = case(
        "England:\nA Norway - Sweden\nF Skagerrak Convoys A Norway - Sweden\nRussia:\nA Sweden - Norway"
    ).moves()
    moved(o, "nwy", "swe")


def test_6_g_2_kidnapping_an_army():
    o = case("""
        England:
        A Norway - Sweden
        Russia:
        F Sweden - Norway
        Germany:
        F Skagerrak Convoys A Norway - Sweden
    """).moves()
    stayed(o, "nwy", "swe")


FRENCH_BELGIUM = """
    France:
    F Brest - English Channel
    A Picardy - Belgium
    A Burgundy Supports A Picardy - Belgium
    F Mid-Atlantic Ocean Supports F Brest - English Channel
    England:
    F English Channel Convoys A Picardy - Belgium
"""


def test_6_g_3_an_unwanted_disrupted_convoy_to_adjacent_province():
    o = case(FRENCH_BELGIUM).moves()
    moved(o, "pic", "bre")
    dislodged(o, "eng")


def test_6_g_4_an_unwanted_disrupted_convoy_to_adjacent_province_and_opposite_move():
    o = case(FRENCH_BELGIUM + "A Belgium - Picardy").moves()
    moved(o, "pic", "bre")
    dislodged(o, "eng", "bel")


def test_6_g_5_swapping_with_multiple_fleets_with_one_own_fleet():
    o = case("""
        Italy:
        A Rome - Apulia
        F Tyrrhenian Sea Convoys A Apulia - Rome
        Turkey:
        A Apulia - Rome
        F Ionian Sea Convoys A Apulia - Rome
    """).moves()
    moved(o, "rom", "apu")


def test_6_g_6_swapping_with_unintended_intent():
    o = case("""
        England:
        A Liverpool - Edinburgh
        F English Channel Convoys A Liverpool - Edinburgh
        Germany:
        A Edinburgh - Liverpool
        France:
        F Irish Sea Hold
        F North Sea Hold
        Russia:
        F Norwegian Sea Convoys A Liverpool - Edinburgh
        F North Atlantic Ocean Convoys A Liverpool - Edinburgh
    """).moves()
    moved(o, "lvp", "edi")


def test_6_g_7_swapping_with_illegal_intent():
    o = case("""
        England:
        F Skagerrak Convoys A Sweden - Norway
        F Norway - Sweden
        Russia:
        A Sweden - Norway
        F Gulf of Bothnia Convoys A Sweden - Norway
    """).moves()
    stayed(o, "nwy", "swe")


def test_6_g_8_explicit_convoy_that_isnt_there():
    """No fallback to the land route: the army in Belgium stays."""
    o = case(
        "France:\nA Belgium - Holland via convoy\nEngland:\nF North Sea - Helgoland Bight\nA Holland - Kiel"
    ).moves()
    moved(o, "nth", "hol")
    stayed(o, "bel")
    assert o.results["bel"] == "no_route"


def test_6_g_9_swapped_or_dislodged():
    o = case("""
        England:
        A Norway - Sweden
        F Skagerrak Convoys A Norway - Sweden
        F Finland Supports A Norway - Sweden
        Russia:
        A Sweden - Norway
    """).moves()
    moved(o, "nwy", "swe")
    dislodged(o)


def test_6_g_10_swapped_or_an_head_to_head_battle():
    """A dislodged unit not in a head-to-head battle still bounces (DATC 4.A.7, choice b)."""
    o = case("""
        England:
        A Norway - Sweden via convoy
        F Denmark Supports A Norway - Sweden
        F Finland Supports A Norway - Sweden
        Germany:
        F Skagerrak Convoys A Norway - Sweden
        Russia:
        A Sweden - Norway
        F Barents Sea Supports A Sweden - Norway
        France:
        F Norwegian Sea - Norway
        F North Sea Supports F Norwegian Sea - Norway
    """).moves()
    moved(o, "nwy")
    dislodged(o, "swe")
    stayed(o, "nwg")


def test_6_g_11_a_convoy_to_an_adjacent_province_with_a_paradox():
    o = case("""
        England:
        F Norway Supports F North Sea - Skagerrak
        F North Sea - Skagerrak
        Russia:
        A Sweden - Norway
        F Skagerrak Convoys A Sweden - Norway
        F Barents Sea Supports A Sweden - Norway
    """).moves()
    moved(o, "nth")
    dislodged(o, "ska")
    stayed(o, "swe", "nwy")


def test_6_g_12_swapping_two_units_with_two_convoys():
    o = case("""
        England:
        A Liverpool - Edinburgh via convoy
        F North Atlantic Ocean Convoys A Liverpool - Edinburgh
        F Norwegian Sea Convoys A Liverpool - Edinburgh
        Germany:
        A Edinburgh - Liverpool via convoy
        F North Sea Convoys A Edinburgh - Liverpool
        F English Channel Convoys A Edinburgh - Liverpool
        F Irish Sea Convoys A Edinburgh - Liverpool
    """).moves()
    moved(o, "lvp", "edi")


def test_6_g_13_support_cut_on_attack_on_itself_via_convoy():
    """The army comes from Trieste, not from the sea: the support is not cut (DATC 4.A.4, a)."""
    o = case("""
        Austria:
        F Adriatic Sea Convoys A Trieste - Venice
        A Trieste - Venice via convoy
        Italy:
        A Venice Supports F Albania - Trieste
        F Albania - Trieste
    """).moves()
    assert o.results["ven"] == "given"
    moved(o, "alb")
    dislodged(o, "tri")


def test_6_g_14_bounce_by_convoy_to_adjacent_province():
    o = case("""
        England:
        A Norway - Sweden
        F Denmark Supports A Norway - Sweden
        F Finland Supports A Norway - Sweden
        France:
        F Norwegian Sea - Norway
        F North Sea Supports F Norwegian Sea - Norway
        Germany:
        F Skagerrak Convoys A Sweden - Norway
        Russia:
        A Sweden - Norway via convoy
        F Barents Sea Supports A Sweden - Norway
    """).moves()
    moved(o, "nwy")
    dislodged(o, "swe")
    stayed(o, "nwg")


def test_6_g_15_bounce_and_dislodge_with_double_convoy():
    o = case("""
        England:
        F North Sea Convoys A London - Belgium
        A Holland Supports A London - Belgium
        A Yorkshire - London
        A London - Belgium via convoy
        France:
        F English Channel Convoys A Belgium - London
        A Belgium - London via convoy
    """).moves()
    moved(o, "lon")
    dislodged(o, "bel")
    stayed(o, "yor")


def test_6_g_16_the_two_unit_in_one_area_bug_moving_by_convoy():
    o = case("""
        England:
        A Norway - Sweden
        A Denmark Supports A Norway - Sweden
        F Baltic Sea Supports A Norway - Sweden
        F North Sea - Norway
        Russia:
        A Sweden - Norway via convoy
        F Skagerrak Convoys A Sweden - Norway
        F Norwegian Sea Supports A Sweden - Norway
    """).moves()
    moved(o, "nwy", "swe")
    stayed(o, "nth")


def test_6_g_17_the_two_unit_in_one_area_bug_moving_over_land():
    o = case("""
        England:
        A Norway - Sweden via convoy
        A Denmark Supports A Norway - Sweden
        F Baltic Sea Supports A Norway - Sweden
        F Skagerrak Convoys A Norway - Sweden
        F North Sea - Norway
        Russia:
        A Sweden - Norway
        F Norwegian Sea Supports A Sweden - Norway
    """).moves()
    moved(o, "nwy", "swe")
    stayed(o, "nth")


def test_6_g_18_the_two_unit_in_one_area_bug_with_double_convoy():
    o = case("""
        England:
        F North Sea Convoys A London - Belgium
        A Holland Supports A London - Belgium
        A Yorkshire - London
        A London - Belgium
        A Ruhr Supports A London - Belgium
        France:
        F English Channel Convoys A Belgium - London
        A Belgium - London
        A Wales Supports A Belgium - London
    """).moves()
    moved(o, "lon", "bel")
    stayed(o, "yor")


def test_6_g_19_swapping_with_intent_of_unnecessary_convoy():
    o = case("""
        France:
        A Marseilles - Spain
        F Western Mediterranean Convoys A Marseilles - Spain
        Italy:
        F Gulf of Lyon Convoys A Marseilles - Spain
        A Spain - Marseilles
    """).moves()
    stayed(o, "mar", "spa")


def test_6_g_20_explicit_convoy_to_adjacent_province_disrupted():
    o = case(FRENCH_BELGIUM.replace("A Picardy - Belgium\n", "A Picardy - Belgium via Convoy\n")).moves()
    dislodged(o, "eng")
    stayed(o, "pic")
    assert o.results["pic"] == "no_route"
