"""A mail's raw MIME source quoted in a reply: header fields, boundaries, base64 runs.

Some clients insert the mail a player answers as it lies in the mailbox: GNU Mailutils' and POSIX
mailx's `~m` quote the daemon's report with its headers, its parts' boundaries and its base64 text
and map, each line behind a tab. None of it is the player's: read as lines, a 300-line report is
300 lines of prose, and a report with a big map is over the limit of order lines. So its lines
are found and set aside before anything counts them:
- a header block: a run of header fields (with their folded continuations) holding a MIME field
  (MIME-Version, Content-*); one that declares a multipart boundary, closed further down, holds
  every line up to that close (a quoted text part would otherwise bring the report's blank);
- a boundary line: `--` and a boundary a header declared, or a token shaped like one;
- a base64 run: consecutive lines of base64 characters, one of them as long as an encoder writes.
One pass over the lines: each is looked at a bounded number of times.
"""

from __future__ import annotations

import re

_FIELD = re.compile(r"[A-Za-z][A-Za-z0-9-]*:")
_MIME_FIELD = re.compile(r"(?:content-[a-z-]+|mime-version):", re.IGNORECASE)
_BOUNDARY_PARAM = re.compile(r"boundary\s*=\s*\"?([^\";\s]+)", re.IGNORECASE)
# RFC 2046 boundary characters; a shape alone must be long and hold a letter or digit, so that a
# row of dashes or a signature's «--» is never one
_SHAPED = re.compile(r"--(?=[^\s]*[0-9A-Za-z])([0-9A-Za-z'()+_,./:=?-]{10,70})")
_BASE64 = re.compile(r"[A-Za-z0-9+/]+={0,2}")
_BASE64_LINE = 40  # encoders write 76 (MIME) or 64 (PEM) characters a line; an order never has this


def source_lines(raw: list[str]) -> list[bool]:
    """For each line of a body (as written, quote prefixes and all), whether it is quoted MIME
    source (see the module's docstring)."""
    lines = [line.strip() for line in raw]
    declared = {found.group(1) for line in lines if (found := _BOUNDARY_PARAM.search(line))}
    delimiters = {f"--{boundary}" for boundary in declared} | {f"--{boundary}--" for boundary in declared}
    closes = {
        line[2:-2]: index for index, line in enumerate(lines) if line in delimiters and line.endswith("--")
    }
    aside = [False] * len(lines)
    index = 0
    while index < len(lines):
        line = lines[index]
        end = _header_block(raw, lines, index)
        if end > index:
            block = lines[index:end]
            region = end
            if any(_MIME_FIELD.match(field) for field in block):
                region = max(end, closes.get(_declared(block), -1) + 1)
                aside[index:region] = [True] * (region - index)
            index = region
            continue
        aside[index] = line in delimiters or _SHAPED.fullmatch(line.removesuffix("--")) is not None
        if len(line) >= _BASE64_LINE and _BASE64.fullmatch(line):
            index = _base64_run(lines, index, aside)
        index += 1
    return aside


def _base64_run(lines: list[str], start: int, aside: list[bool]) -> int:
    """Set aside the run of base64 lines from `start` (a full one): full lines, then a last short
    one; the index of the run's last line."""
    index = start
    aside[index] = True
    while index + 1 < len(lines) and _BASE64.fullmatch(following := lines[index + 1]):
        if len(following) < _BASE64_LINE and (len(following) % 4 or following.isalpha()):
            break  # «PASS», «READY»: a word, not the run's last four-character group
        index += 1
        aside[index] = True
        if len(following) < _BASE64_LINE:
            break
    return index


def _declared(block: list[str]) -> str:
    return next((found.group(1) for line in block if (found := _BOUNDARY_PARAM.search(line))), "")


def _header_block(raw: list[str], lines: list[str], start: int) -> int:
    """The end of the run of header fields from `start`: fields as indented as the first, each
    with its continuation lines (indented deeper, no field of their own); `start` itself when no
    field starts there. A player's «PASSWORD: x» right above a tab-quoted header is no part of it."""
    if not _FIELD.match(lines[start]):
        return start
    indent = _indent(raw[start])
    end = start + 1
    while end < len(lines) and lines[end]:
        field = _FIELD.match(lines[end]) is not None
        if (field and _indent(raw[end]) != indent) or (not field and _indent(raw[end]) <= indent):
            break
        end += 1
    return end


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())
