"""Finished outgoing mail: headers that thread, never loop, and carry UTF-8 Russian properly.

A mail with pictures is multipart/mixed: the text first (what every client shows), then each PNG as
an attachment, which mail clients show inline below it; without pictures it stays one text part.
"""

from __future__ import annotations

import binascii
import random
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from email import base64mime, quoprimime
from email.headerregistry import Address
from email.utils import format_datetime
from functools import lru_cache

from engines.contract import Picture
from parsers.header_registry import POLICY
from state.files import safe_file_name
from state.sending import FinishedMail


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
) -> FinishedMail:
    """Build the RFC 5322 message; its Message-ID derives from `mail_id`, so a rebuilt copy is identical
    in identity and the outbox can refuse it as a duplicate.

    The bytes are those the stdlib's `EmailMessage` writes (set_content, add_attachment, bytes()),
    written directly: its header objects, folder and generator cost ~1 ms a mail and ~2 ms a picture,
    most of a reply and of a resolution's mail. Headers that are short printable ASCII are written as
    they are, which is what its folder writes for them; any other goes through the stdlib's folder."""
    domain = envelope.sender.rpartition("@")[2] or "gonets.invalid"
    head = [_sender(envelope.sender), _header("To", envelope.recipient)]
    if envelope.cc:
        head.append(_header("Cc", ", ".join(envelope.cc)))
    head.append(_subject(_one_line(envelope.subject)))
    head.append(_header("Date", format_datetime(now)))
    head.append(_header("Message-ID", f"<{safe_file_name(mail_id)}@{domain}>"))
    if envelope.in_reply_to:
        head.append(_header("In-Reply-To", envelope.in_reply_to))
        head.append(_header("References", " ".join((*envelope.references, envelope.in_reply_to))))
    head.append(_header("Auto-Submitted", "auto-replied" if envelope.in_reply_to else "auto-generated"))
    head.append("X-Auto-Response-Suppress: All\n")
    encoding, payload = _text(body)
    text_head = f'Content-Type: text/plain; charset="utf-8"\nContent-Transfer-Encoding: {encoding}\n'.encode()
    if not pictures:
        raw = [_encoded(head), text_head, b"MIME-Version: 1.0\n\n", payload]
    else:
        parts = [text_head + b"\n" + payload, *(_attachment(p) for p in pictures)]
        boundary = _boundary(parts)
        kind = f'MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary="{boundary}"\n\n'.encode()
        line = b"--" + boundary.encode()
        raw = [_encoded(head), kind, line + b"\n", (b"\n" + line + b"\n").join(parts), b"\n" + line + b"--\n"]
    return FinishedMail(id=mail_id, recipients=(envelope.recipient, *envelope.cc), raw=b"".join(raw))


def _encoded(lines: list[str]) -> bytes:
    return "".join(lines).encode("utf-8", "surrogateescape")


_POLICY = POLICY
_LINE = 78  # the policy's longest line, which its folder and `set_content` keep to
_PLAIN = re.compile(r"[\x21-\x7e]+(?: [\x21-\x7e]+)*")  # printable ASCII words, one space apart


def _header(name: str, value: str) -> str:
    """A header line as the stdlib writes it: a short plain value as it is (none of an encoded
    word's "=?"), any other parsed and folded by it (which refuses a line break in the value)."""
    short = len(name) + 2 + len(value) <= _LINE
    if short and _PLAIN.fullmatch(value) and "=?" not in value:
        return f"{name}: {value}\n"
    return _folded(name, value)


def _folded(name: str, value: object) -> str:
    return str(_POLICY.fold(*_POLICY.header_store_parse(name, value)))


@lru_cache(maxsize=8)
def _sender(address: str) -> str:
    """The From line: the daemon's name as an encoded word, and its address, checked by the stdlib."""
    return _folded("From", Address(display_name="Гонец", addr_spec=address))


def _subject(subject: str) -> str:
    """Plain ASCII folded at its spaces (`_spaced`); any other subject as RFC 2047 encoded-words
    that carry their spaces inside them. The stdlib's folder splits a long Russian subject at a
    space and leaves that space *between* two encoded-words, where RFC 2047 says a reader drops it
    («сообщениеведущего» in mail-parser and strict clients); encoded by `Header`, the words break
    anywhere and every space is kept."""
    if subject.isascii():
        plain = _PLAIN.fullmatch(subject) and "=?" not in subject
        return _spaced("Subject", subject) if plain else _header("Subject", subject)
    return f"Subject: {_encoded_words(subject)}\n"


