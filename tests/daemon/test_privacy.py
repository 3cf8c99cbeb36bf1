"""Private reports hold only what `view` allows, for every ruleset, played by mail.

Built from the rulesets' own `view` and `adjustables`, so it adapts to each: every power's
adjustable numbers (treasury, research, army, МОЩЬ…) are first set to distinctive canaries, a few
phases are played through the daemon, and then each report a power got is searched for what only
another power's view holds — its numbers and the names only it sees (e.g. its generals). What the
reader's own view, its own events or the public news contain is allowed, whoever it is about. The
view's translation table (`names_en`, every name of the game) is not counted as knowledge.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from daemon.outgoing.render import daemon_catalog
from daemon.tools.conformance.knowledge import leaves
from engines import REGISTRY
from engines.text import Msg
from parsers.orders import normal_form
from tests.daemon.harness import PLAYERS, Harness, body

CANARY = 7000  # numbers this large appear in no template, date or blank by chance
_NUMBER = re.compile(r"\d+")
_BLANK = re.compile(r"^ИГРА .*?^КОНЕЦ$", re.DOTALL | re.MULTILINE)


def knowable(view: Any, messages: list[Msg], catalog: Any) -> tuple[set[str], str]:
    """(numbers, text) a power may know: its view and the rendered messages it is owed."""
    text = (
        " ".join(leaves(view))
        + " "
        + " ".join(catalog.render(m, lang) for m in messages for lang in ("ru", "en"))
    )
    return set(_NUMBER.findall(text)), text


def secrets(own: Any, other: Any, messages: list[Msg], catalog: Any, powers: list[str]) -> set[str]:
    """What `other`'s view holds that the reader cannot know: large numbers and names (but the
    powers' names: the roster is public)."""
    numbers, text = knowable(own, messages, catalog)
    text += " " + " ".join(powers)
    found = set()
    for leaf in leaves(other):
        if (leaf.isdigit() and int(leaf) >= 100 and leaf not in numbers) or (
            sum(char.isalpha() for char in leaf) >= 4 and leaf not in text
        ):
            found.add(leaf)
    return found


def set_canaries(h: Harness) -> None:
    record = h.game.load()
    ruleset = h.game.ruleset
    # a number capped below the canaries (a flag, a 0..1 award) cannot carry one
    names = sorted(
        n for n, spec in ruleset.adjustables.items() if spec.maximum is None or spec.maximum >= 2 * CANARY
    )
    for i, power in enumerate(sorted(record.players)):
        for j, name in enumerate(names):
            record.state = ruleset.adjust(record.state, power, name, CANARY + 100 * i + 10 * j)
    h.game.store.save(record)


def play_phase(h: Harness) -> None:
    record = h.game.load()
    phase = h.game.phase_spec(record)
    for address in PLAYERS:
        commands = h.game.ruleset.ai_orders(record.state, h.powers[address], record.phase)
        h.send(address, h.orders(address, *([normal_form(c, phase) for c in commands] or ["НЕТ ДЕЙСТВИЙ"])))
    assert h.run().resolved == 1


@pytest.mark.parametrize("ruleset", sorted(REGISTRY))
def test_reports_hold_nothing_outside_the_readers_view_events_and_news(tmp_path: Path, ruleset: str) -> None:
    h = Harness(tmp_path, ruleset=ruleset)
    h.start()
    set_canaries(h)
    catalog = daemon_catalog().merged(h.game.catalog)
    checked, own_seen = 0, 0
    for _ in range(3):
        play_phase(h)
        record = h.game.load()
        data = h.game.store.read_turn_record(h.game.store.turn_records()[-1])
        news = [Msg.from_json(m) for m in data["news"]]
        views = {power: h.game.ruleset.view(record.state, power) for power in record.players}
        for address in PLAYERS:
            power = h.powers[address]
            (report,) = [m for m in h.mail_to(address) if "итоги для" in str(m["Subject"])]
            text = _BLANK.sub("", body(report))  # the order blank's examples name public things
            words = set(_NUMBER.findall(text))
            messages = [*news, *(Msg.from_json(m) for m in data["reports"].get(power, []))]
            own = views[power]
            own_seen += sum(leaf in words for leaf in leaves(own) if leaf.isdigit() and int(leaf) >= CANARY)
            for other, view in views.items():
                if other == power:
                    continue
                for secret in secrets(own, view, messages, catalog, list(views)):
                    checked += 1
                    leaked = secret in words if secret.isdigit() else secret in text
                    assert not leaked, f"{power}'s report shows {other}'s {secret!r}"
    assert checked and own_seen  # the test saw secrets to keep, and each reader's own canaries
    json.dumps(views, ensure_ascii=False)  # views are plain data, as the contract says
