"""DATC 6.B, coastal issues (DATC 3.0, each case named by its number)."""

from tests.engines.diplomacy.datc import STANDARD, adjustments, case, power
from tests.engines.diplomacy.helpers import dislodged, moved, stayed


def test_6_b_1_moving_with_unspecified_coast_when_coast_is_necessary():
    o = case("France:\nF Portugal - Spain").moves()
    stayed(o, "por")


def test_6_b_2_moving_with_unspecified_coast_when_coast_is_not_necessary():
    """The only coast Gascony reaches is taken (DATC 4.B.2, choice a)."""
    o = case("France:\nF Gascony - Spain").moves()
    moved(o, "gas")
    assert o.units["spa"].location == "spa/nc"


def test_6_b_3_moving_with_wrong_coast_when_coast_is_not_necessary():
    o = case("France:\nF Gascony - Spain(sc)").moves()
    stayed(o, "gas")


def test_6_b_4_support_to_unreachable_coast_allowed():
    o = case("""
        France:
        F Gascony - Spain(nc)
        F Marseilles Supports F Gascony - Spain(nc)
        Italy:
        F Western Mediterranean - Spain(sc)
    """).moves()
    moved(o, "gas")
    stayed(o, "wes")
    assert o.units["spa"].location == "spa/nc"


def test_6_b_5_support_from_unreachable_coast_not_allowed():
    o = case("""
        France:
        F Marseilles - Gulf of Lyon
        F Spain(nc) Supports F Marseilles - Gulf of Lyon
        Italy:
        F Gulf of Lyon Hold
    """).moves()
    stayed(o, "mar", "lyo")


def test_6_b_6_support_can_be_cut_with_other_coast():
    o = case("""
        England:
        F Irish Sea Supports F North Atlantic Ocean - Mid-Atlantic Ocean
        F North Atlantic Ocean - Mid-Atlantic Ocean
        France:
        F Spain(nc) Supports F Mid-Atlantic Ocean
        F Mid-Atlantic Ocean Hold
        Italy:
        F Gulf of Lyon - Spain(sc)
    """).moves()
    assert o.results["spa"] == "cut"
    moved(o, "nao")
    dislodged(o, "mao")


def test_6_b_7_supporting_own_unit_with_unspecified_coast():
    o = case("""
        France:
        F Portugal Supports F Mid-Atlantic Ocean - Spain
        F Mid-Atlantic Ocean - Spain(nc)
        Italy:
        F Gulf of Lyon Supports F Western Mediterranean - Spain(sc)
        F Western Mediterranean - Spain(sc)
    """).moves()
    assert o.results["por"] == "given"
    stayed(o, "mao", "wes")


def test_6_b_8_supporting_with_unspecified_coast_when_only_one_coast_is_possible():
    o = case("""
        France:
        F Portugal Supports F Gascony - Spain
        F Gascony - Spain(nc)
        Italy:
        F Gulf of Lyon Supports F Western Mediterranean - Spain(sc)
        F Western Mediterranean - Spain(sc)
    """).moves()
    assert o.results["por"] == "given"
    stayed(o, "gas", "wes")


def test_6_b_9_supporting_with_wrong_coast():
    o = case("""
        France:
        F Portugal Supports F Mid-Atlantic Ocean - Spain(nc)
        F Mid-Atlantic Ocean - Spain(sc)
        Italy:
        F Gulf of Lyon Supports F Western Mediterranean - Spain(sc)
        F Western Mediterranean - Spain(sc)
    """).moves()
    assert o.results["por"] == "void"
    moved(o, "wes")
    stayed(o, "mao")


def test_6_b_10_unit_ordered_with_wrong_coast():
    """The ordered unit's coast is ignored (DATC 4.B.5, choice b)."""
    o = case("France:\nF Spain(nc) - Gulf of Lyon", units="France:\nF Spain(sc)").moves()
    moved(o, "spa")


def test_6_b_11_coast_cannot_be_ordered_to_change():
    o = case("France:\nF Spain(sc) - Gulf of Lyon", units="France:\nF Spain(nc)").moves()
    stayed(o, "spa")


def test_6_b_12_army_movement_with_coastal_specification():
    o = case("France:\nA Gascony - Spain(nc)").moves()
    moved(o, "gas")
    assert o.units["spa"].location == "spa"


def test_6_b_13_coastal_crawl_not_allowed():
    o = case("Turkey:\nF Bulgaria(sc) - Constantinople\nF Constantinople - Bulgaria(ec)").moves()
    stayed(o, "bul", "con")


def test_6_b_14_building_with_unspecified_coast():
    russia = power("Russia")
    centres = {**STANDARD.start_centres(), "swe": russia}
    units = {u.province: u for u in STANDARD.start_units() if u.province != "stp"}
    built = adjustments(units, centres, "Russia:\nBuild F St Petersburg")
    assert built.built[russia] == ()


def test_6_b_15_supporting_foreign_unit_with_unspecified_coast():
    o = case("""
        France:
        F Portugal Supports F Mid-Atlantic Ocean - Spain
        England:
        F Mid-Atlantic Ocean - Spain(nc)
        Italy:
        F Gulf of Lyon Supports F Western Mediterranean - Spain(sc)
        F Western Mediterranean - Spain(sc)
    """).moves()
    assert o.results["por"] == "given"
    stayed(o, "mao", "wes")
