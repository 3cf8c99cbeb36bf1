"""Properties of reading a mail as its writer meant it: quotes behind tabs and quoted MIME source
set aside, lines an editor wrapped read whole, ГОТОВО and КОНЕЦ only as words alone, a declared
charset kept over a stray byte, the HTML beside an empty plain part. (The mails real clients
made of each are read through the daemon in tests/hostile/test_clients.py.)"""

from __future__ import annotations

import textwrap
from email.message import EmailMessage
from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from daemon.incoming.orderflow import read_orders
from engines import get_ruleset
from engines.rng import Rng
from parsers import charsets
from parsers.cleanup import clean_body
from parsers.header import split_header
from parsers.mime import parse_mail
from parsers.orders import ParsedOrders

ORDERS = "ИГРА coins-1\nСТРАНА Китай\nПАРОЛЬ k3x9q\nВЛОЖИТЬ Промышленность 3\nВЛОЖИТЬ Наука 2\nКОНЕЦ"
ORDER_LINES = ORDERS.split("\n")
COINS = get_ruleset("coins")
STATE: dict[str, Any] = COINS.setup(COINS.playable_powers(4), Rng("writers-meant"))
POWER = "Китай"
PRINTABLE = st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp"))
# lines of the quoted text: anything a report or a player writes on a line
QUOTED_LINES = st.lists(st.text(PRINTABLE, max_size=80), max_size=30)

charsets.register()


def kept(body: str) -> list[str]:
    return [text for _, text in clean_body(body).lines]


def read(body: str) -> ParsedOrders:
    """The coins orders of `body` as the daemon reads them: cleaned, header split, parsed."""
    cleaned = clean_body(body)
    text = split_header(cleaned.lines, "")
    return read_orders(COINS, STATE, POWER, STATE["phase"], text.body, None, cleaned.wrapped)[1]


def orders_of(parsed: ParsedOrders) -> list[tuple[str, object]]:
    return [(command.name, sorted(command.args.items())) for command in parsed.commands]


@settings(max_examples=150, deadline=None)
@given(
    QUOTED_LINES,
    st.sampled_from(["Гонец <gonets@test.local> wrote:", "12.01.2024 10:00, Гонец пишет:"]),
    st.booleans(),
)
def test_a_block_behind_tabs_under_an_attribution_is_a_quote(
    quoted: list[str], attribution: str, angled: bool
) -> None:
    """…and only that: under a `>` quote, the player's own lines may start with a tab."""
    if angled:
        body = "\n".join(
            [
                attribution,
                *(f"> {line}" for line in [*quoted, "Бланк приказов:"]),
                "",
                *(f"\t{o}" for o in ORDER_LINES),
            ]
        )
    else:
        body = "\n".join([attribution, "", *(f"\t{line}" for line in quoted), "", ORDERS])
    assert kept(body) == ORDER_LINES


def source(texts: list[str], blob: bytes, encoding: str) -> str:
    """A mail as it lies in a mailbox: a text part per text in `encoding`, and a binary part."""
    message = EmailMessage()
    message["From"] = "Гонец <gonets@test.local>"
    message["Subject"] = "[coins-1] Ход 1: итоги для Китая"
    message.set_content(texts[0], cte=encoding)
    for text in texts[1:]:
        message.add_attachment(text, cte=encoding)
    message.add_attachment(blob, maintype="image", subtype="png", filename="map.png")
    return message.as_string()


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.text(PRINTABLE, max_size=300), min_size=1, max_size=3),
    st.binary(max_size=2000),
    st.sampled_from(["base64", "quoted-printable", "8bit"]),
    st.sampled_from(["\t", ""]),
    st.booleans(),
)
def test_a_quoted_mime_source_is_set_aside_whole(
    texts: list[str], blob: bytes, encoding: str, prefix: str, above: bool
) -> None:
    """Its headers, boundaries, parts and base64 runs, behind tabs (`~m`) or pasted as is; the
    orders above or below it are all that is read."""
    quoted = "\n".join(prefix + line for line in source(texts, blob, encoding).split("\n"))
    body = f"{ORDERS}\n{quoted}" if above else f"{quoted}\n{ORDERS}"
    assert kept(body) == ORDER_LINES


ONE_COIN = {1: "монету", 2: "монеты", 3: "монеты"}
DIRECTIONS = ("в науку", "в промышленность", "в разведку", "в армию", "во влияние")


