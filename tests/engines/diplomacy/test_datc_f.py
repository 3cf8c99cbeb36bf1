"""DATC 6.F, convoys and convoy paradoxes (DATC 3.0, each case named by its number). Paradoxes
are settled by the Szykman rule: the convoys in the paradox fail (DATC 4.A.2)."""

from engines.diplomacy.retreats import options
from tests.engines.diplomacy.datc import STANDARD, case
from tests.engines.diplomacy.helpers import dislodged, moved, stayed


def test_6_f_1_no_convoy_in_coastal_areas():
    o = case("""
        Turkey:
        A Greece - Sevastopol
        F Aegean Sea Convoys A Greece - Sevastopol
        F Constantinople Convoys A Greece - Sevastopol
        F Black Sea Convoys A Greece - Sevastopol
    """).moves()
    stayed(o, "gre")


def test_6_f_2_an_army_being_convoyed_can_bounce_as_normal():
    o = case(
        "England:\nF English Channel Convoys A London - Brest\nA London - Brest\nFrance:\nA Paris - Brest"
    ).moves()
    stayed(o, "lon", "par")


def test_6_f_3_an_army_being_convoyed_can_receive_support():
    o = case("""
        England:
        F English Channel Convoys A London - Brest
        A London - Brest
        F Mid-Atlantic Ocean Supports A London - Brest
        France:
        A Paris - Brest
    """).moves()
    moved(o, "lon")
    stayed(o, "par")


def test_6_f_4_an_attacked_convoy_is_not_disrupted():
    o = case("""
        England:
        F North Sea Convoys A London - Holland
        A London - Holland
        Germany:
        F Skagerrak - North Sea
    """).moves()
    moved(o, "lon")


def test_6_f_5_a_beleaguered_convoy_is_not_disrupted():
    o = case("""
        England:
        F North Sea Convoys A London - Holland
        A London - Holland
        France:
        F English Channel - North Sea
        F Belgium Supports F English Channel - North Sea
        Germany:
        F Skagerrak - North Sea
        F Denmark Supports F Skagerrak - North Sea
    """).moves()
    moved(o, "lon")
    stayed(o, "nth")


def test_6_f_6_dislodged_convoy_does_not_cut_support():
    o = case("""
        England:
        F North Sea Convoys A London - Holland
        A London - Holland
        Germany:
        A Holland Supports A Belgium
        A Belgium Supports A Holland
        F Helgoland Bight Supports F Skagerrak - North Sea
        F Skagerrak - North Sea
        France:
        A Picardy - Belgium
        A Burgundy Supports A Picardy - Belgium
    """).moves()
    assert o.results["hol"] == "given"
    stayed(o, "lon", "bel", "pic")
    dislodged(o, "nth")


def test_6_f_7_dislodged_convoy_does_not_cause_contested_area():
    o = case("""
        England:
        F North Sea Convoys A London - Holland
        A London - Holland
        Germany:
        F Helgoland Bight Supports F Skagerrak - North Sea
        F Skagerrak - North Sea
    """).moves()
    dislodged(o, "nth")
    assert "hol" in options(STANDARD, o, "nth")


def test_6_f_8_dislodged_convoy_does_not_cause_a_bounce():
    o = case("""
        England:
        F North Sea Convoys A London - Holland
        A London - Holland
        Germany:
        F Helgoland Bight Supports F Skagerrak - North Sea
        F Skagerrak - North Sea
        A Belgium - Holland
    """).moves()
    moved(o, "bel")
    stayed(o, "lon")


MULTI_ROUTE_ATTACK = """
    France:
    F Brest Supports F Mid-Atlantic Ocean - English Channel
    F Mid-Atlantic Ocean - English Channel
"""


def test_6_f_9_dislodge_of_multi_route_convoy():
    """Disrupted only when every route is (DATC 4.A.1, choice b)."""
    o = case(
        """
        England:
        F English Channel Convoys A London - Belgium
        F North Sea Convoys A London - Belgium
        A London - Belgium
    """
        + MULTI_ROUTE_ATTACK
    ).moves()
    dislodged(o, "eng")
    moved(o, "lon")


