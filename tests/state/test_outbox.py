from __future__ import annotations

import errno
import os
import weakref
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import state.files
from daemon.transports.base import Incoming
from state.delivery import Delivery, FlushResult
from state.disk import Disk
from state.files import atomic_write_json, read_json, safe_file_name
from state.outbox import Outbox
from state.sending import FinishedMail, PermanentSendError, Sender, TemporarySendError, TransportError
from tests.reliability.test_store_failures import failing_under


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


class FakeTransport:
    """Sends or fails according to `outcomes` (by mail id); records what it was given."""

    def __init__(self, outcomes: dict[str, TransportError] | None = None) -> None:
        self.outcomes = outcomes or {}
        self.sent: list[FinishedMail] = []

    def fetch(self, max_bytes: int) -> Iterator[Incoming]:
        return iter(())

    def acknowledge(self, uid: str, *, rejected: bool = False) -> None:
        pass

    def send(self, mail: FinishedMail) -> None:
        if mail.id in self.outcomes:
            raise self.outcomes[mail.id]
        self.sent.append(mail)

    def wait(self, timeout: float) -> bool:
        return False

    def close(self) -> None:
        pass


def mail(id: str) -> FinishedMail:
    return FinishedMail(id, (f"{id}@example.org",), f"Subject: {id}\r\n\r\nХод 3\r\n".encode())


def snapshot(root: Path) -> dict[Path, bytes]:
    return {p: p.read_bytes() for p in root.rglob("*") if p.is_file()}


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def outbox(tmp_path: Path, clock: Clock) -> Outbox:
    return Outbox(tmp_path / "outbox", Disk(tmp_path), clock=clock)


_DELIVERIES: weakref.WeakKeyDictionary[Outbox, Delivery] = weakref.WeakKeyDictionary()


def flush(outbox: Outbox, transport: Sender, **options: Any) -> FlushResult:
    """The send loop of `outbox`'s process (one per outbox: it remembers what it could not record)."""
    return _DELIVERIES.setdefault(outbox, Delivery(outbox)).flush(transport, **options)


def test_enqueue_is_idempotent_while_pending_sent_or_failed(outbox: Outbox) -> None:
    assert "a" not in outbox
    assert outbox.enqueue(mail("a"))
    assert "a" in outbox
    assert not outbox.enqueue(mail("a"))
    outbox.mark_sent("a")
    assert "a" in outbox
    assert not outbox.enqueue(mail("a"))
    assert outbox.enqueue(mail("b"))
    outbox.mark_failed("b", "550 no such user")
    assert "b" in outbox
    assert not outbox.enqueue(mail("b"))
    assert outbox.pending_count() == 0


def test_refused_enqueue_writes_nothing(outbox: Outbox) -> None:
    outbox.enqueue(mail("a"))
    before = snapshot(outbox.root)
    outbox.enqueue(FinishedMail("a", ("other@example.org",), b"different"))
    assert snapshot(outbox.root) == before


def test_due_is_oldest_first_and_round_trips_the_mail(outbox: Outbox) -> None:
    for id in ("c", "a", "b"):
        outbox.enqueue(mail(id))
    due = outbox.due()
    assert [m.id for m in due] == ["c", "a", "b"]
    assert (due[0].recipients, due[0].raw, due[0].attempts, due[0].last_error) == (
        ("c@example.org",),
        mail("c").raw,
        0,
        "",
    )


def test_unsafe_ids_are_stored_under_safe_names(outbox: Outbox) -> None:
    odd = "<reply/../../x:1@gonets>"
    assert outbox.enqueue(mail(odd))
    assert [m.id for m in outbox.due()] == [odd]
    assert sorted(p.name for p in (outbox.root / "pending").iterdir()) == [
        f"{safe_file_name(odd)}.eml",
        f"{safe_file_name(odd)}.json",
    ]
    outbox.mark_sent(odd)
    assert not outbox.enqueue(mail(odd))


