"""Many deadlines at one instant: the clock's work is sliced like a backlog, so the first reports
leave before the last games are resolved and a mail that arrives meanwhile is answered at once."""

from __future__ import annotations

from datetime import timedelta
from email import message_from_bytes, policy
from typing import Any

import pytest

from daemon.phases import deadlines
from daemon.transports.maildir import MaildirTransport
from state.sending import FinishedMail
from tests.daemon.harness import CONFIG, GM, GM_PASSWORD, PLAYERS, Harness

GAMES = ("coins-a", "coins-b", "coins-c", "coins-d")


def storm_harness(root: Any) -> tuple[Harness, dict[str, tuple[dict[str, str], dict[str, str]]]]:
    """Four coins games started at the same instant, so their deadlines coincide, three of four
    players' orders in (not a mass silence: each will be resolved); returns the harness and each
    game's passwords and powers by address."""
    h = Harness(root, game=GAMES[0])
    for game in GAMES[1:]:
        section = CONFIG.format(
            game=game,
            gm=GM,
            early="true",
            replies=50,
            gm_password=GM_PASSWORD,
            ruleset="coins",
            language="ru",
        ).split(f"[games.{game}]")[1]
        with h.config_path.open("a", encoding="utf-8") as config:
            config.write(f"\n[games.{game}]{section}")
    h.restart()
    players = {}
    for game in GAMES:
        h.game_id = game
        h.start()
        players[game] = dict(h.passwords), dict(h.powers)
        for address in PLAYERS[:3]:
            h.send(address, h.orders(address, "ВЛОЖИТЬ Промышленность 2"))
    h.run()
    return h, players


def test_coinciding_deadlines_are_resolved_in_slices_with_mail_read_between(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    h, players = storm_harness(tmp_path)
    monkeypatch.setattr("daemon.service.SLICE_SECONDS", 0.0)  # up after every game
    events: list[str] = []
    resolve, send = deadlines.resolve, MaildirTransport.send

    def resolving(game: Any, *args: Any) -> str:
        events.append(f"resolve {game.id}")
        return resolve(game, *args)

    def sending(transport: MaildirTransport, mail: FinishedMail) -> Any:
        subject = str(message_from_bytes(mail.raw, policy=policy.default)["Subject"])
        events.append(f"send {subject}")
        if len(events) == 2:  # the first report is out: a player of that game writes at once
            h.game_id, (h.passwords, h.powers) = GAMES[0], players[GAMES[0]]
            h.send(PLAYERS[0], h.orders(PLAYERS[0], "ВЛОЖИТЬ Промышленность 2", turn=2))
        return send(transport, mail)

    monkeypatch.setattr(deadlines, "resolve", resolving)
    monkeypatch.setattr(MaildirTransport, "send", sending)
    h.clock.advance(hours=48, minutes=1)
    report = h.run()

    resolved = [n for n, event in enumerate(events) if event.startswith("resolve")]
    assert [events[n] for n in resolved] == [f"resolve {game}" for game in GAMES]
    assert events[resolved[0] + 1].startswith(f"send [{GAMES[0]}]")  # sent before the next game
    answer = next(n for n, event in enumerate(events) if event.startswith(f"send [{GAMES[0]}] Ход 2"))
    assert answer < resolved[1]  # read and answered before the second game of the storm
    assert report.resolved == len(GAMES) and report.mails == 1


def test_a_failing_clock_is_not_retried_within_the_pass(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    h, _ = storm_harness(tmp_path)
    monkeypatch.setattr("daemon.service.SLICE_SECONDS", 0.0)
    tried: list[str] = []

    def broken(game: Any, *args: Any) -> str:
        tried.append(game.id)
        game.store.save(game.load())  # a write before the failure makes the game due again
        raise RuntimeError("a bug in one game")

    monkeypatch.setattr(deadlines, "resolve", broken)
    h.clock.advance(hours=48, minutes=1)
    h.run()
    assert sorted(tried) == sorted(GAMES)  # each once, the pass ended
    h.run()
    assert len(tried) == 2 * len(GAMES)  # and each again at the next pass


def test_the_long_running_daemon_wakes_at_the_next_deadline_not_the_next_poll(tmp_path: Any) -> None:
    h, _ = storm_harness(tmp_path)
    deadline = h.game.load().deadline
    h.clock.now = h.clock.now.fromisoformat(deadline) - timedelta(seconds=5)
    h.run()  # the reminders due by now
    assert h.daemon._idle_seconds(30.0) == pytest.approx(5.0)
    assert h.daemon._idle_seconds(2.0) == pytest.approx(2.0)  # the poll comes first
