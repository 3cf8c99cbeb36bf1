"""The checks every incoming mail passes before anyone reads its orders, as a chain of named
rules (Mailman's chain as data): each looks at the mail alone and either lets it through or
stops it, silently (`Ignore`: never answer it) or with a reason for its sender (`Refuse`). Their
order is declared once, in `GUARDS`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from daemon.config import Limits
from daemon.incoming.addresses import mailbox_key
from engines.text import Msg
from parsers.mime import UNREADABLE, IncomingMail


@dataclass(frozen=True)
class Screen:
    """What the guards may know besides the mail."""

    own_address: str
    limits: Limits
    oversize: int  # the raw size of a mail too big to read (only its head was read), else 0


@dataclass(frozen=True)
class Ignore:
    detail: str  # for the archive log


@dataclass(frozen=True)
class Refuse:
    msg: Msg  # for the sender


Guard = Callable[[IncomingMail, Screen], Ignore | Refuse | None]


def automatic(mail: IncomingMail, screen: Screen) -> Ignore | None:
    """Auto-replies, bounces and lists: answering them makes mail loops."""
    return Ignore(f"automatic: {mail.automatic}") if mail.automatic else None


def senderless(mail: IncomingMail, screen: Screen) -> Ignore | None:
    """Nobody to answer; an unreadable mail says so rather than blaming its From."""
    if mail.sender:
        return None
    return Ignore(next((p for p in mail.problems if p.startswith(UNREADABLE)), "no usable From address"))


def ambiguous(mail: IncomingMail, screen: Screen) -> Ignore | None:
    """A forger's trick: clients show one From, filters check another."""
    return Ignore("several From addresses: none can be trusted to answer") if mail.ambiguous_sender else None


def own(mail: IncomingMail, screen: Screen) -> Ignore | None:
    """Our address, also with a "+game" tag: a reply of ours that came back."""
    return (
        Ignore("from our own address")
        if mailbox_key(mail.sender) == mailbox_key(screen.own_address)
        else None
    )


def too_big(mail: IncomingMail, screen: Screen) -> Refuse | None:
    if not screen.oversize:
        return None
    size, limit = _megabytes(screen.oversize, up=True), _megabytes(screen.limits.mail_bytes)
    return Refuse(Msg("limit_mail", {"size": size, "limit": limit}))


def unreadable(mail: IncomingMail, screen: Screen) -> Refuse | None:
    """The archive log keeps the parser's reason; the sender is told in plain words."""
    return Refuse(Msg("mail_unreadable")) if any(p.startswith(UNREADABLE) for p in mail.problems) else None


def too_long(mail: IncomingMail, screen: Screen) -> Refuse | None:
    """Measured on the text as sent (an HTML source, not what it converts to), before any reading."""
    chars = max(len(mail.body), mail.text_chars)
    limit = screen.limits.body_chars
    return Refuse(Msg("limit_body", {"chars": chars, "limit": limit})) if chars > limit else None


GUARDS: tuple[Guard, ...] = (automatic, senderless, ambiguous, own, too_big, unreadable, too_long)


def screen(mail: IncomingMail, context: Screen) -> Ignore | Refuse | None:
    """The first guard that stops the mail, or None when it may be read."""
    return next((stop for guard in GUARDS if (stop := guard(mail, context)) is not None), None)


def _megabytes(size: int, up: bool = False) -> int:
    """Whole megabytes (no decimal point to write the Russian way): a mail's size rounded up, so it
    never reads as equal to the limit it broke."""
    whole, rest = divmod(size, 1024 * 1024)
    return whole + (1 if up and rest else 0)
