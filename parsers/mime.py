"""One raw incoming mail as a typed record: who sent it, whether it may be answered, its text.

mail-parser parses the mail and decodes the From addresses; where it loses data we read the
stdlib message tree it built: a raw 8-bit Subject or display name (mail-parser drops the
Cyrillic), and body parts, whose bytes must be re-decoded when the declared charset is wrong.
A mail neither can read, or too big to read, still has a header block read alone, so its sender
can be told why.
"""

from __future__ import annotations

import email
import hashlib
import re
from dataclasses import dataclass, replace
from email.message import Message
from email.parser import BytesHeaderParser
from email.utils import getaddresses, parseaddr

import mailparser
from mailparser.exceptions import MailParserError, MailParserRecursionError

from parsers import charsets
from parsers.header_registry import POLICY
from parsers.limits import MAX_BODY_CHARS
from parsers.mime_body import body_text, leaves
from parsers.mime_head import CappedMail, cap_head, cap_mail

charsets.register()

_FOLD = re.compile(r"\r?\n(?=[ \t])")
# Control characters, and the bidi marks that let a subject display reversed text.
_INVISIBLE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_SPACES = re.compile(r"\s+")
# How the stdlib keeps a header's undecodable 8-bit bytes: as lone surrogates.
_RAW_BYTE = re.compile("[\udc80-\udcff]")
# Printable ASCII but the brackets: 8-bit or control bytes make no id worth storing.
_MESSAGE_ID = re.compile(r"<[\x21-\x3b=\x3f-\x7e]+>")
_ADDRESS = re.compile(r"[^@\s<>()\[\]\",;:\\\ud800-\udfff]+@[^@\s<>()\[\]\",;:\\\ud800-\udfff]+")
_DAEMONS = ("mailer-daemon", "postmaster")

UNREADABLE = "unreadable mail"  # how the problem of a mail that could not be parsed begins
# The stdlib decodes RFC 2047 words in time quadratic in their number: longer values are cut first.
_MAX_WORDS_CHARS = 2_000
# Message-IDs of References kept, the latest: what a reply copies to stay in the thread.
_MAX_REFERENCES = 20


@dataclass(frozen=True)
class IncomingMail:
    """What the daemon needs of one mail; every field is clean text, never None."""

    message_id: str
    sender: str
    sender_name: str
    subject: str
    date: str
    in_reply_to: str
    references: tuple[str, ...]
    automatic: str
    body: str
    problems: tuple[str, ...]
    # bare lowercased To/Cc/Delivered-To/X-Original-To addresses: "gonets+coins-1@…" routes a mail
    recipients: tuple[str, ...] = ()
    # several From headers or addresses: which one sent it is unknowable, so none may be answered
    ambiguous_sender: bool = False
    # characters of the text read as the body (plain parts, else the HTML source, else a .txt
    # attachment) before any HTML conversion; over the body limit the body is left empty
    text_chars: int = 0
    # characters of the body that could not be read in its declared `charset` (stray bytes a
    # client let in): replaced by U+FFFD, the rest read in that charset; the reply says so
    replaced: int = 0
    charset: str = ""


def parse_mail(raw: bytes, body_limit: int = MAX_BODY_CHARS) -> IncomingMail:
    """Read one raw mail. Never raises: a hostile mail must not stop the daemon's loop.

    Header beyond MAX_HEAD_BYTES and parameters beyond MAX_PARAMS_BYTES are dropped before any
    parser sees them, and a text over `body_limit` characters is not read (nor converted from
    HTML), so reading takes time linear in the size of the mail. mail-parser has crashed
    (AttributeError) on a multipart whose boundary never starts; such a mail is read with the
    stdlib alone. A mail nested too deep for either, or that breaks the stdlib too, comes back
    with its header fields, an empty body and the reason in `problems`, so the daemon can archive
    it, tell the sender, and move on.
    """
    capped = cap_mail(raw)
    try:
        parsed = mailparser.parse_from_bytes(capped.raw)
    except MailParserRecursionError:
        return _unreadable(raw, capped, "nested too deep")
    except MailParserError as error:
        return _unreadable(raw, capped, str(error))
    except Exception as error:  # a mail-parser bug: the stdlib alone may still read the mail
        problem = f"mail-parser failed ({type(error).__name__}), read with the stdlib"
        return _read_with_stdlib(raw, capped, problem, body_limit)
    defects = sorted(parsed.defects_categories)
    return _read(raw, parsed.message, parsed.from_, [*capped.problems], defects, body_limit)


