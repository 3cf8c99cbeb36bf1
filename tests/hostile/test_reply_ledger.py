"""The reply ledger under a flood of forged senders: a pass writes the answers it counted, not the
whole ledger, and the file holds only what the limits' windows still look at."""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from daemon.incoming import replies
from daemon.incoming.replies import FILE_NAME, ReplyLedger, ReplyLimits
from state.journal import Journal
from tests.daemon.harness import Harness

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
LIMITS = ReplyLimits(per_sender_hour=2, total_hour=2000)


def answered(ledger: ReplyLedger, senders: range, since: datetime, kind: replies.Kind = "unrouted") -> None:
    """One answer to each of `senders` (a forged address each), a thousand an hour from `since`."""
    for n in senders:
        when = since + timedelta(seconds=3.6 * (n - senders.start))
        assert ledger.may_send(f"victim{n}@forged.example", f"reply-{n:064x}", when, kind)


def lines(directory: Path) -> list[str]:
    return (directory / FILE_NAME).read_text(encoding="utf-8").splitlines()


def journal_records(h: Harness, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The size of each journal record the daemon commits from now on: every byte its pass writes
    through state/files is in it."""
    journal = h.daemon.journal
    commit = journal.commit
    sizes: list[int] = []

    def measured(*args: Any, **kwargs: Any) -> Any:
        before = os.path.getsize(journal.path) if journal.path.exists() else 0
        kept = commit(*args, **kwargs)
        sizes.append(os.path.getsize(journal.path) - before)
        return kept

    monkeypatch.setattr(journal, "commit", measured)
    return sizes


def test_a_pass_that_answers_one_sender_among_20000_writes_one_line_of_the_ledger(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    h = Harness(tmp_path)
    with h.daemon.journal.batch() as batch:  # a day of a flood, as the passes counted it
        answered(h.daemon.ledger, range(20_000), h.clock.now - timedelta(hours=20))
        h.daemon.ledger.save(h.clock.now)
    h.daemon.journal.commit(batch)
    ledger_bytes = (h.root / "games" / FILE_NAME).stat().st_size
    records = journal_records(h, monkeypatch)
    h.send("newcomer@example.org", "Привет")
    h.run()
    assert len(h.mail_to("newcomer@example.org")) == 1
    (record,) = records
    assert ledger_bytes > 2_000_000 and record < 16_000  # its mail, its reply and one line of the ledger
    assert (h.root / "games" / FILE_NAME).stat().st_size - ledger_bytes < 200
    h.restart()  # what it counted, and what the flood did, hold in the next `run --once`
    for sender in ("newcomer@example.org", "victim0@forged.example"):
        h.send(sender, "Привет ещё раз")
    h.run()
    assert [h.mail_to(s) for s in ("newcomer@example.org", "victim0@forged.example")] == [[], []]


def test_the_ledger_keeps_an_answer_only_as_long_as_a_limit_looks_at_it(tmp_path: Path) -> None:
    ledger = ReplyLedger(tmp_path, LIMITS)
    answered(ledger, range(10_000), NOW - timedelta(hours=36))  # unknown senders, over a day ago
    ledger.save(NOW - timedelta(hours=25))
    assert ledger.may_send("stranger@forged.example", "reply-1", NOW - timedelta(hours=23), "unrouted")
    answered(ledger, range(10_000, 20_000), NOW - timedelta(hours=15), kind="reply")  # hours ago
    ledger.save(NOW - timedelta(hours=2))
    assert ledger.may_send("anna@example.org", "reply-2", NOW - timedelta(minutes=50))
    assert ledger.may_send("anna@example.org", "reply-3", NOW - timedelta(minutes=40))
    ledger.save(NOW - timedelta(minutes=40))
    assert ledger.may_send("boris@example.org", "reply-4", NOW)
    ledger.save(NOW)
    assert len(lines(tmp_path)) == 4  # the 20,000 answers no window looks at any more are gone
    again = ReplyLedger(tmp_path, LIMITS)  # and what the windows hold still counts
    assert not again.may_send("stranger@forged.example", "reply-5", NOW, "unrouted")
    assert not again.may_send("Anna+x@Example.org", "reply-5", NOW)
    assert again.may_send("anna@example.org", "reply-3", NOW)  # the same mail again: counted once
    assert again.may_send("victim19999@forged.example", "reply-6", NOW)  # answered 5 hours ago


def test_a_flood_that_never_stops_leaves_a_file_within_twice_what_a_day_holds(tmp_path: Path) -> None:
    ledger = ReplyLedger(tmp_path, LIMITS)
    per_hour, per_pass = 500, 50
    with Journal(tmp_path).lazily():  # each save synced once at the end, not each on its own
        for hour in range(72):
            for start in range(hour * per_hour, (hour + 1) * per_hour, per_pass):
                when = NOW + timedelta(seconds=start * 3600 / per_hour)
                for n in range(start, start + per_pass):
                    assert ledger.may_send(f"victim{n}@forged.example", f"reply-{n}", when, "unrouted")
                ledger.save(when)
            assert len(lines(tmp_path)) <= 2 * 24 * per_hour + replies.SPARE_LINES
    assert 72 * per_hour > 2 * 24 * per_hour + replies.SPARE_LINES  # it was written anew on the way


def test_an_old_ledger_still_counts_and_is_replaced_at_the_first_save(tmp_path: Path) -> None:
    def iso(ago: timedelta) -> str:
        return (NOW - ago).isoformat()

    old = {
        "senders": {
            "reply:anna@example.org": {
                "reply-a1": iso(timedelta(minutes=20)),
                "reply-a2": iso(timedelta(minutes=10)),
            },
            "unrouted:victim@forged.example": {"reply-v1": iso(timedelta(hours=23))},
            "reply:boris@example.org": {"reply-b1": iso(timedelta(hours=2))},
        },
        "total": {"2026-03-02T08:40": 1, "2026-03-02T08:50": 1},
    }
    (tmp_path / "replies.json").write_text(json.dumps(old), encoding="utf-8")
    ledger = ReplyLedger(tmp_path, LIMITS)
    assert not ledger.may_send("anna@example.org", "reply-a3", NOW)  # two this hour already
    assert ledger.may_send("anna@example.org", "reply-a2", NOW)  # a mail counted before: counted once
    assert not ledger.may_send("victim@forged.example", "reply-v2", NOW, "unrouted")
    assert ledger.may_send("boris@example.org", "reply-b2", NOW)
    assert ledger.may_send("vera@example.org", "reply-c1", NOW)
    ledger.save(NOW)
    assert not (tmp_path / "replies.json").exists()
    assert len(lines(tmp_path)) == 5  # boris's answer of two hours ago left with the old file
    again = ReplyLedger(tmp_path, ReplyLimits(per_sender_hour=2, total_hour=4))
    assert not again.may_send("anna@example.org", "reply-a3", NOW)
    assert not again.may_send("someone@example.org", "reply-s1", NOW)  # 4 answers in the hour in all
