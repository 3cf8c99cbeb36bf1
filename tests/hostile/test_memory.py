"""Big mail costs bounded memory: the inbox is read mail by mail, and a mail over
`[limits] mail_bytes` is not read at all beyond its head: one reply, and it waits for the GM.

Memory is measured with tracemalloc (Python allocations, deterministic for the same input), never
with a clock. The mails are generated at run time; nothing big is committed.
"""

from __future__ import annotations

import os
import tracemalloc
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

import pytest

from tests.daemon.harness import PLAYERS, Harness, accepted, body
from tests.hostile.corpus import logged

ANNA = PLAYERS[0]
MB = 1024 * 1024


def with_attachment(h: Harness, size: int, orders: bool = True) -> bytes:
    message = EmailMessage()
    message["From"] = ANNA
    message["To"] = "gonets@test.local"
    message["Subject"] = "приказы и фото"
    message["Message-ID"] = make_msgid(domain="test.local")
    message.set_content(h.orders(ANNA, "ВЛОЖИТЬ Армия 1") if orders else "фото")
    message.add_attachment(os.urandom(size), maintype="image", subtype="jpeg", filename="photo.jpg")
    return bytes(message)


def peak_of_a_pass(h: Harness) -> int:
    tracemalloc.start()
    try:
        h.run()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_the_inbox_is_read_mail_by_mail(tmp_path: Path) -> None:
    h = Harness(tmp_path)
    h.start()
    h.inbox.add(with_attachment(h, 3 * MB))
    one = peak_of_a_pass(h)
    for _ in range(6):
        h.inbox.add(with_attachment(h, 3 * MB))
    six = peak_of_a_pass(h)
    assert len(h.mail_to(ANNA)) == 7
    assert six < 1.5 * one, (one, six)  # all six in memory at once would be about six times one


def test_a_mail_over_the_size_limit_is_not_read_answered_once_and_kept_for_the_gm(tmp_path: Path) -> None:
    h = Harness(tmp_path)
    text = h.config_path.read_text(encoding="utf-8")
    h.config_path.write_text(text.replace("[transport]", "[limits]\nmail_bytes = 2000000\n\n[transport]"))
    h.restart()
    h.start()
    big = with_attachment(h, 3 * MB)
    assert len(big) > 4 * MB  # base64: a third more than the attachment
    h.inbox.add(big)
    peak = peak_of_a_pass(h)
    assert peak < MB, peak  # neither the mail nor its attachment was read
    entry = logged(h.root, big[: 128 * 1024])
    assert (entry["outcome"], entry["detail"], entry["oversize"]) == ("refused", "limit_mail", len(big))
    (reply,) = h.mail_to(ANNA)
    size = -(-len(big) // MB)  # whole megabytes, rounded up
    assert f"Письмо слишком большое: {size}\u00a0МБ" in body(reply) and "не больше 1\u00a0МБ" in body(reply)
    assert f"too big: {size} MB, and mails of at most 1 MB are read" in body(reply)
    rejected = list((h.root / "mail" / "inbox" / ".Rejected" / "new").iterdir())
    assert [path.read_bytes() == big for path in rejected] == [True]  # kept whole for the GM
    assert h.game.store.orders(1, h.game.load().phase) == {}
    h.run()
    assert h.mail_to(ANNA) == []  # handled once


def test_the_default_limit_is_25_mb_and_a_41_mb_mail_is_refused(tmp_path: Path) -> None:
    h = Harness(tmp_path)
    h.start()
    big = with_attachment(h, 31 * MB, orders=False)
    assert len(big) > 41 * MB
    h.inbox.add(big)
    assert peak_of_a_pass(h) < MB
    assert "не больше 25\u00a0МБ" in body(h.mail_to(ANNA)[0])


def nested(depth: int, sender: str) -> bytes:
    """A multipart inside a multipart, `depth` times: more than any parser will recurse into."""
    head = f"From: {sender}\nTo: gonets@test.local\nSubject: deep\nMessage-ID: {make_msgid()}\n"
    head += "MIME-Version: 1.0\n"
    parts = [f'Content-Type: multipart/mixed; boundary="b{n}"\n\n--b{n}\n' for n in range(depth)]
    tails = [f"\n--b{n}--\n" for n in reversed(range(depth))]
    return (head + "".join(parts) + "Content-Type: text/plain\n\nПривет\n" + "".join(tails)).encode()


def test_a_mail_nested_a_thousand_levels_is_answered_as_unreadable(tmp_path: Path) -> None:
    h = Harness(tmp_path)
    h.start()
    raw = nested(1000, ANNA)
    h.inbox.add(raw)
    h.run()
    entry = logged(h.root, raw)
    assert (entry["outcome"], entry["detail"]) == ("refused", "mail_unreadable")
    assert entry["from"] == ANNA and "no usable From" not in str(entry)
    (reply,) = h.mail_to(ANNA)
    assert "Письмо не удалось прочитать: оно повреждено или вложено" in body(reply)
    assert any("nested too deep" in problem for problem in entry["problems"])


@pytest.mark.parametrize("depth", [60, 120, 250, 500])
def test_a_deeply_nested_order_mail_stands_whole_or_not_at_all(
    tmp_path: Path, depth: int, caplog: pytest.LogCaptureFixture
) -> None:
    """About 500 levels were read (orders stored, «приказы приняты» sent) but broke the archive's
    blanking with RecursionError, so the mail was set aside as failed while its orders stood."""
    h = Harness(tmp_path)
    h.start()
    password = h.passwords[ANNA]
    raw = nested(depth, ANNA).replace("Привет".encode(), h.orders(ANNA, "ВЛОЖИТЬ Армия 1").encode())
    h.inbox.add(raw)
    h.run()
    entry = logged(h.root, raw)
    stored = h.game.store.orders_of(1, h.game.load().phase, h.powers[ANNA]) is not None
    (reply,) = h.mail_to(ANNA)
    archived = h.daemon.archive.raw(h.daemon.archive.key(raw))
    assert "RecursionError" not in caplog.text and entry["outcome"] != "error"
    assert stored == accepted(body(reply)) == (entry["outcome"] == "orders")
    assert password.encode() not in archived
    if not stored:
        assert (entry["outcome"], entry["detail"]) == ("refused", "mail_unreadable")
