"""`gonets bench --imap`: the daemon against a real Dovecot and SMTP server on loopback.

Two figures a GM can act on: how long a player waits for the answer (from the moment the
player's SMTP server accepted the mail to the moment the reply sits in the player's mailbox),
with IMAP IDLE and with polling; and how many mails per second one daemon gets through (fetch,
archive, parse, route, store, reply over SMTP, move to the processed folder). The mails are
signups, so the deliberate scrypt password check (see the Maildir figures) is not in them.
"""

from __future__ import annotations

import importlib.util
import random
import statistics
import tempfile
import threading
import time
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

from daemon.config import load_config
from daemon.service import Daemon
from daemon.tools.loopback import DOMAIN, MailServers, dovecot_installed
from daemon.transports import make_transport
from engines.errors import GonetsError

GAME = "bench"
USERS = {"gonets": "bench-secret", "anna": "anna-secret"}
POLL_SECONDS = 2.0
SAMPLES = 10
_CONFIG = """\
games_dir = "games"
address = "gonets@{domain}"
replies_per_hour = 1000000

[transport]
kind = "imap"
[transport.imap]
host = "127.0.0.1"
port = {imap}
security = "plain"
user = "gonets"
password = "{password}"
idle = {idle}
poll_seconds = {poll}
[transport.smtp]
host = "127.0.0.1"
port = {smtp}
security = "plain"

[games.{game}]
ruleset = "coins"
gm = "gm@{domain}"
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
    if not dovecot_installed():
        raise MissingServer("bench --imap needs Dovecot: apt-get install -y dovecot-imapd dovecot-lmtpd")


def run_imap_bench(mails: int) -> int:
    require_servers()
    with MailServers(USERS) as servers:
        idle = _latencies(servers, idle=True)
        polled = _latencies(servers, idle=False)
        rate = _throughput(servers, mails)
    print(f"reply latency over IDLE:          median {_ms(idle)} ms, worst {max(idle) * 1000:6.0f} ms")
    print(
        f"reply latency polling every {POLL_SECONDS:.0f} s: median {_ms(polled)} ms, "
        f"worst {max(polled) * 1000:6.0f} ms"
    )
    print(f"throughput over IMAP/SMTP:        {rate:6.1f} mails/s ({mails} mails, one daemon)")
    return 0


def _ms(samples: list[float]) -> str:
    return f"{statistics.median(samples) * 1000:6.0f}"


def _daemon(servers: MailServers, root: Path, idle: bool) -> Daemon:
    path = root / "gonets.toml"
    path.write_text(
        _CONFIG.format(
            domain=DOMAIN,
            imap=servers.dovecot.imap_port,
            smtp=servers.smtp_port,
            password=USERS["gonets"],
            idle=str(idle).lower(),
            poll=POLL_SECONDS,
            game=GAME,
        ),
        encoding="utf-8",
    )
    config = load_config(path)
    return Daemon(config, make_transport(config))


def _signup(servers: MailServers) -> None:
    message = EmailMessage()
    message["From"] = f"anna@{DOMAIN}"
    message["To"] = f"gonets+{GAME}@{DOMAIN}"
    message["Subject"] = "запись"
    message["Message-ID"] = make_msgid(domain=DOMAIN)
    message.set_content("ЗАПИСЫВАЮСЬ Анна\n")
    servers.send(bytes(message), f"anna@{DOMAIN}", [f"gonets+{GAME}@{DOMAIN}"])


def _latencies(servers: MailServers, idle: bool) -> list[float]:
    """The daemon loops as `run_forever` does (wait, then a pass); the player sends while it waits."""
    with tempfile.TemporaryDirectory(prefix="gonets-bench-") as tmp:
        daemon = _daemon(servers, Path(tmp), idle)
        answered = threading.Event()
        stop = threading.Event()

        def loop() -> None:
            while not stop.is_set():
                if daemon.transport.wait(5.0) and daemon.run_once().sent:
                    answered.set()

        daemon.run_once()
        worker = threading.Thread(target=loop)
        worker.start()
        samples = []
        try:
            for _ in range(SAMPLES):
                time.sleep(random.uniform(0.3, 0.3 + POLL_SECONDS))  # not in step with the polls
                answered.clear()
                began = time.perf_counter()
                _signup(servers)
                if not answered.wait(timeout=60):
                    raise RuntimeError("no reply within 60 s")
                samples.append(time.perf_counter() - began)
        finally:
            stop.set()
            worker.join()
            daemon.close()
    return samples


def _throughput(servers: MailServers, mails: int) -> float:
    with tempfile.TemporaryDirectory(prefix="gonets-bench-") as tmp:
        daemon = _daemon(servers, Path(tmp), idle=True)
        try:
            daemon.run_once()
            for _ in range(mails):
                _signup(servers)
            began = time.perf_counter()
            done = 0
            while done < mails:
                done += daemon.run_once().mails
            return mails / (time.perf_counter() - began)
        finally:
            daemon.close()
