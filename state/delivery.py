"""Handing the outbox's due mail to a transport: each mail once, what came of it recorded.

The outbox (`state.outbox`) is the queue on disk; a `Delivery` is the send loop beside it, one per
process, since it remembers what this process sent but could not record (a full disk): such a mail
is never sent again by this process, only its record retried.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from state.outbox import Outbox, QueuedMail
from state.sending import PermanentSendError, Sender, TransportError


@dataclass(frozen=True)
class FlushResult:
    sent: int = 0
    retried: int = 0
    failed: int = 0
    gave_up: tuple[QueuedMail, ...] = field(default=(), compare=False)  # moved to failed/ just now


class Delivery:
    def __init__(self, outbox: Outbox) -> None:
        self.outbox = outbox
        self._unrecorded: set[str] = set()  # sent, but `mark_sent` failed (a full disk)

    def prepare(self) -> list[QueuedMail]:
        """The mails the next `flush` sends, their attempts recorded now: inside a pass's batch,
        so the records are committed with the mails they are for rather than written one by one."""
        due = [mail for mail in self.outbox.due() if mail.id not in self._unrecorded]
        for mail in due:
            self.outbox.record_attempt(mail.id)
        self.outbox.queued = False
        return due

    def flush(
        self, transport: Sender, max_attempts: int = 20, prepared: Sequence[QueuedMail] | None = None
    ) -> FlushResult:
        """Send every due mail once (first those `prepare` recorded, whose attempt is written; the
        queue is looked at again only if a mail was queued since, or a send is still unrecorded).

        Each attempt is recorded before the mail is handed to the transport (the next try moved
        past a backoff), so a store that cannot write sends nothing (the `OSError` propagates: the
        caller alerts the GM), and a send whose `mark_sent` failed is not repeated pass after pass.
        The only duplicate-send window left is a crash after `transport.send` returned and before
        `mark_sent`: that mail goes again once, after the backoff (a failed `mark_sent` without a
        crash is retried from memory, without sending). A plain `TransportError` counts as
        temporary; any other exception propagates and leaves the mail pending.
        """
        outbox = self.outbox
        sent = retried = failed = 0
        gave_up: list[QueuedMail] = []
        unconfirmed: OSError | None = None
        rescan = prepared is None or outbox.queued or self._unrecorded
        prepared = prepared or []
        ready = {mail.id for mail in prepared}
        for mail in [*prepared, *(mail for mail in (outbox.due() if rescan else []) if mail.id not in ready)]:
            if mail.id in self._unrecorded:  # sent by this process; only its record failed
                try:
                    self._confirm(mail.id)
                except OSError as error:  # still not writable: the mails behind it get their turn
                    unconfirmed = error
                    continue
                sent += 1
                continue
            if mail.id not in ready:
                outbox.record_attempt(mail.id)
            try:
                delivered = transport.send(mail.outgoing())
                if delivered is not None:  # a file the transport left: durable before its record
                    outbox.disk.delivered(delivered)
            except PermanentSendError as exc:
                gave_up.append(self._give_up(mail, str(exc)))
                failed += 1
            except TransportError as exc:
                if mail.attempts + 1 >= max_attempts:
                    gave_up.append(self._give_up(mail, f"gave up after {mail.attempts + 1} attempts: {exc}"))
                    failed += 1
                else:
                    outbox.mark_retry(mail.id, str(exc))
                    retried += 1
            else:
                self._unrecorded.add(mail.id)
                self._confirm(mail.id, delivered)
                sent += 1
        if unconfirmed is not None:
            raise unconfirmed
        return FlushResult(sent, retried, failed, tuple(gave_up))

    def _give_up(self, mail: QueuedMail, error: str) -> QueuedMail:
        self.outbox.mark_failed(mail.id, error)
        return replace(mail, attempts=mail.attempts + 1, last_error=error)

    def _confirm(self, id: str, delivered: Path | None = None) -> None:
        """`mark_sent` for a mail the transport took; until it is written the id is remembered, so
        this process never sends it again (another process may, once, after the backoff)."""
        self.outbox.mark_sent(id, delivered)
        self._unrecorded.discard(id)
