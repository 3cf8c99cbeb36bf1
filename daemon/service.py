"""The daemon: one pass over inbox, clocks and outbox (`run_once`), repeated by a ticker.

A pass stages everything it changes (GM requests, every waiting mail, the games whose clocks
are due), commits it with one journal fsync (`state.journal`), and only then acknowledges the
mails and sends what the outbox holds. The tests, `gonets demo` and the long-running process
drive the very same `run_once`.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path

import schedule

from daemon.config import Config, ConfigError, load_config
from daemon.games import Game, Games
from daemon.gm.spool import run_requests
from daemon.incoming import mailflow
from daemon.incoming.addresses import answerable, mailbox_key
from daemon.incoming.replies import FILE_NAME as REPLIES_FILE
from daemon.incoming.replies import ReplyLedger, ReplyLimits
from daemon.outgoing import undelivered
from daemon.outgoing.alerts import STORE_FAILURES, StoreAlarm, alert_refused_journal
from daemon.outgoing.postman import Letter, Postman
from daemon.phases.deadlines import tick
from daemon.phases.wakeups import Wakeups
from daemon.transports.base import Incoming, Transport
from parsers.mime import IncomingMail, parse_head
from parsers.mime_head import cap_head
from parsers.redact import Redactor
from state.archive import MailArchive
from state.control import ControlSpool
from state.delivery import Delivery
from state.disk import Disk
from state.files import make_private, remove_stray_temps
from state.handling import POISON_AFTER, Handling
from state.journal import Batch, Journal, JournalRefused
from state.lock import DirectoryLock
from state.outbox import Outbox, QueuedMail

log = logging.getLogger(__name__)
JOURNAL_BYTES = 4 << 20  # a busy pass leaves the journal to the next quiet one up to this size
Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass
class PassReport:
    """What one pass did, for logs, `gonets run --once`, `gonets demo` and tests."""

    mails: int = 0
    resolved: int = 0
    sent: int = 0
    failed: int = 0
    accepted: int = 0  # order mails whose orders were stored
    refused: int = 0  # order mails none of whose orders was stored
    service: int = 0  # players' mails without order lines: СТАТУС, БЛАНК, ПОМОЩЬ, ОТПУСК, ГОТОВО
    commands: int = 0  # GM command lines from the control spool

    def summary(self) -> str:
        """One line for the GM at a terminal or in cron's mail."""
        return (
            f"писем прочитано {self.mails} (приказы приняты {self.accepted}, отклонены {self.refused}, "
            f"служебных {self.service}), команд ведущего {self.commands}, фаз разрешено {self.resolved}, "
            f"писем отправлено {self.sent}{f', не отправлено {self.failed}' if self.failed else ''}\n"
            f"mails read {self.mails} (orders accepted {self.accepted}, refused {self.refused}, "
            f"service {self.service}), GM commands {self.commands}, phases resolved {self.resolved}, "
            f"mails sent {self.sent}{f', not sent {self.failed}' if self.failed else ''}"
        )


