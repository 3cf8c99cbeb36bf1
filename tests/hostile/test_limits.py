"""Mails too big to be orders, generated at run time (nothing of this size is committed): a reply
naming the limit, nothing stored; a big attachment that is not the orders costs nothing."""

from __future__ import annotations

import os
from collections.abc import Iterator
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

import pytest

from daemon.config import Limits
from parsers.mime import parse_mail
from tests.daemon.harness import PLAYERS, body, flat
from tests.hostile.corpus import ORDER_LINES, ORDERS, CorpusHarness

SENDER = PLAYERS[0]  # a player of the game: a stranger's refused mail is answered once a day only
LIMITS = Limits()


@pytest.fixture(scope="module")
def h(tmp_path_factory: pytest.TempPathFactory) -> Iterator[CorpusHarness]:
    harness = CorpusHarness(tmp_path_factory.mktemp("limits"))
    yield harness
    harness.daemon.close()


def mail(text: str, attachment: bytes = b"", filename: str = "photo.jpg", sender: str = SENDER) -> bytes:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = "gonets@test.local"
    message["Subject"] = "[coins-1] приказы"
    message["Message-ID"] = make_msgid(domain="example.ru")
    message.set_content(text)
    if attachment:
        maintype, subtype = ("text", "plain") if filename.endswith(".txt") else ("image", "jpeg")
        if maintype == "text":
            message.add_attachment(attachment.decode(), subtype=subtype, filename=filename)
        else:
            message.add_attachment(attachment, maintype=maintype, subtype=subtype, filename=filename)
    return bytes(message)


def test_a_20_mb_mail_with_a_photo_beside_the_orders_is_read_and_the_orders_stand(h: CorpusHarness) -> None:
    entry = h.deliver(mail(ORDERS, os.urandom(15 * 1024 * 1024)))  # base64: 20 MB, under 25 MB
    assert entry["outcome"] == "orders"
    text = body(h.mail_to(SENDER)[0])
    assert all(line in text for line in ORDER_LINES)


def test_a_20_mb_text_attachment_as_the_only_body_is_refused_by_the_text_limit(h: CorpusHarness) -> None:
    before = h.stored()
    huge = (ORDERS + "\n" + "ВЛОЖИТЬ Наука 1\n" * (20 * 1024 * 1024 // 28)).encode()
    entry = h.deliver(mail("", huge, filename="prikazy.txt"))
    assert (entry["outcome"], entry["detail"]) == ("refused", "limit_body")
    text = body(h.mail_to(SENDER)[0])
    text = flat(text)
    assert f"читается не больше {LIMITS.body_chars}" in text and f"at most {LIMITS.body_chars}" in text
    assert h.stored() == before


def test_50000_order_lines_are_refused_whole_naming_the_limit(h: CorpusHarness) -> None:
    before = h.stored()
    entry = h.deliver(mail(ORDERS.replace("КОНЕЦ", "ВЛОЖИТЬ Наука 1\n" * 50_000 + "КОНЕЦ")))
    assert (entry["outcome"], entry["detail"]) == ("refused", "limit_lines")
    text = body(h.mail_to(SENDER)[0])
    # the order lines: ИГРА, СТРАНА, ПАРОЛЬ, КОНЕЦ do not count
    assert "Строк, похожих на приказы, в письме 50002" in text
    assert f"не больше {LIMITS.order_lines}" in text
    assert "Ничего из него не принято" in text and "Nothing of it was accepted" in text
    assert h.stored() == before


def test_exactly_the_line_limit_of_orders_is_read_header_lines_not_counted(h: CorpusHarness) -> None:
    filler = LIMITS.order_lines - len(ORDER_LINES)  # with the four header lines: 504 lines in all
    entry = h.deliver(mail(ORDERS.replace("КОНЕЦ", "ВЛОЖИТЬ Наука 0\n" * filler + "КОНЕЦ")))
    assert entry["outcome"] == "orders"
    text = body(h.mail_to(SENDER)[0])
    assert "ВЛОЖИТЬ Промышленность 3" in text and "Ничего из него не принято" not in text


def test_one_order_line_over_the_limit_refuses_the_mail(h: CorpusHarness) -> None:
    filler = LIMITS.order_lines - len(ORDER_LINES) + 1
    entry = h.deliver(mail(ORDERS.replace("КОНЕЦ", "ВЛОЖИТЬ Наука 0\n" * filler + "КОНЕЦ")))
    assert (entry["outcome"], entry["detail"]) == ("refused", "limit_lines")
    assert f"Строк, похожих на приказы, в письме {LIMITS.order_lines + 1}," in body(h.mail_to(SENDER)[0])


def test_limits_come_from_the_config(tmp_path: Path) -> None:
    h = CorpusHarness(tmp_path)
    text = h.config_path.read_text(encoding="utf-8")
    h.config_path.write_text(text.replace("[transport]", "[limits]\norder_lines = 1\n\n[transport]"), "utf-8")
    h.restart()
    assert h.daemon.config.limits == Limits(order_lines=1)
    assert h.deliver(mail(ORDERS))["detail"] == "limit_lines"
    assert "не больше 1" in flat(body(h.mail_to(SENDER)[0]))


@pytest.mark.parametrize(("slack", "outcome"), [(0, "orders"), (-1, "refused")])
def test_the_body_limit_is_exact(tmp_path: Path, slack: int, outcome: str) -> None:
    raw = mail(ORDERS)
    size = parse_mail(raw).text_chars
    h = CorpusHarness(tmp_path)
    text = h.config_path.read_text(encoding="utf-8")
    limits = f"[limits]\nbody_chars = {size + slack}\n\n[transport]"
    h.config_path.write_text(text.replace("[transport]", limits), "utf-8")
    h.restart()
    assert h.deliver(raw)["outcome"] == outcome
