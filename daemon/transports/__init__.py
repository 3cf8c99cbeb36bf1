"""Mail transports behind one interface (`base.Transport`), chosen by the config's transport.kind."""

from __future__ import annotations

from pathlib import Path

from daemon.config import Config, ConfigError
from daemon.transports.base import Transport


def make_transport(config: Config) -> Transport:
    """File names in the options are relative to the directory holding games_dir."""
    options = config.transport.options
    base = config.games_dir.parent
    if config.transport.kind == "maildir":
        from daemon.transports.maildir import MaildirTransport

        return MaildirTransport(
            Path(options.get("inbox", base / "mail" / "inbox")),
            Path(options.get("outbox", base / "mail" / "sent")),
        )
    if config.transport.kind == "imap":
        from daemon.transports.mailserver import mail_server_transport

        return mail_server_transport(options, config.address, base)
    raise ConfigError(f"transport.kind {config.transport.kind!r} is not known (known: maildir, imap)")
