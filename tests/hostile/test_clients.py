"""Mails as real clients compose them, through the daemon: each is read as its writer meant it.

The mails of tests/hostile/clients/ were made by the clients they are named after: s-nail 14.9.24
replying without its Debian rc (a tab before each quoted line) and sending a copied blank; GNU
Mailutils 3.15 replying with `~m` (the report's raw MIME source, tab-quoted); Mutt 2.2.12 sending
what vim typed at `tw=72`; Alpine 2.26 with flowed text off (it wraps at 74 and chose KOI8-R).
Three are written the way their clients write them, since no client here makes the slip: The
Bat!'s windows-1251 with one byte that charset lacks, Foxmail's GBK text labelled gb2312, and a
web client's HTML mail whose plain alternative is empty or a «switch on HTML» line.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from parsers.mime import parse_mail
from tests.daemon.harness import body, flat
from tests.hostile.corpus import ORDER_LINES, CorpusHarness

MAILS = Path(__file__).parent / "clients"
COINS_ORDERS = [("Промышленность", 3), ("Наука", 2)]


def read(name: str) -> bytes:
    return (MAILS / name).read_bytes()


def reply_to(h: CorpusHarness, raw: bytes) -> str:
    """The text of the one reply the mail's sender got."""
    (reply,) = h.mail_to(parse_mail(raw).sender)
    return f"{reply['Subject']}\n{body(reply)}"


def invested(h: CorpusHarness) -> list[tuple[str, int]]:
    stored = h.stored()
    assert stored is not None
    return [(str(c.args["line"]), int(c.args["amount"])) for c in stored.commands]


@pytest.fixture
def coins(tmp_path: Path) -> Iterator[CorpusHarness]:
    harness = CorpusHarness(tmp_path, language="ru")
    yield harness
    harness.daemon.close()


def test_a_quote_indented_with_tabs_under_an_attribution_is_a_quote(coins: CorpusHarness) -> None:
    """s-nail quotes the report, blank and all («ПАРОЛЬ ваш-пароль», «КОНЕЦ»), behind tabs; read
    as the player's own lines, the blank made the reply «Неверный пароль» and hid the orders."""
    raw = read("snail_tab_quoted_report.eml")
    assert coins.deliver(raw)["outcome"] == "orders"
    text = reply_to(coins, raw)
    assert invested(coins) == COINS_ORDERS
    assert "Не прочитано" not in text and "не принят" not in text


def test_five_mails_with_the_blanks_placeholder_password_lock_no_one_out(coins: CorpusHarness) -> None:
    """«ПАРОЛЬ ваш-пароль» is a password not filled in: each of the player's mails is told so,
    none counts as a wrong guess, and the mail with the password filled in is read (five wrong
    guesses an hour would have silenced the sender)."""
    player = coins.registered.encode()
    left = read("snail_blank_password_left.eml").replace(b"lena@snail.example", player)
    for attempt in range(5):
        raw = left.replace(b"%" + player, f".{attempt}%".encode() + player)
        assert coins.deliver(raw)["detail"] == "route_placeholder_password"
        text = reply_to(coins, raw)
        assert "Письмо не принято: пароль не вписан" in text
        assert "В строке ПАРОЛЬ осталось «ваш-пароль» из бланка" in flat(text)
    throttle = coins.game.store.directory / "throttle.json"
    assert not throttle.exists() or json.loads(throttle.read_text(encoding="utf-8")) == {}
    filled = read("snail_blank_password_filled.eml").replace(b"lena@snail.example", player)
    assert coins.deliver(filled)["outcome"] == "orders"
    assert invested(coins) == COINS_ORDERS


def test_a_wrapped_prose_order_is_read_as_the_one_line_it_was(coins: CorpusHarness) -> None:
    """vim broke «…и ещё 1 монету в» / «разведку» at 72 characters: the first line alone was
    refused and held the turn; together they are the player's three orders."""
    raw = read("mutt_vim_wrapped_order.eml")
    assert coins.deliver(raw)["outcome"] == "orders"
    text = flat(reply_to(coins, raw))
    assert invested(coins) == [("Наука", 2), ("Промышленность", 3), ("Разведка", 1)]
    assert "Строки 5 и 6 мы прочитали вместе: это одна строка, которую разбила почтовая программа." in text
    assert "не принят" not in text and "«разведку»" not in text
    assert coins.game.store.readiness(1, "orders") == {}  # clean: nothing holds the turn