@settings(max_examples=150, deadline=None)
@given(
    st.permutations(DIRECTIONS),
    st.lists(st.integers(1, 2), min_size=3, max_size=3),
    st.sampled_from(["", "В этом ходу ", "Итак, на этот ход "]),
    st.integers(64, 80),
)
def test_an_order_wrapped_by_an_editor_reads_as_the_line_it_was(
    directions: list[str], amounts: list[int], lead: str, width: int
) -> None:
    """A prose order (as coins reads them) wrapped at any width clients wrap at gives the same
    orders as the line unwrapped, and no refusal."""
    (a, b, c), (x, y, z) = amounts, directions[:3]
    said = (
        f"{lead}{'в' if lead else 'В'}кладываю {a} {ONE_COIN[a]} {x}, {b} {ONE_COIN[b]} {y} "
        f"и ещё {c} {ONE_COIN[c]} {z}"
    )
    whole = read(f"{ORDERS.rsplit(chr(10), 3)[0]}\n{said}\nКОНЕЦ")
    assume(whole.commands and not whole.problems)
    lines = textwrap.wrap(said, width)
    wrapped = read("\n".join([*ORDER_LINES[:3], *lines, "КОНЕЦ"]))
    assert (orders_of(wrapped), wrapped.problems) == (orders_of(whole), [])
    assert wrapped.joined == ([(4, 3 + len(lines))] if len(lines) > 1 else [])


COMMENT_WORDS = st.sampled_from(
    ["армия", "наука", "Китай", "Россия", "США", "стоит", "у", "в", "на", "потом", "решим", "пусть", "там"]
)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(COMMENT_WORDS, min_size=12, max_size=22),
    st.integers(64, 80),
    st.sampled_from(["# ", "// "]),
    st.booleans(),
)
def test_the_tail_of_a_wrapped_comment_is_never_refused(
    words: list[str], width: int, mark: str, slip: bool
) -> None:
    """…while an order the player mistyped right under the comment is refused as always."""
    comment = textwrap.wrap(mark + " ".join(words), width)
    order = "ВЛАЖИТЬ Армия 1" if slip else "ВЛОЖИТЬ Армия 1"
    parsed = read("\n".join([*ORDER_LINES[:3], *comment, order, "КОНЕЦ"]))
    line = 4 + len(comment)
    assert [problem.line for problem in parsed.problems] == ([line] if slip else []) and parsed.unread == []
    assert orders_of(parsed) == ([] if slip else [("invest", [("amount", 1), ("line", "Армия")])])


@given(st.sampled_from(["ГОТОВО", "Готов", "READY", "КОНЕЦ", "end"]), st.text(PRINTABLE, max_size=30))
def test_gotovo_and_konets_are_words_alone(word: str, rest: str) -> None:
    """The word with nothing but punctuation after it is the header line; with a word after it,
    it is the player's prose, kept in the body."""
    alone = not any(char.isalnum() for char in rest)
    text = split_header([(1, "ИГРА coins-1"), (2, f"{word} {rest}".strip()), (3, "ВЛОЖИТЬ Армия 1")], "")
    assert ((2 in text.fields), text.header.ready or "end" in text.fields.values()) == (alone, alone)
    assert ((2, f"{word} {rest}".strip()) in text.body) is not alone


CP1251 = st.text(st.characters(codec="cp1251"), min_size=1, max_size=200)


@settings(deadline=None)
@given(CP1251, st.data())
def test_one_stray_byte_keeps_the_declared_charset(text: str, data: st.DataObject) -> None:
    """A byte windows-1251 lacks (0x98) is replaced where it stands; the rest reads as declared."""
    at = data.draw(st.integers(0, len(text)))
    raw = text[:at].encode("cp1251") + b"\x98" + text[at:].encode("cp1251")
    assert charsets.decoded(raw, "windows-1251") == (
        f"{text[:at]}{charsets.REPLACEMENT}{text[at:]}",
        "undecodable bytes of 'windows-1251' replaced: 1",
        1,
    )


HANZI = st.text(st.characters(min_codepoint=0x4E00, max_codepoint=0x9FA5), min_size=1, max_size=12)


@settings(deadline=None)
@given(HANZI, HANZI)
def test_gbk_orders_labelled_gb2312_read_as_written(greeting: str, name: str) -> None:
    """A Chinese client's orders: GB2312 has the Russian letters, GBK the rarer hanzi of a name."""
    text = f"{greeting}\n{ORDERS}\n{name}\n"
    assert charsets.decoded(text.encode("gbk"), "gb2312") == (text, "", 0)


def alternative(plain: str, html: str) -> bytes:
    message = EmailMessage()
    message["From"] = "lena@webmail.example"
    message.set_content(plain)
    message.add_alternative(html, subtype="html")
    return message.as_bytes()


HTML_ORDERS = "".join(f"<div>{line}</div>" for line in ORDER_LINES)


@settings(max_examples=150, deadline=None)
@given(st.text(PRINTABLE, max_size=200), st.booleans())
def test_the_part_with_the_header_lines_is_read(text: str, plain_has_orders: bool) -> None:
    """A plain part with no header line (empty, «switch on HTML») gives way to the HTML beside it
    when that has one; a plain part with the orders is read whatever the HTML says."""
    assume(not split_header(clean_body(text).lines, "").fields)
    plain, html = (ORDERS, text) if plain_has_orders else (text, HTML_ORDERS)
    assert kept(parse_mail(alternative(plain, html)).body) == ORDER_LINES
