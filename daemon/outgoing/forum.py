"""The BBCode dialects of the forums Russian games run on, as their stock installs parse it.

The digest's forum post (templates/forum/post.<lang>.txt with templates/forum/markup.txt) is written
in the game's `forum` dialect: a list item as that forum writes one, and the score table as a
[table] only where the stock forum has [table]; elsewhere as aligned columns in [code], which every
one of them shows in a monospaced font. Where each tag set comes from:
- phpBB 3.3: phpBB/phpbb/textformatter/s9e/factory.php, `$default_definitions` (branch 3.3.x):
  attachment, b, code, color, email, flash, i, img, list, * (li), quote, size, u, url. No [table].
- SMF 2.1: Sources/Subs.php, `parse_bbc` `$codes` (branch release-2.1): [table] requires [tr]
  children, [tr] a [table] parent and [td] children, [td] a [tr] parent; [list] requires [li]
  children ([*] is read as an implicit [li]).
- IP.Board 3.x: admin/applications/core/xml/core_bbcode.xml (the stock BBCode set of 3.1): b, i,
  u, s/strike, list with [*], code, quote, url, img, color, size, font, spoiler... No [table].
- MyBB 1.8: inc/class_parser.php (`parse_mycode`): b, u, i, s, url, email, hr, color, size, font,
  align, list with [*], img, video, quote, code, php. No [table] (it takes a plugin).
"""

from __future__ import annotations

from dataclasses import dataclass

from daemon.config import Forum


@dataclass(frozen=True)
class Dialect:
    """What the post may use on one kind of forum: how a list item is opened and closed, and
    whether [table] exists there."""

    item_open: str
    item_close: str
    tables: bool


DIALECTS: dict[Forum, Dialect] = {
    "phpbb": Dialect("[*]", "", tables=False),
    "smf": Dialect("[li]", "[/li]", tables=True),
    "ipb": Dialect("[*]", "", tables=False),
    "mybb": Dialect("[*]", "", tables=False),
}
