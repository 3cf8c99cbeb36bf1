"""Every ruleset's commands can be told apart: no keyword of a phase is another command's, a header
word, a service word or a power keyword. A collision would not fail loudly anywhere else: the
parser takes the first match and the other order silently becomes unreachable."""

from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Collection, Iterator, Sequence
from dataclasses import replace
from typing import Any

import pytest

from daemon.gm.schema import GM_PHASE
from daemon.incoming.conveniences import CONVENIENCES
from engines import REGISTRY, get_ruleset
from engines.contract import Arg, ArgKind, CommandSpec, PhaseSpec, Ruleset
from engines.rng import Rng
from engines.russian import is_infinitive, known_word
from engines.text import ARG_TITLE
from parsers.header import HEADER_WORDS
from parsers.normalize import normalize, phrase_keys
from parsers.wording import PASS_KEYWORDS, lead, wording
from tests.paths import REPO
from tests.rulesets.council_like import RULESET as COUNCIL_LIKE
from tests.rulesets.hidden_tech import RULESET as HIDDEN_TECH


def keywords(phase: PhaseSpec) -> Iterator[tuple[str, str]]:
    for command in phase.commands:
        for word in command.keywords:
            yield normalize(word), command.name


def reserved(power_keywords: tuple[str, ...]) -> set[str]:
    words = [w for spellings in HEADER_WORDS.values() for w in spellings] + list(power_keywords)
    return {normalize(w) for w in [*words, *PASS_KEYWORDS]}


def shadowed(word: str, taken: set[str]) -> bool:
    """Whether the parser would read a line of this keyword as a taken word: the keyword itself,
    or its first word when it has several ("END WAR" is read as КОНЕЦ, the end of the mail)."""
    return word in taken or word.split()[0] in taken


PHASES = [
    pytest.param(get_ruleset(name), phase, id=f"{name}:{phase}")
    for name in sorted(REGISTRY)
    for phase in get_ruleset(name).phases
]


@pytest.mark.parametrize(("ruleset", "phase"), PHASES)
def test_no_two_commands_of_a_phase_share_a_keyword(ruleset: object, phase: str) -> None:
    spec = ruleset.phases[phase]  # type: ignore[attr-defined]
    counted = Counter(word for word, _ in keywords(spec))
    assert [word for word, n in counted.items() if n > 1] == []


@pytest.mark.parametrize(("ruleset", "phase"), PHASES)
def test_no_command_keyword_is_a_header_service_or_pass_word(ruleset: object, phase: str) -> None:
    spec = ruleset.phases[phase]  # type: ignore[attr-defined]
    header = reserved(ruleset.power_keywords)  # type: ignore[attr-defined]
    service = {w for w, _ in keywords(CONVENIENCES)}  # exact only: "LEAVE ALLIANCE" is no ОТПУСК N
    found = [word for word, _ in keywords(spec) if shadowed(word, header) or word in service]
    assert sorted(found) == []


@pytest.mark.parametrize(
    "ruleset", [*(get_ruleset(name) for name in sorted(REGISTRY)), COUNCIL_LIKE], ids=lambda r: r.name
)
def test_the_gm_commands_and_the_rulesets_own_collide_with_nothing(ruleset: Ruleset[Any]) -> None:
    phase = replace(GM_PHASE, commands=(*GM_PHASE.commands, *ruleset.gm_commands))
    words = [word for word, _ in keywords(phase)]
    assert [w for w, n in Counter(words).items() if n > 1] == []
    assert [n for n, k in Counter(c.name for c in phase.commands).items() if k > 1] == []
    assert sorted(word for word in set(words) if shadowed(word, reserved(()))) == []


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

TO_THE_END = (ArgKind.TEXT, ArgKind.NAME_LIST, ArgKind.PAIR_LIST)  # read to the end of the line


