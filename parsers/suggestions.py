"""Why a line that starts with no order of its phase is refused, and what the refusal offers.

It may be an order of another phase (said so, with the phase that takes it), or an unknown one.
Then meaning comes first: a command the line's words speak of («Срочно набрать дружину 2» → ДРУЖИНА);
then spelling: the word most like the line's first word («нбрать» → «набрать», ДРУЖИНА), among
keywords, their verb forms, the wording's sayings and the verbs that only say "do" (a slip of
«открыть» offers what follows it: «окрыть посольство» → ПОСОЛЬСТВО). Nothing is offered that means
the opposite of what a word of the line says («разорвать» is never offered for «заключить союз»),
and when a slip and a word say opposite things neither is. A line of no word of any command, like
no keyword either, is prose: not refused at all.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from engines.contract import PhaseSpec
from engines.text import Msg, excerpt
from parsers.names import Phrases
from parsers.normalize import Token, phrase_keys
from parsers.wording import MEANING_REACH, Keyword, Wording, contrary, lead, meant, sole, wording

_GENERIC = Keyword("", "")  # a verb that only says "do", in the table of spellings


def refusal(
    tokens: Sequence[Token], text: str, table: Wording, elsewhere: Sequence[PhaseSpec], prose: bool
) -> tuple[Msg, str] | None:
    """Why the line (`tokens` of `text`) that starts no order of the phase of `table` is refused,
    and what it is offered; None for prose when `prose` (see the module's docstring)."""
    phase = table.phase
    keys = [token.key for token in tokens]

    def written(count: int) -> str:
        return excerpt(text[tokens[0].start : tokens[count - 1].end])

    for n, other in enumerate(elsewhere):
        found = lead(keys, wording(other))
        if found is not None and found[0].command is not None:
            before = elsewhere[n - 1].title if n else phase.title  # `elsewhere` is in the order phases come
            spec = next(c for c in other.commands if c.name == found[0].command)
            params = {
                "order": spec.keywords[0],  # the order's own word, not the player's («голосую»)
                "phase_ru": other.title.ru,
                "phase_en": other.title.en,
                "before_ru": before.ru,
                "before_en": before.en,
            }
            return Msg("other_phase", params), ""
    spoken = meant(keys, table)
    against = contrary(keys, table)

    def resolved(keyword: Keyword) -> Keyword | None:
        """A slip of a verb that only says "do" stands for the order after it."""
        if keyword is not _GENERIC:
            return keyword
        found = lead(keys[1:], table)
        return None if found is None or found[0].command in against else found[0]

    size, slip = _slip(tokens, table, prose, against)
    word = excerpt(tokens[0].raw) if tokens[0].quoted else written(size)
    spelt = None if slip is None else resolved(slip)
    suggestion = "" if spelt is None else spelt.text
    meaning = sole(spoken, table.commands)
    if meaning is not None and (spelt is None or spelt.command != meaning):
        last = max(i for i, key in enumerate(keys[:MEANING_REACH]) if meaning in table.meanings.get(key, ()))
        word = written(last + 1)
        # a slip of the opposite of what a word means («рзорвать союз»): neither is offered
        slipped = _slip(tokens, table, prose, frozenset())[1]
        opposite = slipped is not None and slipped.command in table.opposites.get(meaning, ())
        suggestion = "" if opposite else table.commands[meaning].text
    if prose and not suggestion and not spoken:
        return None
    return Msg("unknown_command", {"word": word}), suggestion


Spelling = tuple[Phrases[str], dict[str, Phrases[Keyword]], dict[str, frozenset[str]]]


@lru_cache(maxsize=256)
def _spelling(phase: PhaseSpec) -> Spelling:
    """What a mistyped order is compared with: its first word with every first word, then the
    phrases that word starts; and the commands each first word starts (so a first word none of
    whose orders may be offered is passed over at once)."""
    table = wording(phase)
    by_name = table.commands
    entries = [(" ".join(keys), keyword) for keys, keyword in table.keywords.items()]
    entries += [(said, by_name[c.name]) for c in phase.commands for said in phase.phrasing.of(c.name).says]
    entries += [(verb, _GENERIC) for verb in phase.phrasing.generic]
    starting: dict[str, list[tuple[str, Keyword]]] = {}
    for written, keyword in entries:
        keys = phrase_keys(written)
        if keys:
            starting.setdefault(keys[0], []).append((written, keyword))
    firsts = Phrases((first, first) for first in starting)
    started = {first: frozenset(k.command or "" for _, k in found) for first, found in starting.items()}
    return firsts, {first: Phrases(found) for first, found in starting.items()}, started


def _slip(
    tokens: Sequence[Token], table: Wording, strict: bool, against: frozenset[str]
) -> tuple[int, Keyword | None]:
    """The order the line's first words are likely a slip of, and how many words that spans: the
    closest first word decides, then of the phrases it starts the closest to the line, so a shared
    noun cannot outweigh the verb («окрыть посольство» is a slip of «открыть», not of «закрыть
    посольство»). No command of `against` is offered."""
    firsts, starting, started = _spelling(table.phase)
    keys = phrase_keys(tokens[0].raw) if tokens[0].quoted else [token.key for token in tokens]
    near = firsts.closest(keys[:1], strict=strict, keep=lambda first: bool(started[first] - against))
    found = None
    if near is not None:
        found = starting[near[0]].closest(keys, keep=lambda keyword: (keyword.command or "") not in against)
    return (1, None) if found is None else (found[1], found[0])
