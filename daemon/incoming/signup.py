"""Whether a mail signs its sender up, read as players write it.

The header reads ЗАПИСЫВАЮСЬ where a line starts with it and a space or a colon follows. Players
also write it after a greeting on the same line («Привет, хочу играть. ЗАПИСЫВАЮСЬ Глеб») and with
a full stop or a dash before their name («Записываюсь. Глеб Орлов»): a mail without an order
header (no password or ВЕДУЩИЙ; a СТРАНА or ПЛЕМЯ line names the country) is read for those too,
so it is neither an order mail refused nor left unanswered.
"""

from __future__ import annotations

import re

from parsers.header import HEADER_WORDS, OrderText

_KEYWORDS = "|".join(re.escape(word).replace(r"\ ", r"\s+") for word in HEADER_WORDS["signup"])
# the keyword opening the line or a sentence of it, as a word of its own; the words after it
_SIGNUP = re.compile(rf"(?:^|[.!?…]\s+)(?:{_KEYWORDS})(?![^\W_])(?P<words>.*)", re.IGNORECASE)


def signup_words(text: OrderText, lines: list[tuple[int, str]]) -> str | None:
    """The words after ЗАПИСЫВАЮСЬ ("" for none), the header's or those of the first line of
    `lines` (the mail's, quotes and signature left out) that signs up; None: no signup. A line
    naming the country (СТРАНА, ПЛЕМЯ…) makes no order mail of it without a password."""
    header = text.header
    if header.signup is not None or header.password or header.gm:
        return header.signup
    for _, line in lines:
        if found := _SIGNUP.search(line):
            return found.group("words")
    return None