def test_retry_backs_off_doubling_up_to_an_hour(outbox: Outbox, clock: Clock) -> None:
    outbox.enqueue(mail("a"))
    waits = []
    for _ in range(8):
        outbox.mark_retry("a", "421 try later")
        waits.append(read_json(outbox.root / "pending" / "a.json")["next_try"] - clock.now)
    assert waits == [60, 120, 240, 480, 960, 1920, 3600, 3600]


def test_retried_mail_is_due_only_when_its_time_comes(outbox: Outbox, clock: Clock) -> None:
    outbox.enqueue(mail("a"))
    outbox.enqueue(mail("b"))
    outbox.mark_retry("a", "421 try later")
    assert [m.id for m in outbox.due()] == ["b"]
    assert outbox.pending_count() == 2
    clock.now += 59
    assert [m.id for m in outbox.due()] == ["b"]
    clock.now += 1
    [a, b] = outbox.due()
    assert (a.id, a.attempts, a.last_error, a.next_try) == ("a", 1, "421 try later", clock.now)
    assert b.id == "b"


def test_sent_and_failed_keep_the_raw_and_the_reason(outbox: Outbox) -> None:
    outbox.enqueue(mail("a"))
    outbox.enqueue(mail("b"))
    outbox.mark_sent("a")
    outbox.mark_failed("b", "550 no such user")
    assert (outbox.root / "sent" / "a.eml").read_bytes() == mail("a").raw
    assert os.listdir(outbox.root / "pending") == []
    [failed] = outbox.failed()
    assert (failed.id, failed.raw, failed.attempts, failed.last_error) == (
        "b",
        mail("b").raw,
        1,
        "550 no such user",
    )


def test_marking_an_unknown_id_is_an_error(outbox: Outbox) -> None:
    with pytest.raises(KeyError):
        outbox.mark_sent("nope")


def test_flush_sends_retries_and_fails(outbox: Outbox, clock: Clock) -> None:
    for id in ("ok", "later", "never"):
        outbox.enqueue(mail(id))
    transport = FakeTransport({"later": TemporarySendError("421"), "never": PermanentSendError("550")})
    assert flush(outbox, transport) == FlushResult(sent=1, retried=1, failed=1)
    assert [m.id for m in transport.sent] == ["ok"]
    assert [m.id for m in outbox.failed()] == ["never"]
    assert flush(outbox, transport) == FlushResult()  # "later" is not due yet
    clock.now += 60
    del transport.outcomes["later"]
    assert flush(outbox, transport) == FlushResult(sent=1)
    assert [m.id for m in transport.sent] == ["ok", "later"]
    assert outbox.pending_count() == 0


def test_flush_gives_up_after_max_attempts(outbox: Outbox, clock: Clock) -> None:
    outbox.enqueue(mail("a"))
    transport = FakeTransport({"a": TransportError("connection refused")})
    results = []
    for _ in range(3):
        results.append(flush(outbox, transport, max_attempts=3))
        clock.now += 3600
    assert results == [FlushResult(retried=1), FlushResult(retried=1), FlushResult(failed=1)]
    [failed] = outbox.failed()
    assert failed.attempts == 3
    assert failed.last_error == "gave up after 3 attempts: connection refused"


def test_crash_leftover_eml_without_meta_is_ignored_then_overwritten(outbox: Outbox) -> None:
    (outbox.root / "pending").mkdir(parents=True)
    (outbox.root / "pending" / "a.eml").write_bytes(b"half a mai")
    assert outbox.due() == []
    assert outbox.pending_count() == 0
    assert outbox.enqueue(mail("a"))
    assert [m.raw for m in outbox.due()] == [mail("a").raw]


