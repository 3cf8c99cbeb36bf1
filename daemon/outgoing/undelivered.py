"""A mail the outbox gave up on (a 5xx refusal, or too many failed tries) reaches its game's GM in
the next digest: a player who never gets replies would soon be retired for silence."""

from __future__ import annotations

import logging

from daemon.games import Games
from state.outbox import Outbox, QueuedMail

log = logging.getLogger(__name__)


def note(games: Games, outbox: Outbox, mail: QueuedMail) -> None:
    """Keep the failure in the game record for the digest, then mark it handed over. A crash in
    between notes it again at the next start, once (the record is checked by mail id)."""
    game = games.get(mail.game) if mail.game else None
    log.error("mail %s to %s given up: %s", mail.id, ", ".join(mail.recipients), mail.last_error)
    if game is not None:
        record = game.load()
        if game.settings.gm in mail.recipients:
            log.critical("a mail to the GM of %s cannot be delivered: %s", game.id, mail.last_error)
        if all(entry["id"] != mail.id for entry in record.undelivered):
            entry = {"id": mail.id, "to": ", ".join(mail.recipients), "subject": mail.subject}
            record.undelivered.append({**entry, "error": mail.last_error})
            game.store.save(record)
    outbox.mark_reported(mail.id)
