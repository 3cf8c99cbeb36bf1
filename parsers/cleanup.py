"""The lines of a mail body that may hold orders.

Players answer the daemon's replies, so their orders arrive wrapped in quotes, attribution lines,
forwarded copies and signatures from every mail client. Ready-made reply strippers miss the
Russian forms, hence these rules. Line numbers refer to the body as received, so that a reply
can point the player at "line 7".

A quote is a `>` line; a block indented with tabs after an attribution line (POSIX mailx's and
s-nail's quote); or a mail's raw MIME source (`quoted_mime`). Lines an editor wrapped are kept as
the player wrote them, each marked when it may continue the line above (`Cleaned.wrapped`): only
the order parser can tell a line's tail from an order of its own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from parsers.header import header_fields
from parsers.quoted_mime import source_lines

_FLAGS = re.IGNORECASE

_QUOTE = re.compile(r">")
_COMMENT = re.compile(r"#|//")
# "12.01.2024 10:00, Иван пишет:", "Ivan wrote:", "Иван писал(а):", "On ... Ivan <x@y> wrote:".
_ATTRIBUTION_END = re.compile(r"(?:wrote|пишет|писала?|написала?|писал\(а\)|написал\(а\))\s*:$", _FLAGS)
# Gmail in Russian names no verb: "Пн, 12 янв. 2024 г. в 10:00, Ivan <x@y>:".
_DATED_ADDRESS = re.compile(r"\d{1,2}:\d{2}.*<[^<>\s]+@[^<>\s]+>\s*:$")
_CLOCK = re.compile(r"\d{1,2}:\d{2}")
# Everything after these belongs to someone else: a forwarded mail's orders are never the
# forwarder's (they may carry another player's password), so a forward is read up to its start.
_FORWARD_WORDS = (
    r"(?:original message|исходное сообщение|forwarded message|пересылаемое сообщение"
    r"|начало пересылаемого сообщения|переадресованное сообщение|начало переадресованного сообщения)"
)
_SEPARATOR = re.compile(
    rf"-{{2,}}\s*{_FORWARD_WORDS}\s*-{{2,}}"
    # Apple Mail: "Begin forwarded message:", «Начало переадресованного сообщения:»
    r"|(?:begin forwarded message|начало переадресованного сообщения)\s*:",
    _FLAGS,
)
_RULE = re.compile(r"_{10,}")
_HEADER = re.compile(r"(?:from|от|sent|отправлено):", _FLAGS)
# Everything from these is a signature or a client's footer.
_FOOTER = re.compile(
    r"--|(?:отправлено (?:с|со|из) |sent from (?:my )?|get outlook for ).{0,60}",
    _FLAGS,
)
_SIGN_OFF = re.compile(r"(?:с уважением|best regards|kind regards),?", _FLAGS)
_SIGN_OFF_REACH = 4
# Where mail clients and editors wrap long lines: Mutt's vim at 72, Alpine at 74, Outlook at 76.
# A line may be the tail of the one above when that one ends within this reach and the tail's
# first word would have taken it past the narrowest of them.
_WRAP_NARROWEST = 64
_WRAP_WIDEST = 80


def _is_attribution(line: str, following: str) -> bool:
    """An attribution line; clients wrap long ones, so a dated line may end on the next line."""
    if _ATTRIBUTION_END.search(line) or _DATED_ADDRESS.search(line):
        return True
    joined = f"{line} {following}"
    return bool(_CLOCK.search(line)) and bool(
        _ATTRIBUTION_END.search(joined) or _DATED_ADDRESS.search(joined)
    )


def _ends_orders(line: str, following: str) -> bool:
    """A separator, signature or footer: the player's own text ends before it."""
    return bool(
        _SEPARATOR.fullmatch(line)
        or _FOOTER.fullmatch(line)
        or (_RULE.fullmatch(line) and _HEADER.match(following))
    )


Part = Literal["top", "below", "both"]


