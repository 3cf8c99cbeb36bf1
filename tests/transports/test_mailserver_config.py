"""The `kind = "imap"` config: what it builds, where secrets come from, what it refuses."""

from __future__ import annotations

from pathlib import Path

import pytest

from daemon.config import ConfigError, load_config
from daemon.transports import make_transport
from daemon.transports.mailserver import MailServerTransport
from parsers.mime import parse_mail

CONFIG = """\
address = "gonets@example.org"
[transport]
kind = "imap"
[transport.imap]
host = "imap.example.org"
user = "gonets@example.org"
password_file = "secret.txt"
inbox = "Games"
idle = false
[transport.smtp]
host = "smtp.example.org"
security = "starttls"
user = "gonets@example.org"
password = "env:GONETS_TEST_SMTP"
"""


def transport(tmp_path: Path, text: str) -> MailServerTransport:
    path = tmp_path / "gonets.toml"
    path.write_text(text, encoding="utf-8")
    built = make_transport(load_config(path))
    assert isinstance(built, MailServerTransport)
    return built


def test_builds_imap_in_and_smtp_out_with_default_ports(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GONETS_TEST_SMTP", "smtp-secret")
    (tmp_path / "secret.txt").write_text("imap-secret\n", encoding="utf-8")
    built = transport(tmp_path, CONFIG)
    imap, smtp = built.inbox.settings, built.sender.account
    assert (imap.account.port, imap.account.security, imap.inbox, imap.idle) == (993, "tls", "Games", False)
    assert imap.account.secret() == "imap-secret"
    assert (smtp.port, smtp.secret()) == (587, "smtp-secret")
    assert "imap-secret" not in repr(imap) and "smtp-secret" not in repr(smtp)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            ('security = "starttls"', 'security = "ssl"'),
            "transport.smtp.security must be tls, starttls or plain",
        ),
        (("[transport.smtp]", "[transport.smtp_typo]"), "transport.smtp is missing"),
        (('host = "imap.example.org"', ""), "transport.imap.host is missing"),
        (("inbox", 'password = "x"\ninbox'), "give password or password_file, not both"),
    ],
)
def test_refuses_a_wrong_config_saying_which_key(
    tmp_path: Path, change: tuple[str, str], message: str
) -> None:
    with pytest.raises(ConfigError, match=message):
        transport(tmp_path, CONFIG.replace(*change).replace("env:GONETS_TEST_SMTP", "x"))


def test_a_missing_password_file_is_named() -> None:
    from daemon.transports.accounts import Account

    account = Account("h", 1, "tls", "u", password_file=Path("/nonexistent/secret"))
    with pytest.raises(ConfigError, match="password_file /nonexistent/secret"):
        account.secret()


def test_a_mail_knows_its_recipients_for_plus_address_routing() -> None:
    raw = (
        b"Delivered-To: gonets+coins-1@example.org\nFrom: a@example.org\n"
        b"To: Gonets <Gonets+Coins-1@Example.org>\nCc: b@example.org, not an address\n\nhi\n"
    )
    assert parse_mail(raw).recipients == ("gonets+coins-1@example.org", "b@example.org")
