"""The standard map's data against the board's published facts: 75 provinces (19 seas), 34 supply
centres of which 22 are home centres, three provinces of two coasts, the 1901 start, and every
adjacency the same both ways."""

from collections import Counter

import pytest

from engines.diplomacy.board import MAPS, MapData, board, province_of
from engines.errors import RuleDataError
from engines.ruledata import load_rules

STANDARD = board("standard")
HOMES = {
    "Austria": {"bud", "tri", "vie"},
    "England": {"edi", "lon", "lvp"},
    "France": {"bre", "mar", "par"},
    "Germany": {"ber", "kie", "mun"},
    "Italy": {"nap", "rom", "ven"},
    "Russia": {"mos", "sev", "stp", "war"},
    "Turkey": {"ank", "con", "smy"},
}
START = {
    "Austria": {"A bud", "A vie", "F tri"},
    "England": {"F edi", "F lon", "A lvp"},
    "France": {"F bre", "A mar", "A par"},
    "Germany": {"F kie", "A ber", "A mun"},
    "Italy": {"F nap", "A rom", "A ven"},
    "Russia": {"A war", "A mos", "F sev", "F stp/sc"},
    "Turkey": {"F ank", "A con", "A smy"},
}
NEUTRAL = {"bel", "bul", "den", "gre", "hol", "nwy", "por", "rum", "ser", "spa", "swe", "tun"}


def test_seventy_five_provinces_nineteen_of_them_seas():
    kinds = Counter(p.kind for p in STANDARD.provinces.values())
    assert len(STANDARD.provinces) == 75
    assert kinds["sea"] == 19
    assert kinds["land"] + kinds["coast"] == 56


def test_thirty_four_centres_twelve_neutral():
    assert len(STANDARD.centres) == 34
    homes = {c for power in STANDARD.powers for c in STANDARD.homes(power)}
    assert len(homes) == 22
    assert set(STANDARD.centres) - homes == NEUTRAL


def test_each_power_its_homes_and_units():
    by_english = {STANDARD.power_data[p].en: p for p in STANDARD.powers}
    assert set(by_english) == set(HOMES)
    for english, homes in HOMES.items():
        assert set(STANDARD.homes(by_english[english])) == homes
        units = {f"{u.kind} {u.location}" for u in STANDARD.start_units() if u.power == by_english[english]}
        assert units == START[english]


def test_three_provinces_have_two_coasts():
    two = {code: set(p.coasts) for code, p in STANDARD.provinces.items() if p.coasts}
    assert two == {"bul": {"ec", "sc"}, "spa": {"nc", "sc"}, "stp": {"nc", "sc"}}


def test_army_moves_go_both_ways():
    for code, p in STANDARD.provinces.items():
        for near in p.army:
            assert code in STANDARD.army_moves(near), (code, near)
            assert STANDARD.kind(near) != "sea"


def test_fleet_moves_go_both_ways_coast_by_coast():
    locations = [f"{c}/{coast}" for c, p in STANDARD.provinces.items() for coast in p.coasts]
    locations += [c for c, p in STANDARD.provinces.items() if p.kind != "land" and not p.coasts]
    for here in locations:
        for there in STANDARD.fleet_moves(here):
            assert here in STANDARD.fleet_moves(there), (here, there)


def test_a_fleet_moves_on_land_only_along_a_border():
    """A coast's fleet neighbour on land is also its army neighbour (a coast runs along a border)."""
    for code, p in STANDARD.provinces.items():
        if p.kind == "sea":
            continue
        fleet = {province_of(n) for n in (*p.fleet, *(n for ns in p.coasts.values() for n in ns))}
        assert {n for n in fleet if STANDARD.kind(n) != "sea"} <= set(p.army), code


def test_names_are_unique_in_every_spelling():
    """No two provinces, nor a province and a power, are spelt alike (ENG is the Channel's)."""
    named = [*STANDARD.data.provinces, *STANDARD.data.powers]
    spellings = Counter(s.casefold() for p in named for s in (p.name, p.en, *p.aliases))
    assert [s for s, n in spellings.items() if n > 1] == []


def test_a_neighbour_not_on_the_map_is_refused(tmp_path):
    text = (MAPS / "standard.toml").read_text(encoding="utf-8")
    broken = tmp_path / "broken.toml"
    broken.write_text(
        text.replace('fleet = ["alb", "apu", "ion", "tri", "ven"]', 'fleet = ["alb", "xyz"]'), "utf-8"
    )
    with pytest.raises(RuleDataError, match="xyz"):
        load_rules(broken, MapData)