def test_move_interrupted_by_a_crash_is_never_resent_and_is_finished(outbox: Outbox, clock: Clock) -> None:
    outbox.enqueue(mail("a"))
    meta = read_json(outbox.root / "pending" / "a.json")
    atomic_write_json(outbox.root / "sent" / "a.json", meta)  # an older release's first step, then a crash
    outbox = Outbox(outbox.root, outbox.disk, clock=clock)  # the restart
    assert outbox.pending_count() == 0
    assert not outbox.enqueue(mail("a"))
    assert flush(outbox, FakeTransport()) == FlushResult()
    assert sorted(os.listdir(outbox.root / "sent")) == ["a.eml", "a.json"]
    assert os.listdir(outbox.root / "pending") == []


def test_a_sent_copy_is_the_record_and_one_a_crash_left_finishes_the_move(
    outbox: Outbox, clock: Clock
) -> None:
    outbox.enqueue(mail("a"))
    flush(outbox, FakeTransport())
    assert os.listdir(outbox.root / "sent") == ["a.eml"], "one file per mail sent: its copy"
    assert os.listdir(outbox.root / "pending") == []
    assert "a" in outbox and not outbox.enqueue(mail("a"))
    secret = FinishedMail(
        "b", ("b@example.org",), b"Subject: b\r\n\r\npassword 1234\r\n", b"Subject: b\r\n\r\n***\r\n"
    )
    outbox.enqueue(secret)
    pending = outbox.root / "pending"
    os.replace(pending / "b.kept", outbox.root / "sent" / "b.eml")  # the move's first step, then a crash
    outbox = Outbox(outbox.root, outbox.disk, clock=clock)  # the restart
    assert flush(outbox, FakeTransport()) == FlushResult()
    assert os.listdir(pending) == []
    assert (outbox.root / "sent" / "b.eml").read_bytes() == secret.kept, (
        "the copy with the secret never replaces it"
    )


def failing_writes_under(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """The disk under `folder` is full: every atomic write there fails with ENOSPC, and so does a
    rename into it (its folder cannot grow)."""
    monkeypatch.setattr(Disk, "write", failing_under(folder, errno.ENOSPC))
    rename = state.files.rename

    def full_rename(source: Path, target: Path, durable: bool = True) -> None:
        if folder in target.parents:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(target))
        rename(source, target, durable)

    monkeypatch.setattr(state.files, "rename", full_rename)


def test_a_store_that_cannot_record_a_send_sends_nothing(
    outbox: Outbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    outbox.enqueue(mail("a"))
    failing_writes_under(monkeypatch, outbox.root)
    transport = FakeTransport()
    for _ in range(10):
        with pytest.raises(OSError):
            flush(outbox, transport)
    assert transport.sent == []


def test_a_send_whose_mark_sent_fails_is_confirmed_from_memory_not_resent(
    outbox: Outbox, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    outbox.enqueue(mail("a"))
    failing_writes_under(monkeypatch, outbox.root / "sent")
    transport = FakeTransport()
    for _ in range(10):
        with pytest.raises(OSError):
            flush(outbox, transport)
        clock.now += 3600
    monkeypatch.undo()
    assert flush(outbox, transport) == FlushResult(sent=1)
    assert [m.id for m in transport.sent] == ["a"]
    assert outbox.pending_count() == 0


def test_after_a_crash_an_unrecorded_send_goes_once_at_once_then_backs_off(
    outbox: Outbox, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each new process (cron's `run --once`) knows nothing of earlier sends: the mail is repeated
    at once the first time, then only after 60 s, 120 s, 240 s…"""
    outbox.enqueue(mail("a"))
    failing_writes_under(monkeypatch, outbox.root / "sent")
    transport = FakeTransport()
    sends_at = []
    for minute in range(9):
        restarted = Outbox(outbox.root, outbox.disk, clock=clock)
        if restarted.due():
            sends_at.append(minute)
            with pytest.raises(OSError):
                flush(restarted, transport)
        clock.now += 60
    assert sends_at == [0, 1, 2, 4, 8]
    assert len(transport.sent) == 5
