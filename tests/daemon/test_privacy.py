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
from tests.rulesets import register

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


def play_phase(h: Harness, extra: dict[str, list[str]] | None = None) -> None:
    """Every player mails the computer's orders for its power (and the `extra` lines, by power)."""
    record = h.game.load()
    phase = h.game.phase_spec(record)
    for address, power in h.powers.items():
        if record.players[power].status != "active":
            continue
        commands = h.game.ruleset.ai_orders(record.state, power, record.phase)
        lines = [normal_form(c, phase) for c in commands] + (extra or {}).get(power, [])
        h.send(address, h.orders(address, *(lines or ["НЕТ ДЕЙСТВИЙ"])))
    assert h.run().resolved >= 1


def reports_hold_only_what_they_may(h: Harness, phases: list[dict[str, list[str]]]) -> tuple[int, int]:
    """Plays `phases` (each the extra lines by power), then searches each report a power got for
    what only another power's view holds; returns (secrets looked for, own canaries seen). A game
    whose views are public by the rules (`Ruleset.public_views`) shows every power the same view,
    and has no secret to look for; a power whose play the rules ended gets no report."""
    ruleset, store = h.game.ruleset, h.game.store
    catalog = daemon_catalog().merged(h.game.catalog)
    checked, own_seen = 0, 0
    for extra in phases:
        done = len(store.turn_records())
        play_phase(h, extra)  # and a phase that asked nothing of anyone after it, at once
        record = h.game.load()
        mails = {address: h.mail_to(address) for address in h.powers}
        for name in store.turn_records()[done:]:
            data = store.read_turn_record(name)
            state = data["state_after"]
            news = [Msg.from_json(m) for m in data["news"]]
            views = {power: ruleset.view(state, power) for power in record.players}
            if ruleset.public_views:
                assert all(view == next(iter(views.values())) for view in views.values())
            told = f"{h.game.turn_in_subject(data['turn'], data['phase']).ru}: итоги для"
            for address, power in h.powers.items():
                reports = [m for m in mails[address] if told in str(m["Subject"])]
                if not reports:
                    assert record.players[power].status == "ended", f"{power} got no report"
                    continue
                text = _BLANK.sub("", body(reports[0]))  # the order blank's examples name public things
                words = set(_NUMBER.findall(text))
                messages = [*news, *(Msg.from_json(m) for m in data["reports"].get(power, []))]
                own = views[power]
                own_seen += sum(
                    leaf in words for leaf in leaves(own) if leaf.isdigit() and int(leaf) >= CANARY
                )
                for other, view in views.items():
                    if other == power or ruleset.public_views:
                        continue
                    for secret in secrets(own, view, messages, catalog, list(views)):
                        checked += 1
                        leaked = secret in words if secret.isdigit() else secret in text
                        assert not leaked, f"{power}'s report shows {other}'s {secret!r}"
            json.dumps(views, ensure_ascii=False)  # views are plain data, as the contract says
    return checked, own_seen


@pytest.mark.parametrize("ruleset", sorted(REGISTRY))
def test_reports_hold_nothing_outside_the_readers_view_events_and_news(tmp_path: Path, ruleset: str) -> None:
    h = Harness(tmp_path, ruleset=ruleset)
    h.start()
    set_canaries(h)
    checked, own_seen = reports_hold_only_what_they_may(h, [{}, {}, {}])
    if h.game.ruleset.public_views:  # every power shown the same view (checked there): no secret
        assert checked == 0
    else:
        assert checked and own_seen  # the test saw secrets to keep, and each reader's own canaries


def test_a_game_public_by_its_rules_passes_and_must_show_every_power_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    register(monkeypatch, "pure_like")
    h = Harness(tmp_path, ruleset="pure_like")
    h.start(PLAYERS[:3])
    assert reports_hold_only_what_they_may(h, [{}, {}]) == (0, 0)
    monkeypatch.setattr(type(h.game.ruleset), "view", lambda self, state, power: {"me": power})
    with pytest.raises(AssertionError):
        reports_hold_only_what_they_may(h, [{}])


def test_a_power_the_rules_ended_gets_no_report_and_the_others_are_still_searched(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    register(monkeypatch, "council_like")
    h = Harness(tmp_path, ruleset="council_like")
    h.start()
    victim = h.powers[PLAYERS[1]]
    ended = {h.powers[PLAYERS[0]]: [f"ОПАЛА {victim}"]}
    reports_hold_only_what_they_may(h, [{}, {}, ended, {}])
    assert h.game.load().players[victim].status == "ended"
