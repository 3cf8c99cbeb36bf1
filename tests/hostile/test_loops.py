"""No mail loops: every kind of automatic mail, and our own, goes unanswered; a flood from one
sender costs at most one hour's reply quota."""

from __future__ import annotations

from email.utils import make_msgid
from pathlib import Path

import pytest

from tests.daemon.harness import GM, PLAYERS, Harness
from tests.hostile.corpus import logged, sent_raw

ANNA = PLAYERS[0]


@pytest.fixture(scope="module")
def h(tmp_path_factory: pytest.TempPathFactory) -> Harness:
    harness = Harness(tmp_path_factory.mktemp("loops"))
    harness.start()
    return harness


def delivery_report(sender: str, orders: str, with_report_type: bool) -> bytes:
    """A DSN that carries none of the usual headers: only its MIME shape says what it is."""
    kind = "report; report-type=delivery-status" if with_report_type else "mixed"
    return (
        f"From: {sender}\nTo: gonets@test.local\nSubject: Undelivered\nMessage-ID: {make_msgid()}\n"
        f'MIME-Version: 1.0\nContent-Type: multipart/{kind}; boundary="b"\n\n'
        f"--b\nContent-Type: text/plain; charset=utf-8\n\n{orders}\n"
        "--b\nContent-Type: message/delivery-status\n\n"
        "Reporting-MTA: dns; mx.test.local\n\nFinal-Recipient: rfc822; x@y\nAction: failed\n--b--\n"
    ).encode()


# (sender, extra headers): each alone must keep the daemon silent
KINDS = {
    "auto-replied": (ANNA, {"Auto-Submitted": "auto-replied"}),
    "auto-generated": (ANNA, {"Auto-Submitted": "auto-generated; owner-email=x@y"}),
    "precedence bulk": (ANNA, {"Precedence": "bulk"}),
    "precedence junk": (ANNA, {"Precedence": "junk"}),
    "precedence list": (ANNA, {"Precedence": "list"}),
    "list-id": (ANNA, {"List-Id": "<games.lists.example>"}),
    "list-unsubscribe": (ANNA, {"List-Unsubscribe": "<mailto:leave@lists.example>"}),
    "x-autoreply": (ANNA, {"X-Autoreply": "yes"}),
    "x-autorespond": (ANNA, {"X-Autorespond": "Vacation"}),
    "mailer-daemon": ("MAILER-DAEMON@mx.test.local", {}),
    "postmaster": ("postmaster@mx.test.local", {}),
    "empty return-path": (ANNA, {"Return-Path": "<>"}),
    "our own address": ("gonets@test.local", {}),
    "our own address, capitals": ("Gonets@TEST.local", {}),
    "our own plus address": ("gonets+coins-t@test.local", {}),
}


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_automatic_mail_is_never_answered(h: Harness, kind: str) -> None:
    sender, headers = KINDS[kind]
    before = len(sent_raw(h.root))
    raw = h.send(sender, h.orders(ANNA, "ВЛОЖИТЬ Армия 1"), headers=headers)
    h.run()
    entry = logged(h.root, raw)
    assert entry["outcome"] == "ignored"
    assert len(sent_raw(h.root)) == before
    assert h.powers[ANNA] not in h.game.store.orders(1, h.game.load().phase)


@pytest.mark.parametrize("with_report_type", [True, False])
def test_a_bare_delivery_report_is_never_answered(h: Harness, with_report_type: bool) -> None:
    before = len(sent_raw(h.root))
    raw = delivery_report("relay@mx.test.local", h.orders(ANNA, "ВЛОЖИТЬ Армия 1"), with_report_type)
    h.inbox.add(raw)
    h.run()
    assert logged(h.root, raw)["outcome"] == "ignored"
    assert len(sent_raw(h.root)) == before


def test_a_thousand_mails_from_one_sender_get_at_most_the_hourly_quota(tmp_path: Path) -> None:
    h = Harness(tmp_path, replies=20)
    for n in range(1000):  # the GM's own address: a known sender, answered within the quota
        h.send(GM, f"ИГРА нет-такой-{n}")
    assert h.run().mails == 1000
    assert len(h.mail_to(GM)) == 20
    assert len(sent_raw(h.root)) == 20
    h.clock.advance(hours=1, seconds=1)
    h.send(GM, "ИГРА нет-такой")
    h.run()
    assert len(h.mail_to(GM)) == 1  # a new hour, a new quota


def test_a_thousand_mails_from_a_stranger_that_reach_no_game_get_one_answer(tmp_path: Path) -> None:
    h = Harness(tmp_path, replies=20)
    for n in range(1000):
        h.send("flood@test.local", f"ИГРА нет-такой-{n}")
    assert h.run().mails == 1000
    assert len(h.mail_to("flood@test.local")) == 1
    h.clock.advance(hours=1, seconds=1)
    h.send("flood@test.local", "ИГРА нет-такой")
    h.run()
    assert h.mail_to("flood@test.local") == []  # once a day, not once an hour
