"""A raw mail rebuilt with its secrets blanked, for the archive to keep instead of the mail.

A password hides in a mail's transfer encoding: split by a quoted-printable soft break, inside
base64, behind RFC 2047 in a subject, in an attachment of any type (an RTF file, an octet
stream), in a parameter (a Content-Type name=, a filename split over RFC 2231 continuations).
Patching the bytes finds only what is written plainly, so each header value, each parameter
(continuations joined) and each part whatever its type is decoded, blanked (`parsers.secrets`)
and encoded again as it was sent (same transfer encoding; a text part in its charset when that
can still hold the text, any other part byte for byte around the blanks); parts and headers
without a secret keep their bytes.
"""

from __future__ import annotations

import base64
import io
import quopri
from email import message_from_bytes
from email.generator import BytesGenerator
from email.header import Header, decode_header, make_header
from email.message import Message
from email.policy import compat32
from email.utils import collapse_rfc2231_value, encode_rfc2231, quote

from parsers import charsets
from parsers.mime_body import too_deep
from parsers.secrets import Secrets

MASK = "***"  # ASCII: the same bytes in every charset a mail may be written in
# the fields that say how the parts are cut and encoded: rewriting them would break the mail
_STRUCTURE = frozenset({"content-transfer-encoding", "mime-version"})
# the fields whose parameters (a name, a filename) are read and blanked one by one
_WITH_PARAMETERS = frozenset({"content-type", "content-disposition"})


def blanked_mail(raw: bytes, secrets: Secrets) -> bytes:
    """`raw` with every secret of `secrets` blanked as `MASK` wherever it is decoded to text."""
    try:
        message = message_from_bytes(raw, policy=compat32)
        if too_deep(message):  # never read as a mail: written back it would recurse too deep
            return blanked_bytes(raw, secrets)
        parts = [part for part in message.walk() if not part.is_multipart()]
        changed = [_blank_headers(part, secrets) for part in message.walk()]
        changed += [_blank_payload(part, secrets) for part in parts]
    except (RecursionError, LookupError, ValueError):  # a mail no reader takes apart
        return blanked_bytes(raw, secrets)
    if not any(changed):
        return raw
    out = io.BytesIO()
    linesep = "\r\n" if b"\r\n" in raw[:4096] else "\n"
    BytesGenerator(out, mangle_from_=False, policy=compat32.clone(linesep=linesep)).flatten(message)
    return out.getvalue()


def blanked_bytes(raw: bytes, secrets: Secrets) -> bytes:
    """`raw` with the secrets blanked where they are written plainly, the mail not taken apart:
    for a mail that must not be parsed (one that broke the daemon) or cannot be."""
    return secrets.blank(raw.decode("utf-8", "surrogateescape"), MASK).encode("utf-8", "surrogateescape")


def _is_text(part: Message) -> bool:
    """A part the order reader may read: text, or an attachment named .txt."""
    return part.get_content_maintype() == "text" or (part.get_filename() or "").lower().endswith(".txt")


def _blank_headers(part: Message, secrets: Secrets) -> bool:
    fields = part.items()
    shown = [(name, _blanked_field(part, name, value, secrets)) for name, value in fields]
    if all(new is old for (_, new), (_, old) in zip(shown, fields, strict=True)):
        return False
    for name in {name for name, _ in fields}:
        del part[name]
    for name, value in shown:
        part[name] = value  # type: ignore[assignment]  # compat32 stores a Header as given
    return True


def _blanked_field(part: Message, name: str, value: str, secrets: Secrets) -> str | Header:
    lowered = name.lower()
    if lowered in _WITH_PARAMETERS:
        return _blank_parameters(part, name, value, secrets)
    return value if lowered in _STRUCTURE else _blank_header(value, secrets)


def _blank_parameters(part: Message, name: str, value: str, secrets: Secrets) -> str:
    """A Content-Type or Content-Disposition with each parameter read whole (RFC 2231
    continuations joined, encoded words decoded) and blanked; written anew only when one held a
    secret, a blanked value in RFC 2231's UTF-8 form where it is no longer ASCII."""
    params = part.get_params(header=name) or []
    read = [(key, collapse_rfc2231_value(given)) for key, given in params[1:]]
    blanked = [(key, secrets.blank(text, MASK)) for key, text in read]
    if blanked == read:
        return value
    words = [params[0][0]] + [
        f'{key}="{quote(text)}"' if text.isascii() else f"{key}*={encode_rfc2231(text, 'utf-8')}"
        for key, text in blanked
    ]
    return "; ".join(words)


def _blank_header(value: str, secrets: Secrets) -> str | Header:
    """The value itself when it holds no secret, else its decoded text blanked, to be encoded again."""
    try:
        text = str(make_header(decode_header(value)))
    except (LookupError, ValueError, UnicodeError):  # a word in an unknown charset: as written
        text = value
    blanked = secrets.blank(text, MASK)
    return value if blanked == text else Header(blanked, "utf-8")


def _blank_payload(part: Message, secrets: Secrets) -> bool:
    data = part.get_payload(decode=True)
    if not isinstance(data, bytes):
        return False
    if not _is_text(part):
        return _blank_bytes(part, data, secrets)
    declared = part.get_content_charset()
    text, _ = charsets.decode(data, declared)
    blanked = secrets.blank(text, MASK)
    if blanked == text:
        return False
    try:
        encoded = blanked.encode(declared or "ascii")
    except (LookupError, UnicodeError):  # decoded as another charset than the one declared
        encoded = blanked.encode("utf-8")
        part.set_param("charset", "utf-8")
    part.set_payload(_transfer_encoded(encoded, str(part.get("Content-Transfer-Encoding", ""))))
    return True


def _blank_bytes(part: Message, data: bytes, secrets: Secrets) -> bool:
    """Any other part (an RTF file, an octet stream, a picture): read as UTF-8 where it is that,
    else a byte a character, so that every byte but the blanked ones comes back as it was."""
    codec = "utf-8"
    try:
        text = data.decode(codec)
    except UnicodeDecodeError:
        codec = "latin-1"
        text = data.decode(codec)
    blanked = secrets.blank(text, MASK)
    if blanked == text:
        return False
    part.set_payload(_transfer_encoded(blanked.encode(codec), str(part.get("Content-Transfer-Encoding", ""))))
    return True


def _transfer_encoded(data: bytes, encoding: str) -> str:
    """`data` as the part's transfer encoding writes it (8-bit bytes kept as the parser keeps them)."""
    encoding = encoding.strip().lower()
    if encoding == "base64":
        return base64.encodebytes(data).decode("ascii")
    if encoding == "quoted-printable":
        return quopri.encodestring(data).decode("ascii")
    return data.decode("ascii", "surrogateescape")
