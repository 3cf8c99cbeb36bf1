"""The daemon: one pass over inbox, clocks and outbox (`run_once`), repeated by a ticker.

A pass stages everything it changes (GM requests, every waiting mail, the games whose clocks
are due), commits it with one journal fsync (`state.journal`), and only then acknowledges the
mails and sends what the outbox holds. The tests, `gonets demo` and the long-running process
drive the very same `run_once`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import schedule

from daemon.config import Config, ConfigError, load_config
from daemon.games import Games
from daemon.gm.spool import run_requests
from daemon.incoming.intake import Intake
from daemon.incoming.replies import FILE_NAME as REPLIES_FILE
from daemon.incoming.replies import ReplyLedger, ReplyLimits
from daemon.outgoing import undelivered
from daemon.outgoing.alerts import STORE_FAILURES, StoreAlarm, alert_refused_journal
from daemon.outgoing.postman import Postman
from daemon.phases.deadlines import tick
from daemon.phases.wakeups import Wakeups
from daemon.transports.base import Transport
from state.archive import MailArchive
from state.control import ControlSpool
from state.delivery import Delivery
from state.disk import Disk
from state.files import make_private, remove_stray_temps
from state.handling import Handling
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
        self.spool = ControlSpool(config.games_dir / "control", self.disk)  # `gonets gm` beside us
        self.alarm = StoreAlarm(self.games, self.postman, config.games_dir, transport.send)
        self.intake = Intake(config, self.games, self.archive, self.handling, self.ledger, self.postman)
        self._failures_checked = False  # failed/ is scanned once for failures no digest has yet

    def close(self) -> None:
        if not self.outbox.holding:
            self.journal.checkpoint()
        self.games.close()
        self.transport.close()
        self.handling.close()
        self.lock.close()

    def run_once(self) -> PassReport:
        report = PassReport()
        self._reload_config()  # before the clock is read: a slow read must not make it stale
        now = self.clock()
        self.intake.new_pass()
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
            kind, rejected = self.intake.handle(incoming, now, failures)
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
        self.config = self.postman.config = self.intake.config = config
        self.ledger.limits = _reply_limits(config)
        log.info("configuration reloaded; new games: %s", ", ".join(added) or "none")

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
