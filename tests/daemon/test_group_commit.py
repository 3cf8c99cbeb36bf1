"""A pass commits once, then acts (state/journal.py, daemon/service.py), and visits only the games
whose clock needs it (daemon/phases/wakeups.py)."""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Any
from unittest import mock

import pytest

from daemon.phases import deadlines
from daemon.transports.maildir import MaildirTransport
from state import files
from state.journal import JOURNAL_NAME, Journal
from tests.daemon.harness import GM, PLAYERS, Harness, accepted, body, texts

ANNA = PLAYERS[0]


@pytest.fixture
def h(tmp_path: Path) -> Harness:
    harness = Harness(tmp_path)
    harness.start()
    harness.mail_to(ANNA)
    harness.mail_to(GM)
    return harness


def inbox_waiting(h: Harness) -> int:
    return len(list((h.root / "mail" / "inbox" / "new").iterdir()))


def test_mail_is_acknowledged_and_answered_only_once_its_pass_is_committed(
    h: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    events: list[str] = []
    for owner, name in ((Journal, "commit"), (MaildirTransport, "acknowledge"), (MaildirTransport, "send")):
        original = getattr(owner, name)

        def spy(self: Any, *args: Any, _name: str = name, _original: Any = original, **kwargs: Any) -> Any:
            events.append(_name)
            return _original(self, *args, **kwargs)

        monkeypatch.setattr(owner, name, spy)
    for address in PLAYERS[:2]:
        h.send(address, h.orders(address, "ВЛОЖИТЬ Промышленность 2"))
    h.run()
    assert events == ["commit", "acknowledge", "acknowledge", "send", "send"]


def test_an_order_mail_pass_syncs_the_journal_once_and_each_sent_mark_once(h: Harness) -> None:
    h.send(ANNA, h.orders(ANNA, "ВЛОЖИТЬ Промышленность 2"))
    with mock.patch("os.fsync", wraps=os.fsync) as fsync:
        h.run()
    # the journal record; the sent record's folder; Maildir's own two (the mail and its folder)
    assert fsync.call_count == 1 + 1 + 2
    assert any(accepted(text) for text in texts(h, ANNA))


def test_a_commit_that_fails_acknowledges_and_sends_nothing_and_the_next_pass_does_it_once(
    h: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    append = Journal._append_record

    def full_disk(journal: Journal, payload: bytes) -> None:
        monkeypatch.setattr(Journal, "_append_record", append)
        raise OSError(errno.ENOSPC, "No space left on device", str(journal.path))

    monkeypatch.setattr(Journal, "_append_record", full_disk)
    h.send(ANNA, h.orders(ANNA, "ВЛОЖИТЬ Промышленность 2"))
    h.run()
    assert inbox_waiting(h) == 1 and h.mail_to(ANNA) == []
    assert not h.game.store.orders(1, h.game.load().phase)
    assert any("Авария хранилища" in str(m["Subject"]) and JOURNAL_NAME in body(m) for m in h.mail_to(GM))
    h.run()
    assert inbox_waiting(h) == 0
    assert [t for t in texts(h, ANNA) if accepted(t)] != []
    h.run()
    assert h.mail_to(ANNA) == []


def test_a_bug_in_one_games_clock_does_not_hold_back_the_mail(
    h: Harness, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr("daemon.phases.deadlines.tick", mock.Mock(side_effect=RuntimeError("a bug")))
    h.send(ANNA, h.orders(ANNA, "ВЛОЖИТЬ Промышленность 2"))
    h.run()
    assert inbox_waiting(h) == 0
    assert any(accepted(text) for text in texts(h, ANNA))
    assert "the clock failed" in caplog.text


def test_an_idle_pass_visits_no_game_and_a_change_or_the_clock_wakes_it(
    h: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    tick = mock.Mock(wraps=deadlines.tick)
    monkeypatch.setattr("daemon.phases.deadlines.tick", tick)
    h.run()
    tick.reset_mock()
    h.run()
    assert tick.call_count == 0
    h.send(ANNA, h.orders(ANNA, "ВЛОЖИТЬ Промышленность 2"))
    h.run()
    assert tick.call_count == 1  # the mail changed the game
    h.run()
    h.clock.advance(hours=47)  # the reminders are due before the deadline
    assert tick.call_count == 1
    h.run()
    assert tick.call_count == 2
    assert all(any("Мы ещё не получили" in text for text in texts(h, a)) for a in PLAYERS[1:])


def test_a_sent_copy_is_the_maildir_delivery_itself_but_a_role_mails_is_a_file_of_its_own(
    h: Harness,
) -> None:
    sent, delivered = h.root / "games" / "outbox" / "sent", h.root / "mail" / "sent" / "new"
    before = {path.name for path in sent.glob("*.eml")}
    h.send(ANNA, h.orders(ANNA, "ВЛОЖИТЬ Промышленность 2"))
    h.run()
    (reply,) = [path for path in sent.glob("*.eml") if path.name not in before]
    assert os.path.samefile(reply, delivered / reply.stem)  # one file, two names: no file made for it
    h.gm_mail(
        f"ЗАМЕНИТЬ {h.powers[ANNA]} new.anna@test.local Анна"
    )  # a role mail queued and sent in one pass
    h.run()
    roles = list(sent.glob("*-role-*.eml"))
    assert len(roles) == len(PLAYERS) + 1
    for role in roles:  # the delivered role mail holds the password, the outbox's copy must not
        assert not os.path.samefile(role, delivered / role.stem)


def spy_events(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The order in which the pass commits, reads a mail, acknowledges one and sends one."""
    events: list[str] = []
    spied = (
        (Journal, "commit"),
        (MaildirTransport, "_read"),
        (MaildirTransport, "acknowledge"),
        (MaildirTransport, "send"),
    )
    for owner, name in spied:
        original = getattr(owner, name)

        def spy(self: Any, *args: Any, _name: str = name, _original: Any = original, **kwargs: Any) -> Any:
            events.append(_name.strip("_"))
            return _original(self, *args, **kwargs)

        monkeypatch.setattr(owner, name, spy)
    return events


def test_a_backlog_is_answered_as_it_drains_one_committed_slice_at_a_time(
    h: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("daemon.service.SLICE_MAILS", 2)
    events = spy_events(monkeypatch)
    for address in PLAYERS[:3]:  # not all four: no resolution, one reply a mail
        h.send(address, h.orders(address, "ВЛОЖИТЬ Промышленность 2"))
    report = h.run()
    first, second = (
        ["read", "read", "commit", "acknowledge", "acknowledge", "send", "send"],
        ["read", "commit"],
    )
    assert events == [*first, *second, "acknowledge", "send"]
    assert (report.mails, report.accepted, report.sent) == (3, 3, 3)
    assert inbox_waiting(h) == 0
    assert all(any("Принят 1 приказ" in text for text in texts(h, a)) for a in PLAYERS[:3])


def test_a_slice_ends_when_its_time_is_up_whatever_its_count(
    h: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("daemon.service.SLICE_SECONDS", 0.0)  # up after every mail
    events = spy_events(monkeypatch)
    for address in PLAYERS[:2]:
        h.send(address, h.orders(address, "ВЛОЖИТЬ Промышленность 2"))
    h.run()
    # the last slice finds the inbox drained: it only ticks the clocks, and has nothing to commit
    assert events == [*["read", "commit", "acknowledge", "send"] * 2, "commit"]


def test_only_a_start_after_a_holder_that_died_walks_the_directory_for_its_temp_files(
    h: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    walks = mock.Mock(wraps=files.remove_stray_temps)
    monkeypatch.setattr("daemon.service.remove_stray_temps", walks)
    stray = h.root / "games" / "games" / h.game_id / f"{files.TEMP_PREFIX}game.json"
    stray.write_bytes(b"half a record")
    h.restart()  # the last holder closed the directory
    assert walks.call_count == 0
    h.daemon.close()
    (h.root / "games" / "gonets.lock").write_text("999999\n")  # as a holder killed mid-pass leaves it
    h.daemon = h._daemon()
    assert walks.call_count == 1 and not stray.exists()