def parse_head(raw: bytes) -> IncomingMail:
    """The header fields of `raw` with an empty body, its header block read alone: for a mail too
    big to read whole, whose sender must still be told why."""
    return _head_only(raw, cap_head(raw), [])


def _read_with_stdlib(raw: bytes, capped: CappedMail, problem: str, body_limit: int) -> IncomingMail:
    try:
        message = email.message_from_bytes(capped.raw)
        return _read(raw, message, _senders(message), [problem, *capped.problems], [], body_limit)
    except RecursionError:
        return _unreadable(raw, capped, "nested too deep")
    except Exception as error:  # a stdlib bug too (TypeError on some RFC 2231 parameters)
        return _unreadable(raw, capped, f"the stdlib parser failed ({type(error).__name__})")


def _unreadable(raw: bytes, capped: CappedMail, reason: str) -> IncomingMail:
    return _head_only(raw, capped, [f"{UNREADABLE}: {reason}"])


def _head_only(raw: bytes, capped: CappedMail, problems: list[str]) -> IncomingMail:
    """The fields of the header block parsed alone: it holds no parts, so nothing can nest."""
    message = BytesHeaderParser().parsebytes(capped.head)
    return _fields(raw, message, _senders(message), [*problems, *capped.problems])


def _senders(message: Message) -> list[tuple[str, str]]:
    """(display name, address) of each From address, as mail-parser gives them."""
    return [(_decode_words(name), address) for name, address in getaddresses(message.get_all("from", []))]


class _Headers:
    """Raw header values by lowercased name, as on the wire: 8-bit bytes kept as surrogates."""

    def __init__(self, message: Message) -> None:
        self._values: dict[str, list[str]] = {}
        for name, value in message.raw_items():
            self._values.setdefault(name.lower(), []).append(value)

    def __contains__(self, name: str) -> bool:
        return name in self._values

    def all(self, name: str) -> list[str]:
        return [_FOLD.sub("", value) for value in self._values.get(name, [])]

    def first(self, name: str) -> str:
        """The first value unfolded, "" when absent."""
        return next(iter(self.all(name)), "")


def _read(
    raw: bytes,
    message: Message,
    senders: list[tuple[str, str]],
    problems: list[str],
    defects: list[str],
    body_limit: int,
) -> IncomingMail:
    head = _fields(raw, message, senders, problems)
    if defects:
        problems.append(f"MIME defects: {', '.join(defects)}")
    body, text_chars, lossy = body_text(message, problems, body_limit)
    replaced = body.count(charsets.REPLACEMENT) if lossy else 0
    return replace(
        head, body=body, text_chars=text_chars, problems=tuple(problems), replaced=replaced, charset=lossy
    )


def _fields(
    raw: bytes, message: Message, senders: list[tuple[str, str]], problems: list[str]
) -> IncomingMail:
    """Everything but the body, from the top-level header fields; their oddities go to `problems`."""
    headers = _Headers(message)
    sender, sender_name = _sender(senders, headers.all("from"), problems)
    message_id = _MESSAGE_ID.search(headers.first("message-id"))
    if message_id is None:
        problems.append("no Message-ID, using a hash of the mail")
    subject, subject_problem = _wire_text(_cut(headers.first("subject")))
    if subject_problem:
        problems.append(f"Subject: {subject_problem}")
    return IncomingMail(
        message_id=message_id.group() if message_id else _hash_id(raw),
        sender=sender,
        sender_name=sender_name,
        subject=_one_line(_decode_words(subject)),
        date=_one_line(headers.first("date")),
        in_reply_to=_one_line(headers.first("in-reply-to")),
        references=tuple(_MESSAGE_ID.findall(" ".join(headers.all("references")))[-_MAX_REFERENCES:]),
        automatic=_automatic(message, headers, sender or _first_address(senders)),
        body="",
        problems=tuple(problems),
        recipients=_recipients(headers),
        ambiguous_sender=len(headers.all("from")) > 1 or len(senders) > 1,
    )


