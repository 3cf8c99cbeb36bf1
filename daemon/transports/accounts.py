"""A mail server account (host, port, security, login) as the config gives it, for IMAP and SMTP alike.

Secrets stay out of the config file and out of logs: the password is `password = "env:NAME"`
(resolved by the config loader) or `password_file`, read when connecting so a rotated password
needs no restart, and it is never part of a repr.
"""

from __future__ import annotations

import ssl
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from daemon.config import ConfigError

Security = Literal["tls", "starttls", "plain"]
_SECURITIES: tuple[Security, ...] = ("tls", "starttls", "plain")


@dataclass(frozen=True)
class Account:
    """Where and how to log in. `plain` (no encryption) must be asked for by name: it exists for
    loopback tests, never as a fallback."""

    host: str
    port: int
    security: Security
    user: str
    password: str = field(default="", repr=False)
    password_file: Path | None = None
    ca_file: Path | None = None  # a private CA or a self-signed server certificate

    def secret(self) -> str:
        if self.password_file is not None:
            try:
                return self.password_file.read_text(encoding="utf-8").strip()
            except OSError as error:
                raise ConfigError(f"password_file {self.password_file}: {error.strerror}") from error
        return self.password

    def tls_context(self) -> ssl.SSLContext | None:
        """A verifying context (system CAs, or `ca_file`); None for `plain`."""
        if self.security == "plain":
            return None
        return ssl.create_default_context(cafile=str(self.ca_file) if self.ca_file else None)


def parse_account(raw: dict[str, Any], where: str, base: Path, ports: dict[Security, int]) -> Account:
    """Read `[transport.imap]` or `[transport.smtp]`; `ports` are the protocol's default ports.
    Relative file names are taken relative to `base` (the directory holding games_dir)."""
    if "host" not in raw:
        raise ConfigError(f"{where}.host is missing")
    security = raw.get("security", "tls")
    if security not in _SECURITIES:
        raise ConfigError(f"{where}.security must be tls, starttls or plain, not {security!r}")
    if "password" in raw and "password_file" in raw:
        raise ConfigError(f"{where}: give password or password_file, not both")
    return Account(
        host=str(raw["host"]),
        port=int(raw.get("port", ports[security])),
        security=security,
        user=str(raw.get("user", "")),
        password=str(raw.get("password", "")),
        password_file=_path(raw.get("password_file"), base),
        ca_file=_path(raw.get("ca_file"), base),
    )


def _path(value: Any, base: Path) -> Path | None:
    return None if value is None else base / str(value)
