"""The daemon: one pass over inbox, clocks and outbox (`run_once`), repeated by a ticker.

The tests, `gonets demo` and the long-running process drive the very same `run_once`.
"""

from __future__ import annotations

import logging
from collections import defaultdict, deque
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import schedule

from daemon import mailflow
from daemon.alerts import STORE_FAILURES, StoreAlarm
from daemon.config import Config
from daemon.games import Games
from daemon.postman import Letter, Postman
from daemon.start import finish_start
from daemon.transports.base import Incoming, Transport
from daemon.turns import tick
from parsers.mime import parse_mail
from state.archive import MailArchive
from state.files import remove_stray_temps
from state.lock import DirectoryLock
from state.outbox import Outbox

log = logging.getLogger(__name__)
Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass
class PassReport:
    """What one pass did, for logs, `gonets demo` and tests."""

    mails: int = 0
    resolved: int = 0
    sent: int = 0
    failed: int = 0


class Daemon:
    def __init__(self, config: Config, transport: Transport, clock: Clock = utc_now) -> None:
        self.config = config
        self.transport = transport
        self.clock = clock
        config.games_dir.mkdir(parents=True, exist_ok=True)
        self.lock = DirectoryLock(config.games_dir)
        self.lock.__enter__()
        removed = remove_stray_temps(config.games_dir)
        if removed:
            log.warning("removed %d temporary files left by a crash", removed)
        try:
            self.games = Games(config)  # CorruptStoreError: a game file that does not parse
        except BaseException:
            self.lock.close()
            raise
        self.archive = MailArchive(config.games_dir / "archive")
        self.outbox = Outbox(config.games_dir / "outbox", clock=lambda: self.clock().timestamp())
        self.postman = Postman(config, self.outbox, clock)
        self.alarm = StoreAlarm(self.games, self.postman, config.games_dir)
        self._replies: dict[str, deque[datetime]] = defaultdict(deque)

    def close(self) -> None:
        self.games.close()
        self.transport.close()
        self.lock.__exit__(None, None, None)

    def run_once(self) -> PassReport:
        report = PassReport()
        now = self.clock()
        self._finish_interrupted(now)
        for incoming in self.transport.fetch():
            self.handle(incoming, now)
            report.mails += 1
        for game in self.games:
            try:
                report.resolved += tick(game, self.postman, now)
            except STORE_FAILURES as error:  # that game waits; the others and the outbox go on
                self.alarm.raise_alarm(error, now)
        flushed = self.outbox.flush(self.transport)
        report.sent, report.failed = flushed.sent, flushed.failed
        return report

    def _finish_interrupted(self, now: datetime) -> None:
        """Role mails of a start interrupted by a crash; turn releases are finished by `tick`."""
        for game in self.games:
            try:
                record = game.load()
                if record.starting:
                    finish_start(game, self.postman, record)
            except STORE_FAILURES as error:
                self.alarm.raise_alarm(error, now)

    def handle(self, incoming: Incoming, now: datetime) -> None:
        """Archive first, acknowledge last: a crash in between only means handling it again.

        A store that cannot be written or read is not the mail's fault: the mail is left in the
        inbox, unacknowledged, for the next pass, and the GM is alerted (`StoreAlarm`).
        """
        key = self.archive.key(incoming.raw)
        try:
            self.archive.store(incoming.raw)
            done = self.archive.is_done(key)
            outcome = None if done else self._decide(key, incoming.raw, now)
        except STORE_FAILURES as error:
            log.error("store failure; mail %s stays in the inbox: %s", incoming.uid, error)
            self.alarm.raise_alarm(error, now)
            return
        except Exception as error:  # a mail that breaks us is quarantined, never lost
            log.exception("mail %s could not be processed", key)
            self._apologise(key, incoming.raw, now)
            self.archive.mark_done(key, {"outcome": "error", "detail": repr(error)})
            self.transport.acknowledge(incoming.uid, rejected=True)
            return
        self.transport.acknowledge(incoming.uid, rejected=outcome is not None and outcome.kind == "ignored")

    def _apologise(self, key: str, raw: bytes, now: datetime) -> None:
        """Tell the sender of a quarantined mail that it was kept but not handled (never an
        automatic sender, never ourselves), so nobody waits for a reply that will not come."""
        try:
            mail = parse_mail(raw)
            if not mail.sender or mail.automatic or mail.sender == self.config.address:
                return
            if self._may_reply(mail.sender, now):
                letter = Letter("player/error", {"key": key[:12]}, "subject_error", {})
                self.postman.send(f"reply-{key}", mail.sender, letter, "ru+en", answering=mail)
        except Exception:  # the apology must never stop the loop
            log.exception("could not tell the sender of mail %s", key)

    def _decide(self, key: str, raw: bytes, now: datetime) -> mailflow.Outcome:
        mail = parse_mail(raw)
        duplicate = self.archive.seen_message_id(mail.message_id)
        if duplicate and duplicate != key:
            outcome = mailflow.Outcome("ignored", detail=f"duplicate of {duplicate}")
        else:
            outcome = mailflow.evaluate(mail, key, self.games, self.config.address, now)
            mailflow.apply(outcome, self.postman, now, key)
            language = outcome.game.settings.language if outcome.game else "ru+en"
            if outcome.letter is not None and self._may_reply(mail.sender, now):
                self.postman.send(
                    f"reply-{key}",
                    mail.sender,
                    outcome.letter,
                    language,
                    outcome.catalog,
                    answering=mail,
                    cc=outcome.cc,
                )
            for extra in outcome.extras:
                self.postman.send(
                    f"reply-{key}-{extra.suffix}", extra.to, extra.letter, language, outcome.catalog
                )
        record = {
            **outcome.log_record(),
            "message_id": mail.message_id,
            "from": mail.sender,
            "subject": mail.subject,
            "problems": list(mail.problems),
            "handled_at": now.isoformat(),  # the pass's clock: `gonets rebuild` replays at this time
        }
        self.archive.mark_done(key, record)
        log.info("mail %s from %s: %s %s", key[:12], mail.sender, outcome.kind, outcome.detail)
        return outcome

    def _may_reply(self, sender: str, now: datetime) -> bool:
        """At most `replies_per_hour` answers per sender: a loop or a flood costs us one hour's quota."""
        recent = self._replies[sender]
        while recent and recent[0] < now - timedelta(hours=1):
            recent.popleft()
        if len(recent) >= self.config.replies_per_hour:
            log.warning("reply to %s suppressed: over %d per hour", sender, self.config.replies_per_hour)
            return False
        recent.append(now)
        return True

    def run_forever(self) -> None:
        """Tick with `schedule` (memory only, by design: deadlines live in the store). Between
        ticks the transport waits for mail; mail announced early (IMAP IDLE) gets a pass at once."""
        self._safe_pass()
        schedule.every(self.config.poll_seconds).seconds.do(self._safe_pass)
        while True:
            if self.transport.wait(max(0.0, schedule.idle_seconds() or 0.0)):
                self._safe_pass()
            schedule.run_pending()

    def _safe_pass(self) -> None:
        try:
            result = self.run_once()
        except Exception:
            log.exception("pass failed; retrying at the next tick")
            return
        if result.mails or result.resolved or result.sent:
            log.info("pass: %s", result)
