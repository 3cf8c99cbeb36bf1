"""No reply tells a power a name, a command or a technology it has not seen: the conformance suite's
privacy check (`daemon/tools/conformance/knowledge.py`, run for every ruleset) reads the accepted
lines as quoted back, the refused lines' suggestions, ПОМОЩЬ and the order blank. Here: the test
ruleset really hides something, and the check catches the daemon answering with everyone's
knowledge, which the suite alone cannot tell from a ruleset where everyone knows everything."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from daemon.tools.conformance.knowledge import hidden, leaks
from daemon.tools.conformance.play import started
from engines.contract import JSON, CommandSpec, Vocabulary
from tests.rulesets import hidden_tech


def test_the_test_ruleset_really_hides_something() -> None:
    state = started(hidden_tech.RULESET)
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

    state = started(hidden_tech.RULESET)
    assert leaks(hidden_tech.RULESET, state, hidden_tech.BEARS) == set()
    assert leaks(hidden_tech.RULESET, state, hidden_tech.BEARS, Forgetful()) >= {"бронза", "плавить", "река"}
