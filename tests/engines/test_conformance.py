"""What the conformance suite (`daemon/tools/conformance`, run for every ruleset by
tests/engines/test_conformance_suite.py) checks of keywords and arguments catches what it is for,
and what it leaves to these tests: catalog codes no two catalogs share, the wording's words in the
dictionary. A keyword collision would not fail loudly anywhere else: the parser takes the first
match and the other order silently becomes unreachable."""

from __future__ import annotations

import tomllib
from dataclasses import replace
from typing import Any

import pytest

from daemon.tools.conformance.commands import reserved, shadowed, shape_faults
from engines import REGISTRY, get_ruleset
from engines.contract import Arg, ArgKind, Ruleset
from engines.russian import is_infinitive, known_word
from engines.text import ARG_TITLE
from parsers.normalize import normalize
from tests.paths import REPO
from tests.rulesets.council_like import RULESET as COUNCIL_LIKE
from tests.rulesets.hidden_tech import RULESET as HIDDEN_TECH


def test_the_check_catches_the_collisions_it_is_for() -> None:
    """What the issue saw pass every test: "PAY" (a give keyword) or "TURN" (a header word) added
    to coins' invest."""
    coins = get_ruleset("coins")
    spec = next(iter(coins.phases.values()))
    taken = reserved(coins.power_keywords)
    assert normalize("TURN") in taken
    give = next(c for c in spec.commands if normalize("PAY") in {normalize(k) for k in c.keywords})
    assert give.name != "invest"
    assert shadowed(normalize("END WAR"), taken) and not shadowed(normalize("ENDURE"), taken)


# --- argument shapes ------------------------------------------------------------------------------


def test_the_shape_check_catches_a_pair_list_not_last_or_without_its_second_vocabulary() -> None:
    troops = next(c for c in COUNCIL_LIKE.phases["actions"].commands if c.args[-1].kind is ArgKind.PAIR_LIST)
    declared = {"army", "power"}
    assert shape_faults([troops], declared) == []
    early = replace(troops, args=(*troops.args, Arg("note", ArgKind.TEXT)))
    assert shape_faults([early], declared) == ["troops.troops: pair_list before the last argument"]
    assert shape_faults([troops], {"army"}) == ["troops.troops: no vocabulary 'power'"]
    unnamed = replace(troops, args=(replace(troops.args[0], second_vocabulary=""),))
    assert shape_faults([unnamed], declared) == ["troops.troops: no vocabulary ''"]


def test_the_shape_check_catches_a_code_with_no_alphabet_or_no_length() -> None:
    path = next(c for c in HIDDEN_TECH.phases["orders"].commands if c.args[-1].kind is ArgKind.CODE)
    assert shape_faults([path], set()) == []
    bare = replace(path, args=(replace(path.args[0], alphabet=""),))
    assert shape_faults([bare], set()) == ["path.code: a code needs an alphabet and 1 ≤ min ≤ max"]
    empty = replace(path, args=(replace(path.args[0], max_items=0),))
    assert shape_faults([empty], set()) == ["path.code: a code needs an alphabet and 1 ≤ min ≤ max"]


# --- catalogs -------------------------------------------------------------------------------------

DAEMON_CATALOGS = ("parsers/messages.toml", "templates/messages.toml")


@pytest.mark.parametrize("ruleset", [get_ruleset(name) for name in sorted(REGISTRY)], ids=lambda r: r.name)
def test_a_rulesets_codes_clash_with_no_catalog_it_is_merged_with_nor_another_rulesets(
    ruleset: Ruleset[Any],
) -> None:
    """A code in two catalogs would let one sentence silently win; only argument titles
    (`arg.<name>`) may repeat, since each ruleset names its own arguments."""
    own = {code for code in ruleset.catalog.entries if not code.startswith(ARG_TITLE)}
    for path in DAEMON_CATALOGS:
        with (REPO / path).open("rb") as fh:
            assert own & set(tomllib.load(fh)) == set(), path
    for name in sorted(REGISTRY):
        other = get_ruleset(name)
        if type(other) is not type(ruleset):  # the variants of one game share its catalog
            assert own & set(other.catalog.entries) == set(), name


# --- wording: how players word the orders ---------------------------------------------------------


@pytest.mark.parametrize("ruleset", [get_ruleset(name) for name in sorted(REGISTRY)], ids=lambda r: r.name)
def test_every_word_of_the_wording_is_in_the_dictionary_or_the_rulesets_own(ruleset: Ruleset[Any]) -> None:
    """A misspelt word would silently match nothing (the dictionary only guesses its forms); the
    generic verbs are infinitives, so their forms are the ones players write."""
    phrasing = next(iter(ruleset.phases.values())).phrasing

    def spelt(text: str) -> list[str]:  # as written: a key's ь for ъ is no word of the dictionary
        return text.casefold().replace("ё", "е").split()

    own = {
        key
        for phase in ruleset.phases.values()
        for c in phase.commands
        for k in c.keywords
        for key in spelt(k)
    }
    written = [*phrasing.generic, *phrasing.units]
    for said in phrasing.commands.values():
        tables = [*said.roles.values(), *said.units.values()]
        written += [*said.says, *said.objects, *(word for words in tables for word in words)]
    words = {key for text in written for key in spelt(text)}
    assert sorted(w for w in words - own if len(w) > 2 and not known_word(w)) == []
    assert [verb for verb in phrasing.generic if not is_infinitive(verb)] == []
