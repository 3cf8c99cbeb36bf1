"""The embedded default transport: an inbox Maildir in, an outbox Maildir out.

A local MDA (or a test) delivers into the inbox; something else (an MTA, a script, a GM's mail
client) picks finished mail up from the outbox. stdlib `mailbox.Maildir` makes the Maildir++
folder; the moves are plain renames of Maildir file names (`<uid>:2,<flags>`), so a mail's bytes are never
rewritten. Renames are not fsynced: a lost acknowledge only re-fetches a mail the archive already
marked done.
"""

from __future__ import annotations

import contextlib
import logging
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Literal, NamedTuple

from daemon.transports.base import HEAD_BYTES, WAKE_SLICE, Incoming, Wake, nap, never
from state.files import safe_file_name, write_durably
from state.sending import FinishedMail, PermanentSendError

if TYPE_CHECKING:
    from inotify_simple import INotify

log = logging.getLogger(__name__)
REJECTED_FOLDER = "Rejected"  # Maildir++ folder ".Rejected" inside the inbox
_INFO = ":2,"  # mailbox.Maildir.colon and the info version: <uid>:2,<flags>


class _Waiting(NamedTuple):
    """A mail file to fetch; tuples sort oldest first, by mtime then name."""

    mtime_ns: int
    name: str
    uid: str
    path: Path
    size: int


def _unseen(directory: Path) -> list[_Waiting]:
    """The mail files in a Maildir subdirectory without the "S" (seen) flag."""
    found = []
    for entry in os.scandir(directory):
        uid, _, flags = entry.name.partition(_INFO)
        if entry.name.startswith(".") or not entry.is_file() or "S" in flags:
            continue
        stat = entry.stat()
        found.append(_Waiting(stat.st_mtime_ns, entry.name, uid, Path(entry.path), stat.st_size))
    return found


class MaildirTransport:
    def __init__(self, inbox: Path, outbox: Path) -> None:
        self.inbox = inbox
        self.outbox = outbox
        for path in (inbox, outbox):
            for subdir in ("tmp", "new", "cur"):
                (path / subdir).mkdir(parents=True, exist_ok=True)
        self._rejected = inbox / f".{REJECTED_FOLDER}"
        self._fetched: dict[str, Path] = {}
        self._left_in_cur: dict[str, _Waiting] | None = None  # listed at the first fetch
        self._watch: NewMail | Literal[False] | None = None  # made at the first wait; False: none to be had

    def fetch(self, max_bytes: int) -> Iterator[Incoming]:
        """Mail in new/, plus mail in cur/ without the "S" flag (what a crashed run, or a mail
        client, left there), oldest first by mtime then name; each file is read when its turn
        comes. A file gone meanwhile (a mail client moved it) is skipped.

        cur/ is listed once, at the first fetch, and what it held unseen is remembered until
        acknowledged: afterwards only `acknowledge` moves mail there, flagged seen, so a pass
        costs the same with ten thousand handled mails kept in cur/. A mail client that moves
        unread mail from new/ to cur/ while the daemon runs is seen at the next start."""
        if self._left_in_cur is None:
            self._left_in_cur = {waiting.uid: waiting for waiting in _unseen(self.inbox / "cur")}
        found = sorted([*_unseen(self.inbox / "new"), *self._left_in_cur.values()])
        self._fetched = {waiting.uid: waiting.path for waiting in found}
        for waiting in found:
            try:
                yield self._read(waiting.uid, waiting.path, waiting.size, max_bytes)
            except FileNotFoundError:
                self._left_in_cur.pop(waiting.uid, None)

    def _read(self, uid: str, path: Path, size: int, max_bytes: int) -> Incoming:
        if size <= max_bytes:
            return Incoming(uid, path.read_bytes())
        with path.open("rb") as handle:
            return Incoming(uid, handle.read(HEAD_BYTES), oversize=size)

    def acknowledge(self, uid: str, *, rejected: bool = False) -> None:
        """Processed mail goes to cur/ flagged seen; rejected mail to the ".Rejected" folder, unread,
        for the GM. Never deletes. A uid not fetched by this transport, or already moved, is a
        no-op, so a restart may acknowledge again safely."""
        path = self._fetched.pop(uid, None)
        if path is None:
            return
        if self._left_in_cur:
            self._left_in_cur.pop(uid, None)
        if rejected:
            import mailbox  # its email package is no cost of a pass without a rejected mail

            mailbox.Maildir(self.inbox).add_folder(REJECTED_FOLDER)  # idempotent, Maildir++ marker
            target = self._rejected / "new" / uid
        else:
            flags = set(path.name.partition(_INFO)[2]) | {"S"}  # keep a mail client's flags
            target = self.inbox / "cur" / f"{uid}{_INFO}{''.join(sorted(flags))}"
        with contextlib.suppress(FileNotFoundError):  # already moved by an earlier acknowledge
            os.rename(path, target)

    def send(self, mail: FinishedMail) -> Path | None:
        """Deliver into outbox new/ under a name derived from `mail.id`; the same id twice leaves
        one file (the first: then None, as its bytes may be another build's). Maildir has no
        envelope: the recipients must be in the headers already."""
        if not mail.recipients:
            raise PermanentSendError(f"mail {mail.id!r} has no recipients")
        target = self.outbox / "new" / safe_file_name(mail.id)
        if target.exists():
            return None
        write_durably(target, mail.raw, temp_dir=self.outbox / "tmp", durable=False)  # the caller syncs
        return target

    def wait(self, timeout: float, wake: Wake = never) -> bool:
        """Until mail is delivered into new/ (the kernel's file notifications), `wake` says so, or
        `timeout`: a reply leaves within a second of delivery, not at the next poll. Where the
        notifications are not to be had (not Linux, the watches used up), the next scheduled pass
        reads the inbox."""
        if self._watch is None:
            self._watch = NewMail.watch(self.inbox / "new")
            with os.scandir(self.inbox / "new") as delivered:
                if self._watch and any(delivered):
                    return True  # delivered before the watch began
        if not self._watch:
            return nap(timeout, wake)
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            if wake() or self._watch.arrived(min(left, WAKE_SLICE)):
                return True
        return wake()

    def close(self) -> None:
        """The watch of new/, if one was made; every other call opens and closes its own files."""
        if self._watch:
            self._watch.close()
        self._watch = None


class NewMail:
    """The kernel's notifications of files delivered into a Maildir's new/ (inotify, through
    inotify_simple): a delivery links or renames a finished file in from tmp/."""

    def __init__(self, notify: INotify) -> None:
        self._notify = notify

    @classmethod
    def watch(cls, folder: Path) -> NewMail | Literal[False]:
        """A watch of `folder`, or False where there can be none (then the caller polls)."""
        try:
            from inotify_simple import INotify, flags

            notify = INotify()
        except (ImportError, OSError) as error:  # not Linux; or the user's instances used up
            log.info("no file notifications (%s): the inbox is polled", error)
            return False
        try:
            notify.add_watch(folder, flags.MOVED_TO | flags.CREATE)
        except OSError as error:  # max_user_watches reached
            notify.close()
            log.info("no file notifications for %s (%s): the inbox is polled", folder, error)
            return False
        return cls(notify)

    def arrived(self, seconds: float) -> bool:
        """Whether a file was delivered within `seconds` (the events so far are used up)."""
        return bool(self._notify.read(timeout=max(1, round(seconds * 1000))))

    def close(self) -> None:
        self._notify.close()
