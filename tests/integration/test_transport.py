"""IMAP in and SMTP out against a real Dovecot and SMTP server: login, moves, IDLE, outages."""

from __future__ import annotations

import threading
from datetime import UTC, datetime
from email import message_from_bytes
from email.message import EmailMessage
from email.utils import make_msgid
from typing import Any

import pytest

from daemon.outgoing.compose import Envelope, outgoing
from daemon.transports.accounts import Account, Security
from daemon.transports.imap import ImapInbox
from daemon.transports.imap_connection import connect
from daemon.transports.mailserver import MailServerTransport
from daemon.transports.smtp import SmtpSender
from state.delivery import Delivery
from state.disk import Disk
from state.outbox import Outbox
from state.sending import FinishedMail, PermanentSendError, TemporarySendError
from tests.mailservers import MailServers

ANY_SIZE = 1 << 30  # no mail in these tests is over the size limit


def mail(sender: str = "anna@test.local", to: str = "gonets@test.local", text: str = "ИГРА coins-1") -> bytes:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    message["Subject"] = "приказы"
    message["Message-ID"] = make_msgid(domain="test.local")
    message.set_content(text)
    return bytes(message)


def deliver(servers: MailServers, to: str = "gonets@test.local") -> bytes:
    raw = mail(to=to)
    servers.send(raw, "anna@test.local", [to])
    return raw


def message_id(raw: bytes) -> str:
    return str(message_from_bytes(raw)["Message-ID"])


def subjects(servers: MailServers, folder: str) -> int:
    return len(servers.mailbox("gonets", folder))


@pytest.mark.parametrize("security", ["tls", "starttls"])
def test_logs_in_over_tls_and_starttls_verifying_the_certificate(
    tls_servers: MailServers, security: Security
) -> None:
    raw = deliver(tls_servers)
    inbox = ImapInbox(tls_servers.imap("gonets", security))
    try:
        assert [message_id(m.raw) for m in list(inbox.fetch(ANY_SIZE))] == [message_id(raw)]
    finally:
        inbox.close()


def test_smtp_starttls_with_auth_delivers_utf8_mail(tls_servers: MailServers) -> None:
    assert tls_servers.certificate is not None
    account = Account(
        "localhost",
        tls_servers.submission_port,
        "starttls",
        "gonets",
        "gonets-secret",
        ca_file=tls_servers.certificate.cert,
    )
    sender = SmtpSender(account, "gonets@test.local")
    envelope = Envelope(
        "gonets@test.local", "anna@test.local", "Гонец: приказы приняты", in_reply_to="<o1@test.local>"
    )
    sender.send(
        outgoing("reply-1", envelope, "Приказы приняты: ВЛОЖИТЬ Промышленность 3\n", datetime.now(UTC))
    )
    sender.close()
    (reply,) = tls_servers.mailbox("anna")
    assert reply["Subject"] == "Гонец: приказы приняты"
    assert reply.get_content().startswith("Приказы приняты: ВЛОЖИТЬ Промышленность 3")


def test_smtp_refused_login_is_temporary(tls_servers: MailServers) -> None:
    assert tls_servers.certificate is not None
    account = Account(
        "localhost",
        tls_servers.submission_port,
        "starttls",
        "gonets",
        "wrong",
        ca_file=tls_servers.certificate.cert,
    )
    with pytest.raises(TemporarySendError, match="login refused"):
        SmtpSender(account, "gonets@test.local").send(FinishedMail("x", ("anna@test.local",), mail()))


def test_acknowledge_moves_to_processed_or_rejected_and_never_deletes(servers: MailServers) -> None:
    for _ in range(3):
        deliver(servers)
    inbox = ImapInbox(servers.imap("gonets"))
    first, second, third = list(inbox.fetch(ANY_SIZE))
    inbox.acknowledge(first.uid)
    inbox.acknowledge(second.uid, rejected=True)
    assert [m.uid for m in list(inbox.fetch(ANY_SIZE))] == [third.uid]  # the unacknowledged one comes again
    inbox.close()
    assert (
        subjects(servers, "INBOX"),
        subjects(servers, "Gonets-Processed"),
        subjects(servers, "Gonets-Rejected"),
    ) == (
        1,
        1,
        1,
    )


