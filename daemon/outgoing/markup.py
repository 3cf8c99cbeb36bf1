"""One public content, two markups: the forum post's BBCode and the web archive's HTML.

The forum post's body and each ruleset's public view (templates/forum/body.<lang>.txt,
templates/<ruleset>/public.<lang>.txt) say what they show through `m`: a heading, a list, a table
with column headings, a paragraph. `BBCode` writes it in the game's forum dialect; `Html` writes the
same for the archive (escaped: player text is data), so no page shows a tag of the forum.

A forum without [table] gets a table as aligned columns in [code]: prosilver's code box shows 200
px of content without scrolling (about 12 lines) and about 40 characters on a 390 px phone, so a
long table is cut into boxes of at most `BOX_LINES` lines, each under its headings, and a table
wider than `BOX_WIDTH` becomes a list. Numbers stand aligned at the decimal comma."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup, escape

from daemon.outgoing.forum import Dialect

BOX_LINES = 12  # lines a code box shows without scrolling (prosilver: 200 px of content)
BOX_WIDTH = 40  # characters of a code box line a 390 px phone shows
GAP = "  "  # between two columns
_NUMBER = re.compile(r"[−+-]?\d[\d\u00a0\u202f]*(?:[.,]\d+)?")


def numeric(cell: str) -> bool:
    return bool(_NUMBER.fullmatch(cell))


def _split(cell: str) -> tuple[str, str]:
    """A number's whole part and its fraction with the comma or point ("5", ",4")."""
    found = re.search(r"[.,]", cell)
    return (cell[: found.start()], cell[found.start() :]) if found else (cell, "")


def columns(head: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """The table as monospaced lines: text columns left, number columns aligned at the decimal
    comma, every heading over its column (a number column's to the right)."""
    width = len(head)
    cells = [[str(c) for c in row] for row in rows]
    numbers = [all(numeric(row[i]) for row in cells) and bool(cells) for i in range(width)]
    whole = [max((len(_split(row[i])[0]) for row in cells), default=0) for i in range(width)]
    frac = [max((len(_split(row[i])[1]) for row in cells), default=0) for i in range(width)]
    sizes = [
        max(len(head[i]), whole[i] + frac[i])
        if numbers[i]
        else max([len(head[i]), *(len(r[i]) for r in cells)])
        for i in range(width)
    ]

    def cell(i: int, text: str) -> str:
        if not numbers[i]:
            return text.ljust(sizes[i])
        left, right = _split(text)
        return (left.rjust(whole[i]) + right.ljust(frac[i])).rjust(sizes[i])

    heading = GAP.join(
        head[i].rjust(sizes[i]) if numbers[i] else head[i].ljust(sizes[i]) for i in range(width)
    )
    return [heading.rstrip(), *(GAP.join(cell(i, row[i]) for i in range(width)).rstrip() for row in cells)]


def _said_row(head: Sequence[str], row: Sequence[str]) -> str:
    """A table's row as a list item, for a box too narrow for its columns: «Волки: соц 5,4, …»."""
    return f"{row[0]}: " + ", ".join(f"{h.lower()} {c}" for h, c in zip(head[1:], row[1:], strict=True))


@dataclass(frozen=True)
class BBCode:
    """The forum post's markup in one forum's dialect."""

    dialect: Dialect

    def heading(self, text: str, note: str = "") -> str:
        return f"[b]{text}[/b]" + (f" ({note})" if note else "")

    def para(self, text: str) -> str:
        return text

    def items(self, texts: Sequence[Any], say: Callable[[Any], str] = str) -> str:
        """`texts` as a list, each said by `say` (a news item's Msg in the post's language)."""
        opened, closed = self.dialect.item_open, self.dialect.item_close
        return "\n".join(["[list]", *(f"{opened}{say(text)}{closed}" for text in texts), "[/list]"])

    def table(self, head: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
        if not rows:
            return ""
        if self.dialect.tables:
            lines = [f"[tr]{''.join(f'[td][b]{h}[/b][/td]' for h in head)}[/tr]"]
            lines += [f"[tr]{''.join(f'[td]{c}[/td]' for c in row)}[/tr]" for row in rows]
            return "\n".join(["[table]", *lines, "[/table]"])
        lines = columns(head, rows)
        if max(map(len, lines)) > BOX_WIDTH:
            said = [
                f"{row[0]}: " + ", ".join(f"{h.lower()} {c}" for h, c in zip(head[1:], row[1:], strict=True))
                for row in rows
            ]
            return self.items(said)
        per_box = BOX_LINES - 1  # under its headings
        boxes = [lines[1:][at : at + per_box] for at in range(0, len(lines) - 1, per_box)]
        return "\n".join("\n".join(["[code]", lines[0], *box, "[/code]"]) for box in boxes)


class Html:
    """The archive's markup: the same content as headings, lists, paragraphs and tables (a wide
    table scrolls in its own box, never the page)."""

    def heading(self, text: str, note: str = "") -> Markup:
        said = Markup("<h4>{}</h4>").format(text)
        return said + (Markup("<p>{}</p>").format(note) if note else Markup())

    def para(self, text: str) -> Markup:
        return Markup("<p>{}</p>").format(text)

    def items(self, texts: Sequence[Any], say: Callable[[Any], str] = str) -> Markup:
        listed = Markup("").join(Markup("<li>{}</li>").format(say(t)) for t in texts)
        return Markup("<ul>{}</ul>").format(listed)

    def table(self, head: Sequence[str], rows: Sequence[Sequence[str]]) -> Markup:
        if not rows:
            return Markup()
        numbers = [all(numeric(str(row[i])) for row in rows) for i in range(len(head))]

        def cells(tag: str, row: Sequence[str]) -> Markup:
            return Markup("").join(
                Markup('<{0} class="number">{1}</{0}>' if number else "<{0}>{1}</{0}>").format(tag, escape(c))
                for number, c in zip(numbers, row, strict=True)
            )

        body = Markup("").join(Markup("<tr>{}</tr>").format(cells("td", row)) for row in rows)
        return Markup(
            '<div class="scroll"><table><thead><tr>{}</tr></thead><tbody>{}</tbody></table></div>'
        ).format(cells("th", head), body)
