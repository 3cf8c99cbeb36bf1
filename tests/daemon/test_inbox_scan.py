"""The Maildir inbox's cur/ is listed once per run: handled mail piles up there for good."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from tests.daemon.harness import PLAYERS, Harness, accepted, texts


def unflagged_in_cur(h: Harness, raw: bytes) -> Path:
    """Put a mail in cur/ without the seen flag, as a crash or a mail client may leave it; returns
    where it lands once handled."""
    key = h.inbox.add(raw)
    inbox = h.root / "mail" / "inbox"
    os.rename(inbox / "new" / key, inbox / "cur" / f"{key}:2,")
    return inbox / "cur" / f"{key}:2,S"


def test_a_mail_left_unseen_in_cur_is_handled_after_a_restart(tmp_path: Path) -> None:
    h = Harness(tmp_path)
    h.start()
    address = PLAYERS[0]
    handled = unflagged_in_cur(h, h.message(address, h.orders(address, "ВЛОЖИТЬ Промышленность 3")))
    h.run()
    assert not handled.exists()  # cur/ is not listed again while the daemon runs
    h.restart()
    assert h.run().mails == 1
    assert any(accepted(text) for text in texts(h, address))
    assert handled.exists()
    assert h.run().mails == 0


def test_a_pass_does_not_list_cur_with_ten_thousand_handled_mails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    h = Harness(tmp_path)
    h.start()
    cur = tmp_path / "mail" / "inbox" / "cur"
    for n in range(10_000):
        (cur / f"handled.{n}:2,S").write_bytes(b"Subject: old\n\n")
    kept = len(os.listdir(cur))
    listed: list[str] = []
    for name in ("scandir", "listdir"):
        original = getattr(os, name)

        def listing(path: Any = ".", original: Any = original) -> Any:
            listed.append(os.path.abspath(path))
            return original(path)

        monkeypatch.setattr(os, name, listing)
    address = PLAYERS[0]
    h.send(address, h.orders(address, "ВЛОЖИТЬ Промышленность 3"))
    assert h.run().mails == 1
    assert any(accepted(text) for text in texts(h, address))
    assert str(tmp_path / "mail" / "inbox" / "new") in listed  # the counting sees the pass's listing
    assert str(cur) not in listed
    assert len(os.listdir(cur)) == kept + 1  # the orders, handled
