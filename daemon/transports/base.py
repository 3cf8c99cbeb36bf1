"""The transport seam: where raw mail comes from and where finished mail goes.

Maildir (embedded default), IMAP/SMTP and test doubles all implement `Transport`; the pipeline
never knows which one it talks to. The store, not the transport, is the source of truth for what
has been processed: `acknowledge` only tidies the mailbox after the mail is archived and recorded.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True)
class Incoming:
    """A raw mail as the transport holds it; `uid` is the transport's own handle for acknowledge."""

    uid: str
    raw: bytes


@dataclass(frozen=True)
class Outgoing:
    """A finished RFC 5322 message; `id` is stable, so sending the same mail twice is detectable."""

    id: str
    recipients: tuple[str, ...]
    raw: bytes


class TransportError(Exception):
    """Base of every transport failure."""


class TemporarySendError(TransportError):
    """Try again later (connection refused, 4xx)."""


class PermanentSendError(TransportError):
    """Will never succeed as is (5xx, bad recipient): record it, tell the GM, stop retrying."""


class Transport(Protocol):
    def fetch(self) -> list[Incoming]:
        """Mail not yet acknowledged, oldest first."""

    def acknowledge(self, uid: str, *, rejected: bool = False) -> None:
        """Move a processed mail out of the way (to the rejected place when it could not be handled)."""

    def send(self, mail: Outgoing) -> None:
        """Deliver one mail or raise a `TransportError`."""

    def wait(self, timeout: float) -> bool:
        """Between passes: return within `timeout` seconds, True as soon as new mail may be there
        (IMAP IDLE answers at once; a transport that cannot tell just sleeps and says False)."""

    def close(self) -> None: ...
