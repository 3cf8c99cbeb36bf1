"""A strict BBCode checker per forum dialect: exactly the tags the stock forum parses, and the
nesting its parser requires. It is written from each forum's own source, independently of
daemon/outgoing/forum.py, so a post that passes here is one the forum renders as meant:
- phpBB 3.3: phpBB/phpbb/textformatter/s9e/factory.php `$default_definitions` (branch 3.3.x);
- SMF 2.1: Sources/Subs.php `parse_bbc` `$codes` and `$itemcodes` (branch release-2.1);
- IP.Board 3.1: admin/applications/core/xml/core_bbcode.xml (the stock BBCode set);
- MyBB 1.8: inc/class_parser.php `parse_mycode` and `mycode_parse_list`.
An unknown tag, a tag in a parent its forum refuses, text where only children belong, a closing
tag that does not close the innermost open one, or a tag left open is a mistake.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

TAG = re.compile(r"\[(/?)([a-z*]+)(=[^\]\n]*)?\]", re.IGNORECASE)


@dataclass(frozen=True)
class Tag:
    """One tag: the parents it must sit directly in (none: anywhere), the only children it may hold
    (none: any, text too), whether its content is read as text ([code]), whether it stands alone
    ([hr]) or ends where the next sibling or its parent ends ([*])."""

    parents: frozenset[str] = frozenset()
    children: frozenset[str] = frozenset()
    literal: bool = False
    alone: bool = False
    implicit_end: bool = False


@dataclass(frozen=True)
class Dialect:
    """A forum's tags by name, and those that take an option ([list=1], [url=...])."""

    name: str
    tags: dict[str, Tag] = field(default_factory=dict)
    options: frozenset[str] = frozenset({"color", "email", "list", "quote", "size", "url"})


def _plain(names: str) -> dict[str, Tag]:
    """Tags that may hold anything and sit anywhere, as a space-separated list."""
    return dict.fromkeys(names.split(), Tag())


ITEM = Tag(parents=frozenset({"list"}), implicit_end=True)
LIST_OF_STARS = Tag(children=frozenset({"*"}))

PHPBB = Dialect(
    "phpbb",
    {
        **_plain("attachment b color email flash i img quote size u url"),
        "code": Tag(literal=True),
        "list": LIST_OF_STARS,
        "*": ITEM,
    },
)

SMF = Dialect(
    "smf",
    {
        **_plain(
            "abbr acronym anchor attach b bdo black blue center color email flash float font "
            "ftp glow green i img iurl justify left ltr me member move pre quote red right "
            "rtl s shadow size sub sup time tt u url white youtube"
        ),
        **dict.fromkeys(("br", "hr"), Tag(alone=True)),
        **dict.fromkeys(("code", "html", "nobbc", "php"), Tag(literal=True)),
        "list": Tag(children=frozenset({"li", "*", "list"})),
        "li": Tag(parents=frozenset({"list"})),
        "*": ITEM,
        "table": Tag(children=frozenset({"tr"})),
        "tr": Tag(parents=frozenset({"table"}), children=frozenset({"td"})),
        "td": Tag(parents=frozenset({"tr"})),
    },
)

IPB = Dialect(
    "ipb",
    {
        **_plain(
            "acronym b background blog center color email entry extract font i img indent "
            "left media post quote right s snapback spoiler strike sub sup topic twitter u "
            "url"
        ),
        **dict.fromkeys(("hr", "member"), Tag(alone=True)),
        **dict.fromkeys(("code", "codebox", "html", "php", "sql", "xml"), Tag(literal=True)),
        "list": LIST_OF_STARS,
        "*": ITEM,
    },
)

MYBB = Dialect(
    "mybb",
    {
        **_plain("align b color email font i img quote s size u url video"),
        "hr": Tag(alone=True),
        **dict.fromkeys(("code", "php"), Tag(literal=True)),
        "list": LIST_OF_STARS,
        "*": ITEM,
    },
)

DIALECTS = {d.name: d for d in (PHPBB, SMF, IPB, MYBB)}


def mistakes(text: str, dialect: Dialect) -> list[str]:
    """Every way `text` breaks `dialect`'s rules, each with the line it is on; [] for a good post."""
    found: list[str] = []
    stack: list[str] = []
    pos = 0

    def line(at: int) -> int:
        return text.count("\n", 0, at) + 1

    def text_between(start: int, end: int) -> None:
        if text[start:end].strip() and stack and dialect.tags[stack[-1]].children:
            found.append(f"line {line(start)}: text directly in [{stack[-1]}]")

    while match := TAG.search(text, pos):
        text_between(pos, match.start())
        pos = match.end()
        closing, name, option = match[1] == "/", match[2].lower(), match[3]
        tag = dialect.tags.get(name)
        if tag is None:
            found.append(f"line {line(match.start())}: [{match[1]}{name}] is no {dialect.name} tag")
            continue
        if closing:
            while stack and stack[-1] != name and dialect.tags[stack[-1]].implicit_end:
                stack.pop()
            if not stack or stack[-1] != name:
                found.append(
                    f"line {line(match.start())}: [/{name}] closes {f'[{stack[-1]}]' if stack else 'nothing'}"
                )
            else:
                stack.pop()
            continue
        if tag.implicit_end and stack and stack[-1] == name:
            stack.pop()
        parent = stack[-1] if stack else ""
        if tag.parents and parent not in tag.parents:
            found.append(f"line {line(match.start())}: [{name}] outside {' or '.join(sorted(tag.parents))}")
        if parent and dialect.tags[parent].children and name not in dialect.tags[parent].children:
            found.append(f"line {line(match.start())}: [{name}] inside [{parent}]")
        if option and name not in dialect.options:
            found.append(f"line {line(match.start())}: [{name}] takes no option")
        if tag.alone:
            continue
        if tag.literal:
            end = re.compile(rf"\[/{re.escape(name)}\]", re.IGNORECASE).search(text, pos)
            if end is None:
                found.append(f"line {line(match.start())}: [{name}] never closed")
                return found
            pos = end.end()
            continue
        stack.append(name)
    text_between(pos, len(text))
    while stack and dialect.tags[stack[-1]].implicit_end:
        stack.pop()
    found += [f"[{name}] never closed" for name in stack]
    return found
