"""Orders as players word them (a ruleset's `phrasing.toml`, see engines/phrasing.py), made into what
the order parser asks: where an order starts, which of its words add nothing, and which argument
each name and number fills when the player put them in the order the sentence wanted.

«Прошу нанять дружину 2», «Поход из Киева в Чернигов 5», «заключить союз с Рязанью»: an order
starts with a keyword or with one of its command's `says`, in any form, after words that add
nothing («прошу», «я», «также») and verbs that only say "do" («заключить»); its arguments are read
by their kinds (a number is a count, a name fills the argument whose vocabulary holds it, the name
after a preposition the argument of its `role`) and handed to the ordinary reader in the schema's
order. A line that starts with none of these but speaks of one command (`meaning`: «дружину
нанять 2») is read as that command when all its other words fit it; otherwise that command is what
its refusal suggests, before any guess by spelling, and a guess never offers a command of opposite
meaning. A greeting, thanks or a sign-off is chat in every ruleset.

Every table is made once per phase; reading a line costs a few lookups per word.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from typing import TypeVar

from engines.contract import Arg, ArgKind, PhaseSpec
from engines.phrasing import CommandPhrasing
from engines.russian import spoken_forms
from parsers.names import PREPOSITIONS, Names, Phrases, keyword_forms
from parsers.normalize import Token, normalize, phrase_keys

T = TypeVar("T")

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
_SEPARATORS = frozenset({"->", "→", "-", "+", "=", "и", "/"})
_NUMBER = re.compile(r"(-?[0-9]{1,9})")
_ORDINAL = re.compile(r"([0-9]{1,9})-?(?:го|ого|й|ой|ий|ый|ая|ую|м|ом)")  # «2-го уровня», «3й»
_NUMBER_AND_UNIT = re.compile(r"(-?[0-9]{1,9})(\D+)")  # «200Д», «2ВС»
_BY_KINDS = frozenset({ArgKind.INT, ArgKind.NAME, ArgKind.NAME_LIST})
_LONGEST_LINE = 40  # words; a longer line is read only as the schema writes it
MEANING_REACH = 8  # words of a line whose meaning counts
_SEARCH_STEPS = 2000  # placings tried for one line's items: bounded, whatever the line


@dataclass(frozen=True)
class CommandWording:
    """One command's wording as keys: the words its line may hold that add nothing, the argument
    each preposition's name and each unit's number fills, the counts a player may leave out."""

    fillers: frozenset[str]
    roles: Mapping[str, str]
    units: Mapping[str, str]
    defaults: Mapping[str, int]


NO_COMMAND_WORDING = CommandWording(frozenset(), {}, {}, {})


@dataclass(frozen=True)
class Wording:
    """A phase's phrasings made into tables (see `wording`)."""

    leads: Phrases[str]  # what an order may start with → its command
    generic: frozenset[str]  # forms of the verbs that only say "do"
    commands: Mapping[str, CommandWording]
    meanings: Mapping[str, frozenset[str]]  # a word's key → the commands it speaks of
    opposites: Mapping[str, frozenset[str]]  # a command → those of opposite meaning, both ways
    collisions: tuple[str, ...]  # forms two commands' wordings share, left out of `leads`
    by_kinds: bool  # the ruleset words this phase's orders: read arguments by their kinds

    def of(self, command: str) -> CommandWording:
        return self.commands.get(command, NO_COMMAND_WORDING)


@dataclass(frozen=True)
class Arranged:
    """A line's arguments in the schema's order, as the ordinary reader reads them: each argument's
    text (a list's items apart), and the required ones the line did not give."""

    values: Mapping[str, tuple[str, ...]]
    missing: tuple[str, ...]


def _forms(phrase: str) -> list[frozenset[str]]:
    """Each word of `phrase` in every form a player may write it, as keys."""
    return [frozenset(spoken_forms(word)) for word in phrase_keys(phrase)]


def _content(phrase: str) -> bool:
    return any("а" <= ch <= "я" for ch in normalize(phrase))