def _hash_id(raw: bytes) -> str:
    """A stable Message-ID for a mail without one, so the same mail is still recognised twice."""
    return f"<{hashlib.sha256(raw).hexdigest()}@gonets.invalid>"


def _one_line(text: str) -> str:
    return _SPACES.sub(" ", _INVISIBLE.sub("", text.replace("\n", " ").replace("\t", " "))).strip()


def _decode_words(text: str) -> str:
    """Decode RFC 2047 encoded words, dropping the space between adjacent ones; a long value is cut."""
    return str(POLICY.header_factory("subject", _cut(text)))


def _cut(value: str) -> str:
    """`value` cut to _MAX_WORDS_CHARS at a space, so that no word, encoded or 8-bit, is split."""
    if len(value) <= _MAX_WORDS_CHARS:
        return value
    return value[:_MAX_WORDS_CHARS].rpartition(" ")[0] or value[:_MAX_WORDS_CHARS]


def _wire_text(value: str) -> tuple[str, str]:
    """A raw header value as text: 8-bit bytes (kept by the stdlib as surrogates) are guessed."""
    if _RAW_BYTE.search(value):
        return charsets.decode(value.encode("utf-8", "surrogateescape"), None)
    return value, ""


def _recipients(headers: _Headers) -> tuple[str, ...]:
    values = [v for name in ("to", "cc", "delivered-to", "x-original-to") for v in headers.all(name)]
    found = (address.strip().lower() for _, address in getaddresses(values))
    return tuple(dict.fromkeys(a for a in found if _ADDRESS.fullmatch(a)))


def _first_address(addresses: list[tuple[str, str]]) -> str:
    return addresses[0][1].strip().lower() if addresses else ""


def _sender(addresses: list[tuple[str, str]], raw_from: list[str], problems: list[str]) -> tuple[str, str]:
    """(bare lowercased address, display name) of the first From; oddities go to `problems`.

    mail-parser decodes RFC 2047 names but turns a raw 8-bit name into "\\udcc3..." text, so such
    a name is read again from the raw header.
    """
    if not raw_from:
        problems.append("no From header")
    elif len(raw_from) > 1:
        problems.append(f"{len(raw_from)} From headers")
    if len(addresses) > 1:
        problems.append(f"From holds {len(addresses)} addresses")
    address = _first_address(addresses)
    if not _ADDRESS.fullmatch(address):
        if raw_from:
            problems.append("no usable address in From")
        return "", ""
    raw_name = parseaddr(raw_from[0])[0] if _RAW_BYTE.search(raw_from[0]) else addresses[0][0]
    name, name_problem = _wire_text(raw_name)
    if name_problem:
        problems.append(f"From name: {name_problem}")
    return address, _one_line(name)


def _automatic(message: Message, headers: _Headers, sender: str) -> str:
    """Why this mail must never be answered (auto-reply, bounce, list), or "" for a person."""
    auto = headers.first("auto-submitted").split(";")[0].strip().lower()
    if auto and auto != "no":
        return f"Auto-Submitted: {auto}"
    precedence = headers.first("precedence").strip().lower()
    if precedence in ("bulk", "junk", "list"):
        return f"Precedence: {precedence}"
    for name in ("List-Id", "List-Unsubscribe", "X-Autoreply", "X-Autorespond"):
        if name.lower() in headers:
            return f"{name} header"
    local_part = sender.split("@")[0]
    if local_part in _DAEMONS:
        return f"From {local_part}"
    if headers.first("return-path").replace(" ", "") == "<>":
        return "empty Return-Path <>"
    if message.get_content_type() == "multipart/report":
        return "delivery report (multipart/report)"
    if any(part.get_content_type() == "message/delivery-status" for part in leaves(message)):
        return "delivery status notification"
    return ""
