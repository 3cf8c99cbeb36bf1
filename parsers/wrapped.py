"""Orders an editor wrapped over two or three lines, read as the one line the player wrote.

Mutt's vim (`tw=72`), Alpine with flowed text off and Outlook break a long line where it reaches
their width, and nothing marks the break (format=flowed does: see `mime_flowed`). So a prose order
arrives as «…и ещё 1 монету в» / «разведку», the first line refused and the second a word alone,
and a comment's tail («стоит в Кампании, у Лация») loses its «#» and names places as an order does.
A line that may continue the one above (`Cleaned.wrapped`) and is no order of its own is its tail:
prose, a line refused only for naming the game's things without an order's word, or one that goes
on in lowercase, as a sentence broken in its middle does («монету в разведку»); a line that starts
with a capital and is refused as an order («ВЛОЖИТ Армия 2») is the player's own attempt. A tail
is read with the refused line above it: if together they make orders that read whole, those stand
at the first line and the reply says the lines were joined (prose above a tail is no order cut
short: a wrap splits no word, so two lines with no order's word make none). Otherwise a tail is
never refused on its own: under a line set aside (a comment, a quote) it is set aside too, under
the player's text it is not read.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import replace

from engines.contract import Command
from parsers.orders import ParsedOrders

MOST_LINES = 3  # lines one order is read from: a tail costs at most two parses of a few lines
# the refusal of a line that starts no order but names the game's things: a tail may look like it
_ATTEMPT = "order_not_understood"

Parse = Callable[[list[tuple[int, str]]], ParsedOrders]


def rejoin(
    parsed: ParsedOrders, body: list[tuple[int, str]], wrapped: Collection[int], parse: Parse
) -> ParsedOrders:
    """`parsed` (what `parse` made of `body`) with each wrapped order read whole and no tail
    refused on its own (see the module's docstring)."""
    if not wrapped:
        return parsed
    texts = dict(body)
    ordered = {command.line for command in parsed.commands}
    codes: dict[int, set[str]] = {}
    for problem in parsed.problems:
        codes.setdefault(problem.line, set()).add(problem.msg.code)
    unread = set(parsed.unread)
    # lines that may be the tail of the one above and are no order of their own: prose, a refusal
    # only for naming the game's things with no order's word, or a line that goes on in lowercase
    tails = {
        number
        for number, text in body
        if number in wrapped
        and number not in ordered
        and (number in unread or codes.get(number) == {_ATTEMPT} or text[:1].islower())
    }
    commands = list(parsed.commands)
    joined: list[tuple[int, int]] = []
    done: set[int] = set()
    for first, _ in [] if parsed.explicit_pass else body:
        found = _whole(first, texts, tails, parse) if first in codes and first not in done else None
        if found is not None:
            lines, read = found
            commands += read
            joined.append((first, lines[-1]))
            done.update(lines)
    unread -= done
    quiet: set[int] = set()  # tails of lines set aside (a comment, a quote): set aside too
    for number in sorted(tails - done):
        if number - 1 in texts and number - 1 not in quiet:
            unread.add(number)
        else:
            quiet.add(number)
            unread.discard(number)
    dropped = done | quiet | unread
    return replace(
        parsed,
        commands=sorted(commands, key=lambda command: command.line),
        problems=[problem for problem in parsed.problems if problem.line not in dropped],
        unread=sorted(unread),
        joined=joined,
    )


def _whole(
    first: int, texts: dict[int, str], tails: set[int], parse: Parse
) -> tuple[list[int], list[Command]] | None:
    """The lines from `first` that read whole as one line (`first` and the tails under it, up to
    `MOST_LINES`), and the orders they make; None when they make none."""
    lines = [first]
    while len(lines) < MOST_LINES and lines[-1] + 1 in tails:
        lines.append(lines[-1] + 1)
        read = parse([(first, " ".join(texts[number] for number in lines))])
        if read.commands and not read.problems and not read.unread:
            return lines, read.commands
    return None
