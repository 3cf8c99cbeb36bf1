"""No reply tells a power a name, a command or a technology it has not seen: the accepted lines as
quoted back, the refused lines' suggestions, ПОМОЩЬ and the order blank use only what the ruleset
says the power knows (`engines.contract.PowerKnowledge`). Run for every registered ruleset (today
all of them reveal the same to everyone) and for a test ruleset with a secret tech tree and map."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from daemon.incoming.orderflow import help_pages, read_orders
from daemon.outgoing.views import offered_orders, order_blank
from engines import REGISTRY, get_ruleset
from engines.contract import JSON, ArgKind, CommandSpec, Ruleset, Vocabulary
from engines.rng import Rng
from parsers.normalize import phrase_keys
from parsers.orders import normal_form
from tests.rulesets import hidden_tech

Phrase = tuple[str, ...]
RULESETS = [get_ruleset(name) for name in sorted(REGISTRY)] + [hidden_tech.RULESET]


def start(ruleset: Ruleset[Any]) -> JSON:
    state: JSON = ruleset.setup(ruleset.playable_powers(ruleset.max_players), Rng("knowledge"))
    return state


POWERS = [
    pytest.param(ruleset, power, id=f"{ruleset.name}:{power}")
    for ruleset in RULESETS
    for power in start(ruleset)["powers"]
]


def names(vocabularies: list[Vocabulary]) -> set[Phrase]:
    return {phrase_keys(w) for v in vocabularies for name, spellings in v.items() for w in (name, *spellings)}


def keywords(ruleset: Ruleset[Any], state: JSON, power: str | None) -> set[Phrase]:
    """Every command keyword of the ruleset, or only those `power` knows."""
    return {
        phrase_keys(word)
        for phase, spec in ruleset.phases.items()
        for command in (spec.commands if power is None else ruleset.known_commands(state, power, phase))
        for word in command.keywords
    }


def hidden(ruleset: Ruleset[Any], state: JSON, power: str) -> set[Phrase]:
    """What some power, or only the GM, knows and `power` does not."""
    everyone = [*ruleset.vocabularies(state).values()] + [
        v for other in state["powers"] for v in ruleset.vocabularies_for(state, other).values()
    ]
    known = names(list(ruleset.vocabularies_for(state, power).values())) | keywords(ruleset, state, power)
    return (names(everyone) | keywords(ruleset, state, None)) - known


def replies(ruleset: Ruleset[Any], state: JSON, power: str, secrets: set[Phrase]) -> list[str]:
    """What the daemon would tell `power` in its own words: to every example of every command, to
    each secret misspelt alone and as every command's name argument, to ПОМОЩЬ and to БЛАНК."""
    texts = []
    typos = [" ".join(secret)[:-1] for secret in secrets]
    for phase, spec in ruleset.phases.items():
        named = [
            c.keywords[0]
            for c in spec.commands
            if any(a.kind in (ArgKind.NAME, ArgKind.NAME_LIST, ArgKind.PAIR_LIST) for a in c.args)
        ]
        lines = [c.example for c in spec.commands] + typos + [f"{k} {t}" for k in named for t in typos]
        known, parsed = read_orders(ruleset, state, power, phase, list(enumerate(lines, start=1)))
        texts += [normal_form(c, known) for c in parsed.commands] + [p.suggestion for p in parsed.problems]
    for page in help_pages(ruleset, state, power):
        texts += [text for example, help in page["commands"] for text in (example, help.ru, help.en)]
    opened = offered_orders(ruleset, state, power, state["phase"])
    return texts + [order_blank("g", power, 1, opened, lang) for lang in ("ru", "en")]


def leaks(ruleset: Ruleset[Any], power: str, answering: Ruleset[Any] | None = None) -> set[str]:
    """What the daemon's replies with `answering`'s knowledge hooks (by default the ruleset's own)
    name of what `power` has not seen."""
    state = start(ruleset)
    secrets = hidden(ruleset, state, power)
    found = set()
    for text in replies(answering or ruleset, state, power, secrets):
        keys = phrase_keys(text)
        found |= {" ".join(s) for s in secrets for i in range(len(keys)) if keys[i : i + len(s)] == s}
    return found


@pytest.mark.parametrize(("ruleset", "power"), POWERS)
def test_no_reply_names_what_the_power_has_not_seen(ruleset: Ruleset[Any], power: str) -> None:
    assert leaks(ruleset, power) == set()


def test_the_test_ruleset_really_hides_something() -> None:
    state = start(hidden_tech.RULESET)
    assert hidden(hidden_tech.RULESET, state, hidden_tech.BEARS) == {
        ("бронза",),
        ("bronze",),
        ("плавить",),
        ("smelt",),
        ("река",),
        ("river",),
    }


def test_the_check_catches_the_leak_it_is_for() -> None:
    """A daemon that reads orders and writes ПОМОЩЬ with everyone's vocabulary, as it did: the
    ruleset answering with the base class's defaults instead of its knowledge hooks."""

    class Forgetful(hidden_tech.HiddenTech):
        def vocabularies_for(self, state: JSON, power: str) -> Mapping[str, Vocabulary]:
            return self.vocabularies(state)

        def known_commands(self, state: JSON, power: str, phase: str) -> Sequence[CommandSpec]:
            return self.phases[phase].commands

    assert leaks(hidden_tech.RULESET, hidden_tech.BEARS, Forgetful()) >= {"бронза", "плавить", "река"}
