"""Mail transports behind one interface (`base.Transport`), chosen by the config's transport.kind."""

from __future__ import annotations

from pathlib import Path

from daemon.config import Config, ConfigError
from daemon.transports.base import Transport


def make_transport(config: Config) -> Transport:
    options = config.transport.options
    if config.transport.kind == "maildir":
        from daemon.transports.maildir import MaildirTransport

        base = config.games_dir.parent
        return MaildirTransport(
            Path(options.get("inbox", base / "mail" / "inbox")),
            Path(options.get("outbox", base / "mail" / "sent")),
        )
    raise ConfigError(f"transport.kind {config.transport.kind!r} is not known (known: maildir)")