class Daemon:
    def __init__(
        self, config: Config, transport: Transport, clock: Clock = utc_now, config_path: Path | None = None
    ) -> None:
        self.config = config
        self.transport = transport
        self.clock = clock
        self.config_path = config_path  # read again when it changes: `gonets init` adds a game live
        self._config_stamp = _stamp(config_path)
        try:
            self.lock = DirectoryLock(config.games_dir)
        except JournalRefused as refused:  # the start stops; the GMs hear of it once
            alert_refused_journal(config, transport.send, refused, clock())
            raise
        self.lock.__enter__()
        self.disk = Disk(config.games_dir)  # every store writes through it: the pass's batch stages there
        self.journal = Journal(self.disk, private_files(config.games_dir))
        try:
            removed = remove_stray_temps(config.games_dir)
            if removed:
                log.warning("removed %d temporary files left by a crash", removed)
            if made_private := make_private(config.games_dir):
                log.warning(
                    "%d files and folders of %s were readable by others: now by us only",
                    made_private,
                    config.games_dir,
                )
            self.wakeups = Wakeups()
            # CorruptStoreError: a game file that does not parse
            self.games = Games(config, self.disk, on_change=self.wakeups.touch)
            self.ledger = ReplyLedger(config.games_dir, self.disk, _reply_limits(config))
        except BaseException:
            self.lock.close()
            raise
        self.archive = MailArchive(config.games_dir / "archive", self.disk)
        self.handling = Handling(config.games_dir)
        self.outbox = Outbox(config.games_dir / "outbox", self.disk, clock=lambda: self.clock().timestamp())
        self.delivery = Delivery(self.outbox)  # the send loop: it remembers what it could not record
        self.postman = Postman(config, self.outbox, clock)
        self.spool = ControlSpool(
            config.games_dir / "control", self.disk
        )  # `gonets gm` while we hold the lock
        self.alarm = StoreAlarm(self.games, self.postman, config.games_dir, transport.send)
        self._failures_checked = False  # failed/ is scanned once for failures no digest has yet
        self._known: set[str] | None = None  # addresses some game knows, built once per pass

    def close(self) -> None:
        if not self.outbox.holding:
            self.journal.checkpoint()
        self.games.close()
        self.transport.close()
        self.handling.close()
        self.lock.__exit__(None, None, None)

    def run_once(self) -> PassReport:
        report = PassReport()
        self._reload_config()  # before the clock is read: a slow read must not make it stale
        now = self.clock()
        self._known = None
        try:
            self.journal.catch_up()  # a commit a full disk left half applied
        except STORE_FAILURES as error:
            self.alarm.raise_alarm(error, now)
            return report
        failures: list[BaseException] = []  # store failures: the GM is alerted once the pass is over
        acks: list[tuple[str, bool]] = []
        with self.journal.batch() as batch:
            prepared = self._stage(report, now, acks, failures)
        committed = self._commit(batch, failures, self.outbox.queue_files(prepared))
        if committed:
            for uid, rejected in acks:
                self.transport.acknowledge(uid, rejected=rejected)
        for failure in failures:
            self.alarm.raise_alarm(failure, now)
        self._flush(report, now, prepared if committed else None)
        busy = report.mails or report.resolved or report.sent or report.failed or report.commands
        if self.outbox.sent_secret:  # the journal holds its plaintext: empty it now, busy or not
            busy, self.outbox.sent_secret = 0, False
        if not self.outbox.holding:  # else the journal still holds pending mail
            self.journal.checkpoint(unless_under=JOURNAL_BYTES if busy else 0)
        return report

    def _stage(
        self, report: PassReport, now: datetime, acks: list[tuple[str, bool]], failures: list[BaseException]
    ) -> list[QueuedMail]:
        """Everything the pass changes, staged in its batch: nothing here leaves the process.
        Returns the mails to send once it is committed, their attempts recorded with it."""
        try:
            report.commands = run_requests(self.spool, self.games, self.postman, now)
        except STORE_FAILURES as error:  # the request stays in the spool for the next pass
            failures.append(error)
        for incoming in self.transport.fetch(self.config.limits.mail_bytes):
            kind, rejected = self.handle(incoming, now, failures)
            if rejected is not None:
                acks.append((incoming.uid, rejected))
            report.mails += 1
            report.accepted += kind == "orders"
            report.refused += kind == "rejected"
            report.service += kind == "service"
        for game_id in self.wakeups.due(now):
            game = self.games.get(game_id)
            if game is None:
                continue
            try:
                ticked = tick(game, self.postman, now)
                report.resolved += ticked.resolved
                self.wakeups.set(game_id, ticked.wake)
            except STORE_FAILURES as error:  # that game waits; the others and the outbox go on
                failures.append(error)
                self.wakeups.touch(game_id)
            except Exception:  # a bug in one game must not hold back the pass's mail for all games
                log.exception("%s: the clock failed; tried again at the next pass", game_id)
                self.wakeups.touch(game_id)
        try:
            self.ledger.save(now)
            return self.delivery.prepare()
        except STORE_FAILURES as error:
            failures.append(error)
            return []

    def _commit(self, batch: Batch, failures: list[BaseException], sending: set[Path]) -> bool:
        """The commit point. A failure drops the pass's changes whole: its mails stay in the inbox,
        its games are visited again, and what was counted in memory is read again from disk.
        The queue files of the mails about to be sent stay in memory (`Outbox.hold`)."""
        try:
            self.outbox.hold(self.journal.commit(batch, keep=sending))
            return True
        except STORE_FAILURES as error:
            failures.append(error)
            self.ledger.reload()
            self.games.forget()
            return False

    def _flush(self, report: PassReport, now: datetime, prepared: list[QueuedMail] | None) -> None:
        """Send what is due; a store that cannot record a send holds the queue (and tells the GM)
        rather than send the same mail pass after pass. Mails given up on go to their GM's digest."""
        try:
            with self.journal.lazily():  # each send's mark at once, synced once after the last
                try:
                    flushed = self.delivery.flush(self.transport, prepared=prepared)
                finally:
                    self.outbox.settle()
            given_up = list(flushed.gave_up)
            if not self._failures_checked:
                given_up, self._failures_checked = self.outbox.unreported(), True
            if given_up:
                with self.journal.batch() as batch:
                    for mail in given_up:
                        undelivered.note(self.games, self.outbox, mail)
                self.journal.commit(batch)
        except STORE_FAILURES as error:
            self.alarm.raise_alarm(error, now)
            return
        report.sent, report.failed = flushed.sent, flushed.failed

    def _reload_config(self) -> None:
        """A game added (or a setting changed) in the config file while the daemon runs takes
        effect at the next pass; a file that does not load keeps the running configuration."""
        stamp = _stamp(self.config_path)
        if self.config_path is None or stamp == self._config_stamp:
            return
        self._config_stamp = stamp
        try:
            config = load_config(self.config_path)
            added = self.games.update(config)
        except (ConfigError, OSError, ValueError, KeyError) as error:
            log.error(
                "%s changed but was not loaded, the running configuration stays: %s", self.config_path, error
            )
            return
        if config.transport != self.config.transport or config.games_dir != self.config.games_dir:
            log.warning("the transport or games_dir changed: that takes a restart")
        self.config = self.postman.config = config
        self.ledger.limits = _reply_limits(config)
        log.info("configuration reloaded; new games: %s", ", ".join(added) or "none")

    def handle(
        self, incoming: Incoming, now: datetime, failures: list[BaseException]
    ) -> tuple[str, bool | None]:
        """Archive first, acknowledge last (once the pass is committed): a crash in between only
        means handling it again. Returns the outcome's kind ("" when the mail was handled before
        or stays in the inbox) and how to acknowledge it: `rejected` or not, None to leave it.

        A store that cannot be written or read is not the mail's fault: the mail is left in the
        inbox, unacknowledged, for the next pass, and the GM is alerted (`StoreAlarm`). A mail over
        the size limit is archived as its head only and left for the GM in the rejected folder.
        """
        key = self.archive.key(incoming.raw)
        try:
            self.archive.store(incoming.raw)
            done = self.archive.is_done(key)
            deaths = 0 if done else self.handling.deaths(key)
            if deaths >= POISON_AFTER:
                log.error("mail %s killed the daemon %d times while it was handled", key, deaths)
                return self._quarantine(key, incoming.raw, now, f"the daemon died {deaths} times handling it")
            outcome = None if done else self._handled(key, incoming, now)
        except STORE_FAILURES as error:
            log.error("store failure; mail %s stays in the inbox: %s", incoming.uid, error)
            failures.append(error)
            return "", None
        except Exception as error:  # a mail that breaks us is quarantined, never lost
            log.exception("mail %s could not be processed", key)
            return self._quarantine(key, incoming.raw, now, repr(error))
        rejected = bool(incoming.oversize) or (outcome is not None and outcome.kind == "ignored")
        return (outcome.kind if outcome is not None else ""), rejected

    def _handled(self, key: str, incoming: Incoming, now: datetime) -> mailflow.Outcome:
        """`_decide`, with the mail's key on disk meanwhile (`state.handling`): a mail that kills
        the process is known at the next start."""
        self.handling.begin(key)
        try:
            return self._decide(key, incoming, now)
        finally:
            self.handling.end(key)

    def _quarantine(self, key: str, raw: bytes, now: datetime, detail: str) -> tuple[str, bool]:
        """Kept in the archive (its plainly written passwords blanked: it is not taken apart again)
        and in the rejected folder for the GM, never handled again; the sender told."""
        self._apologise(key, raw, now)
        gm_passwords = (game.settings.gm_password for game in self.games)
        blanked = Redactor.of(gm_passwords, self.games.is_password).raw(raw, parse=False)
        if blanked != raw:
            self.archive.blank(key, blanked)
        self.archive.mark_done(key, {"outcome": "error", "detail": detail})
        self.handling.end(key)
        return "error", True

    def _apologise(self, key: str, raw: bytes, now: datetime) -> None:
        """Tell the sender of a quarantined mail that it was kept but not handled (never an
        automatic sender, never ourselves), so nobody waits for a reply that will not come."""
        try:
            mail = parse_head(raw)
            if not mail.sender or mail.automatic or mail.sender == self.config.address:
                return
            if answerable(mail.sender) and self.ledger.may_send(mail.sender, f"reply-{key}", now):
                letter = Letter("player/error", {"key": key[:12]}, "subject_error", {})
                self.postman.send(f"reply-{key}", mail.sender, letter, "ru+en", answering=mail)
        except Exception:  # the apology must never stop the loop
            log.exception("could not tell the sender of mail %s", key)

    def _decide(self, key: str, incoming: Incoming, now: datetime) -> mailflow.Outcome:
        mail = mailflow.read(incoming.raw, incoming.oversize, self.config.limits)
        fingerprint = _fingerprint(mail, incoming.oversize)
        duplicate = self.archive.seen_fingerprint(fingerprint)
        if duplicate and duplicate != key:
            redactor = mailflow.mail_redactor(mail, self.games)
            outcome = mailflow.Outcome("ignored", detail=f"duplicate of {duplicate}", redactor=redactor)
        else:
            outcome = mailflow.evaluate(mail, key, self.games, self.config.address, now, incoming.oversize)
            mailflow.apply(outcome, self.postman, now, key)
            self._answer(key, mail, outcome, now)
        record = {
            **outcome.log_record(),
            "message_id": mail.message_id,
            "fingerprint": fingerprint,
            "from": mail.sender,
            "subject": outcome.redactor.text(mail.subject),
            "problems": list(mail.problems),
            "handled_at": now.isoformat(),  # the pass's clock: `gonets rebuild` replays at this time
            "oversize": incoming.oversize,  # only the head was read: `gonets rebuild` must not read more
        }
        kept = cap_head(incoming.raw).head if incoming.oversize else incoming.raw  # oversize: not read
        blanked = outcome.redactor.raw(kept)
        if blanked != incoming.raw:  # before the done marker: after a crash the inbox's copy is read
            self.archive.blank(key, blanked)
        self.archive.mark_done(key, record)
        log.info("mail %s from %s: %s %s", key[:12], mail.sender, outcome.kind, outcome.detail)
        return outcome

    def _answer(self, key: str, mail: IncomingMail, outcome: mailflow.Outcome, now: datetime) -> None:
        """The reply to the sender (within the sender's quota) and the copy to a player's
        registered address (within that address's own quota: a flood from elsewhere never
        silences it), then the extra mails the orders asked for."""
        language = outcome.game.settings.language if outcome.game else "ru+en"
        shown = replace(mail, subject=outcome.redactor.text(mail.subject))
        mail_id = f"reply-{key}"
        if outcome.letter is not None:
            copies = tuple(a for a in outcome.cc if self.ledger.may_send(a, mail_id, now, "copy"))
            if self._may_answer(mail, outcome, mail_id, now):
                self.postman.send(
                    mail_id,
                    mail.sender,
                    outcome.letter,
                    language,
                    outcome.catalog,
                    answering=shown,
                    cc=copies,
                )
            elif copies:
                first, *others = copies
                self.postman.send(
                    f"{mail_id}-copy", first, outcome.letter, language, outcome.catalog, shown, tuple(others)
                )
        for extra in outcome.extras:
            self.postman.send(f"{mail_id}-{extra.suffix}", extra.to, extra.letter, language, outcome.catalog)

    def _may_answer(self, mail: IncomingMail, outcome: mailflow.Outcome, mail_id: str, now: datetime) -> bool:
        """Never an address no reply can reach; a mail that reached no game, from an address no
        game knows, once a day (backscatter to forged senders); anyone else within the hour's quota."""
        if not answerable(mail.sender):
            log.warning("no reply to %s: not an address a reply can reach", mail.sender)
            return False
        stray = (
            outcome.kind in ("unrouted", "refused")
            and mailbox_key(mail.sender) not in self._known_addresses()
        )
        return self.ledger.may_send(mail.sender, mail_id, now, "unrouted" if stray else "reply")

    def _known_addresses(self) -> set[str]:
        if self._known is None:
            self._known = {mailbox_key(a) for game in self.games for a in _addresses(game)}
        return self._known

    def run_forever(self) -> None:
        """Tick with `schedule` (memory only, by design: deadlines live in the store). Between
        ticks the transport waits for mail; mail announced early (IMAP IDLE) or a GM command in the
        control spool gets a pass at once."""
        self._safe_pass()
        schedule.every(self.config.poll_seconds).seconds.do(self._safe_pass)
        while True:
            if self.transport.wait(max(0.0, schedule.idle_seconds() or 0.0), self.spool.waiting):
                self._safe_pass()
            schedule.run_pending()

    def _safe_pass(self) -> None:
        try:
            result = self.run_once()
        except Exception:
            log.exception("pass failed; retrying at the next tick")
            return
        if result.mails or result.resolved or result.sent or result.commands:
            log.info("pass: %s", result)


