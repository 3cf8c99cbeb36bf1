"""DATC 6.H, retreating (DATC 3.0, each case named by its number): the moves, then the retreat
orders the case gives."""

from engines.diplomacy.retreats import options
from tests.engines.diplomacy.datc import STANDARD, case, retreats
from tests.engines.diplomacy.helpers import dislodged


def test_6_h_1_no_supports_during_retreat():
    o = case("""
        Austria:
        F Trieste Hold
        A Serbia Hold
        Turkey:
        F Greece Hold
        Italy:
        A Venice Supports A Tyrolia - Trieste
        A Tyrolia - Trieste
        F Ionian Sea - Greece
        F Aegean Sea Supports F Ionian Sea - Greece
    """).moves()
    dislodged(o, "tri", "gre")
    # «A Serbia Supports F Trieste - Albania» is no retreat order: the retreat phase has none
    r = retreats(o, "Austria:\nF Trieste - Albania\nTurkey:\nF Greece - Albania")
    assert r.results == {"tri": "bounced", "gre": "bounced"}
    assert "alb" not in r.units


def test_6_h_2_no_supports_from_retreating_unit():
    o = case("""
        England:
        A Liverpool - Edinburgh
        F Yorkshire Supports A Liverpool - Edinburgh
        F Norway Hold
        Germany:
        A Kiel Supports A Ruhr - Holland
        A Ruhr - Holland
        Russia:
        F Edinburgh Hold
        A Sweden Supports A Finland - Norway
        A Finland - Norway
        F Holland Hold
    """).moves()
    dislodged(o, "nwy", "edi", "hol")
    # the fleet in Holland may only retreat or disband: a support is no retreat order
    r = retreats(o, "England:\nF Norway - North Sea\nRussia:\nF Edinburgh - North Sea\nF Holland")
    assert r.results == {"nwy": "bounced", "edi": "bounced", "hol": "disbanded"}


ENGLISH_HOLLAND = """
    England:
    F North Sea Hold
    A Holland Hold
    Germany:
    F Kiel Supports A Ruhr - Holland
    A Ruhr - Holland
"""


def test_6_h_3_no_convoy_during_retreat():
    o = case(ENGLISH_HOLLAND).moves()
    dislodged(o, "hol")
    r = retreats(o, "England:\nA Holland - Yorkshire")
    assert r.results == {"hol": "disbanded"}


def test_6_h_4_no_other_moves_during_retreat():
    o = case(ENGLISH_HOLLAND).moves()
    r = retreats(o, "England:\nA Holland - Belgium\nF North Sea - Norwegian Sea")
    assert r.results == {"hol": "retreated"}
    assert r.units["nth"].location == "nth"


def test_6_h_5_a_unit_may_not_retreat_to_the_area_from_which_it_is_attacked():
    o = case("""
        Russia:
        F Constantinople Supports F Black Sea - Ankara
        F Black Sea - Ankara
        Turkey:
        F Ankara Hold
    """).moves()
    dislodged(o, "ank")
    assert "bla" not in options(STANDARD, o, "ank")


def test_6_h_6_unit_may_not_retreat_to_a_contested_area():
    o = case("""
        Austria:
        A Budapest Supports A Trieste - Vienna
        A Trieste - Vienna
        Germany:
        A Munich - Bohemia
        A Silesia - Bohemia
        Italy:
        A Vienna Hold
    """).moves()
    dislodged(o, "vie")
    assert "boh" not in options(STANDARD, o, "vie")


def test_6_h_7_multiple_retreat_to_same_area_will_disband_units():
    o = case("""
        Austria:
        A Budapest Supports A Trieste - Vienna
        A Trieste - Vienna
        Germany:
        A Munich Supports A Silesia - Bohemia
        A Silesia - Bohemia
        Italy:
        A Vienna Hold
        A Bohemia Hold
    """).moves()
    dislodged(o, "vie", "boh")
    r = retreats(o, "Italy:\nA Bohemia - Tyrolia\nA Vienna - Tyrolia")
    assert r.results == {"vie": "bounced", "boh": "bounced"}


def test_6_h_8_triple_retreat_to_same_area_will_disband_units():
    o = case("""
        England:
        A Liverpool - Edinburgh
        F Yorkshire Supports A Liverpool - Edinburgh
        F Norway Hold
        Germany:
        A Kiel Supports A Ruhr - Holland
        A Ruhr - Holland
        Russia:
        F Edinburgh Hold
        A Sweden Supports A Finland - Norway
        A Finland - Norway
        F Holland Hold
    """).moves()
    r = retreats(o, "England:\nF Norway - North Sea\nRussia:\nF Edinburgh - North Sea\nF Holland - North Sea")
    assert r.results == {"nwy": "bounced", "edi": "bounced", "hol": "bounced"}


