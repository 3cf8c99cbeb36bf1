"""Unwrapping `format=flowed` text (RFC 3676), Thunderbird's default for plain text.

Such a client wraps a long line at about 72 characters and marks each break it made by a space
at the end of the line: read as is, one order becomes two broken lines («ВЛОЖИТЬ » and
«Промышленность 2»). Here each paragraph becomes one line again, quoted lines are joined only
with lines of the same quote depth, space-stuffing is undone, and DelSp=yes deletes the space
that marked the break. The signature separator "-- " ends with a space but is never joined.
"""

from __future__ import annotations

import email.utils
from email.message import Message

_SIGNATURE = "-- "


def is_flowed(part: Message) -> bool:
    return part.get_content_type() == "text/plain" and _param(part, "format") == "flowed"


def delsp(part: Message) -> bool:
    return _param(part, "delsp") == "yes"


def _param(part: Message, name: str) -> str:
    """A Content-Type parameter lowercased, "" when absent (an RFC 2231 value as its text)."""
    return str(email.utils.collapse_rfc2231_value(part.get_param(name, ""))).lower()


def unflow(text: str, delete_space: bool) -> str:
    """The text with every soft break joined; quoted paragraphs keep their depth as "> " marks."""
    out: list[str] = []
    paragraph: list[str] = []
    depth = 0
    for raw in text.replace("\r\n", "\n").split("\n"):
        quotes = len(raw) - len(raw.lstrip(">"))
        line = raw[quotes:]
        if line.startswith(" "):  # space-stuffed (and a quote's separating space)
            line = line[1:]
        if paragraph and quotes != depth:  # a flowed line before another depth is taken as fixed
            out.append(_joined(paragraph, depth))
            paragraph = []
        depth = quotes
        if line.endswith(" ") and line != _SIGNATURE:
            paragraph.append(line[:-1] if delete_space else line)
            continue
        paragraph.append(line)
        out.append(_joined(paragraph, depth))
        paragraph = []
    if paragraph:
        out.append(_joined(paragraph, depth))
    return "\n".join(out)


def _joined(pieces: list[str], depth: int) -> str:
    text = "".join(pieces)
    return f"{'>' * depth} {text}" if depth else text
