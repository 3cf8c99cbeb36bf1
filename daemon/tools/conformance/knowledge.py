"""Conformance: what a power is told. No reply, suggestion, ПОМОЩЬ page or order blank names a
name or a command it has not seen; no view, public view or picture shows what only the GM knows;
no picture or reply shows another power's private state; every line of a blank reads as its
command and passes `check` for the power it was made for; the computer's orders pass `check`."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import Any

from daemon.incoming.orderflow import help_pages, read_orders
from daemon.outgoing.views import offered_orders, order_blank
from engines.contract import JSON, PUBLIC_VIEWER, ArgKind, Command, Ruleset, Vocabulary
from engines.text import BOTH
from parsers.normalize import phrase_keys
from parsers.orders import normal_form

Phrase = tuple[str, ...]


def names(vocabularies: Sequence[Vocabulary]) -> set[Phrase]:
    return {phrase_keys(w) for v in vocabularies for name, spellings in v.items() for w in (name, *spellings)}


def keywords(ruleset: Ruleset[Any], state: JSON, power: str | None) -> set[Phrase]:
    """Every command keyword of the ruleset, or only those `power` knows."""
    return {
        phrase_keys(word)
        for phase, spec in ruleset.phases.items()
        for command in (spec.commands if power is None else ruleset.known_commands(state, power, phase))
        for word in command.keywords
    }


def known(ruleset: Ruleset[Any], state: JSON, power: str) -> set[Phrase]:
    return names(list(ruleset.vocabularies_for(state, power).values())) | keywords(ruleset, state, power)


def everything(ruleset: Ruleset[Any], state: JSON) -> set[Phrase]:
    """Every name and keyword of the game, whoever knows it."""
    everyone = [*ruleset.vocabularies(state).values()] + [
        v for other in state["powers"] for v in ruleset.vocabularies_for(state, other).values()
    ]
    return names(everyone) | keywords(ruleset, state, None)


def hidden(
    ruleset: Ruleset[Any], state: JSON, power: str, known_to_some: set[Phrase] | None = None
) -> set[Phrase]:
    """What some power, or only the GM, knows and `power` does not (`known_to_some`: `everything`,
    when the caller has it)."""
    every = everything(ruleset, state) if known_to_some is None else known_to_some
    return every - known(ruleset, state, power)


SPELT = 3  # letters a secret has for a view or picture to be searched for it: a short code
# (a cell «Р1») is as likely a map's own abbreviation as the name


def spelt(secrets: set[Phrase]) -> set[Phrase]:
    """The secrets spelt in words."""
    return {s for s in secrets if sum(c.isalpha() for c in "".join(s)) >= SPELT}


def gm_only(ruleset: Ruleset[Any], state: JSON) -> set[Phrase]:
    """What no power knows: the GM's secrets (a tech tree, a map nobody explored)."""
    every = everything(ruleset, state)
    return every - set().union(*(known(ruleset, state, power) for power in state["powers"]))


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
        seen, parsed = read_orders(ruleset, state, power, phase, list(enumerate(lines, start=1)))
        texts += [normal_form(c, seen) for c in parsed.commands] + [p.suggestion for p in parsed.problems]
    for page in help_pages(ruleset, state, power):
        texts += [text for example, help in page["commands"] for text in (example, help.ru, help.en)]
    opened = offered_orders(ruleset, state, power, state["phase"])
    return texts + [order_blank("g", power, 1, opened, lang) for lang in BOTH]


def found(secrets: set[Phrase], texts: Sequence[str]) -> set[str]:
    """The secrets any of `texts` names, word for word."""
    hits = set()
    for text in texts:
        keys = phrase_keys(text)
        hits |= {" ".join(s) for s in secrets for i in range(len(keys)) if keys[i : i + len(s)] == s}
    return hits


def leaks(
    ruleset: Ruleset[Any],
    state: JSON,
    power: str,
    answering: Ruleset[Any] | None = None,
    every: set[Phrase] | None = None,
) -> set[str]:
    """What the daemon's replies with `answering`'s knowledge hooks (by default the ruleset's own)
    name of what `power` has not seen."""
    secrets = hidden(ruleset, state, power, every)
    return found(secrets, replies(answering or ruleset, state, power, secrets))


def leaves(value: Any, key: str = "") -> list[str]:
    """Every scalar of a view as text, but its translation table (`names_en`: every name of the game)."""
    if key == "names_en":
        return []
    if isinstance(value, dict):
        return [leaf for k, v in value.items() for leaf in leaves(v, str(k))]
    if isinstance(value, list):
        return [leaf for v in value for leaf in leaves(v, key)]
    return [] if value is None or isinstance(value, bool) else [str(value)]


def private_names(ruleset: Ruleset[Any], state: JSON, power: str, other: str) -> set[str]:
    """Names in `other`'s view that `power` cannot know: not in its own view, not the roster, not a
    name it may write. A name is a leaf of four letters or more with a capital or a Cyrillic letter
    (lowercase Latin leaves are the view's codes, as "war" or "orders")."""
    own = " ".join(leaves(ruleset.view(state, power))) + " " + " ".join(state["powers"])
    written = {
        w for v in ruleset.vocabularies_for(state, power).values() for n, s in v.items() for w in (n, *s)
    }
    return {
        leaf
        for leaf in leaves(ruleset.view(state, other))
        if sum(c.isalpha() for c in leaf) >= 4
        and (leaf[:1].isupper() or any("а" <= c.lower() <= "я" for c in leaf))
        and leaf not in own
        and leaf not in written
    }


