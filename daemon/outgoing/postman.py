"""Render a template into a mail and queue it in the durable outbox, once per mail id."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from daemon.config import Config, Language
from daemon.outgoing.compose import Envelope, outgoing
from daemon.outgoing.render import keep_compiled, render, subject
from engines.contract import Picture
from engines.text import Catalog, Text
from parsers.mime import IncomingMail
from parsers.redact import MASK
from state.outbox import Outbox
from state.sending import FinishedMail


@dataclass(frozen=True)
class Letter:
    """What to say: a template, its data, the subject code from templates/messages.toml, the
    pictures attached after the text (their names unique within the mail), and the reader's name
    it greets ("" for one we do not know by name: a stranger, the GM)."""

    template: str
    context: dict[str, Any]
    subject: str
    subject_params: Mapping[str, str | int | Text]
    pictures: tuple[Picture, ...] = ()
    reader: str = ""


@dataclass(frozen=True)
class Draft:
    """A mail to compose: its id, its reader, what it says and in which languages (names declined
    by `catalog`'s forms), the mail it answers, who else reads it, and what its kept copy masks."""

    mail_id: str
    to: str
    letter: Letter
    language: Language
    catalog: Catalog | None = None
    answering: IncomingMail | None = None
    cc: tuple[str, ...] = ()
    secrets: tuple[str, ...] = ()


@dataclass(frozen=True)
class Composed:
    """A finished mail, not yet queued, and what the outbox files it under."""

    mail: FinishedMail
    game: str
    subject: str


class Postman:
    def __init__(self, config: Config, outbox: Outbox, clock: Callable[[], datetime]) -> None:
        self.config = config
        self.outbox = outbox
        self.clock = clock
        keep_compiled(config.games_dir / "cache" / "templates")

    def send(
        self,
        mail_id: str,
        to: str,
        letter: Letter,
        language: Language,
        catalog: Catalog | None = None,
        answering: IncomingMail | None = None,
        cc: tuple[str, ...] = (),
        secrets: tuple[str, ...] = (),
    ) -> bool:
        """Queue the mail; False when a mail with this id was queued before (a replay after a crash).
        The outbox keeps it after sending with each of `secrets` masked (a role mail's password)."""
        if mail_id in self.outbox:
            return False
        return self.post(self.compose(Draft(mail_id, to, letter, language, catalog, answering, cc, secrets)))

    def compose(self, draft: Draft) -> Composed:
        """The finished mail from this daemon's address, dated now, not queued: an alert that
        cannot be queued on a full disk goes to the transport."""
        return compose(self.config.address, self.clock(), draft)

    def post(self, composed: Composed) -> bool:
        """Queue a composed mail; False when one with its id was queued before."""
        return self.outbox.enqueue(composed.mail, game=composed.game, subject=composed.subject)


def _masked(body: str, secrets: tuple[str, ...]) -> str:
    for secret in secrets:
        body = body.replace(secret, MASK)
    return body


def compose(sender: str, now: datetime, draft: Draft) -> Composed:
    """The finished mail from `sender`, dated `now`, not queued. The outbox keeps it after sending
    with each of the draft's secrets masked (a role mail's password)."""
    envelope = _envelope(sender, draft)
    letter = draft.letter
    body = render(letter.template, draft.language, letter.context, draft.catalog, reader=letter.reader)
    mail = outgoing(draft.mail_id, envelope, body, now, draft.letter.pictures)
    if draft.secrets:
        masked = outgoing(draft.mail_id, envelope, _masked(body, draft.secrets), now, draft.letter.pictures)
        mail = replace(mail, kept=masked.raw)
    return Composed(mail, str(draft.letter.context.get("game", "")), envelope.subject)


def _envelope(sender: str, draft: Draft) -> Envelope:
    letter, answering = draft.letter, draft.answering
    title = subject(letter.subject, draft.language, draft.catalog, **letter.subject_params)
    if answering is None:
        return Envelope(sender=sender, recipient=draft.to, subject=title, cc=draft.cc)
    return Envelope(
        sender=sender,
        recipient=draft.to,
        subject=title,  # what the reply is, not the player's words echoed: the thread's headers link them
        in_reply_to=answering.message_id,
        references=answering.references,
        cc=draft.cc,
    )
