"""Who may act: passwords compared in constant time, guessing throttled, the GM's password only
for the GM, and orders from another address copied to the registered one."""

from __future__ import annotations

import hmac
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from daemon.config import Limits
from daemon.incoming import mailflow
from daemon.incoming.throttle import Mark, blocked, record
from daemon.passwords import Passwords, is_secret
from state.disk import Disk
from state.files import atomic_write_json, read_json
from state.game_store import GameStore
from tests.daemon.harness import GAME, GM, PLAYERS, Harness, body, flat
from tests.hostile.corpus import logged

ANNA, BORIS = PLAYERS[0], PLAYERS[1]
LIMIT = Limits().wrong_passwords


@pytest.fixture
def h(tmp_path: Path) -> Harness:
    harness = Harness(tmp_path)
    harness.start()
    return harness


def test_password_checks_go_through_compare_digest(monkeypatch: pytest.MonkeyPatch) -> None:
    """The verdict is compare_digest's: made to say "no", the right password fails."""
    calls: list[tuple[Any, Any]] = []
    real = hmac.compare_digest

    def spy(a: Any, b: Any) -> bool:
        calls.append((a, b))
        return real(a, b)

    monkeypatch.setattr(hmac, "compare_digest", spy)
    passwords = Passwords(b"k" * 32)
    stored = passwords.hash("k3x9q")
    assert passwords.check("k3x9q", stored) and is_secret("Gm-Secret-7", "Gm-Secret-7")
    assert [type(a) for a, _ in calls] == [bytes, bytes]
    monkeypatch.setattr(hmac, "compare_digest", lambda a, b: False)
    assert not passwords.check("k3x9q", stored) and not is_secret("x", "x")