def private_files(games_dir: Path) -> tuple[Path, ...]:
    """What only the daemon reads under the games directory: the journal writes it in place."""
    return (games_dir / "archive", games_dir / "outbox", games_dir / REPLIES_FILE)


def _stamp(path: Path | None) -> tuple[int, int] | None:
    """When and how big the config file is: a change means reading it again."""
    try:
        stat = path.stat() if path is not None else None
    except OSError:
        return None
    return (stat.st_mtime_ns, stat.st_size) if stat is not None else None


def _reply_limits(config: Config) -> ReplyLimits:
    return ReplyLimits(config.replies_per_hour, config.limits.replies_total_per_hour)


def _fingerprint(mail: IncomingMail, oversize: int) -> str:
    """The same mail again: same sender, Message-ID and content. A relay that adds headers does not
    change it; a client that reuses a Message-ID for new orders (or another sender) does."""
    parts = (mail.sender, mail.message_id, mail.subject, mail.body, str(oversize or mail.text_chars))
    return hashlib.sha256("\0".join(parts).encode("utf-8", "surrogatepass")).hexdigest()


def _addresses(game: Game) -> list[str]:
    record = game.load()
    players = [p.address for p in record.players.values()]
    return [game.settings.gm, *players, *(s.address for s in record.signups)]
