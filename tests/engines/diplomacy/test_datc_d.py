"""DATC 6.D, supports and dislodges (DATC 3.0, each case named by its number)."""

from tests.engines.diplomacy.datc import case
from tests.engines.diplomacy.helpers import dislodged, moved, stayed


def test_6_d_1_supported_hold_can_prevent_dislodgement():
    o = case("""
        Austria:
        F Adriatic Sea Supports A Trieste - Venice
        A Trieste - Venice
        Italy:
        A Venice Hold
        A Tyrolia Supports A Venice
    """).moves()
    stayed(o, "tri", "ven")


def test_6_d_2_a_move_cuts_support_on_hold():
    o = case("""
        Austria:
        F Adriatic Sea Supports A Trieste - Venice
        A Trieste - Venice
        A Vienna - Tyrolia
        Italy:
        A Venice Hold
        A Tyrolia Supports A Venice
    """).moves()
    assert o.results["tyr"] == "cut"
    moved(o, "tri")
    dislodged(o, "ven")


def test_6_d_3_a_move_cuts_support_on_move():
    o = case("""
        Austria:
        F Adriatic Sea Supports A Trieste - Venice
        A Trieste - Venice
        Italy:
        A Venice Hold
        F Ionian Sea - Adriatic Sea
    """).moves()
    assert o.results["adr"] == "cut"
    stayed(o, "tri", "ven")


def test_6_d_4_support_to_hold_on_unit_supporting_a_hold_allowed():
    o = case("""
        Germany:
        A Berlin Supports F Kiel
        F Kiel Supports A Berlin
        Russia:
        F Baltic Sea Supports A Prussia - Berlin
        A Prussia - Berlin
    """).moves()
    stayed(o, "pru", "ber")


def test_6_d_5_support_to_hold_on_unit_supporting_a_move_allowed():
    o = case("""
        Germany:
        A Berlin Supports A Munich - Silesia
        F Kiel Supports A Berlin
        A Munich - Silesia
        Russia:
        F Baltic Sea Supports A Prussia - Berlin
        A Prussia - Berlin
    """).moves()
    stayed(o, "pru", "ber")
    moved(o, "mun")


def test_6_d_6_support_to_hold_on_convoying_unit_allowed():
    o = case("""
        Germany:
        A Berlin - Sweden
        F Baltic Sea Convoys A Berlin - Sweden
        F Prussia Supports F Baltic Sea
        Russia:
        F Livonia - Baltic Sea
        F Gulf of Bothnia Supports F Livonia - Baltic Sea
    """).moves()
    stayed(o, "lvn", "bal")
    moved(o, "ber")


def test_6_d_7_support_to_hold_on_moving_unit_not_allowed():
    o = case("""
        Germany:
        F Baltic Sea - Sweden
        F Prussia Supports F Baltic Sea
        Russia:
        F Livonia - Baltic Sea
        F Gulf of Bothnia Supports F Livonia - Baltic Sea
        A Finland - Sweden
    """).moves()
    assert o.results["pru"] == "void"
    moved(o, "lvn")
    dislodged(o, "bal")


def test_6_d_8_failed_convoy_cannot_receive_hold_support():
    o = case("""
        Austria:
        F Ionian Sea Hold
        A Serbia Supports A Albania - Greece
        A Albania - Greece
        Turkey:
        A Greece - Naples
        A Bulgaria Supports A Greece
    """).moves()
    assert o.results["bul"] == "void"
    moved(o, "alb")
    dislodged(o, "gre")


def test_6_d_9_support_to_move_on_holding_unit_not_allowed():
    o = case("""
        Italy:
        A Venice - Trieste
        A Tyrolia Supports A Venice - Trieste
        Austria:
        A Albania Supports A Trieste - Serbia
        A Trieste Hold
    """).moves()
    assert o.results["alb"] == "void"
    moved(o, "ven")
    dislodged(o, "tri")


def test_6_d_10_self_dislodgment_prohibited():
    o = case("Germany:\nA Berlin Hold\nF Kiel - Berlin\nA Munich Supports F Kiel - Berlin").moves()
    stayed(o, "ber", "kie")


def test_6_d_11_no_self_dislodgment_of_returning_unit():
    o = case("""
        Germany:
        A Berlin - Prussia
        F Kiel - Berlin
        A Munich Supports F Kiel - Berlin
        Russia:
        A Warsaw - Prussia
    """).moves()
    stayed(o, "ber", "kie", "war")


