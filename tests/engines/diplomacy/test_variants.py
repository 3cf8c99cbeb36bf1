"""The variants' boards against their published facts, and each variant's own rules: Pure's seven
capitals all next to each other, four to win; Ancient Mediterranean's five powers, 34 centres,
and Baleares, which armies reach only by sea and where a fleet convoys."""

from __future__ import annotations

from collections import Counter

from engines import get_ruleset
from engines.diplomacy.adjudicator import adjudicate
from engines.diplomacy.board import Unit, board
from engines.diplomacy.orders import Convoy, Move
from engines.diplomacy.ruleset import DiplomacyRuleset
from tests.engines.diplomacy.play import read, start

PURE, ANCMED = board("pure"), board("ancmed")


def test_pure_is_seven_capitals_each_next_to_every_other_four_to_win() -> None:
    assert len(PURE.provinces) == len(PURE.centres) == 7
    for code in PURE.provinces:
        assert PURE.army_moves(code) == frozenset(PURE.provinces) - {code}
    assert PURE.data.victory == 4
    assert Counter(PURE.home_of(c) for c in PURE.centres) == Counter(dict.fromkeys(PURE.powers, 1))


def test_ancient_mediterranean_has_its_published_powers_and_centres() -> None:
    assert len(ANCMED.provinces) == 79 and sum(1 for p in ANCMED.provinces.values() if p.kind == "sea") == 20
    assert len(ANCMED.centres) == 34 and ANCMED.data.victory == 18
    assert {ANCMED.power_data[p].en: set(ANCMED.homes(p)) for p in ANCMED.powers} == {
        "Carthage": {"car", "cir", "tha"},
        "Egypt": {"ale", "mem", "thb"},
        "Greece": {"ath", "mac", "spa"},
        "Persia": {"ant", "dam", "sid"},
        "Rome": {"nea", "rav", "rom"},
    }


def test_every_ancient_adjacency_goes_both_ways() -> None:
    for code, p in ANCMED.provinces.items():
        assert all(code in ANCMED.army_moves(n) for n in p.army), code
        assert all(code in ANCMED.fleet_moves(n) for n in p.fleet), code


def test_armies_reach_baleares_only_by_convoy_and_a_fleet_there_convoys() -> None:
    assert "bal" not in ANCMED.army_moves("tar") and "bal" in ANCMED.fleet_moves("tar")
    assert ANCMED.can_convoy("bal") and not ANCMED.can_convoy("tar")
    units = {
        "tar": Unit("Рим", "A", "tar"),
        "bal": Unit("Рим", "F", "bal"),
    }
    walk = adjudicate(ANCMED, units, [("Рим", Move("tar", "sag"))])
    assert walk.results["tar"] == "moved"
    carried = adjudicate(
        ANCMED, units, [("Рим", Move("tar", "sag", convoy=True)), ("Рим", Convoy("bal", "tar", "sag"))]
    )
    assert carried.results == {"tar": "moved", "bal": "convoyed"}


def test_a_power_and_a_province_of_one_name_are_told_apart() -> None:
    ruleset = get_ruleset("diplomacy_ancmed")
    assert isinstance(ruleset, DiplomacyRuleset)
    state = start(ruleset)
    (order,) = read(state, "Рим", "Рим: А Рим – Апулия", ruleset=ruleset)
    assert order.args == {"order": "Рим – Апулия"}  # type: ignore[union-attr]
