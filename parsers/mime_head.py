"""The header of a raw mail, cut to what a mail server would pass on.

The stdlib decodes some headers in time quadratic in their length (RFC 2047 words, parameter
lists), so megabytes of header could hold the daemon for minutes. Mail servers discard header
beyond a limit (Postfix header_size_limit: 102400 bytes); we do the same before any parser sees
the mail, keeping whole fields, so the From, Subject and Message-ID that come first survive.
The parameters of every part (Content-Type, Content-Disposition) are parsed while the parts are
split, so those fields are cut short wherever they are.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from parsers.limits import MAX_HEAD_BYTES, MAX_PARAMS_BYTES

# Line breaks as the stdlib parser splits lines (str.splitlines on the mail decoded as ASCII).
_BREAK = rb"(?:\r\n?+|[\n\v\f\x1c-\x1e])"
_LINE = rb"[^\n\r\v\f\x1c-\x1e]*(?:" + _BREAK + rb"|\Z)"
# What starts a header line for the stdlib: a name and a colon, an mbox "From " line, or a space
# that continues a field. An empty line or any other line ends the header block.
_HEADER_LINE = rb"(?:From |[\x21-\x39\x3b-\x7e]*:|[ \t])"
_BLOCK_START = re.compile(_HEADER_LINE)
_BLOCK_END = re.compile(_BREAK + rb"(?!" + _HEADER_LINE + rb")")
_FIELDS = re.compile(_HEADER_LINE + _LINE + rb"(?:[ \t]" + _LINE + rb")*")
_PARAMS_FIELDS = re.compile(
    rb"(?<![^\n\r\v\f\x1c-\x1e])content-(?:type|disposition):" + _LINE + rb"(?:[ \t]" + _LINE + rb")*",
    re.IGNORECASE,
)
_BREAKS = b"\n\r\v\f\x1c\x1d\x1e"


@dataclass(frozen=True)
class CappedMail:
    """A raw mail whose header block holds at most MAX_HEAD_BYTES."""

    raw: bytes  # the mail the parsers may read
    head: bytes  # its header block alone: read without the body, it cannot nest or be long
    problems: tuple[str, ...]  # the cuts, if any


def cap_mail(raw: bytes) -> CappedMail:
    """`raw` with its header block capped (cap_head) and the parameter fields of every part cut to
    MAX_PARAMS_BYTES: for a mail to be read whole."""
    raw, params_cut = _cap_params(raw)
    capped = cap_head(raw)
    if not params_cut:
        return capped
    cut = f"Content-Type or Content-Disposition over {MAX_PARAMS_BYTES // 1024} KB cut"
    return replace(capped, problems=(*capped.problems, cut))


def cap_head(raw: bytes) -> CappedMail:
    """`raw` without the header fields that end beyond MAX_HEAD_BYTES, and its header block.

    The end of the block is searched in C, however many fields it holds, and the body is not read;
    fields are read one by one only up to the cap."""
    end = _block_end(raw)
    if end <= MAX_HEAD_BYTES:
        return CappedMail(raw, raw[:end], ())
    cut = 0
    for field in _FIELDS.finditer(raw, 0, MAX_HEAD_BYTES + 1):  # a field cut by the cap ends beyond it
        if field.end() > MAX_HEAD_BYTES:
            break
        cut = field.end()
    return CappedMail(raw[:cut] + raw[end:], raw[:cut], (f"headers over {MAX_HEAD_BYTES // 1024} KB cut",))


def _cap_params(raw: bytes) -> tuple[bytes, bool]:
    """`raw` with each Content-Type and Content-Disposition field longer than MAX_PARAMS_BYTES cut
    to that length. A body line that merely starts like one is left alone unless it is that long."""
    pieces: list[bytes] = []
    done = 0
    for field in _PARAMS_FIELDS.finditer(raw):
        start, end = field.span()
        if end - start > MAX_PARAMS_BYTES:
            pieces += [raw[done:start], raw[start : start + MAX_PARAMS_BYTES].rstrip(_BREAKS), b"\n"]
            done = end
    return (b"".join([*pieces, raw[done:]]), True) if pieces else (raw, False)


def _block_end(raw: bytes) -> int:
    """Where the header block ends: at the start of the first line that is not a header line."""
    if not _BLOCK_START.match(raw):
        return 0
    found = _BLOCK_END.search(raw)
    return found.end() if found else len(raw)
