"""Finished outgoing mail: headers that thread, never loop, and carry UTF-8 Russian properly.

A mail with pictures is multipart/mixed: the text first (what every client shows), then each PNG as
an attachment, which mail clients show inline below it; without pictures it stays one text part.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from email.header import Header
from email.headerregistry import Address
from email.message import EmailMessage
from email.utils import format_datetime

from engines.contract import Picture
from state.files import safe_file_name
from state.sending import Outgoing


@dataclass(frozen=True)
class Envelope:
    """Who sends, to whom, and what it answers (for In-Reply-To/References threading)."""

    sender: str
    recipient: str
    subject: str
    in_reply_to: str = ""
    references: tuple[str, ...] = ()
    cc: tuple[str, ...] = ()


def outgoing(
    mail_id: str, envelope: Envelope, body: str, now: datetime, pictures: Sequence[Picture] = ()
) -> Outgoing:
    """Build the RFC 5322 message; its Message-ID derives from `mail_id`, so a rebuilt copy is identical
    in identity and the outbox can refuse it as a duplicate."""
    msg = EmailMessage()
    msg["From"] = Address(display_name="Гонец", addr_spec=envelope.sender)
    msg["To"] = envelope.recipient
    if envelope.cc:
        msg["Cc"] = ", ".join(envelope.cc)
    _set_subject(msg, _one_line(envelope.subject))
    msg["Date"] = format_datetime(now)
    domain = envelope.sender.rpartition("@")[2] or "gonets.invalid"
    msg["Message-ID"] = f"<{safe_file_name(mail_id)}@{domain}>"
    if envelope.in_reply_to:
        msg["In-Reply-To"] = envelope.in_reply_to
        msg["References"] = " ".join((*envelope.references, envelope.in_reply_to))
    msg["Auto-Submitted"] = "auto-replied" if envelope.in_reply_to else "auto-generated"
    msg["X-Auto-Response-Suppress"] = "All"
    msg.set_content(body, charset="utf-8")
    for picture in pictures:
        msg.add_attachment(picture.png, maintype="image", subtype="png", filename=f"{picture.name}.png")
    return Outgoing(
        id=mail_id,
        recipients=(envelope.recipient, *envelope.cc),
        raw=bytes(msg),
    )


def _set_subject(msg: EmailMessage, subject: str) -> None:
    """A non-ASCII subject as RFC 2047 encoded-words that carry their spaces inside them. The
    stdlib's folder splits a long Russian subject at a space and leaves that space *between* two
    encoded-words, where RFC 2047 says a reader drops it («сообщениеведущего» in mail-parser and
    strict clients); encoded by `Header`, the words break anywhere and every space is kept."""
    if subject.isascii():
        msg["Subject"] = subject
    else:
        msg.set_raw("Subject", Header(subject, "utf-8", header_name="Subject").encode())


def reply_subject(subject: str) -> str:
    subject = _one_line(subject)
    return subject if subject.lower().startswith("re:") else f"Re: {subject}"


def _one_line(text: str) -> str:
    return " ".join(text.split())[:200]