class WithoutMove:
    """A server connection that does not offer MOVE."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def has_capability(self, capability: str) -> bool:
        return capability.upper() != "MOVE" and bool(self.inner.has_capability(capability))


def test_without_move_it_copies_flags_and_expunges_only_that_uid(servers: MailServers) -> None:
    deliver(servers)
    deliver(servers)
    inbox = ImapInbox(servers.imap("gonets"), connect=lambda s: WithoutMove(connect(s)))
    first, second = list(inbox.fetch(ANY_SIZE))
    inbox.acknowledge(first.uid)
    assert [m.uid for m in list(inbox.fetch(ANY_SIZE))] == [second.uid]
    inbox.close()
    assert (subjects(servers, "INBOX"), subjects(servers, "Gonets-Processed")) == (1, 1)


def test_a_handle_from_an_older_uidvalidity_moves_nothing(servers: MailServers) -> None:
    deliver(servers)
    inbox = ImapInbox(servers.imap("gonets"))
    (fetched,) = list(inbox.fetch(ANY_SIZE))
    _, _, uid = fetched.uid.partition(":")
    inbox.acknowledge(f"1:{uid}")
    assert len(list(inbox.fetch(ANY_SIZE))) == 1
    inbox.close()


class IdleSignal(WithoutMove):
    """Tells the test when the transport has entered IDLE."""

    def __init__(self, inner: Any, idling: threading.Event) -> None:
        super().__init__(inner)
        self.idling = idling

    def has_capability(self, capability: str) -> bool:
        return bool(self.inner.has_capability(capability))

    def idle(self) -> Any:
        answer = self.inner.idle()
        self.idling.set()
        return answer


def test_idle_wakes_the_daemon_when_mail_arrives(servers: MailServers) -> None:
    idling = threading.Event()
    settings = servers.imap("gonets", poll_seconds=3600)  # only IDLE can notice the mail in time
    inbox = ImapInbox(settings, connect=lambda s: IdleSignal(connect(s), idling))
    assert list(inbox.fetch(ANY_SIZE)) == []
    result: list[bool] = []
    waiter = threading.Thread(target=lambda: result.append(inbox.wait(120)))
    waiter.start()
    assert idling.wait(60)
    deliver(servers)
    waiter.join(150)
    assert result == [True]
    assert len(list(inbox.fetch(ANY_SIZE))) == 1
    inbox.close()


def test_polling_finds_new_mail_without_idle(servers: MailServers) -> None:
    inbox = ImapInbox(servers.imap("gonets", idle=False, poll_seconds=0.2))
    assert list(inbox.fetch(ANY_SIZE)) == []
    assert inbox.wait(0.3) is False
    deliver(servers)
    assert inbox.wait(60) is True
    inbox.close()


def test_a_server_restart_loses_nothing_and_the_transport_reconnects(servers: MailServers) -> None:
    deliver(servers)
    inbox = ImapInbox(servers.imap("gonets"))
    (before,) = list(inbox.fetch(ANY_SIZE))
    servers.dovecot.restart()
    later = deliver(servers)
    again = list(inbox.fetch(ANY_SIZE))  # the old connection is dead; one immediate reconnect
    assert [message_id(m.raw) for m in again] == [message_id(before.raw), message_id(later)]
    inbox.close()


def test_while_the_server_is_down_mail_waits_and_comes_later(servers: MailServers) -> None:
    deliver(servers)
    inbox = ImapInbox(servers.imap("gonets"))
    servers.dovecot.stop()
    assert list(inbox.fetch(ANY_SIZE)) == []
    servers.dovecot.start()
    for _ in range(200):  # the reconnect backoff (1 s at first) passes
        fetched = list(inbox.fetch(ANY_SIZE))
        if fetched:
            break
        inbox.wait(0.1)
    assert len(fetched) == 1
    inbox.close()


def test_a_5xx_recipient_is_recorded_as_failed_never_retried(servers: MailServers, tmp_path: Any) -> None:
    account = Account("127.0.0.1", servers.smtp_port, "plain", "")
    sender = SmtpSender(account, "gonets@test.local")
    outbox = Outbox(tmp_path / "outbox", Disk(tmp_path))
    outbox.enqueue(FinishedMail("to-nobody", ("nobody-here@test.local",), mail(to="nobody-here@test.local")))
    outbox.enqueue(FinishedMail("to-anna", ("anna@test.local",), mail(to="anna@test.local")))
    result = Delivery(outbox).flush(MailServerTransport(ImapInbox(servers.imap("gonets")), sender))
    assert (result.sent, result.failed) == (1, 1)
    (failed,) = outbox.failed()
    assert failed.id == "to-nobody" and failed.last_error.startswith("550")
    with pytest.raises(PermanentSendError):
        sender.send(failed.outgoing())
    sender.close()


def test_an_unreachable_smtp_server_is_temporary(servers: MailServers) -> None:
    from tests.mailservers import free_port

    sender = SmtpSender(Account("127.0.0.1", free_port(), "plain", ""), "gonets@test.local")
    with pytest.raises(TemporarySendError):
        sender.send(FinishedMail("x", ("anna@test.local",), mail()))


def test_plus_address_mail_lands_in_the_daemon_mailbox(servers: MailServers) -> None:
    deliver(servers, to="gonets+coins-1@test.local")
    inbox = ImapInbox(servers.imap("gonets"))
    (fetched,) = list(inbox.fetch(ANY_SIZE))
    assert b"gonets+coins-1@test.local" in fetched.raw
    inbox.close()
