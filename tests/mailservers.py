"""A throwaway mail system on loopback, for the integration tests and `gonets bench --imap` (which
runs from a checkout, with the dev extra).

A real Dovecot (Debian `dovecot-imapd` + `dovecot-lmtpd`) serves IMAP for a few users from a
passwd-file and Maildirs in a short temp directory (unix socket paths must stay under 107
bytes); an aiosmtpd SMTP server (a dev dependency) hands every accepted mail to Dovecot over
LMTP before answering 250, so once a send returns the mail is in the recipient's mailbox.
Both optionally speak TLS with a self-signed certificate made by `openssl`. Dovecot runs as an
ordinary user (root may not run imap-login), with `chroot =` left empty for its services (no
chroot without root), and the mail files belong to that user, never to uid 0.
"""

from __future__ import annotations

import grp
import os
import pwd
import shutil
import signal
import smtplib
import socket
import ssl
import subprocess
import tempfile
import time
from dataclasses import dataclass
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path
from typing import Any

from daemon.transports.accounts import Account, Security
from daemon.transports.imap_connection import ImapSettings, connect, shut

DOMAIN = "test.local"
_CONFIG = """\
base_dir = {d}/run
state_dir = {d}/state
instance_name = dovecot-test-{imap}
log_path = {d}/dovecot.log
protocols = imap lmtp
listen = 127.0.0.1
{ssl}
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = {user}
default_internal_group = {group}
default_login_user = {user}
first_valid_uid = {uid}
first_valid_gid = {gid}
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%n {d}/passwd
}}
userdb {{
  driver = static
  args = uid={uid} gid={gid} home={d}/mail/%n
}}
mail_location = maildir:~/Maildir
service anvil {{
  chroot =
}}
service imap-login {{
  chroot =
  inet_listener imap {{
    address = 127.0.0.1
    port = {imap}
  }}
  inet_listener imaps {{
    address = 127.0.0.1
    port = {imaps}
  }}
}}
service lmtp {{
  inet_listener lmtp {{
    address = 127.0.0.1
    port = {lmtp}
  }}
}}
protocol lmtp {{
  auth_username_format = %n
}}
"""


def dovecot_installed() -> bool:
    return shutil.which("dovecot") is not None or Path("/usr/sbin/dovecot").exists()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _wait_for_port(port: int, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"dovecot exited: {log.read_text(errors='replace') if log.exists() else ''}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"nothing listens on 127.0.0.1:{port} after 20 s")


@dataclass(frozen=True)
class Certificate:
    cert: Path
    key: Path

    @classmethod
    def self_signed(cls, directory: Path) -> Certificate:
        made = cls(directory / "cert.pem", directory / "key.pem")
        subject = ["-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"]
        files = ["-keyout", str(made.key), "-out", str(made.cert)]
        subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", *subject, *files],
            check=True,
            capture_output=True,
        )
        return made

    def server_context(self) -> ssl.SSLContext:
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(self.cert, self.key)
        return context


class Dovecot:
    """`dovecot -F` in the foreground with its own config; restartable on the same ports."""

    def __init__(self, base: Path, users: dict[str, str], certificate: Certificate | None = None) -> None:
        self.base = base
        self.certificate = certificate
        self.imap_port, self.imaps_port, self.lmtp_port = free_port(), free_port(), free_port()
        self._process: subprocess.Popen[bytes] | None = None
        owner = pwd.getpwnam("nobody") if os.geteuid() == 0 else pwd.getpwuid(os.geteuid())
        self._uid, self._gid = owner.pw_uid, owner.pw_gid
        for sub in ("run", "state", "mail"):
            (base / sub).mkdir(parents=True, exist_ok=True)
        os.chmod(base, 0o755)
        os.chown(base / "mail", self._uid, self._gid)
        passwd = "".join(f"{user}:{{PLAIN}}{secret}::::\n" for user, secret in users.items())
        (base / "passwd").write_text(passwd, encoding="utf-8")
        (base / "dovecot.conf").write_text(self._config(owner.pw_name), encoding="utf-8")

    def _config(self, user: str) -> str:
        tls = "ssl = no"
        if self.certificate is not None:
            tls = f"ssl = yes\nssl_cert = <{self.certificate.cert}\nssl_key = <{self.certificate.key}"
        return _CONFIG.format(
            d=self.base,
            ssl=tls,
            user=user,
            group=grp.getgrgid(self._gid).gr_name,
            uid=self._uid,
            gid=self._gid,
            imap=self.imap_port,
            imaps=self.imaps_port if self.certificate else 0,
            lmtp=self.lmtp_port,
        )

    def start(self) -> None:
        log = self.base / "dovecot.log"
        command = ["dovecot", "-F", "-c", str(self.base / "dovecot.conf")]
        self._process = subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
        )
        _wait_for_port(self.imap_port, self._process, log)
        _wait_for_port(self.lmtp_port, self._process, log)

    def stop(self) -> None:
        """SIGTERM to the whole process group, as systemd stops a service: the master alone would
        leave the imap processes serving their open sessions. Waits for the master, so a restart
        finds the ports free."""
        if self._process is not None:
            os.killpg(self._process.pid, signal.SIGTERM)
            self._process.wait(timeout=30)
            self._process = None

    def restart(self) -> None:
        self.stop()
        self.start()


