"""The daemon: one pass over inbox, clocks and outbox (`run_once`), repeated by a ticker.

A pass stages what it changes (GM requests, the waiting mail, the games whose clocks are due),
commits it with one journal fsync (`state.journal`), and only then acknowledges the mails and
sends what the outbox holds. A backlog is taken in slices of at most `SLICE_MAILS` mails or
`SLICE_SECONDS`, each committed, acknowledged and answered before the next is read: the first
replies leave within a second however many mails wait, and what a pass holds in memory is one
slice's. GM requests are run in the first slice, the clocks once the inbox is drained, and they are
sliced the same way: when a hundred deadlines fall in one minute, each half second's resolutions
are committed and their reports sent, and the inbox is read again before the next games are
resolved, so neither the first report nor a player's reply waits for the whole storm. The tests,
`gonets demo` and the long-running process drive the very same `run_once`.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from daemon.config import Config, ConfigError, load_config
from daemon.games import Games
from daemon.incoming.replies import FILE_NAME as REPLIES_FILE
from daemon.incoming.replies import ReplyLedger, ReplyLimits
from daemon.phases.wakeups import Wakeups
from daemon.transports.base import Incoming, Transport
from state.archive import MailArchive
from state.control import ControlSpool
from state.delivery import Delivery
from state.disk import Disk
from state.errors import STORE_FAILURES
from state.files import make_private, remove_stray_temps
from state.handling import Handling
from state.journal import Batch, Journal, JournalRefused
from state.lock import DirectoryLock
from state.outbox import Outbox, QueuedMail

if TYPE_CHECKING:  # what a pass uses only when it has mail, a request, a due game or a failure
    from daemon.incoming.intake import Intake
    from daemon.outgoing.alerts import StoreAlarm
    from daemon.outgoing.postman import Postman
    from daemon.outgoing.site import SiteKeeper

log = logging.getLogger(__name__)
JOURNAL_BYTES = 4 << 20  # a busy pass leaves the journal to the next quiet one up to this size
SLICE_MAILS = 200  # mails staged before a commit: a pass's memory is bounded by one slice's
SLICE_SECONDS = 0.5  # ...and so is the wait for the first replies of a backlog
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
    commands: int = 0  # GM commands run: by mail or from the control spool (`gonets gm`)

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


@dataclass
class ClockRound:
    """The games a pass's clock slices have seen to, and those to visit again at the next pass."""

    seen: set[str] = field(default_factory=set)
    again: set[str] = field(default_factory=set)