def shape_faults(commands: Sequence[CommandSpec], declared: Collection[str]) -> list[str]:
    """Arguments the parser cannot read as declared: one read to the end of the line with another
    after it, a name, list or pair half whose vocabulary the ruleset does not declare (its every
    name would be refused, with no guess), or a code with no characters to be made of or no length
    it may have."""
    faults = []
    for command in commands:
        for index, arg in enumerate(command.args):
            if arg.kind in TO_THE_END and index < len(command.args) - 1:
                faults.append(f"{command.name}.{arg.name}: {arg.kind} before the last argument")
            if arg.kind is ArgKind.CODE and not (arg.alphabet and 1 <= arg.min_items <= arg.max_items):
                faults.append(f"{command.name}.{arg.name}: a code needs an alphabet and 1 ≤ min ≤ max")
            wanted = {
                ArgKind.NAME: [arg.vocabulary],
                ArgKind.NAME_LIST: [arg.vocabulary],
                ArgKind.PAIR_LIST: [arg.vocabulary, arg.second_vocabulary],
            }.get(arg.kind, [])
            faults += [f"{command.name}.{arg.name}: no vocabulary {v!r}" for v in wanted if v not in declared]
    return faults


@pytest.mark.parametrize(
    "ruleset",
    [*(get_ruleset(name) for name in sorted(REGISTRY)), COUNCIL_LIKE, HIDDEN_TECH],
    ids=lambda r: r.name,
)
def test_every_argument_can_be_read_as_declared(ruleset: Ruleset[Any]) -> None:
    state = ruleset.setup(ruleset.playable_powers(ruleset.max_players), Rng("conformance"))
    commands = [*(c for phase in ruleset.phases.values() for c in phase.commands), *ruleset.gm_commands]
    assert shape_faults(commands, ruleset.vocabularies(state)) == []


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
        if name != ruleset.name:
            assert own & set(get_ruleset(name).catalog.entries) == set(), name


# --- wording: how players word the orders ---------------------------------------------------------


@pytest.mark.parametrize(("ruleset", "phase"), PHASES)
def test_no_wording_of_one_command_collides_with_anothers(ruleset: Ruleset[Any], phase: str) -> None:
    """A form two commands' sayings or keywords share would be a guess: it is left out of the
    leads, and named here."""
    assert wording(ruleset.phases[phase]).collisions == ()


@pytest.mark.parametrize(("ruleset", "phase"), PHASES)
def test_every_saying_leads_to_its_command_and_none_is_a_header_or_service_word(
    ruleset: Ruleset[Any], phase: str
) -> None:
    spec = ruleset.phases[phase]
    table = wording(spec)
    lost = [
        (command.name, said)
        for command in spec.commands
        for said in spec.phrasing.of(command.name).says
        if (found := lead(phrase_keys(said), table)) is None
        or (found[0].command, found[1]) != (command.name, len(phrase_keys(said)))
    ]
    assert lost == []
    taken = reserved(ruleset.power_keywords) | {w for w, _ in keywords(CONVENIENCES)}
    assert sorted(" ".join(keys) for keys in table.leads.phrases() if shadowed(" ".join(keys), taken)) == []


@pytest.mark.parametrize("ruleset", [get_ruleset(name) for name in sorted(REGISTRY)], ids=lambda r: r.name)
def test_every_word_of_the_wording_is_in_the_dictionary_or_the_rulesets_own(ruleset: Ruleset[Any]) -> None:
    """A misspelt word would silently match nothing (the dictionary only guesses its forms); the
    generic verbs are infinitives, so their forms are the ones players write."""
    phrasing = next(iter(ruleset.phases.values())).phrasing
    own = {
        key
        for phase in ruleset.phases.values()
        for c in phase.commands
        for k in c.keywords
        for key in phrase_keys(k)
    }
    written = [*phrasing.generic, *phrasing.units]
    for said in phrasing.commands.values():
        tables = [*said.roles.values(), *said.units.values()]
        written += [*said.says, *said.objects, *(word for words in tables for word in words)]
    words = {key for text in written for key in phrase_keys(text)}
    assert sorted(w for w in words - own if len(w) > 2 and not known_word(w)) == []
    assert [verb for verb in phrasing.generic if not is_infinitive(verb)] == []
