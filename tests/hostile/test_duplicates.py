"""A duplicate is the same mail again, never merely the same Message-ID.

Clients that reuse Message-IDs (or a forger who copies one) must not make the daemon drop new
orders without a word; a relay that delivers the same mail again with a header more must not make
it answer twice.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.daemon.harness import PLAYERS, Harness, body
from tests.hostile.corpus import logged

ANNA, BORIS = PLAYERS[0], PLAYERS[1]
REUSED = "<same-id-every-time@phone.example>"


@pytest.fixture
def h(tmp_path: Path) -> Harness:
    harness = Harness(tmp_path)
    harness.start()
    return harness


def test_new_orders_under_a_reused_message_id_are_read_and_answered(h: Harness) -> None:
    first = h.send(ANNA, h.orders(ANNA, "ВЛОЖИТЬ Армия 1"), headers={"Message-ID": REUSED})
    h.run()
    second = h.send(ANNA, h.orders(ANNA, "ВЛОЖИТЬ Наука 2"), headers={"Message-ID": REUSED})
    h.run()
    assert logged(h.root, first)["outcome"] == logged(h.root, second)["outcome"] == "orders"
    replies = h.mail_to(ANNA)
    assert len(replies) == 2 and sorted("ВЛОЖИТЬ Наука 2" in body(reply) for reply in replies) == [
        False,
        True,
    ]
    stored = h.game.store.orders(1, h.game.load().phase)[h.powers[ANNA]]
    assert [c.args for c in stored.commands] == [{"line": "Наука", "amount": 2}]


def test_another_senders_mail_under_the_same_message_id_is_not_a_duplicate(h: Harness) -> None:
    h.send(ANNA, h.orders(ANNA, "ВЛОЖИТЬ Армия 1"), headers={"Message-ID": REUSED})
    h.run()
    boris = h.send(BORIS, h.orders(BORIS, "ВЛОЖИТЬ Армия 1"), headers={"Message-ID": REUSED})
    h.run()
    assert logged(h.root, boris)["outcome"] == "orders"
    assert "ВЛОЖИТЬ Армия 1" in body(h.mail_to(BORIS)[0])
    assert h.powers[BORIS] in h.game.store.orders(1, h.game.load().phase)


def test_the_same_mail_redelivered_through_a_relay_is_a_silent_no_op(h: Harness) -> None:
    raw = h.send(ANNA, h.orders(ANNA, "ВЛОЖИТЬ Армия 1"))
    h.run()
    assert len(h.mail_to(ANNA)) == 1
    relayed = b"Received: from relay.example by mx.example; Mon, 2 Mar 2026 09:01:00 +0000\n" + raw
    h.inbox.add(relayed)
    h.run()
    assert logged(h.root, relayed)["outcome"] == "ignored"
    assert logged(h.root, relayed)["detail"].startswith("duplicate of")
    assert h.mail_to(ANNA) == []
