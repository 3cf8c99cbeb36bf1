"""The transport seam: where raw mail comes from and where finished mail goes.

Maildir (embedded default), IMAP/SMTP and test doubles all implement `Transport`; the pipeline
never knows which one it talks to. The store, not the transport, is the source of truth for what
has been processed: `acknowledge` only tidies the mailbox after the mail is archived and recorded.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Protocol

from state.sending import Sender

HEAD_BYTES = 128 * 1024  # what is read of a mail over the size limit: enough for its header block
WAKE_SLICE = 0.5  # seconds between two looks at `wake` while waiting: how soon a GM command runs
Wake = Callable[[], bool]


def never() -> bool:
    return False


def nap(seconds: float, wake: Wake) -> bool:
    """Sleep `seconds`, looking at `wake` every `WAKE_SLICE`; True as soon as it says so."""
    deadline = time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0:
        if wake():
            return True
        time.sleep(min(left, WAKE_SLICE))
    return wake()


@dataclass(frozen=True)
class Incoming:
    """A raw mail as the transport holds it; `uid` is the transport's own handle for acknowledge.

    A mail over the size limit is not read whole: `raw` holds only its first bytes (the header
    block, to answer the sender) and `oversize` its real size; it stays in the mailbox."""

    uid: str
    raw: bytes
    oversize: int = 0


class Transport(Sender, Protocol):
    def fetch(self, max_bytes: int) -> Iterator[Incoming]:
        """Mail not yet acknowledged, oldest first, read one at a time (a backlog of big mails
        must not sit in memory at once); a mail over `max_bytes` comes as its head only."""

    def acknowledge(self, uid: str, *, rejected: bool = False) -> None:
        """Move a processed mail out of the way (to the rejected place when it could not be handled)."""

    def wait(self, timeout: float, wake: Wake = never) -> bool:
        """Between passes: return within `timeout` seconds, True as soon as new mail may be there
        (IMAP IDLE answers at once; a transport that cannot tell just sleeps and says False) or
        `wake` says the daemon has other work (a GM command in the control spool)."""

    def close(self) -> None: ...
