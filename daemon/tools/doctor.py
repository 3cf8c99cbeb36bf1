"""`gonets doctor`: try the configured mail servers the way the daemon will, and say in plain
words what is wrong and what to change. It sends no mail and changes nothing on the servers.

Also lists the mails the outbox gave up on (5xx, or too many failed attempts): that is where a
GM sees a permanent send failure.
"""

from __future__ import annotations

import smtplib
import socket
import ssl
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from daemon.config import Config, ConfigError, load_config
from daemon.transports.accounts import Account
from daemon.transports.imap_connection import BROKEN, REFUSED, ImapSettings, connect, shut
from daemon.transports.smtp import end_session, open_session, smtp_account
from state.disk import Disk
from state.outbox import Outbox


@dataclass(frozen=True)
class Finding:
    ok: bool
    text: str

    def __str__(self) -> str:
        return f"{'ok     ' if self.ok else 'PROBLEM'} {self.text}"


def diagnose(config: Config) -> list[Finding]:
    findings: list[Finding] = []
    if config.transport.kind == "imap":
        base = config.games_dir.parent
        options = config.transport.options
        try:
            imap = ImapSettings.from_config(dict(options.get("imap", {})), base)
            smtp = smtp_account(dict(options.get("smtp", {})), base)
        except ConfigError as error:
            return [Finding(False, f"config: {error}")]
        findings += check_imap(imap) + check_smtp(smtp)
    else:
        findings.append(Finding(True, f"transport {config.transport.kind}: no mail server to check"))
    findings += check_secret_key(config) + check_gm_passwords(config)
    return findings + check_outbox(Outbox(config.games_dir / "outbox", Disk(config.games_dir)))


def check_secret_key(config: Config) -> list[Finding]:
    """The password-hash key: readable by its owner only, and not where a reader of the games
    directory (a backup, a shared folder) would find it next to the hashes."""
    if config.secret_key:
        return [Finding(True, "secret_key: from the environment")]
    path = config.secret_key_file
    if not path.exists():
        return [Finding(True, f"secret_key_file {path}: not made yet (the daemon's first start makes it)")]
    mode = path.stat().st_mode & 0o777
    private = mode & 0o077 == 0
    findings = [
        Finding(private, f"secret_key_file {path}: mode {mode:04o}" + ("" if private else ", use 0600"))
    ]
    if path.resolve().is_relative_to(config.games_dir.resolve()):
        findings.append(
            Finding(False, f"secret_key_file {path} is inside games_dir: move it beside the config")
        )
    return findings


STRONG_GM_PASSWORD = 12  # characters: the GM's address may try many more passwords than a player


def check_gm_passwords(config: Config) -> list[Finding]:
    """A short GM password is the one a forger from the GM's address could guess: the GM's address
    is allowed ten times a player's wrong passwords, so a lockout cannot be forged."""
    return [
        Finding(
            len(game.gm_password) >= STRONG_GM_PASSWORD,
            f"games.{game_id}.gm_password: {len(game.gm_password)} characters"
            + ("" if len(game.gm_password) >= STRONG_GM_PASSWORD else f", use at least {STRONG_GM_PASSWORD}"),
        )
        for game_id, game in sorted(config.games.items())
        if game.gm_password
    ]