def test_6_d_12_supporting_a_foreign_unit_to_dislodge_own_unit_prohibited():
    o = case(
        "Austria:\nF Trieste Hold\nA Vienna Supports A Venice - Trieste\nItaly:\nA Venice - Trieste"
    ).moves()
    stayed(o, "tri", "ven")


def test_6_d_13_supporting_a_foreign_unit_to_dislodge_a_returning_own_unit_prohibited():
    o = case("""
        Austria:
        F Trieste - Adriatic Sea
        A Vienna Supports A Venice - Trieste
        Italy:
        A Venice - Trieste
        F Apulia - Adriatic Sea
    """).moves()
    stayed(o, "tri", "ven", "apu")


def test_6_d_14_supporting_a_foreign_unit_is_not_enough_to_prevent_dislodgement():
    o = case("""
        Austria:
        F Trieste Hold
        A Vienna Supports A Venice - Trieste
        Italy:
        A Venice - Trieste
        A Tyrolia Supports A Venice - Trieste
        F Adriatic Sea Supports A Venice - Trieste
    """).moves()
    moved(o, "ven")
    dislodged(o, "tri")


def test_6_d_15_defender_cannot_cut_support_for_attack_on_itself():
    o = case("""
        Russia:
        F Constantinople Supports F Black Sea - Ankara
        F Black Sea - Ankara
        Turkey:
        F Ankara - Constantinople
    """).moves()
    assert o.results["con"] == "given"
    moved(o, "bla")
    dislodged(o, "ank")


def test_6_d_16_convoying_a_unit_dislodging_a_unit_of_same_power_is_allowed():
    o = case("""
        England:
        A London Hold
        F North Sea Convoys A Belgium - London
        France:
        F English Channel Supports A Belgium - London
        A Belgium - London
    """).moves()
    moved(o, "bel")
    dislodged(o, "lon")


def test_6_d_17_dislodgement_cuts_supports():
    o = case("""
        Russia:
        F Constantinople Supports F Black Sea - Ankara
        F Black Sea - Ankara
        Turkey:
        F Ankara - Constantinople
        A Smyrna Supports F Ankara - Constantinople
        A Armenia - Ankara
    """).moves()
    moved(o, "ank")
    dislodged(o, "con")
    stayed(o, "bla", "arm")


def test_6_d_18_a_surviving_unit_will_sustain_support():
    o = case("""
        Russia:
        F Constantinople Supports F Black Sea - Ankara
        F Black Sea - Ankara
        A Bulgaria Supports F Constantinople
        Turkey:
        F Ankara - Constantinople
        A Smyrna Supports F Ankara - Constantinople
        A Armenia - Ankara
    """).moves()
    moved(o, "bla")
    dislodged(o, "ank")


def test_6_d_19_even_when_surviving_is_in_alternative_way():
    o = case("""
        Russia:
        F Constantinople Supports F Black Sea - Ankara
        F Black Sea - Ankara
        A Smyrna Supports F Ankara - Constantinople
        Turkey:
        F Ankara - Constantinople
    """).moves()
    moved(o, "bla")
    dislodged(o, "ank")


def test_6_d_20_unit_cannot_cut_support_of_its_own_country():
    o = case("""
        England:
        F London Supports F North Sea - English Channel
        F North Sea - English Channel
        A Yorkshire - London
        France:
        F English Channel Hold
    """).moves()
    assert o.results["lon"] == "given"
    moved(o, "nth")
    dislodged(o, "eng")


def test_6_d_21_dislodging_does_not_cancel_a_support_cut():
    o = case("""
        Austria:
        F Trieste Hold
        Italy:
        A Venice - Trieste
        A Tyrolia Supports A Venice - Trieste
        Germany:
        A Munich - Tyrolia
        Russia:
        A Silesia - Munich
        A Berlin Supports A Silesia - Munich
    """).moves()
    assert o.results["tyr"] == "cut"
    stayed(o, "tri", "ven")
    dislodged(o, "mun")


def test_6_d_22_impossible_fleet_move_cannot_be_supported():
    o = case("""
        Germany:
        F Kiel - Munich
        A Burgundy Supports F Kiel - Munich
        Russia:
        A Munich - Kiel
        A Berlin Supports A Munich - Kiel
    """).moves()
    moved(o, "mun")
    dislodged(o, "kie")


