"""A real Dovecot and SMTP server on loopback for every test here (see daemon/tools/loopback.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.mailservers import MailServers, dovecot_installed

USERS = {
    "gonets": "gonets-secret",
    "gm": "gm-secret",
    "anna": "anna-secret",
    "boris": "boris-secret",
    "vera": "vera-secret",
    "gleb": "gleb-secret",
}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if dovecot_installed():
        return
    skip = pytest.mark.skip(reason="dovecot is not installed (apt-get install dovecot-imapd dovecot-lmtpd)")
    for item in items:
        if "tests/integration" in str(item.path):
            item.add_marker(skip)


@pytest.fixture
def servers() -> Iterator[MailServers]:
    with MailServers(USERS) as running:
        yield running


@pytest.fixture
def tls_servers() -> Iterator[MailServers]:
    with MailServers(USERS, tls=True) as running:
        yield running