def test_one_stray_byte_keeps_the_declared_charset(coins: CorpusHarness) -> None:
    """A windows-1251 mail with a 0x98 (no letter of that charset) was guessed to be another
    charset and answered «no game»; now the byte alone is replaced, and the reply says so."""
    raw = read("thebat_cp1251_stray_byte.eml")
    assert coins.deliver(raw)["outcome"] == "orders"
    text = flat(reply_to(coins, raw))
    assert invested(coins) == COINS_ORDERS
    assert "В письме 1 знак, которого нет в его кодировке (windows-1251): мы заменили его на «�»" in text
    assert "Строка 1: «Добрый день!�»" in text


def test_gbk_text_labelled_gb2312_is_read_as_gbk(coins: CorpusHarness) -> None:
    """Foxmail labels GBK text gb2312; a name GB2312 lacks (喆) made the whole mail a guess."""
    raw = read("foxmail_gb2312_with_gbk_name.eml")
    assert coins.deliver(raw)["outcome"] == "orders"
    text = reply_to(coins, raw)
    assert invested(coins) == COINS_ORDERS
    assert [line for line in ORDER_LINES if line in text] == list(ORDER_LINES)


@pytest.mark.parametrize("name", ["html_empty_plain.eml", "html_placeholder_plain.eml"])
def test_an_html_part_with_the_orders_beats_a_plain_part_without(coins: CorpusHarness, name: str) -> None:
    raw = read(name)
    assert coins.deliver(raw)["outcome"] == "orders"
    assert invested(coins) == COINS_ORDERS
    assert "Добрый вечер!" in reply_to(coins, raw)  # the HTML's greeting, not read as an order


def test_a_reply_quoting_the_reports_mime_source_is_read(tmp_path: Path) -> None:
    """Mailutils' `~m` quotes the Русь report as it lies in the mailbox: headers, boundaries, the
    text and the map in base64, 1,156 lines behind tabs. Over the limit of 500 order lines, the
    whole mail was refused; now the source is set aside and the order below it read."""
    h = CorpusHarness(
        tmp_path,
        game="rus-1",
        ruleset="rus",
        power="Северск",
        password="Zx7-pol",
        players=tuple(f"knyaz{n}@test.local" for n in range(16)),
        language="ru",
    )
    raw = read("mailutils_quoted_mime_source.eml")
    assert raw.count(b"\n") > 1_000
    assert h.deliver(raw)["outcome"] == "orders"
    text = reply_to(h, raw)
    stored = h.stored()
    assert stored is not None and [(c.name, c.args) for c in stored.commands] == [("recruit", {"count": 2})]
    assert "Не прочитано" not in text
    h.daemon.close()


def test_the_tail_of_a_wrapped_comment_is_no_order(tmp_path: Path) -> None:
    """Alpine wrapped a council comment at 74 and its tail lost the «#»: «сейчас стоит в
    Кампании, у Лация» names places as an order does, so it was refused and held the turn."""
    h = CorpusHarness(
        tmp_path,
        game="council-1",
        ruleset="council",
        power="Савелли",
        password="Ts7-oak",
        players=tuple(
            f"{name}@test.local" for name in ("anna", "boris", "vera", "gleb", "dasha", "egor", "zhenya")
        ),
        seed="council-seed-1",
        language="ru",
    )
    raw = read("alpine_wrapped_comment.eml")
    assert h.deliver(raw)["outcome"] == "orders"
    text = reply_to(h, raw)
    stored = h.stored()
    assert stored is not None and [c.args for c in stored.commands] == [{"auction": "Фактория", "amount": 9}]
    assert "не принят" not in text and "Кампании" not in text
    assert h.game.store.readiness(1, h.game.load().phase) == {}
    h.daemon.close()
