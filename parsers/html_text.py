"""HTML mail bodies as plain text, one order per line.

Web-mail clients send some mails as HTML only. Orders must keep their line breaks, and quoted
replies (<blockquote>) must stay recognisable as quotes, so they come out as "> " lines, which
the cleanup step drops like any other quote.
"""

from __future__ import annotations

import re

from bs4 import BeautifulSoup
from bs4.element import NavigableString

_DROPPED = ("script", "style", "head", "template", "noscript")
_BLOCKS = (
    "p", "div", "li", "tr", "table", "ul", "ol", "dl", "dt", "dd", "blockquote", "pre",
    "h1", "h2", "h3", "h4", "h5", "h6", "hr", "section", "article", "header", "footer",
)  # fmt: skip
_SPACES = re.compile(r"\s+")
_RULE = "_" * 32


def _quote_depth(node: NavigableString) -> int:
    return sum(1 for parent in node.parents if parent.name == "blockquote")


def _in_pre(node: NavigableString) -> bool:
    return any(parent.name == "pre" for parent in node.parents)


class _Break(NavigableString):
    """A line break we put in the tree, told apart from the source's (insignificant) newlines.

    A <br> always breaks ("\n"); a block edge ("") only ends a line that holds text, so nested
    or adjacent <div>s do not leave blank lines behind.
    """


def html_to_text(html: str) -> str:
    """The text a reader sees in `html`: one line per <br> or block, blockquotes as "> " lines."""
    soup = BeautifulSoup(html, "html.parser")
    for tag in soup.find_all(_DROPPED):
        tag.decompose()
    for tag in soup.find_all("br"):
        tag.replace_with(_Break("\n"))
    for tag in soup.find_all("hr"):  # as Outlook's text part draws it, so a reply header below ends orders
        tag.replace_with(_Break("\n"), NavigableString(_RULE), _Break("\n"))
    for tag in soup.find_all(_BLOCKS):
        tag.insert(0, _Break(""))
        tag.append(_Break(""))
    lines: list[str] = []
    current, depth = "", 0
    for node in soup.descendants:
        if isinstance(node, _Break):
            if current.strip() or str(node):
                lines.append("> " * depth + current.strip() if current.strip() else "")
                current, depth = "", 0
        elif type(node) is NavigableString:  # not comments, doctype, CDATA, processing instructions
            text = str(node) if _in_pre(node) else _SPACES.sub(" ", str(node))
            if text.strip() and not current.strip():
                depth = _quote_depth(node)
            current += text
    lines.append("> " * depth + current.strip())
    return "\n".join(lines).strip("\n")
