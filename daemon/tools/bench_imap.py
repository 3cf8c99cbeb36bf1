"""`gonets bench --imap`: the bench's 1000 Русь games behind a real Dovecot and SMTP server on loopback.

A player of one game sends a real order mail (with password) over SMTP; the daemon, waiting as
`run_forever` waits, learns of it by IMAP IDLE (or by polling), and its pass fetches, archives,
checks, stores and answers over SMTP. The figure a player feels runs from the SMTP server accepting
the mail (it is in the daemon's mailbox by then) to the reply accepted into the player's mailbox.
It is split in two: Dovecot's notice (it waits 0.5 s after a change before telling an IDLE client)
and the daemon's pass, which visits every game. Besides, how many order mails per second one daemon
answers. The games are built as `bench_games` builds them (fsync off); measured passes fsync.
"""

from __future__ import annotations

import importlib.util
import queue
import random
import threading
import time
from dataclasses import dataclass
from email import message_from_bytes
from email.utils import parseaddr
from pathlib import Path
from typing import TYPE_CHECKING

from daemon.service import PassReport
from daemon.tools.bench_games import Scene, open_scene, reopen
from daemon.tools.bench_report import Figure, Goal, median, p90
from engines.errors import GonetsError

if TYPE_CHECKING:
    from tests.mailservers import MailServers

DAEMON_USER, DAEMON_SECRET = "gonets", "bench-secret"
ADDRESS = f"{DAEMON_USER}@test.local"  # the loopback servers' domain (tests/mailservers.py)
PLAYERS = 16
POLL_SECONDS = 2.0
REPLY_TIMEOUT = 60.0
_TRANSPORT = """\
[transport]
kind = "imap"
[transport.imap]
host = "127.0.0.1"
port = {imap}
security = "plain"
user = "{user}"
password = "{password}"
idle = {idle}
poll_seconds = {poll}
[transport.smtp]
host = "127.0.0.1"
port = {smtp}
security = "plain"
"""


class MissingServer(GonetsError):
    """`bench --imap` needs software the plain install does not bring."""

    exit_code = 2


def require_servers() -> None:
    """Say in one line what to install before anything runs."""
    if importlib.util.find_spec("aiosmtpd") is None:
        raise MissingServer(
            "bench --imap needs aiosmtpd (the dev extra): pip install 'gonets[dev]' or pip install aiosmtpd"
        )
    if importlib.util.find_spec("tests.mailservers") is None:
        raise MissingServer("bench --imap runs from a checkout: its mail servers are the tests' (tests/)")
    from tests.mailservers import dovecot_installed

    if not dovecot_installed():
        raise MissingServer("bench --imap needs Dovecot: apt-get install -y dovecot-imapd dovecot-lmtpd")


@dataclass(frozen=True)
class Reply:
    """Seconds from the SMTP server accepting an order mail."""

    notice: float  # to the daemon waking up for it
    total: float  # to its reply accepted into the player's mailbox


def imap_figures(root: Path, games: int, samples: int, mails: int) -> list[Figure]:
    """`samples` order mails answered over IDLE, as many over polling, then `mails` at once."""
    from tests.mailservers import MailServers

    scene = open_scene(root, "rus", PLAYERS, idle_games=games - 1)
    try:
        orders = [scene.order_mail(n) for n in range(2 * samples + mails)]  # before the daemon's thread
        players = {p.address.partition("@")[0]: "player" for p in scene.players}  # they get the replies
        with MailServers({DAEMON_USER: DAEMON_SECRET} | players) as servers:
            scene = reopen(scene, ADDRESS, _transport(servers, idle=True))
            idle = _replies(scene, servers, orders[:samples])
            scene = reopen(scene, ADDRESS, _transport(servers, idle=False))
            polled = _replies(scene, servers, orders[samples : 2 * samples])
            rate = _rate(scene, servers, orders[2 * samples :])
    finally:
        scene.close()
    return _figures(games, idle, polled, rate, mails)


def _transport(servers: MailServers, idle: bool) -> str:
    return _TRANSPORT.format(
        imap=servers.dovecot.imap_port,
        user=DAEMON_USER,
        password=DAEMON_SECRET,
        idle=str(idle).lower(),
        poll=POLL_SECONDS,
        smtp=servers.smtp_port,
    )


def _send(servers: MailServers, raw: bytes) -> None:
    """As the player's mail client submits it; in the daemon's mailbox when this returns."""
    servers.send(raw, parseaddr(str(message_from_bytes(raw)["From"]))[1], [ADDRESS])


