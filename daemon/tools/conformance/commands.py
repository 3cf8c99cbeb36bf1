"""Conformance: a ruleset's commands can be told apart and read as declared. A collision fails
nowhere else loudly: the parser takes the first match and the other order silently becomes
unreachable; an argument read to the end of the line with another after it is never filled."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterator, Sequence
from dataclasses import replace
from typing import Any

from daemon.gm.schema import GM_PHASE
from daemon.incoming.conveniences import CONVENIENCES
from engines.contract import ArgKind, CommandSpec, PhaseSpec, Ruleset
from engines.rng import Rng
from parsers.header import HEADER_WORDS
from parsers.normalize import normalize, phrase_keys
from parsers.wording import PASS_KEYWORDS, lead, wording

TO_THE_END = (ArgKind.TEXT, ArgKind.NAME_LIST, ArgKind.PAIR_LIST)  # read to the end of the line


def keywords(phase: PhaseSpec) -> Iterator[tuple[str, str]]:
    """(normalised keyword, command name) of every keyword of the phase."""
    for command in phase.commands:
        for word in command.keywords:
            yield normalize(word), command.name


def reserved(power_keywords: tuple[str, ...]) -> set[str]:
    """The header words (and the ruleset's words for СТРАНА) and the pass words, normalised."""
    words = [w for spellings in HEADER_WORDS.values() for w in spellings] + list(power_keywords)
    return {normalize(w) for w in [*words, *PASS_KEYWORDS]}


def shadowed(word: str, taken: set[str]) -> bool:
    """Whether the parser would read a line of this keyword as a taken word: the keyword itself,
    or its first word when it has several ("END WAR" is read as КОНЕЦ, the end of the mail)."""
    return word in taken or word.split()[0] in taken


def collisions(ruleset: Ruleset[Any]) -> list[str]:
    """Keywords two commands of a phase share, keywords that are a header, service or pass word,
    and the ruleset's GM commands colliding with the daemon's."""
    faults = []
    header = reserved(ruleset.power_keywords)
    service = {w for w, _ in keywords(CONVENIENCES)}  # exact only: "LEAVE ALLIANCE" is no ОТПУСК N
    for name, spec in ruleset.phases.items():
        counted = Counter(word for word, _ in keywords(spec))
        faults += [f"{name}: «{word}» is the keyword of {n} commands" for word, n in counted.items() if n > 1]
        faults += [
            f"{name}: «{word}» ({command}) is a header or service word"
            for word, command in keywords(spec)
            if shadowed(word, header) or word in service
        ]
    gm = replace(GM_PHASE, commands=(*GM_PHASE.commands, *ruleset.gm_commands))
    words = [word for word, _ in keywords(gm)]
    faults += [f"GM: «{w}» is the keyword of {n} commands" for w, n in Counter(words).items() if n > 1]
    faults += [f"GM: {c} is named twice" for c, n in Counter(c.name for c in gm.commands).items() if n > 1]
    faults += [f"GM: «{w}» is a header word" for w in sorted(set(words)) if shadowed(w, reserved(()))]
    return faults


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


def argument_shapes(ruleset: Ruleset[Any]) -> list[str]:
    state = ruleset.setup(ruleset.playable_powers(ruleset.max_players), Rng("conformance"))
    commands = [*(c for phase in ruleset.phases.values() for c in phase.commands), *ruleset.gm_commands]
    return shape_faults(commands, ruleset.vocabularies(state))


def wording_faults(ruleset: Ruleset[Any]) -> list[str]:
    """A form two commands' sayings share (a guess: left out of the leads), a saying that leads to
    another command, and a saying that is a header or service word."""
    faults = []
    taken = reserved(ruleset.power_keywords) | {w for w, _ in keywords(CONVENIENCES)}
    for name, spec in ruleset.phases.items():
        table = wording(spec)
        faults += [f"{name}: the wording collides: {collision}" for collision in table.collisions]
        for command in spec.commands:
            for said in spec.phrasing.of(command.name).says:
                found = lead(phrase_keys(said), table)
                if found is None or (found[0].command, found[1]) != (command.name, len(phrase_keys(said))):
                    faults.append(f"{name}: «{said}» does not lead to {command.name}")
        faults += [
            f"{name}: the saying «{' '.join(keys)}» is a header or service word"
            for keys in table.leads.phrases()
            if shadowed(" ".join(keys), taken)
        ]
    return sorted(faults)
