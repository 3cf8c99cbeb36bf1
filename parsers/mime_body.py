"""The order text of a mail: which MIME parts hold it, and their content as clean text."""

from __future__ import annotations

import re
from email.message import Message
from typing import NamedTuple

from parsers import charsets
from parsers.cleanup import clean_lines
from parsers.header import header_fields
from parsers.html_text import html_to_text
from parsers.mime_flowed import delsp, is_flowed, unflow

# Bidi marks and overrides: invisible, they only reorder how text is shown. In a body they hide a
# header word from the parser and would make our reply's quote of a refused line display reversed.
_BIDI = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


_LOOK_FOR_LETTERS = 100_000


def leaves(message: Message) -> list[Message]:
    """The parts that hold content, in order, without entering attached mails (message/*)."""
    found: list[Message] = []
    stack = [message]
    while stack:
        part = stack.pop()
        payload = part.get_payload()
        if isinstance(payload, list) and part.get_content_maintype() != "message":
            stack.extend(child for child in reversed(payload) if isinstance(child, Message))
        else:
            found.append(part)
    return found


def _is_attachment(part: Message) -> bool:
    return part.get_content_disposition() == "attachment" or bool(part.get_filename())


def _is_text_attachment(part: Message) -> bool:
    name = (part.get_filename() or "").lower()
    return _is_attachment(part) and (name.endswith(".txt") or part.get_content_type() == "text/plain")


class Body(NamedTuple):
    """The order text of a mail, as `body_text` reads it."""

    text: str
    chars: int  # of the text it is read from, before any HTML conversion
    lossy: str  # the declared charset of a part read whose stray bytes were replaced, else ""


class _Part(NamedTuple):
    text: str
    lossy: str


def _part_text(part: Message, problems: list[str]) -> _Part:
    """A part's content decoded from its bytes, whatever its declared charset says; flowed text
    unwrapped."""
    data = part.get_payload(decode=True)
    if not isinstance(data, bytes):
        return _Part("", "")
    label = part.get_content_charset()
    text, problem, replaced = charsets.decoded(data, label)
    if problem:
        problems.append(f"{part.get_content_type()} part: {problem}")
    return _Part(unflow(text, delsp(part)) if is_flowed(part) else text, (label or "") if replaced else "")


def body_text(message: Message, problems: list[str], limit: int) -> Body:
    """The order text: text/plain, else HTML as text; the HTML beside a plain part with no header
    line (ИГРА, СТРАНА, ПАРОЛЬ) when it has one (a client's empty or «view this mail in HTML»
    plain alternative); a .txt attachment instead when it holds more header lines than that text,
    which is then a greeting, or when that text has no letters at all.

    The length is taken before any HTML conversion: a text over `limit` characters is not
    converted, nor read, and its body is empty, so a huge mail costs no more than decoding it."""
    parts = leaves(message)
    inline = [part for part in parts if not _is_attachment(part)]
    plain = [_part_text(part, problems) for part in inline if part.get_content_type() == "text/plain"]
    html = [_part_text(part, problems) for part in inline if part.get_content_type() == "text/html"]
    read = plain or html
    source = _joined(read)
    if len(source) > limit:
        return _over(source, limit, problems)
    body = source if plain else _as_text(html)
    if plain and html and not _header_count(body) and len(_joined(html)) <= limit:
        converted = _as_text(html)
        if _header_count(converted):
            problems.append("orders read from the HTML part: the plain one has no header line")
            read, source, body = html, _joined(html), converted
    attached = _orders_attachment(body, parts)
    if attached is not None:
        part, text, decoding = attached
        problems.extend(decoding)
        if len(text.text) > limit:
            return _over(text.text, limit, problems)
        problems.append(f"orders read from attachment {part.get_filename()!r}")
        read, source, body = [text], text.text, text.text
    if "\0" in body:
        problems.append("NUL characters removed from body")
    if _BIDI.search(body):
        problems.append("bidi control characters removed from body")
        body = _BIDI.sub("", body)
    lossy = next((text.lossy for text in read if text.lossy), "")
    return Body(body.replace("\0", "").replace("\r\n", "\n").replace("\r", "\n"), len(source), lossy)


def _joined(texts: list[_Part]) -> str:
    return "\n".join(text.text for text in texts)


def _as_text(html: list[_Part]) -> str:
    return "\n".join(html_to_text(text.text) for text in html)


def _orders_attachment(body: str, parts: list[Message]) -> tuple[Message, _Part, list[str]] | None:
    """(The part, its text, its decoding problems) of the text attachment to read instead of the
    body, or None. A player who attaches orders often greets in the body: so the part holding the
    most header lines wins, the body on a tie; a body without letters gives way to any text."""
    attached: list[tuple[Message, _Part, list[str]]] = []
    for part in filter(_is_text_attachment, parts):
        decoding: list[str] = []
        attached.append((part, _part_text(part, decoding), decoding))
    if not attached:  # most mails: the body stays, and it need not be read again to know that
        return None
    counted = [(_header_count(found[1].text), found) for found in attached]
    most = max(counted, key=lambda count: count[0], default=None)
    if most is not None and most[0] > _header_count(body):
        return most[1]
    if _has_letters(body):
        return None
    return next((found for found in attached if _has_letters(found[1].text)), None)


def _over(text: str, limit: int, problems: list[str]) -> Body:
    problems.append(f"body of {len(text)} characters not read: over the limit of {limit}")
    return Body("", len(text), "")


def _header_count(text: str) -> int:
    return len(header_fields(clean_lines(text[:_LOOK_FOR_LETTERS])))


def _has_letters(body: str) -> bool:
    """Whether any line that may hold orders has a letter: a footer alone is not a body.

    Only the start is looked at: orders that begin after this many characters of quotes are not
    worth reading a 20 MB attachment line by line for (the daemon's size limits refuse it anyway)."""
    return any(char.isalpha() for _, line in clean_lines(body[:_LOOK_FOR_LETTERS]) for char in line)
