"""DATC 6.C, circular movement (DATC 3.0, each case named by its number)."""

from tests.engines.diplomacy.datc import case
from tests.engines.diplomacy.helpers import dislodged, moved, stayed


def test_6_c_1_three_army_circular_movement():
    o = case("Turkey:\nF Ankara - Constantinople\nA Constantinople - Smyrna\nA Smyrna - Ankara").moves()
    moved(o, "ank", "con", "smy")


def test_6_c_2_three_army_circular_movement_with_support():
    o = case("""
        Turkey:
        F Ankara - Constantinople
        A Constantinople - Smyrna
        A Smyrna - Ankara
        A Bulgaria Supports F Ankara - Constantinople
    """).moves()
    moved(o, "ank", "con", "smy")


def test_6_c_3_a_disrupted_three_army_circular_movement():
    o = case("""
        Turkey:
        F Ankara - Constantinople
        A Constantinople - Smyrna
        A Smyrna - Ankara
        A Bulgaria - Constantinople
    """).moves()
    stayed(o, "ank", "con", "smy", "bul")


CONVOYED_CIRCLE = """
    Austria:
    A Trieste - Serbia
    A Serbia - Bulgaria
    Turkey:
    A Bulgaria - Trieste
    F Aegean Sea Convoys A Bulgaria - Trieste
    F Ionian Sea Convoys A Bulgaria - Trieste
    F Adriatic Sea Convoys A Bulgaria - Trieste
    Italy:
    F Naples - Ionian Sea
"""


def test_6_c_4_a_circular_movement_with_attacked_convoy():
    o = case(CONVOYED_CIRCLE).moves()
    moved(o, "tri", "ser", "bul")
    stayed(o, "nap", "ion")


def test_6_c_5_a_disrupted_circular_movement_due_to_dislodged_convoy():
    o = case(CONVOYED_CIRCLE + "F Tunis Supports F Naples - Ionian Sea").moves()
    stayed(o, "tri", "ser", "bul")
    dislodged(o, "ion")


def test_6_c_6_two_armies_with_two_convoys():
    o = case("""
        England:
        F North Sea Convoys A London - Belgium
        A London - Belgium
        France:
        F English Channel Convoys A Belgium - London
        A Belgium - London
    """).moves()
    moved(o, "lon", "bel")


def test_6_c_7_disrupted_unit_swap():
    o = case("""
        England:
        F North Sea Convoys A London - Belgium
        A London - Belgium
        France:
        F English Channel Convoys A Belgium - London
        A Belgium - London
        A Burgundy - Belgium
    """).moves()
    stayed(o, "lon", "bel", "bur")


def test_6_c_8_no_self_dislodgement_in_disrupted_circular_movement():
    o = case("""
        Turkey:
        F Constantinople - Black Sea
        A Bulgaria - Constantinople
        A Smyrna Supports A Bulgaria - Constantinople
        Russia:
        F Black Sea - Bulgaria(ec)
        Austria
        A Serbia - Bulgaria
    """).moves()
    stayed(o, "con", "bul", "bla", "ser")


def test_6_c_9_no_help_in_dislodgement_of_own_unit_in_disrupted_circular_movement():
    o = case("""
        Turkey:
        F Constantinople - Black Sea
        A Smyrna Supports A Bulgaria - Constantinople
        Russia:
        F Black Sea - Bulgaria(ec)
        Austria
        A Serbia - Bulgaria
        A Bulgaria - Constantinople
    """).moves()
    stayed(o, "con", "bul", "bla", "ser")