class LmtpRelay:
    """The aiosmtpd handler: deliver to Dovecot over LMTP, then answer as Dovecot answered."""

    def __init__(self, lmtp_port: int) -> None:
        self.lmtp_port = lmtp_port

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        try:
            with smtplib.LMTP("127.0.0.1", self.lmtp_port) as lmtp:
                lmtp.sendmail(envelope.mail_from, envelope.rcpt_tos, envelope.original_content)
        except smtplib.SMTPRecipientsRefused as error:
            code, text = next(iter(error.recipients.values()))
            return f"{code} {text.decode(errors='replace')}"
        except (OSError, smtplib.SMTPException) as error:
            return f"451 delivery failed: {error}"
        return "250 OK delivered"


class MailServers:
    """Dovecot for `users` (name → password, addresses name@test.local) plus an SMTP server in
    front of it: plain SMTP on `smtp_port`; with a certificate also STARTTLS+AUTH on
    `submission_port` (any Dovecot user and password)."""

    def __init__(self, users: dict[str, str], tls: bool = False) -> None:
        self.users = users
        self.base = Path(tempfile.mkdtemp(prefix="gd-", dir="/tmp"))
        os.chmod(self.base, 0o755)  # Dovecot's processes run as the mail user
        self.certificate = Certificate.self_signed(self.base) if tls else None
        self.dovecot = Dovecot(self.base / "d", users, self.certificate)
        self.smtp_port = free_port()
        self.submission_port = free_port()
        self._controllers: list[Any] = []

    def __enter__(self) -> MailServers:
        from aiosmtpd.controller import Controller
        from aiosmtpd.smtp import AuthResult

        self.dovecot.start()
        relay = LmtpRelay(self.dovecot.lmtp_port)
        self._controllers = [Controller(relay, hostname="127.0.0.1", port=self.smtp_port)]
        if self.certificate is not None:

            def authenticate(
                server: Any, session: Any, envelope: Any, mechanism: str, data: Any
            ) -> AuthResult:
                user, password = data.login.decode(), data.password.decode()
                return AuthResult(success=self.users.get(user) == password, handled=False)

            submission = Controller(
                relay,
                hostname="127.0.0.1",
                port=self.submission_port,
                tls_context=self.certificate.server_context(),
                require_starttls=True,
                authenticator=authenticate,
                auth_required=True,
                auth_exclude_mechanism=["LOGIN"],  # its LOGIN hangs smtplib after a refused PLAIN
            )
            self._controllers.append(submission)
        for controller in self._controllers:
            controller.start()
        return self

    def __exit__(self, *exc: object) -> None:
        for controller in self._controllers:
            controller.stop()
        self.dovecot.stop()
        shutil.rmtree(self.base, ignore_errors=True)

    def imap(self, user: str, security: Security = "plain", **options: Any) -> ImapSettings:
        """Settings for logging in to `user`'s mailbox."""
        port = self.dovecot.imaps_port if security == "tls" else self.dovecot.imap_port
        ca = self.certificate.cert if self.certificate and security != "plain" else None
        account = Account("localhost", port, security, user, self.users[user], ca_file=ca)
        return ImapSettings(account, **options)

    def send(self, raw: bytes, sender: str, recipients: list[str]) -> None:
        """Submit as a player's mail client would; delivered into Dovecot when this returns."""
        with smtplib.SMTP("127.0.0.1", self.smtp_port) as smtp:
            smtp.sendmail(sender, recipients, raw)

    def mailbox(self, user: str, folder: str = "INBOX") -> list[EmailMessage]:
        """Every mail in one folder of `user`'s mailbox, oldest first, read over IMAP."""
        client = connect(self.imap(user))
        try:
            client.select_folder(folder, readonly=True)
            uids = sorted(client.search(["ALL"]))
            data = client.fetch(uids, ["BODY.PEEK[]"]) if uids else {}
        finally:
            shut(client)
        messages = [message_from_bytes(data[uid][b"BODY[]"], policy=policy.default) for uid in uids]
        return [m for m in messages if isinstance(m, EmailMessage)]