@dataclass(frozen=True)
class Cleaned:
    """The lines of a mail that may hold orders, and where they were: above the player's signature
    (`top`, as most clients write a reply), `below` the quoted mail under it (Alpine puts the
    signature above the quote, and players type under the quote), or `both` when the header is
    split between them."""

    lines: list[tuple[int, str]]
    part: Part = "top"
    # numbers of the lines that may be the tail of the mail's line above, wrapped there by the
    # player's client: that line is not blank and ends where a client wraps (`_WRAP_NARROWEST`…)
    wrapped: frozenset[int] = frozenset()


def clean_body(body: str) -> Cleaned:
    """The order lines of `body` (see `Cleaned`): the text above the signature, unless it holds no
    header line and the text under the quote below the signature does; a forwarded mail is never
    read past its start."""
    raw = body.split("\n")
    stripped = [line.strip() for line in raw]
    following = [*stripped[1:], ""]
    # What follows a line is its next non-blank line: clients put blank lines anywhere.
    for index in range(len(stripped) - 2, -1, -1):
        if not stripped[index + 1]:
            following[index] = following[index + 1]
    aside = _set_aside(raw, stripped, following)
    top, stop = _read(stripped, following, aside, 0)
    start = _below(stripped, aside, stop)
    if start is not None:
        below, _ = _read(stripped, following, aside, start)
        if header_fields(below) - header_fields(top) and not header_fields(top):
            return Cleaned(below, "below", _wrapped(raw, below))
        if header_fields(below) - header_fields(top):
            return Cleaned(top + below, "both", _wrapped(raw, top + below))
    return Cleaned(top, "top", _wrapped(raw, top))


def clean_lines(body: str) -> list[tuple[int, str]]:
    """(1-based line number in `body`, stripped text) of each line that may hold an order."""
    return clean_body(body).lines


def _set_aside(raw: list[str], stripped: list[str], following: list[str]) -> list[bool]:
    """For each line, whether it is someone else's: a quote, a reply's attribution line and the
    block under it indented with tabs, or quoted MIME source."""
    aside = source_lines(raw)
    quoting = False  # in the tab-indented block under an attribution line
    for index, line in enumerate(stripped):
        if aside[index] or not line:
            continue
        if quoting and raw[index].startswith("\t"):
            aside[index] = True
        elif _QUOTE.match(line):  # a `>` quote: what comes behind tabs after it is no quote of ours
            aside[index], quoting = True, False
        elif _is_attribution(line, following[index]):
            aside[index] = quoting = True
        else:
            quoting = False
    return aside


def _wrapped(raw: list[str], lines: list[tuple[int, str]]) -> frozenset[int]:
    """The numbers of `lines` that may be the tail of the mail's line above them (see `Cleaned`)."""
    found = set()
    for number, text in lines:
        above = raw[number - 2].rstrip() if number > 1 else ""
        if (
            above.strip()
            and len(above) <= _WRAP_WIDEST
            and len(above) + 1 + len(text.split()[0]) > _WRAP_NARROWEST
        ):
            found.add(number)
    return frozenset(found)


def _read(
    stripped: list[str], following: list[str], aside: list[bool], start: int
) -> tuple[list[tuple[int, str]], int]:
    """The lines from `start` that may hold orders, up to a separator, signature or footer, and the
    index of the line that ended them (the line count when none did)."""
    kept: list[tuple[int, str]] = []
    stop = len(stripped)
    for index in range(start, len(stripped)):
        line = stripped[index]
        if not line or aside[index] or _COMMENT.match(line):
            continue
        if _ends_orders(line, following[index]):
            stop = index
            break
        kept.append((index + 1, line))
    for position in range(max(0, len(kept) - _SIGN_OFF_REACH), len(kept)):
        if _SIGN_OFF.fullmatch(kept[position][1]):
            return kept[:position], stop
    return kept, stop


def _below(stripped: list[str], aside: list[bool], stop: int) -> int | None:
    """Where the player's text under a signature starts: after the last quoted line below it, or,
    with no quote, after the signature's first paragraph; None when nothing ended the text, or a
    forward did (what follows is someone else's)."""
    if stop == len(stripped) or not _FOOTER.fullmatch(stripped[stop]):
        return None
    quoted = [i for i in range(stop + 1, len(stripped)) if aside[i]]
    if quoted:
        return quoted[-1] + 1
    blank = next((i for i in range(stop + 1, len(stripped)) if not stripped[i]), None)
    return None if blank is None else blank + 1