@contextlib.contextmanager
def drawn_words() -> Iterator[list[str]]:
    """Every text drawn (`ImageDraw.text`) while inside, as it is drawn."""
    from PIL import ImageDraw

    words: list[str] = []
    real = ImageDraw.ImageDraw.text

    def text(self: ImageDraw.ImageDraw, xy: Any, said: Any, *args: Any, **kwargs: Any) -> None:
        words.append(str(said))
        real(self, xy, said, *args, **kwargs)

    ImageDraw.ImageDraw.text = text  # type: ignore[method-assign,assignment]
    try:
        yield words
    finally:
        ImageDraw.ImageDraw.text = real  # type: ignore[method-assign]


def forget_drawings(ruleset: Ruleset[Any]) -> None:
    """The ruleset package's kept drawings forgotten, so that every word of a picture is drawn now."""
    package = sys.modules[type(ruleset).__module__].__package__ or type(ruleset).__module__
    for module, loaded in list(sys.modules.items()):
        if module == package or module.startswith(package + "."):
            for value in vars(loaded).values():
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()


def picture_words(ruleset: Ruleset[Any], state: JSON, viewer: str) -> list[str]:
    forget_drawings(ruleset)
    with drawn_words() as words:
        for picture in ruleset.pictures(state, viewer, BOTH):
            words.append(picture.title.ru + " " + picture.title.en)
    return words


def privacy_faults(ruleset: Ruleset[Any], states: Sequence[JSON], draw: bool) -> list[str]:
    """Each thing a power is shown that it may not see: its view and the public view at every
    state of `states`, its replies at the first and the last (each secret misspelt in every
    command: the costly part), its pictures (when `draw`) at the last."""
    faults = []
    for index, state in enumerate(states):
        pictures = draw and index == len(states) - 1
        answers = index in (0, len(states) - 1)
        every = everything(ruleset, state)
        secret = spelt(gm_only(ruleset, state))
        public = leaves(ruleset.public_view(state)) + (
            picture_words(ruleset, state, PUBLIC_VIEWER) if pictures else []
        )
        faults += [
            f"turn {state['turn']}: the public sees the GM's «{s}»" for s in sorted(found(secret, public))
        ]
        for power in state["powers"]:
            where = f"turn {state['turn']}, {power}"
            if answers:
                faults += [
                    f"{where}: a reply names «{s}»" for s in sorted(leaks(ruleset, state, power, every=every))
                ]
            view = leaves(ruleset.view(state, power))
            faults += [f"{where}: the view shows the GM's «{s}»" for s in sorted(found(secret, view))]
            if not pictures:
                continue
            words = " ".join(picture_words(ruleset, state, power))
            faults += [
                f"{where}: the picture names «{s}»"
                for s in sorted(found(spelt(hidden(ruleset, state, power, every)), [words]))
            ]
            others = {
                name
                for other in state["powers"]
                if other != power
                for name in private_names(ruleset, state, power, other)
            }
            faults += [
                f"{where}: the picture shows another power's «{s}»" for s in sorted(others) if s in words
            ]
    return faults


def blank_faults(ruleset: Ruleset[Any], state: JSON, power: str) -> list[str]:
    """Each example of `power`'s blank that does not parse as its command, or that `check`
    refuses alone and beside any other example of the blank (a general is sent where the blank's
    influence goes: the rules want both in one mail)."""
    phase = state["phase"]
    faults = []
    read: list[Command] = []
    for spec, line in offered_orders(ruleset, state, power, phase):
        seen, parsed = read_orders(ruleset, state, power, phase, [(1, line)])
        if parsed.problems or [c.name for c in parsed.commands] != [spec.name]:
            faults.append(f"{power}: «{line}» does not read as {spec.name}: {parsed.problems}")
        else:
            read.append(replace(parsed.commands[0], line=2))
    for command in read:
        alone = ruleset.check(state, power, phase, [command])
        paired = (ruleset.check(state, power, phase, [replace(other, line=1), command]) for other in read)
        if alone and not any(problems == [] for problems in paired):
            faults.append(f"{power}: «{normal_form(command, seen)}» refused: {alone[0].msg}")
    return faults


def ai_faults(ruleset: Ruleset[Any], state: JSON, power: str) -> list[str]:
    """The computer's orders for `power`, written out as a player would mail them, read back as the
    same commands and passing `check`."""
    phase = state["phase"]
    commands = ruleset.ai_orders(state, power, phase)
    spec = ruleset.phases[phase]
    lines = [normal_form(c, spec) for c in commands]
    problems = ruleset.check(state, power, phase, commands)
    faults = [f"{power}: «{lines[0] if lines else ''}» refused: {p.msg}" for p in problems]
    _, parsed = read_orders(ruleset, state, power, phase, list(enumerate(lines, start=1)))
    back = [(c.name, dict(c.args), dict(c.lists), dict(c.pairs)) for c in parsed.commands]
    meant = [(c.name, dict(c.args), dict(c.lists), dict(c.pairs)) for c in commands]
    if parsed.problems or back != meant:
        faults.append(f"{power}: the orders do not read back as given: {lines} → {parsed.problems or back}")
    return faults