class Daemon:
    def __init__(
        self, config: Config, transport: Transport, clock: Clock = utc_now, config_path: Path | None = None
    ) -> None:
        self.config = config
        self.transport = transport
        self.clock = clock
        self.config_path = config_path  # read again when it changes: `gonets init` adds a game live
        self._config_stamp = _stamp(config_path)
        self._site: SiteKeeper | None = None  # the web archive's refresh, made by the first pass needing it
        try:
            self.lock = DirectoryLock(config.games_dir)
        except JournalRefused as refused:  # the start stops; the GMs hear of it once
            from daemon.outgoing.alerts import alert_refused_journal

            alert_refused_journal(config, transport.send, refused, clock())
            raise
        self.disk = Disk(config.games_dir)  # every store writes through it: the pass's batch stages there
        self.journal = Journal(self.disk, private_files(config.games_dir))
        try:
            # a walk of the whole directory, only after a holder that died (a cron pass: 55 ms of 1000 games)
            removed = 0 if self.lock.released else remove_stray_temps(config.games_dir)
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
            for game in self.wakeups.restore(config.games_dir, self.games):  # changed since the last pass
                game.store.exists()  # read now, as the first pass would: a corrupt file stops the start
            self.ledger = ReplyLedger(config.games_dir, self.disk, _reply_limits(config))
        except BaseException:
            self.lock.close()
            raise
        self.archive = MailArchive(config.games_dir / "archive", self.disk)
        self.handling = Handling(config.games_dir)
        self.outbox = Outbox(config.games_dir / "outbox", self.disk, clock=lambda: self.clock().timestamp())
        self.delivery = Delivery(self.outbox)  # the send loop: it remembers what it could not record
        self.spool = ControlSpool(config.games_dir / "control", self.disk)  # `gonets gm` beside us
        self._failures_checked = False  # failed/ is scanned once for failures no digest has yet

    # What a pass needs only when it has mail to read or write, or a failure to tell: made (and
    # their modules imported) the first time, so that an empty cron pass loads none of them.
    @cached_property
    def postman(self) -> Postman:
        from daemon.outgoing.postman import Postman

        return Postman(self.config, self.outbox, self.clock)

    @cached_property
    def intake(self) -> Intake:
        from daemon.incoming.intake import Intake

        return Intake(self.config, self.games, self.archive, self.handling, self.ledger, self.postman)

    @cached_property
    def alarm(self) -> StoreAlarm:
        from daemon.outgoing.alerts import StoreAlarm

        return StoreAlarm(self.games, self.postman, self.config.games_dir, self.transport.send)

    def close(self) -> None:
        if not self.outbox.holding:
            self.journal.checkpoint()
        try:  # once a process, at its end: a pass with mail would pay a file for it
            self.wakeups.save(self.config.games_dir, self.games)
        except OSError as error:  # the next start visits every game, as without the index
            log.warning("the games' wake-up index was not saved: %s", error)
        self.games.close()
        self.transport.close()
        self.handling.close()
        self.lock.close()

    def run_once(self) -> PassReport:
        report = PassReport()
        self._reload_config()  # before the clock is read: a slow read must not make it stale
        now = self.clock()
        if "intake" in self.__dict__:  # what it learnt of the games is asked again
            self.intake.new_pass()
        try:
            self.journal.catch_up()  # a commit a full disk left half applied
        except STORE_FAILURES as error:
            self.alarm.raise_alarm(error, now)
            return report
        self._count(PassReport())  # what a command line did outside a pass is no pass's
        inbox = self.transport.fetch(self.config.limits.mail_bytes)
        first, clocks = True, ClockRound()
        while True:
            drained, clocks_done, committed = self._slice(report, now, inbox, first, clocks)
            if (drained and clocks_done) or not committed:  # a failed commit: the rest waits
                break
            if drained:  # the clocks took their slice: mail that came meanwhile is read first
                inbox = self.transport.fetch(self.config.limits.mail_bytes)
            first = False
            self._checkpoint(busy=True)
            now = self.clock()
        for game_id in clocks.again:
            self.wakeups.touch(game_id)
        busy = bool(report.mails or report.resolved or report.sent or report.failed or report.commands)
        self._checkpoint(busy=busy)
        if busy and self.config.site_dir is not None:
            self._refresh_site(self.config.site_dir)
        return report

    def _refresh_site(self, site: Path) -> None:
        """The public archive after a pass that did something (a phase released, a start, a GM's
        command by mail); a failure is logged, never the pass's (the next busy pass tries again)."""
        from daemon.outgoing.site import SiteKeeper

        if self._site is None or self._site.site != site:
            self._site = SiteKeeper(site)
        keeper = self._site
        try:
            keeper.after_pass(self.games)
        except Exception:
            keeper.seen.clear()
            log.exception("the web archive %s could not be refreshed", site)

    def _slice(
        self, report: PassReport, now: datetime, inbox: Iterator[Incoming], first: bool, clocks: ClockRound
    ) -> tuple[bool, bool, bool]:
        """One commit's worth of the pass: staged, committed, then its mails acknowledged and its
        replies sent. Returns whether the inbox is drained, whether every due clock was seen to,
        and whether the commit went through."""
        began = time.monotonic()
        failures: list[BaseException] = []  # store failures: the GM is alerted once the slice is over
        acks: list[tuple[str, bool]] = []
        clocks_done = False
        with self.journal.batch() as batch:
            if first:
                self._requests(report, now, failures)
            drained = self._read(report, now, inbox, acks, failures, began)
            if drained:
                clocks_done = self._tick(now, failures, began, clocks)
            prepared = self._prepare(now, failures)
        committed = self._commit(batch, failures, self.outbox.queue_files(prepared))
        if committed:
            for uid, rejected in acks:
                self.transport.acknowledge(uid, rejected=rejected)
        for failure in failures:
            self.alarm.raise_alarm(failure, now)
        self._flush(report, now, prepared if committed else None)
        self._count(report)
        return drained, clocks_done, committed

    def _count(self, report: PassReport) -> None:
        """The phases resolved and the GM commands run in the games, wherever: by a deadline, a
        GM's mail (ОБРАБОТАТЬ resolves there and then) or the control spool."""
        for game in self.games:
            if game.opened:
                tally = game.store.tally
                report.resolved += tally.resolved
                report.commands += tally.commands
                tally.resolved = tally.commands = 0

    def _requests(self, report: PassReport, now: datetime, failures: list[BaseException]) -> None:
        """The GM's command lines waiting in the control spool (`gonets gm` beside the daemon)."""
        try:
            requests = self.spool.pending()
            if requests:
                from daemon.gm.spool import run_requests

                run_requests(self.spool, requests, self.games, self.postman, now)
            self.spool.forget_old_answers()
        except STORE_FAILURES as error:  # the request stays in the spool for the next pass
            failures.append(error)

    def _read(
        self,
        report: PassReport,
        now: datetime,
        inbox: Iterator[Incoming],
        acks: list[tuple[str, bool]],
        failures: list[BaseException],
        began: float,
    ) -> bool:
        """Handle waiting mail until the slice is full; True once the inbox is drained."""
        for count, incoming in enumerate(inbox, 1):
            kind, rejected = self.intake.handle(incoming, now, failures)
            if rejected is not None:
                acks.append((incoming.uid, rejected))
            report.mails += 1
            report.accepted += kind == "orders"
            report.refused += kind == "rejected"
            report.service += kind == "service"
            if count >= SLICE_MAILS or time.monotonic() - began >= SLICE_SECONDS:
                return False
        return True

    def _tick(self, now: datetime, failures: list[BaseException], began: float, clocks: ClockRound) -> bool:
        """The games whose clock is due (reminders, holds, resolutions, releases) until the slice's
        time is up, at least one; True once none is left. A game not reached is due again at once,
        for the next slice; each is seen to once a pass, and one due again after that (its clock
        failed, or it was written) waits for the next pass, as before slicing."""
        due: list[str] = []
        for game_id in self.wakeups.due(now):
            (clocks.again.add if game_id in clocks.seen else due.append)(game_id)
        if due:
            from daemon.phases.deadlines import tick
        for done, game_id in enumerate(due, 1):
            clocks.seen.add(game_id)
            game = self.games.get(game_id)
            if game is None:
                continue
            try:
                ticked = tick(game, self.postman, now)
                self.wakeups.set(game_id, ticked.wake)
            except STORE_FAILURES as error:  # that game waits; the others and the outbox go on
                failures.append(error)
                clocks.again.add(game_id)
            except Exception:  # a bug in one game must not hold back the pass's mail for all games
                log.exception("%s: the clock failed; tried again at the next pass", game_id)
                clocks.again.add(game_id)
            if done < len(due) and time.monotonic() - began >= SLICE_SECONDS:
                for later in due[done:]:
                    self.wakeups.touch(later)
                return False
        return True

    def _prepare(self, now: datetime, failures: list[BaseException]) -> list[QueuedMail]:
        """The reply counts saved, and the mails to send once the slice is committed, their
        attempts recorded with it."""
        try:
            self.ledger.save(now)
            return self.delivery.prepare()
        except STORE_FAILURES as error:
            failures.append(error)
            return []

    def _checkpoint(self, busy: bool) -> None:
        """Empty the journal when the pass was quiet, or it has grown past `JOURNAL_BYTES`, or a
        mail with a secret left (the journal holds its plaintext), unless it still holds mail
        waiting to be sent."""
        if self.outbox.sent_secret:
            busy, self.outbox.sent_secret = False, False
        if not self.outbox.holding:
            self.journal.checkpoint(unless_under=JOURNAL_BYTES if busy else 0)

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
                from daemon.outgoing import undelivered

                with self.journal.batch() as batch:
                    for mail in given_up:
                        undelivered.note(self.games, self.outbox, mail)
                self.journal.commit(batch)
        except STORE_FAILURES as error:
            self.alarm.raise_alarm(error, now)
            return
        report.sent += flushed.sent
        report.failed += flushed.failed

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
        self.config = config
        for made in ("postman", "intake"):
            if made in self.__dict__:
                self.__dict__[made].config = config
        self.ledger.limits = _reply_limits(config)
        log.info("configuration reloaded; new games: %s", ", ".join(added) or "none")

    def run_forever(self) -> None:
        """Tick with `schedule` (memory only, by design: deadlines live in the store). Between
        ticks the transport waits for mail; mail announced early (IMAP IDLE) or a GM command in the
        control spool gets a pass at once."""
        import schedule

        for game in self.games:  # a broken rule data file stops the daemon at its start
            game.ruleset  # noqa: B018 - imported for its checks
        self._safe_pass()
        schedule.every(self.config.poll_seconds).seconds.do(self._safe_pass)
        while True:
            if self.transport.wait(self._idle_seconds(schedule.idle_seconds()), self.spool.waiting):
                self._safe_pass()
            schedule.run_pending()

    def _idle_seconds(self, until_poll: float | None) -> float:
        """How long to wait for mail: until the next poll, or sooner, the next game's instant
        (a deadline, a reminder), so that its reports leave on time rather than at the next poll."""
        wait = max(0.0, until_poll or 0.0)
        at = self.wakeups.next_at()
        if at is not None:
            wait = min(wait, max(0.0, (at - self.clock()).total_seconds()))
        return wait

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
