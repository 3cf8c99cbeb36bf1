"""The natural-order corpus (tests/parsers/natural/) by mail, through the daemon: each ruleset's
mails of the phase a new game opens with, sent by the corpus's power. Every order line is kept as
the order it means or refused for a rule's reason, never for its wording; chat is set aside."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from engines import get_ruleset
from parsers.orders import normal_form
from tests.daemon.harness import body, flat
from tests.hostile.corpus import CorpusHarness
from tests.parsers.test_natural_corpus import CHAT, mails
from tests.paths import REPO

PASSWORD = "Nat-2026"
HEAD = 3  # ИГРА, СТРАНА, ПАРОЛЬ: the corpus's lines start on the mail's fourth


def wording_refusals() -> list[str]:
    """The Russian sentences of every problem the order parser reports (the wording's), each by
    its longest stretch between placeholders."""
    with (REPO / "parsers" / "messages.toml").open("rb") as fh:
        catalog = tomllib.load(fh)
    return [max(re.split(r"\{[^}]*\}", entry["ru"]), key=len).strip() for entry in catalog.values()]


@pytest.mark.parametrize("name", ["coins", "council", "mare", "rus"])
def test_the_corpus_by_mail_is_kept_or_refused_only_by_the_rules(tmp_path: Path, name: str) -> None:
    ruleset = get_ruleset(name)
    players = tuple(f"player{n}@test.local" for n in range(ruleset.max_players))
    first = mails(name)[0]
    h = CorpusHarness(
        tmp_path,
        game=f"{name}-1",
        ruleset=name,
        power=first.power,
        password=PASSWORD,
        players=players,
        language="ru",
    )
    phase = h.game.load().phase
    sender = h.game.load().players[first.power].address
    for mail in [m for m in mails(name) if m.phase == phase]:
        lines = [
            f"ИГРА {name}-1",
            f"СТРАНА {mail.power}",
            f"ПАРОЛЬ {PASSWORD}",
            *(text for text, _ in mail.lines),
        ]
        h.send(sender, "\n".join(lines))
        h.run()
        (reply,) = [body(m) for m in h.mail_to(sender)]
        record = h.game.load()
        stored = h.game.store.orders(record.turn, record.phase).get(mail.power)
        kept = {c.line: normal_form(c, ruleset.phases[phase]) for c in (stored.commands if stored else [])}
        head = re.search(r"^Не (?:принята|приняты) \d+ строк[аи]?:$", reply, re.MULTILINE)
        refused = flat(reply[head.end() :].split("Приняты")[0].split("Принят ")[0]) if head else ""
        for number, (text, meaning) in enumerate(mail.lines, HEAD + 1):
            if meaning == CHAT:
                assert f"Строка {number}: «{text}»" in flat(reply.split("Не прочитано как приказ")[1])
            elif number not in kept:
                assert f"Строка {number}: «{flat(text)}»" in refused, (text, reply)
            else:
                assert kept[number] == meaning
        assert [s for s in wording_refusals() if s in refused] == [], reply
