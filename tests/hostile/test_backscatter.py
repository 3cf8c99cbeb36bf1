"""Reply limits that hold across restarts: an auto-responder, a flood from forged senders, and a
thief's quota that must never silence the copy to the registered player.

Each pass here runs on a daemon started afresh, as `gonets run --once` from cron does.
"""

from __future__ import annotations

from pathlib import Path

from tests.daemon.harness import GAME, PLAYERS, Harness, body
from tests.hostile.corpus import logged

ANNA = PLAYERS[0]


def limited(root: Path, replies: int, total: int = 2000) -> Harness:
    h = Harness(root, replies=replies)
    text = h.config_path.read_text(encoding="utf-8")
    limits = f"[limits]\nreplies_total_per_hour = {total}\n\n[transport]"
    h.config_path.write_text(text.replace("[transport]", limits), encoding="utf-8")
    h.restart()
    return h


def cron_pass(h: Harness) -> None:
    """One `run --once`: a new daemon, one pass, closed."""
    h.restart()
    h.run()


def test_forty_cron_passes_against_an_auto_responder_get_the_hourly_quota(tmp_path: Path) -> None:
    h = limited(tmp_path, replies=5)
    h.start()
    h.mail_to(ANNA)
    h.clock.advance(hours=1)  # the signup's answer counted too; start on a fresh hour
    for n in range(40):  # a player's vacation responder that marks nothing as automatic
        h.send(ANNA, f"Я в отпуске до понедельника. ({n})", subject=f"[{GAME}] Re: приказы")
        cron_pass(h)
        h.clock.advance(seconds=30)
    assert len(h.mail_to(ANNA)) == 5
    h.clock.advance(hours=1)
    h.send(ANNA, "Я в отпуске до понедельника.", subject=f"[{GAME}] Re: приказы")
    cron_pass(h)
    assert len(h.mail_to(ANNA)) == 1  # the hour passed: the quota is back


def test_an_unknown_sender_whose_mail_reaches_no_game_is_answered_once_a_day(tmp_path: Path) -> None:
    h = limited(tmp_path, replies=50)
    for n in range(3):
        h.send("victim@forged.example", f"Купите слона {n}")
        cron_pass(h)
    assert len(h.mail_to("victim@forged.example")) == 1
    for tag in ("+a", "+b", "+c"):  # plus-addresses are the same mailbox
        h.send(f"victim{tag}@Forged.example", "Купите слона")
        cron_pass(h)
        assert h.mail_to(f"victim{tag}@forged.example") == []
    h.clock.advance(days=1, seconds=1)
    h.send("victim@forged.example", "Купите слона снова")
    cron_pass(h)
    assert len(h.mail_to("victim@forged.example")) == 1


def test_a_known_player_is_answered_every_time_within_the_hour(tmp_path: Path) -> None:
    h = limited(tmp_path, replies=50)
    h.start()
    h.mail_to(ANNA)
    for n in range(3):  # a player who forgets the game line three times gets three answers
        h.send(ANNA, f"СТРАНА {h.powers[ANNA]}\nВЛОЖИТЬ Армия {n}")
        cron_pass(h)
    assert len(h.mail_to(ANNA)) == 3


def test_mail_from_an_address_no_reply_can_reach_is_not_answered(tmp_path: Path) -> None:
    h = limited(tmp_path, replies=50)
    for sender in ("root@localhost", "x@[127.0.0.1]", "x@-bad-.example", "x@example"):
        raw = h.send(sender, "ИГРА нет-такой\nПривет")
        cron_pass(h)
        assert logged(h.root, raw)["outcome"] in ("unrouted", "ignored")  # "[…]" is no From at all
    sent = list((h.root / "mail" / "sent" / "new").iterdir())
    assert sent == []


def test_all_senders_together_stay_under_the_overall_hourly_limit(tmp_path: Path) -> None:
    h = limited(tmp_path, replies=50, total=3)
    for n in range(6):
        h.send(f"stranger{n}@example.org", f"Привет {n}")
    cron_pass(h)
    answered = sum(len(h.mail_to(f"stranger{n}@example.org")) for n in range(6))
    assert answered == 3
    h.clock.advance(hours=1, minutes=1)
    h.send("stranger0@example.org", "Ещё раз")  # a new day for stranger0 is not yet here
    h.send("stranger5@example.org", "Ещё раз")  # stranger5 was over the overall limit, not its own
    cron_pass(h)
    assert h.mail_to("stranger0@example.org") == [] and len(h.mail_to("stranger5@example.org")) == 1


def test_the_copy_to_the_registered_player_goes_even_when_the_sender_is_over_its_quota(
    tmp_path: Path,
) -> None:
    h = limited(tmp_path, replies=2)
    h.start()
    h.clock.advance(hours=1)
    for address in PLAYERS:
        h.mail_to(address)
    thief = PLAYERS[1]  # another player who learnt anna's password, and used up his own quota
    for n in range(2):
        h.send(thief, f"ИГРА {GAME}\nКогда ход? {n}")
        cron_pass(h)
    assert len(h.mail_to(thief)) == 2
    raw = h.send(thief, h.orders(ANNA, "ВЛОЖИТЬ Армия 1"))
    cron_pass(h)
    assert logged(h.root, raw)["outcome"] == "orders"
    assert h.mail_to(thief) == []  # over his quota: no answer
    (copy,) = h.mail_to(ANNA)  # but the registered player is told, on the copies' own quota
    assert str(copy["To"]) == ANNA and thief in body(copy) and "ВЛОЖИТЬ Армия 1" in body(copy)
