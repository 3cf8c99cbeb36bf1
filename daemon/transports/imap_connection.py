"""The thin typed adapter over imapclient: the settings, how to log in, and the calls Gonets makes.

imapclient is only partly annotated, so `ImapConnection` states what we rely on; it is also the
one seam for tests (a wrapper that hides a capability, a client that fails on cue).
"""

from __future__ import annotations

import imaplib
from collections.abc import Callable, Sequence
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from imapclient import IMAPClient, SocketTimeout

from daemon.transports.accounts import Account, parse_account

BROKEN = (OSError, imaplib.IMAP4.abort)  # the connection failed, not the command
REFUSED = imaplib.IMAP4.error  # NO or BAD (base of every imapclient error, BROKEN's abort too)


@dataclass(frozen=True)
class ImapSettings:
    account: Account
    inbox: str = "INBOX"
    processed: str = "Gonets-Processed"
    rejected: str = "Gonets-Rejected"
    idle: bool = True  # use IDLE when the server offers it; poll otherwise
    poll_seconds: float = 30.0  # how often to look for new mail without IDLE

    @classmethod
    def from_config(cls, raw: dict[str, Any], base: Path) -> ImapSettings:
        return cls(
            account=parse_account(raw, "transport.imap", base, {"tls": 993, "starttls": 143, "plain": 143}),
            inbox=str(raw.get("inbox", cls.inbox)),
            processed=str(raw.get("processed", cls.processed)),
            rejected=str(raw.get("rejected", cls.rejected)),
            idle=bool(raw.get("idle", cls.idle)),
            poll_seconds=max(0.1, float(raw.get("poll_seconds", cls.poll_seconds))),
        )


class ImapConnection(Protocol):
    def capabilities(self) -> tuple[bytes, ...]: ...
    def has_capability(self, capability: str) -> bool: ...
    def list_folders(self) -> list[tuple[tuple[bytes, ...], bytes, str]]: ...
    def folder_exists(self, folder: str) -> bool: ...
    def create_folder(self, folder: str) -> Any: ...
    def select_folder(self, folder: str, readonly: bool = False) -> dict[bytes, Any]: ...
    def search(self, criteria: Sequence[str]) -> list[int]: ...
    def fetch(self, messages: Sequence[int], data: Sequence[str]) -> dict[int, dict[bytes, Any]]: ...
    def move(self, messages: Sequence[int], folder: str) -> Any: ...
    def copy(self, messages: Sequence[int], folder: str) -> Any: ...
    def add_flags(self, messages: Sequence[int], flags: Sequence[bytes]) -> Any: ...
    def uid_expunge(self, messages: Sequence[int]) -> Any: ...
    def noop(self) -> Any: ...
    def idle(self) -> Any: ...
    def idle_check(self, timeout: float) -> list[tuple[Any, ...]]: ...
    def idle_done(self) -> Any: ...
    def logout(self) -> Any: ...
    def shutdown(self) -> None: ...


Connect = Callable[[ImapSettings], ImapConnection]


def connect(settings: ImapSettings, factory: Callable[..., Any] = IMAPClient) -> ImapConnection:
    """Log in over TLS, STARTTLS, or (only when the config says `plain`) unencrypted; socket
    timeouts so a dead peer cannot hang a call."""
    account = settings.account
    context = account.tls_context()
    client = factory(
        account.host,
        account.port,
        ssl=account.security == "tls",
        ssl_context=context,
        timeout=SocketTimeout(connect=15, read=60),
    )
    try:
        if account.security == "starttls":
            client.starttls(context)
        client.login(account.user, account.secret())
    except BaseException:
        shut(client)
        raise
    connection: ImapConnection = client
    return connection


def shut(client: ImapConnection) -> None:
    """Log out politely if the connection still works; just close the socket if not."""
    try:
        client.logout()
    except (REFUSED, OSError):
        with suppress(OSError):
            client.shutdown()
