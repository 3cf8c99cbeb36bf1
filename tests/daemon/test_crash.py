"""A crash at any step of a resolution loses nothing and sends nothing twice.

The crash is an exception raised from inside the store or the outbox at the chosen moment; the
daemon object is then thrown away and a new one opened on the same directories, as after a kill.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from state.game_store import GameStore
from state.lifecycle import Releasing
from state.outbox import Outbox
from tests.daemon.harness import GM, PLAYERS, Harness, body


class Crash(BaseException):
    """Not an Exception, so no handler in the daemon can swallow it: like SIGKILL, it just stops."""


def crash_on_call(monkeypatch: pytest.MonkeyPatch, owner: type, name: str, when: Callable[..., bool]) -> None:
    original = getattr(owner, name)

    def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
        if when(*args):  # the positional arguments: the record, the mail
            monkeypatch.setattr(owner, name, original)
            raise Crash
        return original(self, *args, **kwargs)

    monkeypatch.setattr(owner, name, wrapper)


def play_turn_one(h: Harness) -> None:
    h.start()
    for address in PLAYERS:
        h.send(address, h.orders(address, "ВЛОЖИТЬ Промышленность 3"))


def assert_resolved_once(h: Harness) -> None:
    record = h.game.load()
    assert (record.turn, record.phase, record.pending) == (2, "talks", None)
    assert h.game.store.turn_records() == ["0000-start", "0001-2-orders"]
    for address in PLAYERS:
        reports = [m for m in h.mail_to(address) if "Итоги хода 1" in body(m)]
        assert len(reports) == 1
    digests = [m for m in h.mail_to(GM) if "Сводка ведущего" in body(m)]
    assert len(digests) == 1


@pytest.mark.parametrize(
    "moment",
    [
        "after the turn record, before the game record",
        "after the game record, before any mail",
        "after two reports were queued",
        "before the release marker was cleared",
    ],
)
def test_a_crash_during_resolution_leaves_one_resolution_and_one_mail_each(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, moment: str
) -> None:
    h = Harness(tmp_path)
    play_turn_one(h)
    if moment == "after the turn record, before the game record":
        crash_on_call(monkeypatch, GameStore, "save", lambda record: isinstance(record.pending, Releasing))
    elif moment == "after the game record, before any mail":
        crash_on_call(monkeypatch, Outbox, "enqueue", lambda mail: "report" in mail.id)
    elif moment == "after two reports were queued":
        queued = {"n": 0}

        def third_report(mail: Any) -> bool:
            queued["n"] += "report" in mail.id
            return queued["n"] == 3

        crash_on_call(monkeypatch, Outbox, "enqueue", third_report)
    else:
        crash_on_call(monkeypatch, GameStore, "purge_orders", lambda *a: True)
    with pytest.raises(Crash):
        h.run()
    h.restart()
    h.run()
    assert_resolved_once(h)


def test_a_crash_while_queuing_role_mails_gives_every_player_one_valid_password(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    h = Harness(tmp_path)
    queued = {"n": 0}

    def second_role(mail: Any) -> bool:
        queued["n"] += "-role-" in mail.id
        return queued["n"] == 2

    crash_on_call(monkeypatch, Outbox, "enqueue", second_role)
    with pytest.raises(Crash):
        h.start()
    h.restart()
    h.run()  # finishes the interrupted start
    roles: dict[str, list[str]] = {}
    for address in PLAYERS:
        for message in h.mail_to(address):
            found = re.search(r"^[А-ЯЁ]+ (.+)\nПАРОЛЬ (\S+)$", body(message), re.MULTILINE)
            if found:
                roles.setdefault(address, []).append(found.group(2))
    assert sorted(len(v) for v in roles.values()) == [1, 1, 1, 1]
    record = h.game.load()
    assert record.pending is None
    for address, (password,) in roles.items():
        player = next(p for p in record.players.values() if p.address == address)
        assert h.game.passwords.check(password, player.password_hash)
