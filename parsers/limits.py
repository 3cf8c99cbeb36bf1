"""How much of a mail is read: its head as a mail server would pass it on, its body text as far
as an order mail can reasonably go. Apart from the parsers that use them, so that the config's
defaults cost no parser's import."""

from __future__ import annotations

MAX_HEAD_BYTES = 100 * 1024
MAX_PARAMS_BYTES = 4 * 1024  # room for a long file name in RFC 2231 pieces
MAX_BODY_CHARS = 2_000_000  # characters of text read as the body; a longer one is not read
# levels of parts inside parts a mail may have: a deeper one is unreadable (real mail nests a
# few levels; the standard library writes a mail back by recursion, a few frames a level)
MAX_MIME_DEPTH = 100