def _spaced(name: str, value: str) -> str:
    """A plain ASCII header folded at its spaces, each continuation line led by the space it
    replaces: the stdlib's folder moves a long subject whole to the line below its name, and a
    reader then sees it start with a space."""
    lines, line = [], f"{name}:"
    for word in value.split(" "):
        if len(line) + 1 + len(word) > _LINE and line != f"{name}:":
            lines.append(line)
            line = ""
        line += " " + word
    return "\n".join([*lines, line]) + "\n"


def _encoded_words(text: str) -> str:
    """What `Header(text, "utf-8", header_name="Subject").encode()` gives, in one pass instead of
    re-encoding the line for each character: base64 words if the whole text is shorter so, else
    quoted-printable ones, each filled with as many characters as fit (57 characters of encoding on
    the first line, beside the name; 65 on the others)."""
    data = text.encode("utf-8")
    base64 = base64mime.header_length(data) < quoprimime.header_length(data)
    lines, line, used, room = [], b"", 0, 69 - 12  # 12: "=?utf-8?b?" and "?=" around the encoding
    for char in text:
        more = char.encode("utf-8")
        taken = used + (len(more) if base64 else quoprimime.header_length(more))  # bytes, or encoded
        if ((taken + 2) // 3 * 4 if base64 else taken) > room:
            lines.append(line)
            line, used, room = b"", 0, 77 - 12
            taken = len(more) if base64 else quoprimime.header_length(more)
        line, used = line + more, taken
    lines.append(line)
    words = base64mime if base64 else quoprimime
    return "\n ".join(words.header_encode(line, "utf-8") for line in lines)


def _text(body: str) -> tuple[str, bytes]:
    """The body's transfer encoding and encoded text, chosen as the stdlib's `set_content` chooses:
    as it is when no line is longer than 78 bytes, else the shorter of base64 and quoted-printable
    on its first ten lines."""
    lines = body.encode("utf-8").splitlines()
    joined = b"\n".join(lines) + b"\n"
    if max(map(len, lines), default=0) <= _LINE:
        return ("7bit" if joined.isascii() else "8bit"), joined
    sniff = b"\n".join(lines[:10]) + b"\n"
    sniff_base64 = len(binascii.b2a_base64(sniff))
    # each byte quoted-printable leaves as it is counts 1, any other 3: the least its encoding takes
    least = len(sniff) + 2 * len(sniff.translate(None, _QP_KEPT))
    if least <= sniff_base64 and len(quoprimime.body_encode(sniff.decode("latin-1"), _LINE)) <= sniff_base64:
        return "quoted-printable", quoprimime.body_encode(joined.decode("latin-1"), _LINE).encode("ascii")
    return "base64", _base64(joined)


_QP_KEPT = bytes(range(0x20, 0x7F)).replace(b"=", b"") + b"\t\n"


_BASE64_LINE = re.compile(rb".{1,76}", re.DOTALL)


def _base64(data: bytes) -> bytes:
    """Base64 in lines of 76 characters (57 bytes), each ending in a newline: encoded at once and
    cut by the regex engine, twice as fast as a line at a time (a resolution encodes a megabyte of
    pictures)."""
    lines = _BASE64_LINE.findall(binascii.b2a_base64(data, newline=False))
    return b"\n".join(lines) + b"\n" if lines else b""


def _attachment(picture: Picture) -> bytes:
    disposition = _header("Content-Disposition", f'attachment; filename="{picture.name}.png"')
    head = f"Content-Type: image/png\nContent-Transfer-Encoding: base64\n{disposition}MIME-Version: 1.0\n\n"
    return head.encode("utf-8", "surrogateescape") + _base64(picture.png)


def _boundary(parts: Sequence[bytes]) -> str:
    """A random boundary, as the stdlib makes them, that no line of the parts is (a reply quotes a
    player's words, and a player could write a boundary line)."""
    while True:
        boundary = "=" * 15 + f"{random.randrange(sys.maxsize):019d}" + "=="
        if not any(f"--{boundary}".encode() in part for part in parts):
            return boundary


def _one_line(text: str) -> str:
    return " ".join(text.split())[:200]
