"""`gonets doctor` against real servers: all good, and the plain-words diagnosis of mistakes."""

from __future__ import annotations

from pathlib import Path

import pytest

from daemon.cli import main
from tests.mailservers import MailServers, free_port

CONFIG = """\
address = "gonets@test.local"
[transport]
kind = "imap"
[transport.imap]
host = "127.0.0.1"
port = {imap}
security = "{security}"
user = "gonets"
password = "{password}"
[transport.smtp]
host = "127.0.0.1"
port = {smtp}
security = "plain"
"""


def doctor(tmp_path: Path, capsys: pytest.CaptureFixture[str], **values: object) -> tuple[int, str]:
    path = tmp_path / "gonets.toml"
    path.write_text(CONFIG.format(**values), encoding="utf-8")
    code = main(["doctor", "--config", str(path)])
    return code, capsys.readouterr().out


def test_all_good(servers: MailServers, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = doctor(
        tmp_path,
        capsys,
        imap=servers.dovecot.imap_port,
        smtp=servers.smtp_port,
        security="plain",
        password="gonets-secret",
    )
    assert code == 0, out
    assert "logged in as gonets" in out and "server has IDLE and MOVE" in out
    assert "'Gonets-Processed' is missing; the daemon creates it at start" in out
    assert out.strip().endswith("all good")


def test_wrong_password_port_and_security(
    servers: MailServers, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = doctor(
        tmp_path, capsys, imap=servers.dovecot.imap_port, smtp=free_port(), security="plain", password="wrong"
    )
    assert code == 1
    assert "login refused for 'gonets': check user and password" in out
    assert "nothing listens there: wrong port, or the server is down" in out
    code, out = doctor(
        tmp_path, capsys, imap=servers.dovecot.imap_port, smtp=servers.smtp_port, security="tls", password="x"
    )
    assert "TLS failed" in out and "is this port for security = 'starttls'?" in out