@lru_cache(maxsize=256)
def wording(phase: PhaseSpec) -> Wording:
    """The phase's leads (each command's Russian keywords and `says`, every word in every form),
    fillers, roles, units, defaults and meanings, and the forms two commands share (left out)."""
    phrasing = phase.phrasing
    if not phrasing.commands:  # a phase read only as its schema writes it (the GM's, a test's)
        return Wording(Phrases([]), frozenset(), {}, {}, {}, (), by_kinds=False)
    generic = frozenset(form for verb in phrasing.generic for form in _forms(verb)[0])
    units = frozenset(form for unit in phrasing.units for words in _forms(unit) for form in words)
    leads: dict[tuple[str, ...], str] = {}
    shared: dict[tuple[str, ...], set[str]] = {}
    meanings: dict[str, set[str]] = {}
    commands: dict[str, CommandWording] = {}
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
        commands[spec.name] = _command_wording(said, [*named[spec.name], *spoken], units | generic)
    owners = {keyword: spec.name for spec in phase.commands for keyword in spec.keywords}
    for form, keyword in keyword_forms(owners):  # what the parser's keyword table also reads
        keys = phrase_keys(form)
        if leads.get(keys, owners[keyword]) != owners[keyword]:
            shared.setdefault(keys, {leads[keys]}).add(owners[keyword])
    for keys in shared:
        leads.pop(keys, None)
    return Wording(
        leads=Phrases.keyed(leads.items()),
        generic=generic,
        commands=commands,
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
    units = {form: arg for arg, words in said.units for unit in words for form in _forms(unit)[0]}
    return CommandWording(
        fillers=frozenset(own | objects | shared | _SEPARATORS | LEAD_INS) - PREPOSITIONS,
        roles={normalize(word): arg for arg, words in said.roles for word in words},
        units=units,
        defaults=dict(said.defaults),
    )


def _opposites(phase: PhaseSpec) -> dict[str, frozenset[str]]:
    pairs = [(name, other) for name, said in phase.phrasing.commands for other in said.opposite]
    found: dict[str, set[str]] = {}
    for a, b in pairs:
        found.setdefault(a, set()).add(b)
        found.setdefault(b, set()).add(a)
    return {name: frozenset(others) for name, others in found.items()}


def lead(
    keys: Sequence[str], table: Wording, keywords: Phrases[T], commands: Mapping[str, T]
) -> tuple[T, int] | None:
    """What a line starts with: an entry of `keywords` or a lead of the wording (its command's
    entry in `commands`), the one that takes more words, and how many. Words that add nothing
    («прошу», «я») and verbs that only say "do» may come first: «построить храм» is ХРАМ, though
    «построить» alone says МАСТЕРСКАЯ («построить кузницу»)."""
    start = _lead_ins(keys)
    best: tuple[T, int] | None = None
    for skip in dict.fromkeys((start, start + _run(keys[start:], table.generic))):
        said = table.leads.longest(keys[skip:])
        for found in (keywords.longest(keys[skip:]), None if said is None else (commands[said[0]], said[1])):
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
    ranked = [(count, name) for name, count in found.items() if name in set(among)]
    ranked.sort(reverse=True)
    if not ranked or (len(ranked) > 1 and ranked[0][0] == ranked[1][0]):
        return None
    return ranked[0][1]


def tiers(found: Counter[str], among: Iterable[str]) -> list[list[str]]:
    """The commands of `among` that words speak of, grouped by how many words do, most first."""
    allowed = set(among)
    counts = sorted({count for name, count in found.items() if name in allowed}, reverse=True)
    return [sorted(name for name in allowed if found[name] == count) for count in counts]


def opposed(command: str, keys: Sequence[str], table: Wording) -> bool:
    """Whether `command` means the opposite of what a word of the line says: a word shared by two
    opposites («дружину», of both ДРУЖИНА and РАСПУСТИТЬ ДРУЖИНУ) says neither."""
    against = table.opposites.get(command, frozenset())
    for key in keys[:MEANING_REACH]:
        said = table.meanings.get(key, frozenset())
        if said & against and command not in said:
            return True
    return False


def arrange(
    tokens: Sequence[Token], command: str, args: Sequence[Arg], names: Mapping[str, Names], table: Wording
) -> Arranged | None:
    """A line's arguments read by their kinds, in the order the player gave them (`tokens`: the
    line after its lead); None when a word fits nothing, or the command takes an argument such
    reading cannot tell (free text, pairs), or the line is too long to be an order."""
    if not table.by_kinds or not args or any(arg.kind not in _BY_KINDS for arg in args):
        return None
    if len(tokens) > _LONGEST_LINE:
        return None
    said = table.of(command)
    items = _items(tokens, args, names, said)
    placed = None if items is None else _place(items, args, said)
    if placed is None:
        return None
    for arg in args:
        if arg.name not in placed and arg.name in said.defaults:
            placed[arg.name] = [str(said.defaults[arg.name])]
    missing = tuple(arg.name for arg in args if arg.name not in placed and not arg.optional)
    return Arranged({name: tuple(values) for name, values in placed.items()}, missing)


@dataclass(frozen=True)
class _Item:
    """A name or number of a line: what each argument it may fill would read, the preposition
    before it and the argument its unit names."""

    fits: Mapping[str, str]
    before: str = ""
    unit: str = ""
    spare: bool = False  # a name whose words are also the command's own («Сухэбатора»): may fill nothing


def _items(
    tokens: Sequence[Token], args: Sequence[Arg], names: Mapping[str, Names], said: CommandWording
) -> list[_Item] | None:
    keys = [token.key for token in tokens]
    counts = [arg.name for arg in args if arg.kind is ArgKind.INT]
    items: list[_Item] = []
    before = ""
    i = 0
    while i < len(tokens):
        if tokens[i].quoted:
            return None
        name = _name(tokens, keys, i, args, names)
        number = _number(keys[i], said)
        if name is not None:
            spare = all(key in said.fillers for key in keys[i : i + name[1]])
            items.append(_Item(name[0], before, spare=spare))
            i += name[1]
        elif number is not None and counts:
            value, unit = number
            i += 1
            while i < len(keys) and _unit(keys[i], said):
                unit = said.units.get(keys[i], unit)
                i += 1
            items.append(_Item(dict.fromkeys(counts, value), before, unit))
        elif keys[i] in PREPOSITIONS or keys[i] in said.roles:
            before = keys[i]
            i += 1
            continue
        elif keys[i] in said.fillers:
            i += 1
        else:
            return None
        before = ""
    return items


def _name(
    tokens: Sequence[Token], keys: Sequence[str], at: int, args: Sequence[Arg], names: Mapping[str, Names]
) -> tuple[dict[str, str], int] | None:
    """The longest name at `at` of any argument's vocabulary, and what each argument whose
    vocabulary holds it reads: its canonical name, or a form two names share as written (which
    the reader refuses naming both)."""
    best: dict[str, str] = {}
    size = 0
    for arg in args:
        vocabulary = names.get(arg.vocabulary) if arg.kind is not ArgKind.INT else None
        if vocabulary is None:
            continue
        shared = vocabulary.ambiguous.longest(keys[at:])
        found = vocabulary.known.longest(keys[at:])
        if shared is not None and (found is None or shared[1] > found[1]):
            found = (" ".join(token.raw for token in tokens[at : at + shared[1]]), shared[1])
        if found is None or found[1] < size:
            continue
        if found[1] > size:
            best, size = {}, found[1]
        best[arg.name] = found[0]
    return (best, size) if best else None


def _unit(key: str, said: CommandWording) -> bool:
    """Whether a word after a number goes with it: its unit, or a word of the order («2 дружины»)."""
    return key in said.units or (key in said.fillers and key not in _SEPARATORS)


def _number(key: str, said: CommandWording) -> tuple[str, str] | None:
    """A count as written («5», «2-го»), or glued to its unit («200д», «2вс»: the unit's key then)."""
    plain = _NUMBER.fullmatch(key) or _ORDINAL.fullmatch(key)
    if plain:
        return plain.group(1), ""
    glued = _NUMBER_AND_UNIT.fullmatch(key)
    if glued and (glued.group(2) in said.units or glued.group(2) in said.fillers):
        return glued.group(1), said.units.get(glued.group(2), "")
    return None


def _place(items: list[_Item], args: Sequence[Arg], said: CommandWording) -> dict[str, list[str]] | None:
    """Each item given an argument: the one its preposition's role or its unit names, else the
    first free one (in the schema's order) that takes it; tried back and forth, boundedly, so a
    name that fits two arguments goes where the line's other words leave room."""
    single = {arg.name for arg in args if arg.kind is not ArgKind.NAME_LIST}
    placed: dict[str, list[str]] = {}
    steps = [_SEARCH_STEPS]

    def free(arg: str) -> bool:
        return arg not in single or arg not in placed

    def options(item: _Item) -> list[str]:
        named = said.roles.get(item.before, "") or item.unit
        if named in item.fits and free(named):
            return [named]
        found = [arg.name for arg in args if arg.name in item.fits and free(arg.name)]
        return [*found, ""] if item.spare else found  # "": the word is the command's own

    def place(index: int) -> bool:
        if index == len(items):
            return True
        steps[0] -= 1
        if steps[0] < 0:
            return False
        item = items[index]
        for arg in options(item):
            if not arg:
                if place(index + 1):
                    return True
                continue
            placed.setdefault(arg, []).append(item.fits[arg])
            if place(index + 1):
                return True
            placed[arg].pop()
            if not placed[arg]:
                del placed[arg]
        return False

    return placed if place(0) else None
