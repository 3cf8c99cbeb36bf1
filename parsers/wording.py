"""Orders as players word them (a ruleset's `phrasing.toml`, see engines/phrasing.py), made into the
tables the order parser reads a line with, once per phase: what an order may start with, which of
its words add nothing, what each word speaks of, and which commands mean the opposite of which.

«Прошу нанять дружину 2», «заключить союз с Рязанью», «Рим влияет на Лигурию 2»: an order starts
with a keyword or with one of its command's `says`, in any form, after words that add nothing
(«прошу», «я», «также»), a power's name, and verbs that only say "do" («заключить»). A line that
starts with none of them may still speak of one command (`meant`: «дружину нанять 2»); a greeting,
thanks or a sign-off is chat in every ruleset. Its arguments are read by arrangement.py; why a line
is refused and what it is offered, by suggestions.py.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import product

from engines.contract import Arg, CommandSpec, PhaseSpec
from engines.phrasing import CommandPhrasing
from engines.russian import spoken_forms
from parsers.names import PREPOSITIONS, Names, Phrases, keyword_forms
from parsers.normalize import normalize, phrase_keys, tokenize

# words before an order that add nothing to it: «прошу нанять», «я выступаю», «также дар Рязани»
LEAD_INS = frozenset(
    phrase_keys(
        "я мы прошу просим хочу хотим желаю желаем приказываю приказ также еще ещё и а но теперь затем "
        "потом далее сначала снова опять пожалуйста надо нужно будем буду давай давайте итак"
    )
)
# how a line of chat starts: a greeting, thanks, a wish, a sign-off, an address
CHAT = Phrases(
    (text, True)
    for text in (
        "привет",
        "приветствую",
        "всем привет",
        "здравствуйте",
        "здравствуй",
        "здрасте",
        "добрый день",
        "добрый вечер",
        "доброе утро",
        "доброго времени суток",
        "доброго дня",
        "доброй ночи",
        "спасибо",
        "всем спасибо",
        "благодарю",
        "пока",
        "до свидания",
        "до встречи",
        "до связи",
        "всего доброго",
        "всего хорошего",
        "удачи",
        "всем удачи",
        "хорошего дня",
        "с уважением",
        "ведущий",
        "уважаемый ведущий",
        "коллеги",
        "друзья",
        "господа",
        "ок",
        "hi",
        "hello",
        "thanks",
        "thank you",
        "regards",
        "cheers",
    )
)
# written between the items of an order and meaning nothing: «Рязань → Тула», «10 + 0»
SEPARATORS = frozenset({"->", "→", "-", "+", "=", "и", "/"})
MEANING_REACH = 8  # words of a line whose meaning counts


# the generic "no actions this turn" of every phase: a submitted, empty turn
PASS_KEYWORDS = ("НЕТ ДЕЙСТВИЙ", "PASS", "NO ACTIONS")


@dataclass(frozen=True)
class Keyword:
    """What a line's first words may name: a command as one of its keywords spells it, or the
    generic pass (command None)."""

    text: str  # as the schema spells it, for suggestions
    command: str | None  # the spec's name; None: the generic pass
    args: tuple[Arg, ...] = ()
    example: str = ""

    @staticmethod
    def of(spec: CommandSpec) -> list[tuple[str, Keyword]]:
        return [(word, Keyword(word, spec.name, spec.args, spec.example)) for word in spec.keywords]


def _keywords(phase: PhaseSpec) -> Phrases[Keyword]:
    """The phase's keywords, the verb forms players say them in («передаю» for ПЕРЕДАТЬ) and the
    generic pass."""
    entries = [entry for spec in phase.commands for entry in Keyword.of(spec)]
    by_text = dict(entries)
    spoken = keyword_forms({text: keyword.command or "" for text, keyword in entries})
    return Phrases(
        entries
        + [(word, Keyword(word, None)) for word in PASS_KEYWORDS]
        + [(form, by_text[keyword]) for form, keyword in spoken]
    )


@dataclass(frozen=True)
class CommandWording:
    """One command's wording as keys: the words its line may hold that add nothing, the argument
    each preposition's name and each unit's number fills, the counts a player may leave out."""

    fillers: frozenset[str]
    roles: Mapping[str, str]
    units: Mapping[str, str]
    defaults: Mapping[str, int]
    spelled: Mapping[str, tuple[str, str]] = field(
        default_factory=dict
    )  # a word → its code argument, characters


NO_COMMAND_WORDING = CommandWording(frozenset(), {}, {}, {})


@dataclass(frozen=True)
class Wording:
    """A phase's keywords and phrasings made into tables (see `wording`): what a parse asks of its
    phase, in one lookup (a phase is costly to hash, and a line asks several tables)."""

    phase: PhaseSpec
    keywords: Phrases[Keyword]  # keywords, their verb forms and the pass
    commands: Mapping[str, Keyword]  # each command by name, as its first keyword
    leads: Phrases[str]  # what an order may start with → its command
    generic: frozenset[str]  # forms of the verbs that only say "do"
    wordings: Mapping[str, CommandWording]
    meanings: Mapping[str, frozenset[str]]  # a word's key → the commands it speaks of
    opposites: Mapping[str, frozenset[str]]  # a command → those of opposite meaning, both ways
    collisions: tuple[str, ...]  # forms two commands' wordings share, left out of `leads`
    by_kinds: bool  # the ruleset words this phase's orders: read arguments by their kinds

    def of(self, command: str) -> CommandWording:
        return self.wordings.get(command, NO_COMMAND_WORDING)


def _forms(phrase: str) -> list[frozenset[str]]:
    """Each word of `phrase` in every form a player may write it, as keys (the dictionary asked
    of the word as spelt: a key's ь for ъ is no word of it)."""
    return [frozenset(map(normalize, spoken_forms(token.raw))) for token in tokenize(phrase)]


def _content(phrase: str) -> bool:
    return any("а" <= ch <= "я" for ch in normalize(phrase))


@lru_cache(maxsize=256)
def wording(phase: PhaseSpec) -> Wording:
    """The phase's leads (each command's Russian keywords and `says`, every word in every form),
    fillers, roles, units, defaults and meanings, and the forms two commands share (left out)."""
    phrasing = phase.phrasing
    spelt = _keywords(phase)
    by_name = {spec.name: Keyword.of(spec)[0][1] for spec in phase.commands}
    if not phrasing.commands:  # a phase read only as its schema writes it (the GM's, a test's)
        return Wording(phase, spelt, by_name, Phrases([]), frozenset(), {}, {}, {}, (), by_kinds=False)
    generic = frozenset(form for verb in phrasing.generic for form in _forms(verb)[0])
    units = frozenset(form for unit in phrasing.units for words in _forms(unit) for form in words)
    leads: dict[tuple[str, ...], str] = {}
    shared: dict[tuple[str, ...], set[str]] = {}
    meanings: dict[str, set[str]] = {}
    wordings: dict[str, CommandWording] = {}
    neutral = PREPOSITIONS | generic | LEAD_INS
    named = {
        spec.name: [w for k in spec.keywords if _content(k) for w in _forms(k)] for spec in phase.commands
    }
    keyworded = {form for words in named.values() for forms in words for form in forms}
    for spec in phase.commands:
        said = phrasing.of(spec.name)
        spoken = [w for phrase in said.says for w in _forms(phrase)]
        for phrase in [*(k for k in spec.keywords if _content(k)), *said.says]:
            for keys in product(*_forms(phrase)):
                owner = leads.setdefault(keys, spec.name)
                if owner != spec.name:
                    shared.setdefault(keys, {owner}).add(spec.name)
        # every word of a command's keywords speaks of it; of its other sayings, the first word
        # that says something («набрать дружину» by «набрать»), unless a keyword holds it
        leading = [next((w for w in _forms(phrase) if not w & neutral), frozenset()) for phrase in said.says]
        for forms in [*named[spec.name], *(w for w in leading if not w & keyworded)]:
            if not forms & neutral:
                for form in forms:
                    meanings.setdefault(form, set()).add(spec.name)
        wordings[spec.name] = _command_wording(said, [*named[spec.name], *spoken], units | generic)
    owners = {keyword: spec.name for spec in phase.commands for keyword in spec.keywords}
    for form, keyword in keyword_forms(owners):  # what the parser's keyword table also reads
        keys = phrase_keys(form)
        if leads.get(keys, owners[keyword]) != owners[keyword]:
            shared.setdefault(keys, {leads[keys]}).add(owners[keyword])
    for keys in shared:
        leads.pop(keys, None)
    return Wording(
        phase=phase,
        keywords=spelt,
        commands=by_name,
        leads=Phrases.keyed(leads.items()),
        generic=generic,
        wordings=wordings,
        meanings={form: frozenset(names) for form, names in meanings.items()},
        opposites=_opposites(phase),
        collisions=tuple(sorted(f"{' '.join(k)}: {', '.join(sorted(n))}" for k, n in shared.items())),
        by_kinds=True,
    )


def _command_wording(
    said: CommandPhrasing, words: list[frozenset[str]], shared: frozenset[str]
) -> CommandWording:
    own = {form for forms in words if not forms <= PREPOSITIONS for form in forms}
    objects = {form for noun in said.objects for forms in _forms(noun) for form in forms}
    units = {form: arg for arg, words in said.units.items() for unit in words for form in _forms(unit)[0]}
    spelled = {
        form: (arg, chars)
        for arg, words in said.spelled.items()
        for word, chars in words.items()
        for form in _forms(word)[0]
    }
    return CommandWording(
        fillers=frozenset(own | objects | shared | SEPARATORS | LEAD_INS) - PREPOSITIONS,
        roles={normalize(word): arg for arg, words in said.roles.items() for word in words},
        units=units,
        defaults=dict(said.defaults),
        spelled=spelled,
    )


def _opposites(phase: PhaseSpec) -> dict[str, frozenset[str]]:
    pairs = [(name, other) for name, said in phase.phrasing.commands.items() for other in said.opposite]
    found: dict[str, set[str]] = {}
    for a, b in pairs:
        found.setdefault(a, set()).add(b)
        found.setdefault(b, set()).add(a)
    return {name: frozenset(others) for name, others in found.items()}


def lead(keys: Sequence[str], table: Wording, powers: Names | None = None) -> tuple[Keyword, int] | None:
    """What a line starts with: a keyword (or a verb form of one) or a lead of the wording, the
    one that takes more words, and how many. Words that add nothing («прошу», «я») and verbs that
    only say "do" may come first: «построить храм» is ХРАМ, though «построить» alone says
    МАСТЕРСКАЯ («построить кузницу»); so may a name of `powers`, as players write of their country
    («Рим влияет на Лигурию 2»)."""
    found = _lead(keys, table)
    named = None if found is not None or powers is None else powers.known.longest(keys)
    if named is None:
        return found
    after = _lead(keys[named[1] :], table)
    return None if after is None else (after[0], named[1] + after[1])


def _lead(keys: Sequence[str], table: Wording) -> tuple[Keyword, int] | None:
    spelt, by_name = table.keywords, table.commands
    start = _lead_ins(keys) if table.by_kinds else 0
    best: tuple[Keyword, int] | None = None
    for skip in dict.fromkeys((start, start + _run(keys[start:], table.generic))):
        said = table.leads.longest(keys[skip:])
        for found in (spelt.longest(keys[skip:]), None if said is None else (by_name[said[0]], said[1])):
            if found is not None and (best is None or skip + found[1] > best[1]):
                best = found[0], skip + found[1]
    return best


def _lead_ins(keys: Sequence[str]) -> int:
    """How many words that add nothing a line starts with (never all of them)."""
    return _run(keys[: len(keys) - 1], LEAD_INS)


def _run(keys: Sequence[str], words: frozenset[str]) -> int:
    """How many of the first `keys` are `words`."""
    count = 0
    while count < len(keys) and keys[count] in words:
        count += 1
    return count


def is_chat(keys: Sequence[str]) -> bool:
    """Whether a line starts as chat does, after words that add nothing: a greeting, thanks, a
    sign-off, an address («Привет, ведущий!», «Ещё раз спасибо»)."""
    return CHAT.longest(keys[_lead_ins(keys) :]) is not None or CHAT.longest(keys) is not None


def meant(keys: Sequence[str], table: Wording) -> Counter[str]:
    """The commands the first words of a line speak of, each with how many of its words do."""
    found: Counter[str] = Counter()
    for key in dict.fromkeys(keys[:MEANING_REACH]):
        found.update(table.meanings.get(key, ()))
    return found


def sole(found: Counter[str], among: Iterable[str]) -> str | None:
    """The one command of `among` that most words speak of; None when none does or two tie."""
    allowed = set(among)
    ranked = [(count, name) for name, count in found.items() if name in allowed]
    ranked.sort(reverse=True)
    if not ranked or (len(ranked) > 1 and ranked[0][0] == ranked[1][0]):
        return None
    return ranked[0][1]


def tiers(found: Counter[str], among: Iterable[str]) -> list[list[str]]:
    """The commands of `among` that words speak of, grouped by how many words do, most first."""
    allowed = set(among)
    counts = sorted({count for name, count in found.items() if name in allowed}, reverse=True)
    return [sorted(name for name in allowed if found[name] == count) for count in counts]


def contrary(keys: Sequence[str], table: Wording) -> frozenset[str]:
    """The commands that mean the opposite of what a word of the line says; a word shared by two
    opposites («дружину», of both ДРУЖИНА and РАСПУСТИТЬ ДРУЖИНУ) says neither."""
    found: set[str] = set()
    for key in keys[:MEANING_REACH]:
        said = table.meanings.get(key, frozenset())
        found |= {other for name in said for other in table.opposites.get(name, ()) if other not in said}
    return frozenset(found)