def _replies(scene: Scene, servers: MailServers, mails: list[bytes]) -> list[Reply]:
    """The daemon loops as `run_forever` does (wait for mail until the next tick, a pass when mail
    comes or the tick is due) while the player sends at random moments, out of step with the polls."""
    passes: queue.Queue[tuple[float, float, PassReport] | BaseException] = queue.Queue()
    stop = threading.Event()
    daemon = scene.daemon

    def loop() -> None:
        try:
            tick = time.monotonic() + daemon.config.poll_seconds
            while not stop.is_set():
                mail = daemon.transport.wait(max(0.0, tick - time.monotonic()), stop.is_set)
                woke = time.perf_counter()
                if stop.is_set() or not (mail or time.monotonic() >= tick):
                    continue
                tick = time.monotonic() + daemon.config.poll_seconds
                report = daemon.run_once()
                if report.mails or report.sent:
                    passes.put((woke, time.perf_counter(), report))
        except BaseException as error:  # handed to the measuring thread, which raises it
            passes.put(error)

    daemon.run_once()  # logs in, as `run_forever`'s first pass does
    worker = threading.Thread(target=loop, name="bench-daemon")
    worker.start()
    replies = []
    try:
        for raw in mails:
            time.sleep(random.uniform(0.3, 0.3 + POLL_SECONDS))
            _send(servers, raw)
            accepted = time.perf_counter()
            woke, answered = _answered(passes)
            replies.append(Reply(woke - accepted, answered - accepted))
    finally:
        stop.set()
        worker.join()
    return replies


def _answered(passes: queue.Queue[tuple[float, float, PassReport] | BaseException]) -> tuple[float, float]:
    """When the daemon woke for the mail and when its pass had answered it; refuses to count a pass
    that did not accept the orders and send the reply."""
    try:
        found = passes.get(timeout=REPLY_TIMEOUT)
    except queue.Empty:
        raise RuntimeError(f"no reply within {REPLY_TIMEOUT:.0f} s") from None
    if isinstance(found, BaseException):
        raise RuntimeError("the daemon's pass failed") from found
    woke, answered, report = found
    if report.mails != 1 or report.accepted != 1 or report.sent < 1:
        raise RuntimeError(f"the bench's order mail was not accepted and answered: {report}")
    return woke, answered


def _rate(scene: Scene, servers: MailServers, mails: list[bytes]) -> float:
    """Order mails per second once they all wait in the mailbox: passes until each is handled."""
    for raw in mails:
        _send(servers, raw)
    began = time.perf_counter()
    handled = 0
    while handled < len(mails):
        report = scene.daemon.run_once()
        if report.accepted != report.mails:
            raise RuntimeError(f"the bench's order mails were not all accepted: {report}")
        handled += report.mails
        if time.perf_counter() - began > REPLY_TIMEOUT:
            raise RuntimeError(f"{len(mails) - handled} order mails unanswered after {REPLY_TIMEOUT:.0f} s")
    return len(mails) / (time.perf_counter() - began)


def _figures(games: int, idle: list[Reply], polled: list[Reply], rate: float, mails: int) -> list[Figure]:
    total, notice = [r.total * 1000 for r in idle], [r.notice * 1000 for r in idle]
    polling = [r.total * 1000 for r in polled]
    return [
        Figure(
            "imap.idle_reply",
            median(total),
            "ms",
            f"order mail accepted by SMTP → reply in the player's mailbox, IDLE, {games} Русь games, median",
            Goal("<=", 1000),
        ),
        Figure("imap.idle_reply_p90", p90(total), "ms", "the same, 90th percentile"),
        Figure("imap.idle_notice", median(notice), "ms", "its first part: Dovecot's IDLE notice, median"),
        Figure(
            "imap.idle_pass",
            median([t - n for t, n in zip(total, notice, strict=True)]),
            "ms",
            "its second part: the daemon's pass (fetch, handle, reply over SMTP), median",
        ),
        Figure(
            "imap.poll_reply",
            median(polling),
            "ms",
            f"order mail → reply polling every {POLL_SECONDS:g} s instead of IDLE, median",
        ),
        Figure("imap.poll_reply_p90", p90(polling), "ms", "the same, 90th percentile"),
        Figure("imap.rate", rate, "mails/s", f"{mails} waiting order mails answered over IMAP/SMTP"),
    ]
