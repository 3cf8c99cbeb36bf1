"""The lines of a mail body that may hold orders.

Players answer the daemon's replies, so their orders arrive wrapped in quotes, attribution lines,
forwarded copies and signatures from every mail client. Ready-made reply strippers miss the
Russian forms, hence these rules. Line numbers refer to the body as received, so that a reply
can point the player at "line 7".
"""

from __future__ import annotations

import re

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


def clean_lines(body: str) -> list[tuple[int, str]]:
    """(1-based line number in `body`, stripped text) of each line that may hold an order."""
    stripped = [line.strip() for line in body.split("\n")]
    following = [*stripped[1:], ""]
    # What follows a line is its next non-blank line: clients put blank lines anywhere.
    for index in range(len(stripped) - 2, -1, -1):
        if not stripped[index + 1]:
            following[index] = following[index + 1]
    kept: list[tuple[int, str]] = []
    for index, line in enumerate(stripped):
        if not line or _QUOTE.match(line) or _COMMENT.match(line):
            continue
        if _ends_orders(line, following[index]):
            break
        if not _is_attribution(line, following[index]):
            kept.append((index + 1, line))
    for position in range(max(0, len(kept) - _SIGN_OFF_REACH), len(kept)):
        if _SIGN_OFF.fullmatch(kept[position][1]):
            return kept[:position]
    return kept