def check_imap(settings: ImapSettings) -> list[Finding]:
    account = settings.account
    where = f"IMAP {account.host}:{account.port} ({account.security})"
    try:
        client = connect(settings)
    except (*BROKEN, REFUSED, ConfigError) as error:
        return [Finding(False, f"{where}: {explain(error, account)}")]
    try:
        found = [Finding(True, f"{where}: logged in as {account.user}")]
        found += _capabilities(client.has_capability, settings.idle)
        for folder in (settings.inbox, settings.processed, settings.rejected):
            if client.folder_exists(folder):
                found.append(Finding(True, f"folder {folder!r} exists"))
            elif folder == settings.inbox:
                found.append(Finding(False, f"folder {folder!r} does not exist: fix transport.imap.inbox"))
            else:
                found.append(Finding(True, f"folder {folder!r} is missing; the daemon creates it at start"))
        if client.folder_exists(settings.inbox):
            client.select_folder(settings.inbox, readonly=True)
            waiting = len(client.search(["NOT", "DELETED"]))
            found.append(Finding(True, f"{waiting} mails wait in {settings.inbox!r}"))
        return found
    except (*BROKEN, REFUSED) as error:
        return [Finding(False, f"{where}: the server broke off: {error}")]
    finally:
        shut(client)


def _capabilities(has: Callable[[str], bool], idle: bool) -> list[Finding]:
    notes = []
    if idle and not has("IDLE"):
        notes.append("no IDLE: the daemon polls every transport.imap.poll_seconds instead")
    if not has("MOVE"):
        notes.append("no MOVE: handled mail is copied, flagged deleted and expunged by UID")
        if not has("UIDPLUS"):
            notes.append("no UIDPLUS either: handled mail stays in the inbox flagged \\Deleted")
    return [Finding(True, note) for note in notes] or [Finding(True, "server has IDLE and MOVE")]


def check_smtp(account: Account) -> list[Finding]:
    where = f"SMTP {account.host}:{account.port} ({account.security})"
    try:
        smtp = open_session(account)
    except (OSError, ConfigError) as error:
        return [Finding(False, f"{where}: {explain(error, account)}")]
    try:
        login = f"logged in as {account.user}" if account.user else "connected (no login configured)"
        found = [Finding(True, f"{where}: {login}")]
        if not smtp.has_extn("8bitmime"):
            found.append(
                Finding(False, "the server lacks 8BITMIME: mail in Russian (UTF-8) would be refused")
            )
        return found
    finally:
        end_session(smtp)


def check_outbox(outbox: Outbox) -> list[Finding]:
    failed = outbox.failed()
    if not failed:
        return [Finding(True, f"outbox: nothing given up, {outbox.pending_count()} waiting")]
    return [
        Finding(False, f"outbox gave up on {mail.id} to {', '.join(mail.recipients)}: {mail.last_error}")
        for mail in failed
    ]


def explain(error: BaseException, account: Account) -> str:
    """What an exception from connecting means for the person who wrote the config."""
    if isinstance(error, ConfigError):
        return str(error)
    if isinstance(error, socket.gaierror):
        return f"the host name {account.host!r} does not resolve: check host"
    if isinstance(error, ConnectionRefusedError):
        return "nothing listens there: wrong port, or the server is down"
    if isinstance(error, TimeoutError | socket.timeout):
        return "no answer: a firewall, or a wrong host or port"
    if isinstance(error, ssl.SSLCertVerificationError):
        reason = error.verify_message
        return (
            f"the certificate is not trusted ({reason}): set ca_file, or use the certificate's name as host"
        )
    if isinstance(error, ssl.SSLError):
        other = "starttls" if account.security == "tls" else "tls"
        return f"TLS failed ({error.reason}): is this port for security = {other!r}?"
    if isinstance(error, smtplib.SMTPAuthenticationError):
        return f"login refused for {account.user!r}: check user and password ({error.smtp_code})"
    if isinstance(error, smtplib.SMTPNotSupportedError):
        return f"the server does not offer this ({error}): check security, or leave user empty"
    text = str(error)
    if "authenticat" in text.lower() or "login" in text.lower():
        return f"login refused for {account.user!r}: check user and password ({text})"
    return f"{type(error).__name__}: {text}"


def run_doctor(config_path: Path) -> int:
    findings = diagnose(load_config(config_path))
    for finding in findings:
        print(finding)
    problems = sum(not f.ok for f in findings)
    print("all good" if not problems else f"{problems} problem(s)")
    return 1 if problems else 0
