"""Mail transports behind one interface (`base.Transport`), chosen from `TRANSPORTS` by the config's
transport.kind; a new transport is one entry there, and nothing else in the daemon changes."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from daemon.config import Config, ConfigError
from daemon.transports.base import Transport


def _maildir(config: Config) -> Transport:
    """File names in the options are relative to the directory holding games_dir."""
    from daemon.transports.maildir import MaildirTransport

    options, base = config.transport.options, config.games_dir.parent
    return MaildirTransport(
        Path(options.get("inbox", base / "mail" / "inbox")),
        Path(options.get("outbox", base / "mail" / "sent")),
    )


def _mail_server(config: Config) -> Transport:
    from daemon.transports.mailserver import mail_server_transport

    return mail_server_transport(config.transport.options, config.address, config.games_dir.parent)


TRANSPORTS: dict[str, Callable[[Config], Transport]] = {"maildir": _maildir, "imap": _mail_server}


def make_transport(config: Config) -> Transport:
    make = TRANSPORTS.get(config.transport.kind)
    if make is None:
        known = ", ".join(sorted(TRANSPORTS))
        raise ConfigError(f"transport.kind {config.transport.kind!r} is not known (known: {known})")
    return make(config)
