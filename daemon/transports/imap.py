"""IMAP in: the inbox folder of a real mailbox is the queue of mail not yet handled.

Everything still in the inbox folder (and not flagged \\Deleted) is fetched, oldest UID first;
`acknowledge` moves a handled mail to the processed or rejected folder, never deletes it. So a
crash, a dropped connection or a failed move only means a mail is fetched again, and the archive
(content hash, Message-ID, done marker) recognises it: the store is the truth, not the server's
flags, and no UID bookkeeping needs to survive a restart. A handle carries the folder's
UIDVALIDITY, so after the mailbox is recreated an old handle can never move another mail.

Connection trouble never escapes to the daemon: `fetch` returns nothing and the mail waits on the
server; reconnecting backs off from 1 s to 5 min, except the first retry after a working
connection broke (a server restart), which is immediate. Command refusals (NO/BAD) are logged.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterator
from functools import partial
from typing import TypeVar

from imapclient import DELETED

from daemon.transports.base import HEAD_BYTES, WAKE_SLICE, Incoming, Wake, nap, never
from daemon.transports.imap_connection import (
    BROKEN,
    REFUSED,
    Connect,
    ImapConnection,
    ImapSettings,
    connect,
    shut,
)
from state.sending import TransportError

log = logging.getLogger(__name__)
T = TypeVar("T")

MAX_BACKOFF = 300.0
IDLE_SLICE = 60.0  # seconds per idle_check: how soon a silently dead connection is noticed
_BATCH = 200  # mails per pass: a huge backlog is taken in slices
_SLICE_BYTES = 32 * 1024 * 1024  # bodies fetched per command: a backlog of big mails is not all in memory


class ImapUnavailable(TransportError):
    """No usable connection now; the mail stays on the server until the next try."""


class ImapInbox:
    def __init__(
        self,
        settings: ImapSettings,
        connect: Connect = connect,
    ) -> None:
        self.settings = settings
        self._connect = connect  # the seam for tests: a client factory that logs in
        self._client: ImapConnection | None = None
        self._uidvalidity = 0
        self._highest = 0  # highest UID fetched: a higher one is new mail
        self._backoff = 0.0
        self._retry_at = 0.0

    def fetch(self, max_bytes: int) -> Iterator[Incoming]:
        """Up to `_BATCH` mails, their bodies fetched in slices of at most `_SLICE_BYTES`; a mail
        over `max_bytes` only as its header block (it stays on the server for the GM)."""
        try:
            sizes = self._session(self._sizes)
        except TransportError as error:
            log.warning("IMAP fetch: %s; the mail waits on the server", error)
            return
        for chunk in _slices(sizes, max_bytes):
            try:
                yield from self._session(partial(self._bodies, chunk=chunk, max_bytes=max_bytes))
            except TransportError as error:
                log.warning("IMAP fetch: %s; the mail waits on the server", error)
                return

    def acknowledge(self, uid: str, *, rejected: bool = False) -> None:
        """Move to the rejected or processed folder; on failure the mail stays in the inbox, is
        fetched again, recognised as done by the archive, and acknowledged then."""
        validity, _, number = uid.partition(":")
        target = self.settings.rejected if rejected else self.settings.processed
        try:
            self._session(lambda client: self._move(client, int(validity), int(number), target))
        except TransportError as error:
            log.warning("IMAP: UID %s stays in %s: %s", number, self.settings.inbox, error)

    def wait(self, timeout: float, wake: Wake = never) -> bool:
        """Up to `timeout` seconds for new mail, by IDLE or by polling; True once there is some
        or `wake` says so (looked at between short slices of the IDLE, without a server round trip)."""
        deadline = time.monotonic() + timeout
        try:
            return self._session(lambda client: self._wait(client, deadline, wake))
        except TransportError as error:
            log.warning("IMAP wait: %s", error)
        now = time.monotonic()
        return nap(max(0.0, min(deadline - now, max(self._retry_at - now, 1.0))), wake)

    def close(self) -> None:
        if self._client is not None:
            shut(self._client)
            self._client = None

    def _session(self, operation: Callable[[ImapConnection], T]) -> T:
        """Run `operation` on a live connection. A connection that worked before may have died
        meanwhile (server restart, NAT timeout): then reconnect at once and run it again."""
        reused = self._client is not None
        client = self._connected()
        try:
            return operation(client)
        except BROKEN as error:
            self._drop(error)
            if not reused:
                raise ImapUnavailable(f"connection lost: {error}") from error
        except REFUSED as error:
            raise TransportError(f"server refused: {error}") from error
        return self._session(operation)

    def _connected(self) -> ImapConnection:
        if self._client is not None:
            return self._client
        now = time.monotonic()
        if now < self._retry_at:
            raise ImapUnavailable(f"next connection attempt in {self._retry_at - now:.0f} s")
        where = f"{self.settings.account.host}:{self.settings.account.port}"
        try:
            client = self._connect(self.settings)
        except (*BROKEN, REFUSED) as error:
            raise self._back_off(f"cannot log in to {where}", error) from error
        try:
            self._open(client)
        except (*BROKEN, REFUSED) as error:
            shut(client)
            raise self._back_off(f"cannot open {self.settings.inbox} on {where}", error) from error
        self._backoff = self._retry_at = 0.0
        self._client = client
        log.info("IMAP: connected to %s, watching %s", where, self.settings.inbox)
        return client

    def _back_off(self, what: str, error: BaseException) -> ImapUnavailable:
        self._backoff = min(max(1.0, 2 * self._backoff), MAX_BACKOFF)
        self._retry_at = time.monotonic() + self._backoff
        return ImapUnavailable(f"{what}: {error}; retry in {self._backoff:.0f} s")

    def _open(self, client: ImapConnection) -> None:
        """Create the processed and rejected folders if missing, select the inbox, check UIDVALIDITY."""
        for folder in (self.settings.processed, self.settings.rejected):
            if not client.folder_exists(folder):
                client.create_folder(folder)
        validity = int(client.select_folder(self.settings.inbox)[b"UIDVALIDITY"])
        if validity != self._uidvalidity:
            if self._uidvalidity:
                log.warning(
                    "IMAP: %s was recreated (UIDVALIDITY changed), reading it anew", self.settings.inbox
                )
            self._uidvalidity, self._highest = validity, 0

    def _drop(self, error: BaseException) -> None:
        log.warning("IMAP: connection dropped (%s: %s)", type(error).__name__, error)
        self.close()

    def _sizes(self, client: ImapConnection) -> list[tuple[int, int]]:
        """(UID, size) of the oldest `_BATCH` mails waiting."""
        uids = sorted(_search(client))[:_BATCH]
        if not uids:
            return []
        data = client.fetch(uids, ["RFC822.SIZE"])
        self._highest = max(self._highest, uids[-1])
        return [(uid, int(data[uid].get(b"RFC822.SIZE", 0))) for uid in uids if uid in data]

    def _bodies(self, client: ImapConnection, chunk: list[tuple[int, int]], max_bytes: int) -> list[Incoming]:
        whole = [uid for uid, size in chunk if size <= max_bytes]
        heads = [uid for uid, size in chunk if size > max_bytes]
        data = client.fetch(whole, ["BODY.PEEK[]"]) if whole else {}
        data.update(client.fetch(heads, ["BODY.PEEK[HEADER]"]) if heads else {})
        found = []
        for uid, size in chunk:
            raw = data.get(uid, {}).get(b"BODY[]" if size <= max_bytes else b"BODY[HEADER]")
            if isinstance(raw, bytes):
                oversize = size if size > max_bytes else 0
                found.append(
                    Incoming(f"{self._uidvalidity}:{uid}", raw[:HEAD_BYTES] if oversize else raw, oversize)
                )
        return found

    def _move(self, client: ImapConnection, validity: int, uid: int, folder: str) -> None:
        """MOVE where the server has it, else COPY + \\Deleted + UID EXPUNGE of that one UID (a bare
        EXPUNGE would also remove mail someone else flagged). Without UIDPLUS the copy stays
        flagged \\Deleted, which `fetch` skips."""
        if validity != self._uidvalidity:
            log.warning(
                "IMAP: not moving UID %d of an old UIDVALIDITY; the next fetch sees the mail again", uid
            )
            return
        if client.has_capability("MOVE"):
            client.move([uid], folder)
            return
        client.copy([uid], folder)
        client.add_flags([uid], [DELETED])
        if client.has_capability("UIDPLUS"):
            client.uid_expunge([uid])

    def _wait(self, client: ImapConnection, deadline: float, wake: Wake) -> bool:
        while not self._has_new_mail(client):
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            if self.settings.idle and client.has_capability("IDLE"):
                return self._idle(client, deadline, wake)
            if nap(min(left, self.settings.poll_seconds), wake):
                return True
        return True

    def _has_new_mail(self, client: ImapConnection) -> bool:
        """`UID SEARCH UID n:*` answers the highest UID even when it is below n, hence the filter."""
        return any(uid > self._highest for uid in _search(client, "UID", f"{self._highest + 1}:*"))

    def _idle(self, client: ImapConnection, deadline: float, wake: Wake) -> bool:
        """IDLE until the server announces mail, `wake` says so or `deadline` passes. A dead
        connection makes `idle_check` answer nothing, at once, without an exception: that is
        raised as one here."""
        client.idle()
        while (left := deadline - time.monotonic()) > 0:
            slice_ = min(left, IDLE_SLICE if wake is never else WAKE_SLICE)
            began = time.monotonic()
            responses = client.idle_check(timeout=slice_)
            if any(len(r) > 1 and r[1] in (b"EXISTS", b"RECENT") for r in responses) or wake():
                client.idle_done()
                return True
            if not responses and time.monotonic() - began < slice_ / 2:
                raise ConnectionResetError("IDLE ended without a word: the connection is gone")
        client.idle_done()
        return False


def _search(client: ImapConnection, *criteria: str) -> list[int]:
    """UIDs in the selected folder not flagged \\Deleted. NOOP first: Dovecot answers a SEARCH from
    the view it had before the command, so mail delivered since the last command would be missed."""
    client.noop()
    return client.search([*criteria, "NOT", "DELETED"])


def _slices(sizes: list[tuple[int, int]], max_bytes: int) -> Iterator[list[tuple[int, int]]]:
    """Consecutive runs of mails whose bodies (a head for an oversized one) fit in `_SLICE_BYTES`."""
    chunk: list[tuple[int, int]] = []
    total = 0
    for uid, size in sizes:
        cost = min(size, HEAD_BYTES) if size > max_bytes else size
        if chunk and total + cost > _SLICE_BYTES:
            yield chunk
            chunk, total = [], 0
        chunk.append((uid, size))
        total += cost
    if chunk:
        yield chunk
