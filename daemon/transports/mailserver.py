"""A real mail account as one `Transport`: IMAP in, SMTP out.

The two halves share nothing but the daemon's address; each survives its server's outages on
its own (IMAP: mail waits on the server; SMTP: the outbox retries).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from daemon.config import ConfigError
from daemon.transports.base import Incoming, Wake, never
from daemon.transports.imap import ImapInbox
from daemon.transports.imap_connection import ImapSettings
from daemon.transports.smtp import SmtpSender, smtp_account
from state.sending import FinishedMail


class MailServerTransport:
    def __init__(self, inbox: ImapInbox, sender: SmtpSender) -> None:
        self.inbox = inbox
        self.sender = sender

    def fetch(self, max_bytes: int) -> Iterator[Incoming]:
        return self.inbox.fetch(max_bytes)

    def acknowledge(self, uid: str, *, rejected: bool = False) -> None:
        self.inbox.acknowledge(uid, rejected=rejected)

    def send(self, mail: FinishedMail) -> None:
        self.sender.send(mail)  # the mail is on the server: no file of it here

    def wait(self, timeout: float, wake: Wake = never) -> bool:
        """Between passes: end the SMTP session (servers drop idle ones) and wait on IMAP."""
        self.sender.close()
        return self.inbox.wait(timeout, wake)

    def close(self) -> None:
        self.sender.close()
        self.inbox.close()


def mail_server_transport(options: dict[str, Any], address: str, base: Path) -> MailServerTransport:
    """From `[transport.imap]` and `[transport.smtp]`; the daemon's address is the envelope sender."""
    sections = {}
    for name in ("imap", "smtp"):
        section = options.get(name)
        if not isinstance(section, dict):
            raise ConfigError(
                f'transport.{name} is missing (kind = "imap" needs [transport.imap] and [transport.smtp])'
            )
        sections[name] = section
    return MailServerTransport(
        ImapInbox(ImapSettings.from_config(sections["imap"], base)),
        SmtpSender(smtp_account(sections["smtp"], base), address),
    )