def test_6_f_10_dislodge_of_multi_route_convoy_with_foreign_fleet():
    o = case(
        """
        England:
        F North Sea Convoys A London - Belgium
        A London - Belgium
        Germany:
        F English Channel Convoys A London - Belgium
    """
        + MULTI_ROUTE_ATTACK
    ).moves()
    dislodged(o, "eng")
    moved(o, "lon")


def test_6_f_11_dislodge_of_multi_route_convoy_with_only_foreign_fleets():
    o = case(
        """
        England:
        A London - Belgium
        Germany:
        F English Channel Convoys A London - Belgium
        Russia:
        F North Sea Convoys A London - Belgium
    """
        + MULTI_ROUTE_ATTACK
    ).moves()
    dislodged(o, "eng")
    moved(o, "lon")


def test_6_f_12_dislodged_convoying_fleet_not_on_route():
    o = case("""
        England:
        F English Channel Convoys A London - Belgium
        A London - Belgium
        F Irish Sea Convoys A London - Belgium
        France:
        F North Atlantic Ocean Supports F Mid-Atlantic Ocean - Irish Sea
        F Mid-Atlantic Ocean - Irish Sea
    """).moves()
    moved(o, "lon", "mao")
    dislodged(o, "iri")


def test_6_f_13_the_unwanted_alternative():
    o = case("""
        England:
        A London - Belgium
        F North Sea Convoys A London - Belgium
        France:
        F English Channel Convoys A London - Belgium
        Germany:
        F Holland Supports F Denmark - North Sea
        F Denmark - North Sea
    """).moves()
    moved(o, "lon", "den")
    dislodged(o, "nth")


SIMPLE_PARADOX = """
    England:
    F London Supports F Wales - English Channel
    F Wales - English Channel
    France:
    A Brest - London
    F English Channel Convoys A Brest - London
"""


def test_6_f_14_simple_convoy_paradox():
    o = case(SIMPLE_PARADOX).moves()
    assert o.results["lon"] == "given"
    moved(o, "wal")
    dislodged(o, "eng")
    stayed(o, "bre")


def test_6_f_15_simple_convoy_paradox_with_additional_convoy():
    o = case(
        SIMPLE_PARADOX
        + """
        Italy:
        F Irish Sea Convoys A North Africa - Wales
        F Mid-Atlantic Ocean Convoys A North Africa - Wales
        A North Africa - Wales
    """
    ).moves()
    moved(o, "wal", "naf")
    dislodged(o, "eng")


PANDIN = (
    SIMPLE_PARADOX
    + """
    Germany:
    F North Sea Supports F Belgium - English Channel
    F Belgium - English Channel
"""
)


def test_6_f_16_pandins_paradox():
    o = case(PANDIN).moves()
    assert o.results["lon"] == "given"
    stayed(o, "wal", "bre", "eng", "bel", "lon")


def test_6_f_17_pandins_extended_paradox():
    """By the Szykman rule the convoy fails: London and the Channel are not dislodged."""
    o = case(
        PANDIN.replace(
            "F English Channel Convoys", "F Yorkshire Supports A Brest - London\nF English Channel Convoys"
        )
    ).moves()
    stayed(o, "wal", "bre", "eng", "bel", "lon")
    dislodged(o)


def test_6_f_18_betrayal_paradox():
    o = case("""
        England:
        F North Sea Convoys A London - Belgium
        A London - Belgium
        F English Channel Supports A London - Belgium
        France:
        F Belgium Supports F North Sea
        Germany:
        F Helgoland Bight Supports F Skagerrak - North Sea
        F Skagerrak - North Sea
    """).moves()
    assert o.results["bel"] == "given"
    assert o.results["nth"] == "disrupted"
    stayed(o, "lon", "nth", "ska", "bel")


def test_6_f_19_multi_route_convoy_disruption_paradox():
    o = case("""
        France:
        A Tunis - Naples
        F Tyrrhenian Sea Convoys A Tunis - Naples
        F Ionian Sea Convoys A Tunis - Naples
        Italy:
        F Naples Supports F Rome - Tyrrhenian Sea
        F Rome - Tyrrhenian Sea
    """).moves()
    assert o.results["nap"] == "cut"
    stayed(o, "tys", "rom", "tun")


