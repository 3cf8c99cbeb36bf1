"""HTML mail bodies as plain text, one order per line.

Web-mail clients send some mails as HTML only. Orders must keep their line breaks, and quoted
replies (<blockquote>) must stay recognisable as quotes, so they come out as "> " lines, which
the cleanup step drops like any other quote.

The text is read in one pass over a token stream, keeping only counts of open elements: a tree
(BeautifulSoup) walked per text node costs time quadratic in the nesting depth, and the stdlib
HTMLParser of Python < 3.13.4 rescans the rest of the input at every tag or comment left open, so
a hostile mail of nested or unclosed tags took minutes. Every pattern below matches at its start
or consumes up to the end of the text, so nothing is scanned twice.
"""

from __future__ import annotations

import re
from collections import Counter
from html import unescape

# Elements whose content is not the text: left out with everything inside them.
_DROPPED = frozenset(("script", "style", "head", "template", "noscript"))
_BLOCKS = frozenset((
    "p", "div", "li", "tr", "table", "ul", "ol", "dl", "dt", "dd", "blockquote", "pre",
    "h1", "h2", "h3", "h4", "h5", "h6", "section", "article", "header", "footer",
))  # fmt: skip
# Elements without content or end tag (HTML5 and older): never open, their end tags mean nothing.
_VOID = frozenset((
    "area", "base", "br", "col", "embed", "hr", "img", "input", "keygen", "link", "menuitem", "meta",
    "param", "source", "track", "wbr", "basefont", "bgsound", "command", "frame", "image",
    "isindex", "nextid", "spacer",
))  # fmt: skip
# Elements whose content is raw text up to their end tag: a "</div>" in a script closes nothing.
_RAW_END = {name: re.compile(rf"</{name}(?=[\t\n\f\r />]|\Z)", re.IGNORECASE) for name in ("script", "style")}
_TOKEN = re.compile(
    r"""
    (?P<text>[^<]+|<(?![a-zA-Z!?/]))
    | <!--(?:-?>|.*?(?:--!?>|\Z))
    | <!\[CDATA\[.*?(?:\]\]>|\Z)
    | </(?P<end>[a-zA-Z][^\t\n\f\r />]*)[^>]*>?
    | <(?P<start>[a-zA-Z][^\t\n\f\r />]*)
      (?:[\t\n\f\r ]+|/(?!>)
        | [^\t\n\f\r />][^\t\n\f\r />=]*
          (?:[\t\n\f\r ]*=[\t\n\f\r ]*(?:"[^"]*"?|'[^']*'?|[^\t\n\f\r >]*))?
      )*(?P<closed>/)?>?
    | <[!?/][^>]*>?
    """,
    re.DOTALL | re.VERBOSE,
)  # text | comment | CDATA | end tag | start tag with attributes | doctype, <?…>, bogus comment
_SPACES = re.compile(r"\s+")
_RULE = "_" * 32  # <hr> as Outlook's text part draws it, so a reply header below ends orders
# Deeper quotes are marked as this deep: a "> " per level would make the text grow with the square
# of the input, and one ">" already makes a quote.
_MAX_QUOTE_DEPTH = 10


def html_to_text(html: str) -> str:
    """The text a reader sees in `html`: one line per <br> or block, blockquotes as "> " lines."""
    text = _Text()
    pos, size = 0, len(html)
    while pos < size:
        token = _TOKEN.match(html, pos)
        assert token is not None  # a "<" starts a tag, a comment or text; anything else is text
        pos = token.end()
        if token["text"]:
            text.data(token["text"])
        elif token["start"]:
            name, closed = token["start"].lower(), bool(token["closed"])
            text.start(name, closed)
            if name in _RAW_END and not closed:
                raw_end = _RAW_END[name].search(html, pos)
                pos = raw_end.start() if raw_end else size  # dropped content, unread
        elif token["end"]:
            text.end(token["end"].lower())
        else:  # comments, CDATA, declarations and processing instructions are no text
            text.flush()
    return text.finish()


class _Text:
    """Lines of text from a stream of tags and text, with the open elements as a stack.

    A <br> always breaks a line; a block edge only ends a line that holds text, so nested or
    adjacent <div>s leave no blank lines behind. A line's quote depth is that of its first text.
    """

    def __init__(self) -> None:
        self._open: list[str] = []
        self._counts: Counter[str] = Counter()  # how many of each element are open
        self._hidden = 0  # open elements of _DROPPED
        self._data: list[str] = []  # text since the last tag, decoded and spaced as one
        self._lines: list[str] = []
        self._line: list[str] = []
        self._has_text = False
        self._depth = 0

    def data(self, text: str) -> None:
        self._data.append(text)

    def start(self, name: str, closed: bool) -> None:
        self.flush()
        if name in _VOID:
            if name in ("br", "hr") and not self._hidden:
                self._break(True)
                if name == "hr":
                    self._add(_RULE)
                    self._break(True)
            return
        self._open.append(name)
        self._counts[name] += 1
        self._hidden += name in _DROPPED
        if name in _BLOCKS and not self._hidden:
            self._break(False)
        if closed:  # <div/>: opened and closed at once
            self.end(name)

    def end(self, name: str) -> None:
        """Close the latest open `name` and the elements still open in it; else ignore the tag."""
        if name in _VOID:  # closed by its start tag already: "a<img></img> b" is one text
            return
        self.flush()
        if not self._counts[name]:
            return
        while True:
            top = self._open.pop()
            self._counts[top] -= 1
            self._hidden -= top in _DROPPED
            if top in _BLOCKS and not self._hidden:
                self._break(False)
            if top == name:
                return

    def flush(self) -> None:
        """End a run of text: a tag or comment cuts it, as it cuts a text node in a tree."""
        if not self._data:
            return
        text = unescape("".join(self._data))
        self._data.clear()
        if not self._hidden:
            self._add(text if self._counts["pre"] else _SPACES.sub(" ", text))

    def finish(self) -> str:
        self.flush()
        self._break(True)
        return "\n".join(self._lines).strip("\n")

    def _add(self, text: str) -> None:
        if not self._has_text and text.strip():
            self._has_text = True
            self._depth = min(self._counts["blockquote"], _MAX_QUOTE_DEPTH)
        self._line.append(text)

    def _break(self, always: bool) -> None:
        if self._has_text or always:
            line = "".join(self._line).strip()
            self._lines.append("> " * self._depth + line if line else "")
            self._line.clear()
            self._has_text, self._depth = False, 0
