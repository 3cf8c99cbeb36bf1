"""Order mails as Russian players write them, per ruleset (tests/parsers/natural/<ruleset>.txt,
each line with what it means): every line reads as its order in normal form, or is set aside as
chat, in the phase the mail is written in, as the daemon reads it for that power. What the rules
then say of an order is theirs; a line is never refused for its wording. And no refusal anywhere
offers the opposite of what was meant: each line misspelt is refused with its own order suggested,
or one of no opposite meaning. A mail that names what an earlier stage of the turn made (council's
vote, the projects planned) is read after that stage is resolved with the mails above it."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from daemon.incoming.orderflow import read_orders
from engines import get_ruleset
from engines.contract import JSON, Command, Ruleset
from engines.rng import Rng
from parsers.orders import normal_form
from parsers.wording import wording

CORPUS = Path(__file__).with_name("natural")
RULESETS = ("coins", "council", "mare", "rus", "tribes")
CHAT = "chat"


@dataclass(frozen=True)
class Mail:
    power: str
    phase: str
    lines: list[tuple[str, str]]  # (the line as written, what it means)
    after: bool = False  # read once the stages before its own are resolved with the mails above

    def texts(self) -> list[str]:
        return [text for text, _ in self.lines]


def mails(ruleset: str) -> list[Mail]:
    """The ruleset's corpus: mails headed «=== power, phase» (and «, after the mails above»),
    lines «text => meaning»."""
    found: list[Mail] = []
    for row in (CORPUS / f"{ruleset}.txt").read_text(encoding="utf-8").splitlines():
        if row.startswith("==="):
            power, phase, *after = (part.strip() for part in row.removeprefix("===").split(","))
            found.append(Mail(power, phase, [], after == ["after the mails above"]))
        elif row.strip() and not row.startswith("#"):
            text, meaning = row.split("=>")
            found[-1].lines.append((text.strip(), meaning.strip()))
    return found


def game(ruleset: Ruleset[Any], phase: str) -> JSON:
    """A game of every power, in `phase` of its second turn (coins lets only a few orders on its
    first); rule checks do not matter here, only reading."""
    state = ruleset.setup(ruleset.playable_powers(ruleset.max_players), Rng("natural-corpus"))
    return LATER.get(ruleset.name, dict)({**state, "turn": 2, "phase": phase})


def _tribes_later(state: JSON) -> JSON:
    """Tribes hide the orders no technology has opened yet: every technology discovered, the first
    tribe knowing them all (its decisions offered) and having met the computer's «Куницы», a vote
    held."""
    names = [tech["name"] for tech in state["secret"]["techs"]]
    first = state["powers"][0]
    knowing = {**state["tribes"][first], "techs": dict.fromkeys(names, 1), "met": ["Куницы"]}
    tribes = {**state["tribes"], first: knowing}
    return {**state, "discovered": names, "tribes": tribes, "vote": {"tribe": state["powers"][-1], "turn": 2}}


LATER = {"tribes": _tribes_later}  # a ruleset whose every order is known only later in a game


def played(ruleset: Ruleset[Any], corpus: list[Mail]) -> Iterator[tuple[Mail, JSON]]:
    """Each mail with the state it is read in: `game`'s, or for a mail «after the mails above»
    the state those mails lead to, each stage resolved with the orders of theirs that the rules
    accept (a power's later mail replacing its earlier one) and the computer's for the others."""
    rng = Rng("natural-corpus-played")
    state: JSON = {}
    orders: dict[str, list[Command]] = {}
    for mail in corpus:
        if not mail.after:
            state, orders = game(ruleset, mail.phase), {}
        while state["phase"] != mail.phase:
            phase = state["phase"]
            given = {power: ruleset.ai_orders(state, power, phase) for power in state["powers"]}
            state = ruleset.resolve(state, phase, given | orders, rng).state
            orders = {}
        yield mail, state
        parsed = read_orders(ruleset, state, mail.power, mail.phase, list(enumerate(mail.texts(), 1)))[1]
        refused = {p.line for p in ruleset.check(state, mail.power, mail.phase, parsed.commands)}
        orders[mail.power] = [c for c in parsed.commands if c.line not in refused]


def read(ruleset: Ruleset[Any], mail: Mail, lines: list[str], state: JSON) -> list[str]:
    """What each line reads as: its order's normal form, «chat», or its refusal (code: suggestion)."""
    known, parsed = read_orders(ruleset, state, mail.power, mail.phase, list(enumerate(lines, 1)))
    meant = {c.line: normal_form(c, known) for c in parsed.commands}
    meant |= {p.line: f"{p.msg.code}: {p.suggestion}" for p in parsed.problems}
    meant |= dict.fromkeys(parsed.unread, CHAT)
    return [meant.get(number, "—") for number in range(1, len(lines) + 1)]


@pytest.mark.parametrize("name", RULESETS)
def test_the_corpus_has_forty_orders_or_more(name: str) -> None:
    orders = [meaning for mail in mails(name) for _, meaning in mail.lines if meaning != CHAT]
    assert len(orders) >= 40


@pytest.mark.parametrize("name", RULESETS)
def test_every_line_reads_as_what_it_means(name: str) -> None:
    ruleset = get_ruleset(name)
    wrong = []
    for mail, state in played(ruleset, mails(name)):
        for (text, meaning), got in zip(mail.lines, read(ruleset, mail, mail.texts(), state), strict=True):
            if got != meaning:
                wrong.append(f"{text!r}: {got}, meant {meaning}")
    assert wrong == []


def misspelt(text: str) -> str:
    """The line with its first word's second letter dropped («Нанимаю» → «Ннимаю»)."""
    first, _, rest = text.partition(" ")
    return f"{first[:1]}{first[2:]} {rest}".strip()


@pytest.mark.parametrize("name", RULESETS)
def test_no_refusal_offers_the_opposite_of_what_was_meant(name: str) -> None:
    ruleset = get_ruleset(name)
    offered = []
    for mail, state in played(ruleset, mails(name)):
        table = wording(ruleset.phases[mail.phase])
        keywords = {spec.keywords[0]: spec.name for spec in ruleset.phases[mail.phase].commands}
        lines = [(text, meaning) for text, meaning in mail.lines if meaning != CHAT]
        for (text, meaning), got in zip(
            lines, read(ruleset, mail, [misspelt(t) for t, _ in lines], state), strict=True
        ):
            meant = next(
                spec.name
                for spec in ruleset.phases[mail.phase].commands
                if meaning.startswith(spec.keywords[0])
            )
            suggested = keywords.get(got.partition(": ")[2], "")
            if suggested in table.opposites.get(meant, ()):
                offered.append(f"{misspelt(text)!r}: {got}, meant {meaning}")
    assert offered == []
