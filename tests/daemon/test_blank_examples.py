"""The order blank and ПОМОЩЬ offer a power only orders it can give now: each example line, made
for that power, parses as its command and passes the ruleset's `check` alone. Random games of each
ruleset are played (a lot of powers, a seed) by the computer, and by players who write out a random
half of their blanks or leave a phase to the computer (so wars, civil wars, projects and holdings
come about, which the computer alone never gives); the blank of every power still in the game is
read at every phase on the way: more games than the conformance suite's one (its `blank_faults`)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from daemon.incoming.orderflow import help_pages, read_orders
from daemon.outgoing.views import offered_orders, order_blank
from daemon.tools.conformance.knowledge import blank_faults
from engines import get_ruleset
from engines.contract import JSON, Command, Ruleset
from engines.rng import Rng

RULESETS = ("coins", "council", "mare", "rus", "tribes")
SEEDS = range(6)
PHASES_PLAYED = 9  # phases of each game: three coins turns, nine of the others


def played(ruleset: Ruleset[Any], seed: int, by_blanks: bool = False) -> Iterator[JSON]:
    """The states of a game the computer plays for every power, phase after phase; `by_blanks`:
    in a phase, a power's player writes out a random half of its blank (the lines its checks
    accept), or leaves it to the computer, at the toss of a coin."""
    rng = Rng(f"blank-{ruleset.name}-{seed}")
    players = ruleset.min_players + seed % (ruleset.max_players - ruleset.min_players + 1)
    state = ruleset.setup(ruleset.playable_powers(players), rng)
    picks = random.Random(f"blank-{ruleset.name}-{seed}")
    for _ in range(PHASES_PLAYED):
        if state["over"]:
            return
        yield state
        phase = state["phase"]
        orders = {
            power: written(ruleset, state, power, picks)
            if by_blanks and picks.random() < 0.5
            else ruleset.ai_orders(state, power, phase)
            for power in state["powers"]
        }
        state = ruleset.resolve(state, phase, orders, rng).state


def written(ruleset: Ruleset[Any], state: JSON, power: str, picks: random.Random) -> list[Command]:
    """A random half of `power`'s blank written out, each line kept if `check` accepts it after
    the ones kept before it."""
    phase = state["phase"]
    kept: list[Command] = []
    for _, line in offered_orders(ruleset, state, power, phase):
        parsed = read_orders(ruleset, state, power, phase, [(len(kept) + 1, line)])[1]
        if picks.random() < 0.5 or len(parsed.commands) != 1:
            continue
        if not ruleset.check(state, power, phase, [*kept, parsed.commands[0]]):
            kept.append(parsed.commands[0])
    return kept


def playing(ruleset: Ruleset[Any], state: JSON) -> list[str]:
    """The powers still in the game (a family exiled, a tribe died out is not)."""
    return [power for power in state["powers"] if power not in ruleset.ended(state)]


@pytest.mark.parametrize("by_blanks", [False, True], ids=["by the computer", "by the blanks"])
@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", RULESETS)
def test_every_example_of_every_blank_parses_and_passes_check(name: str, seed: int, by_blanks: bool) -> None:
    ruleset = get_ruleset(name)
    found = [
        fault
        for state in played(ruleset, seed, by_blanks)
        for power in playing(ruleset, state)
        for fault in blank_faults(ruleset, state, power)
    ]
    assert found == []


@pytest.mark.parametrize("name", RULESETS)
def test_help_offers_what_the_blank_offers(name: str) -> None:
    ruleset = get_ruleset(name)
    for state in played(ruleset, 0):
        for power in state["powers"]:
            phase = state["phase"]
            (page,) = [
                p for p in help_pages(ruleset, state, power) if p["title"] == ruleset.phases[phase].title
            ]
            offered = offered_orders(ruleset, state, power, phase)
            assert page["commands"] == [(example, spec.help) for spec, example in offered]


CYRILLIC_CHARSETS = ("koi8-r", "cp1251", "iso8859-5", "cp866")


@pytest.mark.parametrize("name", RULESETS)
def test_every_blank_keeps_to_characters_every_cyrillic_charset_has(name: str) -> None:
    """A player who answers in KOI8-R pastes the blank into a mail of that charset: a «», — or …
    in it (KOI8-R has none) made the client send the whole reply in UTF-8."""
    ruleset = get_ruleset(name)
    found = {
        (charset, char)
        for seed in SEEDS[:2]
        for state in played(ruleset, seed, by_blanks=True)
        for power in playing(ruleset, state)
        for lang in ("ru", "en")
        for char in order_blank(
            f"{name}-1", power, state["turn"], offered_orders(ruleset, state, power, state["phase"]), lang
        )
        for charset in CYRILLIC_CHARSETS
        if not _encodes(char, charset)
    }
    assert found == set()


def _encodes(char: str, charset: str) -> bool:
    try:
        char.encode(charset)
    except UnicodeEncodeError:
        return False
    return True
