"""What the outbox hands over and what can go wrong: finished mail, the send errors, and the one
method a sender needs. Kept here, below the daemon, so the store depends on nothing above it; the
daemon's transports implement `Sender`."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from engines.errors import GonetsError


@dataclass(frozen=True)
class FinishedMail:
    """A finished RFC 5322 message; `id` is stable, so sending the same mail twice is detectable."""

    id: str
    recipients: tuple[str, ...]
    raw: bytes
    kept: bytes | None = None  # the copy the outbox keeps once sent, when it must differ (no password)


class TransportError(GonetsError):
    """Base of every transport failure."""


class TemporarySendError(TransportError):
    """Try again later (connection refused, 4xx)."""


class PermanentSendError(TransportError):
    """Will never succeed as is (5xx, bad recipient): record it, tell the GM, stop retrying."""


class Sender(Protocol):
    def send(self, mail: FinishedMail) -> Path | None:
        """Deliver one mail or raise a `TransportError`. Returns the file this call left on this
        machine holding exactly `mail.raw` (a Maildir delivery), written but not yet synced: the
        caller makes it durable (`Disk.delivered`: before the record that it was sent), and the
        outbox's sent copy is a second name of it rather than a new file of its own. None: the
        mail is the server's now."""