def test_6_h_9_dislodged_unit_will_not_make_attackers_area_contested():
    o = case("""
        England:
        F Helgoland Bight - Kiel
        F Denmark Supports F Helgoland Bight - Kiel
        Germany:
        A Berlin - Prussia
        F Kiel Hold
        A Silesia Supports A Berlin - Prussia
        Russia:
        A Prussia - Berlin
    """).moves()
    dislodged(o, "kie", "pru")
    assert "ber" in options(STANDARD, o, "kie")


def test_6_h_10_not_retreating_to_attacker_does_not_mean_contested():
    o = case("""
        England:
        A Kiel Hold
        Germany:
        A Berlin - Kiel
        A Munich Supports A Berlin - Kiel
        A Prussia Hold
        Russia:
        A Warsaw - Prussia
        A Silesia Supports A Warsaw - Prussia
    """).moves()
    dislodged(o, "kie", "pru")
    r = retreats(o, "England:\nA Kiel - Berlin\nGermany:\nA Prussia - Berlin")
    assert r.results == {"kie": "disbanded", "pru": "retreated"}
    assert r.units["ber"].power == "Германия"


def test_6_h_11_retreat_when_dislodged_by_adjacent_convoy():
    """The 2023 rules let it retreat to where the convoyed army came from (DATC 4.A.5, b)."""
    o = case("""
        France:
        A Gascony - Marseilles via convoy
        A Burgundy Supports A Gascony - Marseilles
        F Mid-Atlantic Ocean Convoys A Gascony - Marseilles
        F Western Mediterranean Convoys A Gascony - Marseilles
        F Gulf of Lyon Convoys A Gascony - Marseilles
        Italy:
        A Marseilles Hold
    """).moves()
    dislodged(o, "mar")
    assert "gas" in options(STANDARD, o, "mar")


def test_6_h_12_retreat_when_dislodged_by_adjacent_convoy_while_trying_to_do_the_same():
    o = case("""
        England:
        A Liverpool - Edinburgh via convoy
        F Irish Sea Convoys A Liverpool - Edinburgh
        F English Channel Convoys A Liverpool - Edinburgh
        F North Sea Convoys A Liverpool - Edinburgh
        France:
        F Brest - English Channel
        F Mid-Atlantic Ocean Supports F Brest - English Channel
        Russia:
        A Edinburgh - Liverpool via convoy
        F Norwegian Sea Convoys A Edinburgh - Liverpool
        F North Atlantic Ocean Convoys A Edinburgh - Liverpool
        A Clyde Supports A Edinburgh - Liverpool
    """).moves()
    dislodged(o, "lvp", "eng")
    assert "edi" in options(STANDARD, o, "lvp")


def test_6_h_13_no_retreat_with_convoy_in_movement_phase():
    o = case("""
        England:
        A Picardy Hold
        F English Channel Convoys A Picardy - London
        France:
        A Paris - Picardy
        A Brest Supports A Paris - Picardy
    """).moves()
    dislodged(o, "pic")
    assert "lon" not in options(STANDARD, o, "pic")


def test_6_h_14_no_retreat_with_support_in_movement_phase():
    o = case("""
        England:
        A Picardy Hold
        F English Channel Supports A Picardy - Belgium
        France:
        A Paris - Picardy
        A Brest Supports A Paris - Picardy
        A Burgundy Hold
        Germany:
        A Munich Supports A Marseilles - Burgundy
        A Marseilles - Burgundy
    """).moves()
    dislodged(o, "pic", "bur")
    r = retreats(o, "England:\nA Picardy - Belgium\nFrance:\nA Burgundy - Belgium")
    assert r.results == {"pic": "bounced", "bur": "bounced"}


def test_6_h_15_no_coastal_crawl_in_retreat():
    o = case("""
        England:
        F Portugal Hold
        France:
        F Spain(sc) - Portugal
        F Mid-Atlantic Ocean Supports F Spain(sc) - Portugal
    """).moves()
    dislodged(o, "por")
    assert options(STANDARD, o, "por") == ()


def test_6_h_16_contested_for_both_coasts():
    o = case("""
        France:
        F Mid-Atlantic Ocean - Spain(nc)
        F Gascony - Spain(nc)
        F Western Mediterranean Hold
        Italy:
        F Tunis Supports F Tyrrhenian Sea - Western Mediterranean
        F Tyrrhenian Sea - Western Mediterranean
    """).moves()
    dislodged(o, "wes")
    assert "spa/sc" not in options(STANDARD, o, "wes")