def test_6_d_23_impossible_coast_move_cannot_be_supported():
    o = case("""
        Italy:
        F Gulf of Lyon - Spain(sc)
        F Western Mediterranean Supports F Gulf of Lyon - Spain(sc)
        France:
        F Spain(nc) - Gulf of Lyon
        F Marseilles Supports F Spain(nc) - Gulf of Lyon
    """).moves()
    moved(o, "lyo")
    dislodged(o, "spa")


def test_6_d_24_impossible_army_move_cannot_be_supported():
    o = case("""
        France:
        A Marseilles - Gulf of Lyon
        F Spain(sc) Supports A Marseilles - Gulf of Lyon
        Italy:
        F Gulf of Lyon Hold
        Turkey:
        F Tyrrhenian Sea Supports F Western Mediterranean - Gulf of Lyon
        F Western Mediterranean - Gulf of Lyon
    """).moves()
    moved(o, "wes")
    dislodged(o, "lyo")


def test_6_d_25_failing_hold_support_can_be_supported():
    o = case("""
        Germany:
        A Berlin Supports A Prussia
        F Kiel Supports A Berlin
        Russia:
        F Baltic Sea Supports A Prussia - Berlin
        A Prussia - Berlin
    """).moves()
    assert o.results["ber"] == "void"
    stayed(o, "ber", "pru")


def test_6_d_26_failing_move_support_can_be_supported():
    o = case("""
        Germany:
        A Berlin Supports A Prussia - Silesia
        F Kiel Supports A Berlin
        Russia:
        F Baltic Sea Supports A Prussia - Berlin
        A Prussia - Berlin
    """).moves()
    stayed(o, "ber", "pru")


def test_6_d_27_failing_convoy_can_be_supported():
    o = case("""
        England:
        F Sweden - Baltic Sea
        F Denmark Supports F Sweden - Baltic Sea
        Germany:
        A Berlin Hold
        Russia:
        F Baltic Sea Convoys A Berlin - Livonia
        F Prussia Supports F Baltic Sea
    """).moves()
    assert o.results["bal"] == "void"
    stayed(o, "swe", "bal")


def test_6_d_28_impossible_move_and_support():
    o = case("""
        Austria:
        A Budapest Supports F Rumania
        Russia:
        F Rumania - Holland
        Turkey:
        F Black Sea - Rumania
        A Bulgaria Supports F Black Sea - Rumania
    """).moves()
    stayed(o, "rum", "bla")


def test_6_d_29_move_to_impossible_coast_and_support():
    o = case("""
        Austria:
        A Budapest Supports F Rumania
        Russia:
        F Rumania - Bulgaria(sc)
        Turkey:
        F Black Sea - Rumania
        A Bulgaria Supports F Black Sea - Rumania
    """).moves()
    stayed(o, "rum", "bla")


def test_6_d_30_move_without_coast_and_support():
    o = case("""
        Italy:
        F Aegean Sea Supports F Constantinople
        Russia:
        F Constantinople - Bulgaria
        Turkey:
        F Black Sea - Constantinople
        A Bulgaria Supports F Black Sea - Constantinople
    """).moves()
    stayed(o, "con", "bla")


def test_6_d_31_a_tricky_impossible_support():
    o = case("Austria:\nA Rumania - Armenia\nTurkey:\nF Black Sea Supports A Rumania - Armenia").moves()
    stayed(o, "rum")
    assert o.results["bla"] == "held"  # the support is illegal, so ignored


def test_6_d_32_a_missing_fleet():
    o = case("""
        England:
        F Edinburgh Supports A Liverpool - Yorkshire
        A Liverpool - Yorkshire
        France:
        F London Supports A Yorkshire
        Germany:
        A Yorkshire - Holland
    """).moves()
    assert o.results["lon"] == "given"
    stayed(o, "yor", "lvp")


def test_6_d_33_unwanted_support_allowed():
    o = case("""
        Austria:
        A Serbia - Budapest
        A Vienna - Budapest
        Russia:
        A Galicia Supports A Serbia - Budapest
        Turkey:
        A Bulgaria - Serbia
    """).moves()
    moved(o, "ser", "bul")
    stayed(o, "vie")


def test_6_d_34_support_targeting_own_area_not_allowed():
    o = case("""
        Germany:
        A Berlin - Prussia
        A Silesia Supports A Berlin - Prussia
        F Baltic Sea Supports A Berlin - Prussia
        Italy:
        A Prussia Supports Livonia - Prussia
        Russia:
        A Warsaw Supports A Livonia - Prussia
        A Livonia - Prussia
    """).moves()
    moved(o, "ber")
    dislodged(o, "pru")
    stayed(o, "lvn")
