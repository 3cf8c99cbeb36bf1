"""A line's arguments read by their kinds, in the order the player gave them: a number is a count
(the one its unit names: «5 ополчения»), a name fills the argument whose vocabulary holds it, the
name after a preposition the argument of its `role` («из Рязани» the start, «в Тулу» the goal), and
the ordinary reader gets them in the schema's order («ПОХОД из Киева в Чернигов 5» →
«ПОХОД Киев 5 0 Чернигов»). A line that starts with no order may be read as the one its words
speak of, when all of them fit it (`meaning`).

Linear in the line, and bounded: a line of more than `_LONGEST_LINE` words is read only as the
schema writes it, and placing its items tries at most `_SEARCH_STEPS` placings.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engines.contract import Arg, ArgKind
from parsers.names import PREPOSITIONS, Names
from parsers.normalize import Token
from parsers.wording import SEPARATORS, CommandWording, Keyword, Wording, meant, tiers

_NUMBER = re.compile(r"(-?[0-9]{1,9})")
_ORDINAL = re.compile(r"([0-9]{1,9})-?(?:го|ого|й|ой|ий|ый|ая|ую|м|ом)")  # «2-го уровня», «3й»
_NUMBER_AND_UNIT = re.compile(r"(-?[0-9]{1,9})(\D+)")  # «200Д», «2ВС»
_BY_KINDS = frozenset({ArgKind.INT, ArgKind.NAME, ArgKind.NAME_LIST})
_LONGEST_LINE = 40  # words; a longer line is read only as the schema writes it
_SEARCH_STEPS = 2000  # placings tried for one line's items: bounded, whatever the line


@dataclass(frozen=True)
class Arranged:
    """A line's arguments in the schema's order, as the ordinary reader reads them: each argument's
    text (a list's items apart), and the required ones the line did not give."""

    values: Mapping[str, tuple[str, ...]]
    missing: tuple[str, ...]
    given: int = 0  # names and numbers the line gave
    named: bool = False  # one of them a name


def meaning(
    tokens: Sequence[Token], table: Wording, names: Mapping[str, Names], besides: str | None
) -> Keyword | None:
    """The command a whole line is, by what its words speak of (see `wording.meant`), other than
    `besides` (the one its first words named, which did not fit: «дружину распустить 2»): of the
    commands most of its words speak of, the one that every other word fits («перейти на политику
    торговли»: ПОЛИТИКА, though «перейти» speaks of СПЕЦИАЛИЗАЦИЯ); failing those, the one command
    whose arguments are all the line holds («Против!» in a vote, «Лаций — 3»), when the line holds
    a word: numbers alone («2», a list's numbering, a phone's digits) name no order; else None."""
    if not table.by_kinds:
        return None
    by_name = table.commands
    among = set(by_name) - {besides}
    ranked = tiers(meant([t.key for t in tokens], table), among)
    worded = not all(_NUMBER_AND_UNIT.fullmatch(t.key) or _NUMBER.fullmatch(t.key) for t in tokens)
    unspoken = sorted(among - {name for tier in ranked for name in tier}) if worded else []
    for tier in [*ranked, unspoken]:
        fit = [name for name in tier if _fits(tokens, by_name[name], names, table)]
        if fit:
            return by_name[fit[0]] if len(fit) == 1 else None
    return None


def _fits(tokens: Sequence[Token], keyword: Keyword, names: Mapping[str, Names], table: Wording) -> bool:
    """Whether every word of the line is one of the command's or one of its arguments."""
    arranged = arrange(tokens, keyword.command or "", keyword.args, names, table)
    return arranged is not None and not arranged.missing


def attempted(
    tokens: Sequence[Token], table: Wording, names: Mapping[str, Names]
) -> tuple[Keyword | None, str] | None:
    """Whether a line that no command reads whole is still an order attempt, and of what: leaving
    out the words it does not know, some command of the phase takes the rest, two names and
    numbers at least, one of them a name («Армия 2 возвращается в Далмацию»: an army and a
    province). Then that command (None when several do) and the first word left out; None for a
    line that is no attempt (a numbered greeting, a line of prose with one name)."""
    keys = [token.key for token in tokens]
    named = {
        key
        for key, vocabulary in names.items()
        if any(vocabulary.known.longest(keys[i:]) for i in range(len(keys)))
    }
    fit: list[Keyword] = []
    left_out = ""
    for keyword in table.commands.values():
        if not named & {v for arg in keyword.args for v in (arg.vocabulary, arg.second_vocabulary)}:
            continue  # a command none of whose names the line holds
        skipped: list[str] = []
        arranged = arrange(tokens, keyword.command or "", keyword.args, names, table, skipped)
        if (
            arranged is not None
            and not arranged.missing
            and skipped
            and arranged.named
            and arranged.given > 1
        ):
            fit.append(keyword)
            left_out = left_out or skipped[0]
    return None if not fit else ((fit[0] if len(fit) == 1 else None), left_out)


def arrange(
    tokens: Sequence[Token],
    command: str,
    args: Sequence[Arg],
    names: Mapping[str, Names],
    table: Wording,
    skipped: list[str] | None = None,
) -> Arranged | None:
    """A line's arguments read by their kinds, in the order the player gave them (`tokens`: the
    line after its lead); None when a word fits nothing (unless `skipped` takes such words, as
    written), or the command takes an argument such
    reading cannot tell (free text, pairs beside other arguments), or the line is too long to be an
    order. A command of one pair list reads its pairs in either order (see `_pairs`)."""
    if not table.by_kinds or not args or len(tokens) > _LONGEST_LINE:
        return None
    said = table.of(command)
    if len(args) == 1 and args[0].kind is ArgKind.PAIR_LIST:
        pairs = _pairs(tokens, args[0], names, said, skipped)
        return None if pairs is None else Arranged({args[0].name: pairs}, (), 2 * len(pairs), bool(pairs))
    if any(arg.kind not in _BY_KINDS for arg in args):
        return None
    items = _items(tokens, args, names, said, skipped)
    placed = None if items is None else _place(items, _given(items, args, said), said)
    if placed is None:
        return None
    for arg in args:
        if arg.name not in placed and arg.name in said.defaults:
            placed[arg.name] = [str(said.defaults[arg.name])]
    missing = tuple(arg.name for arg in args if arg.name not in placed and not arg.optional)
    values = {name: tuple(values) for name, values in placed.items()}
    return Arranged(values, missing, len(items or ()), any(not item.number for item in items or ()))


def _given(items: Sequence[_Item], args: Sequence[Arg], said: CommandWording) -> list[Arg]:
    """The arguments the line's items fill: all, but when it has fewer numbers than the command
    takes counts, the counts a player may leave out (`defaults`) are left out first, so the
    numbers written go to the counts that must be given («детей в охотники 1»: 1 child, of the
    first community)."""
    counts = [arg for arg in args if arg.kind is ArgKind.INT]
    short = len(counts) - sum(item.number for item in items)
    spared = [arg.name for arg in counts if arg.name in said.defaults][: max(short, 0)]
    return [arg for arg in args if arg.name not in spared]


@dataclass(frozen=True)
class _Item:
    """A name or number of a line: what each argument it may fill would read, the preposition
    before it and the argument its unit names."""

    fits: Mapping[str, str]
    before: str = ""
    unit: str = ""
    spare: bool = False  # a name whose words are also the command's own («Сухэбатора»): may fill nothing
    number: bool = False


def _items(
    tokens: Sequence[Token],
    args: Sequence[Arg],
    names: Mapping[str, Names],
    said: CommandWording,
    skipped: list[str] | None = None,
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
            items.append(_Item(dict.fromkeys(counts, value), before, unit, number=True))
        elif keys[i] in PREPOSITIONS or keys[i] in said.roles:
            before = keys[i]
            i += 1
            continue
        elif keys[i] in said.fillers:
            i += 1
        elif skipped is not None:
            skipped.append(tokens[i].raw)
            i += 1
            continue
        else:
            return None
        before = ""
    return None if before else items  # a preposition with no name after it fits nothing («1 за»)


def _pairs(
    tokens: Sequence[Token],
    arg: Arg,
    names: Mapping[str, Names],
    said: CommandWording,
    skipped: list[str] | None = None,
) -> tuple[str, ...] | None:
    """A pair list's pairs as players write them: each first name with the second after it («1 за,
    2 против», «1 и 2 — за»), or a second name before the first names it is for («за 1, 2 и 3»,
    «за 1, против 2»); the order's own words, separators and prepositions between them add nothing.
    None when a word is neither, or a name is left without its other half."""
    halves = (names.get(arg.vocabulary), names.get(arg.second_vocabulary))
    keys = [token.key for token in tokens]
    said_items: list[tuple[int, str]] = []  # (0: a first name, 1: a second name; the name)
    i = 0
    while i < len(tokens):
        found = [None if half is None else half.known.longest(keys[i:]) for half in halves]
        size = max((f[1] for f in found if f is not None), default=0)
        if tokens[i].quoted and not size:
            return None
        which = [(n, f[0]) for n, f in enumerate(found) if f is not None and f[1] == size]
        if size and len(which) > 1:
            return None
        if size:
            said_items.append(which[0])
            i += size
        elif keys[i] in said.fillers or keys[i] in PREPOSITIONS or skipped is not None:
            if skipped is not None and not (keys[i] in said.fillers or keys[i] in PREPOSITIONS):
                skipped.append(tokens[i].raw)
            i += 1
        else:
            return None
    if not said_items:
        return None
    pairs: list[str] = []
    if said_items[0][0] == 1:  # «за 1, 2 и 3»: a second name, then the first names it is for
        second, given = "", True
        for half, name in said_items:
            if half == 1 and not given:
                return None
            second, given = (name, False) if half == 1 else (second, True)
            pairs += [] if half == 1 else [f"{name} {second}"]
        return tuple(pairs) if given else None
    waiting: list[str] = []
    for half, name in said_items:  # «1 и 2 — за, 3 против»: first names, then the second for them
        if half == 1 and not waiting:
            return None
        pairs += [f"{first} {name}" for first in waiting] if half == 1 else []
        waiting = [] if half == 1 else [*waiting, name]
    return tuple(pairs) if not waiting else None


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
    return key in said.units or (key in said.fillers and key not in SEPARATORS)


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
    first free one (in the schema's order) that takes it, but one a preposition elsewhere in the
    line names (the roles win over the order: «Атакую Рим из Вены» goes from Вена, not from Рим);
    tried back and forth, boundedly, so a name that fits two arguments goes where the line's other
    words leave room."""
    single = {arg.name for arg in args if arg.kind is not ArgKind.NAME_LIST}
    placed: dict[str, list[str]] = {}
    steps = [_SEARCH_STEPS]
    marked = [said.roles.get(item.before, "") or item.unit for item in items]
    claimed = {named for named, item in zip(marked, items, strict=True) if named in item.fits} & single

    def free(arg: str) -> bool:
        return arg not in single or arg not in placed

    def options(index: int) -> list[str]:
        item, named = items[index], marked[index]
        if named in item.fits and free(named):
            return [named]
        fitting = [arg.name for arg in args if arg.name in item.fits and free(arg.name)]
        found = [arg for arg in fitting if arg not in claimed] or fitting
        return [*found, ""] if item.spare else found  # "": the word is the command's own

    def place(index: int) -> bool:
        if index == len(items):
            return True
        steps[0] -= 1
        if steps[0] < 0:
            return False
        item = items[index]
        for arg in options(index):
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
