from __future__ import annotations

import mailbox
import os
import sys
import threading
from pathlib import Path

import pytest

from daemon.transports.maildir import MaildirTransport
from state.files import safe_file_name
from state.sending import FinishedMail, PermanentSendError

ANY_SIZE = 1 << 30  # no mail in these tests is over the size limit

ORDERS = "From: ryazan@example.org\nSubject: [rus-7]\n\nИГРА rus-7\nСТРАНА Рязань\n"


@pytest.fixture
def transport(tmp_path: Path) -> MaildirTransport:
    return MaildirTransport(tmp_path / "mail" / "inbox", tmp_path / "mail" / "outbox")


def deliver(transport: MaildirTransport, text: str, mtime_ns: int | None = None) -> str:
    """Drop a mail the way an MDA does, through stdlib mailbox; optionally pin its mtime."""
    key = mailbox.Maildir(transport.inbox).add(text.encode("utf-8"))
    if mtime_ns is not None:
        os.utime(transport.inbox / "new" / key, ns=(mtime_ns, mtime_ns))
    return key


def names(directory: Path) -> list[str]:
    return sorted(os.listdir(directory))


def test_creates_both_maildirs(transport: MaildirTransport) -> None:
    for maildir in (transport.inbox, transport.outbox):
        assert names(maildir) == ["cur", "new", "tmp"]


def test_fetch_returns_new_mail_oldest_first_with_raw_bytes(transport: MaildirTransport) -> None:
    late = deliver(transport, ORDERS + "late\n", mtime_ns=2_000_000_000)
    early = deliver(transport, ORDERS + "early\n", mtime_ns=1_000_000_000)
    fetched = list(transport.fetch(ANY_SIZE))
    assert [m.uid for m in fetched] == [early, late]
    assert fetched[0].raw == (ORDERS + "early\n").encode("utf-8")
    assert list(transport.fetch(ANY_SIZE)) == fetched  # fetch alone changes nothing


def test_acknowledge_moves_to_cur_as_seen(transport: MaildirTransport) -> None:
    uid = deliver(transport, ORDERS)
    list(transport.fetch(ANY_SIZE))
    transport.acknowledge(uid)
    assert names(transport.inbox / "new") == []
    assert names(transport.inbox / "cur") == [f"{uid}:2,S"]
    assert mailbox.Maildir(transport.inbox)[uid].get_flags() == "S"
    assert list(transport.fetch(ANY_SIZE)) == []


def test_rejected_mail_goes_to_the_rejected_folder_never_deleted(transport: MaildirTransport) -> None:
    uid = deliver(transport, "garbage\n")
    list(transport.fetch(ANY_SIZE))
    transport.acknowledge(uid, rejected=True)
    assert mailbox.Maildir(transport.inbox).list_folders() == ["Rejected"]
    assert names(transport.inbox / ".Rejected" / "new") == [uid]
    assert (transport.inbox / ".Rejected" / "new" / uid).read_bytes() == b"garbage\n"
    assert list(transport.fetch(ANY_SIZE)) == []


def test_acknowledging_unknown_or_twice_is_a_no_op(transport: MaildirTransport) -> None:
    uid = deliver(transport, ORDERS)
    transport.acknowledge("no-such-uid")
    list(transport.fetch(ANY_SIZE))
    transport.acknowledge(uid)
    transport.acknowledge(uid)
    transport.acknowledge(uid, rejected=True)
    assert names(transport.inbox / "cur") == [f"{uid}:2,S"]


def test_unseen_mail_in_cur_is_fetched_again(transport: MaildirTransport) -> None:
    uid = deliver(transport, ORDERS)
    os.rename(transport.inbox / "new" / uid, transport.inbox / "cur" / f"{uid}:2,F")
    [again] = list(transport.fetch(ANY_SIZE))
    assert again.uid == uid
    transport.acknowledge(uid)
    assert names(transport.inbox / "cur") == [f"{uid}:2,FS"]


def test_unseen_mail_in_cur_stays_fetched_until_acknowledged(transport: MaildirTransport) -> None:
    uid = deliver(transport, ORDERS)
    os.rename(transport.inbox / "new" / uid, transport.inbox / "cur" / f"{uid}:2,")
    assert [m.uid for m in transport.fetch(ANY_SIZE)] == [uid]
    assert [m.uid for m in transport.fetch(ANY_SIZE)] == [uid]  # not acknowledged: a pass that failed
    transport.acknowledge(uid)
    assert list(transport.fetch(ANY_SIZE)) == []
    assert names(transport.inbox / "cur") == [f"{uid}:2,S"]


def test_new_transport_after_a_crash_sees_unacknowledged_mail(transport: MaildirTransport) -> None:
    uid = deliver(transport, ORDERS)
    list(transport.fetch(ANY_SIZE))
    restarted = MaildirTransport(transport.inbox, transport.outbox)
    [again] = list(restarted.fetch(ANY_SIZE))
    restarted.acknowledge(again.uid)
    assert names(transport.inbox / "cur") == [f"{uid}:2,S"]


def test_send_is_idempotent_by_id(transport: MaildirTransport) -> None:
    mail = FinishedMail("<reply-1@gonets>", ("ryazan@example.org",), b"Subject: ok\r\n\r\n")
    transport.send(mail)
    transport.send(mail)
    assert names(transport.outbox / "new") == [safe_file_name(mail.id)]
    assert names(transport.outbox / "tmp") == []
    [key] = mailbox.Maildir(transport.outbox).keys()
    assert mailbox.Maildir(transport.outbox).get_bytes(key) == mail.raw


def test_send_without_recipients_is_permanent(transport: MaildirTransport) -> None:
    with pytest.raises(PermanentSendError):
        transport.send(FinishedMail("x", (), b"Subject: nobody\r\n\r\n"))
    assert names(transport.outbox / "new") == []


def test_waiting_ends_when_a_mail_is_delivered_not_at_the_next_poll(transport: MaildirTransport) -> None:
    """The daemon waits between passes; a delivery into new/ (an MDA renames it in from tmp/)
    ends the wait, so the reply does not wait for the poll (a minute here: a wait that ran its
    course would answer False)."""
    assert transport.wait(0.01) is False  # the watch begins; nothing delivered
    timer = threading.Timer(0.2, deliver, (transport, ORDERS))
    timer.start()
    try:
        assert transport.wait(60) is True
    finally:
        timer.cancel()
    transport.close()


def test_a_mail_delivered_before_the_first_wait_is_not_missed(transport: MaildirTransport) -> None:
    deliver(transport, ORDERS)
    assert transport.wait(60) is True
    transport.close()


def test_without_file_notifications_the_inbox_is_polled(
    transport: MaildirTransport, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "inotify_simple", None)  # as where the library cannot load
    deliver(transport, ORDERS)
    assert transport.wait(0.05) is False  # the next scheduled pass reads it
    assert [mail.uid for mail in transport.fetch(ANY_SIZE)]