def test_an_order_mail_is_checked_with_compare_digest(h: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    real = hmac.compare_digest

    def spy(a: Any, b: Any) -> bool:
        calls.append(1)
        return real(a, b)

    monkeypatch.setattr(hmac, "compare_digest", spy)
    h.send(ANNA, h.orders(ANNA, "ВЛОЖИТЬ Армия 1"))
    h.run()
    assert calls and "ВЛОЖИТЬ Армия 1" in body(h.mail_to(ANNA)[0])


def wrong(h: Harness, sender: str = ANNA, n: int = LIMIT) -> None:
    for _ in range(n):
        h.send(sender, h.orders(ANNA, "ВЛОЖИТЬ Армия 1", password="guess"))
    h.run()


def test_after_the_limit_of_wrong_passwords_one_wait_reply_and_no_more_checks(
    h: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    wrong(h)
    assert sum("Неверный пароль" in body(m) for m in h.mail_to(ANNA)) == LIMIT
    checks: list[str] = []
    real = Passwords.check

    def spy(self: Passwords, given: str, stored: str) -> bool:  # every password check
        checks.append(given)
        return real(self, given, stored)

    monkeypatch.setattr(Passwords, "check", spy)
    right = h.send(ANNA, h.orders(ANNA, "ВЛОЖИТЬ Армия 1"))  # even the right one is not looked at
    h.run()
    (reply,) = h.mail_to(ANNA)
    assert "пришло слишком много неверных паролей" in body(reply) and "Too many wrong passwords" in body(
        reply
    )
    assert checks == [] and logged(h.root, right)["detail"] == "throttle_wait"
    again = h.send(ANNA, h.orders(ANNA, "ВЛОЖИТЬ Армия 1"))
    h.run()
    assert h.mail_to(ANNA) == [] and checks == []
    assert logged(h.root, again)["outcome"] == "ignored"
    assert h.game.store.orders(1, h.game.load().phase) == {}
    h.clock.advance(hours=1, seconds=1)  # the block lifts: the spy does see a check
    h.send(ANNA, h.orders(ANNA, "ВЛОЖИТЬ Армия 1"))
    h.run()
    assert len(checks) == 1


def test_the_throttle_survives_a_restart_and_lifts_after_an_hour(h: Harness) -> None:
    wrong(h)
    h.mail_to(ANNA)
    h.restart()
    h.send(ANNA, h.orders(ANNA, "ВЛОЖИТЬ Армия 1"))
    h.run()
    assert "пришло слишком много неверных паролей" in body(h.mail_to(ANNA)[0])
    h.clock.advance(hours=1, seconds=1)
    h.send(ANNA, h.orders(ANNA, "ВЛОЖИТЬ Армия 1"))
    h.run()
    assert "ВЛОЖИТЬ Армия 1" in body(h.mail_to(ANNA)[0])
    assert h.powers[ANNA] in h.game.store.orders(1, h.game.load().phase)


def test_the_throttle_is_per_sender(h: Harness) -> None:
    wrong(h, sender="guesser@evil.example")
    h.send(ANNA, h.orders(ANNA, "ВЛОЖИТЬ Армия 1"))
    h.run()
    assert "ВЛОЖИТЬ Армия 1" in body(h.mail_to(ANNA)[0])


def test_forged_gm_mails_cannot_lock_the_gm_out_and_the_right_password_clears_them(h: Harness) -> None:
    for _ in range(LIMIT):  # a forger writing as the GM, five wrong passwords
        h.gm_mail("ПРОДЛИТЬ 24", password="guess")
    h.run()
    h.mail_to(GM)
    before = h.game.load().deadline
    h.gm_mail("ПРОДЛИТЬ 24")
    h.run()
    assert "слишком много неверных паролей" not in body(h.mail_to(GM)[-1])
    assert h.game.load().deadline != before
    assert blocked(h.game.store, GM, h.clock(), LIMIT) is None  # the count is cleared
    assert not (h.game.store.directory / "throttle.json").read_text("utf-8").count("failures")


def test_wrong_gm_passwords_beyond_ten_times_the_limit_stop_the_checks_but_not_the_cli(h: Harness) -> None:
    for _ in range(LIMIT * mailflow.GM_GUESSES):
        h.gm_mail("ПРОДЛИТЬ 24", password="guess")
    h.run()
    h.mail_to(GM)
    before = h.game.load().deadline
    right = h.gm_mail("ПРОДЛИТЬ 24")
    h.run()
    assert logged(h.root, right)["detail"] == "throttle_wait"  # its answer is over the reply quota
    assert h.game.load().deadline == before
    assert h.gm("ПРОДЛИТЬ 24").exit_code == 0  # the command line is the GM's way in that nobody blocks
    assert h.game.load().deadline != before


def test_plus_addresses_share_one_quota_of_guesses(h: Harness) -> None:
    for n in range(LIMIT):
        h.send(f"Mallory+{n}@evil.example", h.orders(ANNA, "ВЛОЖИТЬ Армия 1", password="guess"))
    h.run()
    right = h.send("mallory+fresh@evil.example", h.orders(ANNA, "ВЛОЖИТЬ Армия 1"))
    h.run()
    assert logged(h.root, right)["detail"] == "throttle_wait"  # not even the right password is checked
    assert h.game.store.orders(1, h.game.load().phase) == {}


def test_old_guessers_leave_the_throttle_file(tmp_path: Path) -> None:
    now = datetime(2026, 3, 2, tzinfo=UTC)
    old = (now - timedelta(hours=2)).isoformat()
    stale = {f"g{n}@x.example": {"failures": {f"k{n}": old}, "notice": old} for n in range(100_000)}
    atomic_write_json(tmp_path / "throttle.json", stale)
    record(GameStore(tmp_path, Disk(tmp_path)), Mark("new@x.example", "failure"), "key", now)
    assert read_json(tmp_path / "throttle.json") == {"new@x.example": {"failures": {"key": now.isoformat()}}}


def test_a_failure_handled_twice_after_a_crash_counts_once(tmp_path: Path) -> None:
    now = datetime(2026, 3, 2, tzinfo=UTC)
    store = GameStore(tmp_path, Disk(tmp_path))
    for _ in range(LIMIT):
        record(store, Mark("x@y", "failure"), "same-mail-key", now)
    assert blocked(store, "x@y", now, limit=2) is None
    record(store, Mark("x@y", "failure"), "other-mail-key", now + timedelta(minutes=1))
    block = blocked(store, "x@y", now + timedelta(minutes=2), limit=2)
    assert block is not None and block.until == now + timedelta(hours=1) and not block.told


def test_a_gm_mail_with_a_players_password_is_refused(h: Harness) -> None:
    before = h.game.load().deadline
    h.gm_mail("ПРОДЛИТЬ 24", password=h.passwords[ANNA])
    h.run()
    assert any("только с адреса ведущего и с паролем ведущего" in flat(body(m)) for m in h.mail_to(GM))
    assert h.game.load().deadline == before


def test_a_gm_mail_from_a_players_address_with_the_gm_password_is_refused(h: Harness) -> None:
    before = h.game.load().deadline
    h.gm_mail("ПРОДЛИТЬ 24", sender=ANNA)
    h.run()
    assert any("принимаются только с адреса ведущего" in body(m) for m in h.mail_to(ANNA))
    assert h.game.load().deadline == before


def test_orders_from_another_address_are_copied_to_the_registered_one(h: Harness) -> None:
    h.send("anna.phone@other.example", h.orders(ANNA, "ВЛОЖИТЬ Армия 1"))
    h.run()
    (reply,) = h.mail_to("anna.phone@other.example")
    assert reply["To"] == "anna.phone@other.example" and reply["Cc"] == ANNA
    assert "копия этого ответа ушла на зарегистрированный адрес" in flat(body(reply))
    assert reply["Subject"].startswith(f"[{GAME}]")