def test_6_f_20_unwanted_multi_route_convoy_paradox():
    o = case("""
        France:
        A Tunis - Naples
        F Tyrrhenian Sea Convoys A Tunis - Naples
        Italy:
        F Naples Supports F Ionian Sea
        F Ionian Sea Convoys A Tunis - Naples
        Turkey:
        F Aegean Sea Supports F Eastern Mediterranean - Ionian Sea
        F Eastern Mediterranean - Ionian Sea
    """).moves()
    assert o.results["nap"] == "cut"
    moved(o, "eas")
    dislodged(o, "ion")


def test_6_f_21_dads_army_convoy():
    o = case("""
        Russia:
        A Edinburgh Supports A Norway - Clyde
        F Norwegian Sea Convoys A Norway - Clyde
        A Norway - Clyde
        France:
        F Irish Sea Supports F Mid-Atlantic Ocean - North Atlantic Ocean
        F Mid-Atlantic Ocean - North Atlantic Ocean
        England:
        A Liverpool - Clyde via convoy
        F North Atlantic Ocean Convoys A Liverpool - Clyde
        F Clyde Supports F North Atlantic Ocean
    """).moves()
    assert o.results["cly"] == "cut"
    moved(o, "mao", "nwy")
    dislodged(o, "nao", "cly")


def test_6_f_22_second_order_paradox_with_two_resolutions():
    o = case("""
        England:
        F Edinburgh - North Sea
        F London Supports F Edinburgh - North Sea
        France:
        A Brest - London
        F English Channel Convoys A Brest - London
        Germany:
        F Belgium Supports F Picardy - English Channel
        F Picardy - English Channel
        Russia:
        A Norway - Belgium
        F North Sea Convoys A Norway - Belgium
    """).moves()
    assert o.results["lon"] == o.results["bel"] == "given"
    moved(o, "pic", "edi")
    dislodged(o, "eng", "nth")
    stayed(o, "bre", "nwy")


def test_6_f_23_second_order_paradox_with_two_exclusive_convoys():
    o = case("""
        England:
        F Edinburgh - North Sea
        F Yorkshire Supports F Edinburgh - North Sea
        France:
        A Brest - London
        F English Channel Convoys A Brest - London
        Germany:
        F Belgium Supports F English Channel
        F London Supports F North Sea
        Italy:
        F Mid-Atlantic Ocean - English Channel
        F Irish Sea Supports F Mid-Atlantic Ocean - English Channel
        Russia:
        A Norway - Belgium
        F North Sea Convoys A Norway - Belgium
    """).moves()
    assert o.results["bel"] == o.results["lon"] == "given"
    stayed(o, "edi", "bre", "mao", "nwy", "eng", "nth")


def test_6_f_24_second_order_paradox_with_no_resolution():
    o = case("""
        England:
        F Edinburgh - North Sea
        F London Supports F Edinburgh - North Sea
        F Irish Sea - English Channel
        F Mid-Atlantic Ocean Supports F Irish Sea - English Channel
        France:
        A Brest - London
        F English Channel Convoys A Brest - London
        F Belgium Supports F English Channel
        Russia:
        A Norway - Belgium
        F North Sea Convoys A Norway - Belgium
    """).moves()
    assert o.results["lon"] == o.results["bel"] == "given"
    moved(o, "edi")
    dislodged(o, "nth")
    stayed(o, "bre", "nwy", "iri", "eng")


def test_6_f_25_cut_support_last():
    o = case("""
        Germany:
        A Rhur - Belgium
        A Holland Supports Rhur - Belgium
        A Denmark - Norway
        F Skagerrak Convoys Denmark - Norway
        A Finland Supports Denmark - Norway
        England:
        A Yorkshire - Holland
        F North Sea Convoys Yorkshire - Holland
        F Helgoland Bight Supports Yorkshire - Holland
        A Belgium Hold
        Russia:
        F Norwegian Sea - North Sea
        F Norway Supports Norwegian Sea - North Sea
        F Sweden - Skagerrak
    """).moves()
    moved(o, "den", "yor")
    stayed(o, "swe", "nwg", "ruh", "bel")
    dislodged(o, "nwy", "hol")
