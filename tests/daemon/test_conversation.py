"""Conversation tests: a mail goes in, the daemon works, and we read the reply a player would read."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from daemon.incoming import mailflow
from daemon.tools.checkmail import check_mail
from engines.contract import Problem
from engines.text import Msg
from tests.daemon.harness import GAME, GM, PLAYERS, Harness, body, flat


@pytest.fixture
def h(tmp_path: Path) -> Harness:
    harness = Harness(tmp_path)
    harness.start()
    return harness


ANNA = PLAYERS[0]


def test_signup_is_answered_and_start_mails_each_player_a_role_with_password(tmp_path: Path) -> None:
    h = Harness(tmp_path)
    h.send(ANNA, "ЗАПИСЫВАЮСЬ Анна", subject=f"[{GAME}] запись")
    h.run()
    (reply,) = h.mail_to(ANNA)
    assert body(reply).startswith("Анна, здравствуйте.\nВы записаны на игру «Монеты: современные державы».")
    assert "\n\nГонец, помощник ведущего\n\n──── English version ────\n\nHello, Anna.\n" in body(reply)
    assert body(reply).rstrip().endswith("\n\nGonets, the GM's assistant")
    assert reply["In-Reply-To"] and reply["Auto-Submitted"] == "auto-replied"
    h.start(PLAYERS)
    assert set(h.passwords) == set(PLAYERS)
    record = h.game.load()
    for address, password in h.passwords.items():
        player = record.players[h.powers[address]]
        assert player.address == address
        assert password not in player.password_hash
        assert h.game.passwords.check(password, player.password_hash)
    (started,) = h.mail_to(GM)
    assert "жребий: роли игрокам" in body(started)


def test_accepted_orders_are_quoted_back_in_normal_form(h: Harness) -> None:
    # lowercase, ё-less, a Latin "p" and "o" inside Russian words, an English alias
    h.send(ANNA, h.orders(ANNA, "вложить пpомышленнoсть 3", "INVEST Science 2"))
    h.run()
    (reply,) = h.mail_to(ANNA)
    text = body(reply)
    assert "ВЛОЖИТЬ Промышленность 3" in text
    assert "ВЛОЖИТЬ Наука 2" in text
    assert "На эти приказы уходит 5 монет из 8, в казне останется 3 монеты." in text
    assert "Не приняты" not in text
    stored = h.game.store.orders(1, h.game.load().phase)[h.powers[ANNA]]
    assert [c.args for c in stored.commands] == [
        {"line": "Промышленность", "amount": 3},
        {"line": "Наука", "amount": 2},
    ]


def test_refused_line_has_its_number_reason_and_a_suggestion(h: Harness) -> None:
    h.send(ANNA, h.orders(ANNA, "ВЛОЖИТЬ Промышленост 3", "ВЛОЖИТЬ Наука 2"))
    h.run()
    text = body(h.mail_to(ANNA)[0])
    assert "Строка 4: «ВЛОЖИТЬ Промышленост 3»" in text
    assert "Возможно, вы имели в виду «Промышленность»?" in flat(text)
    assert "Line 4" in text and 'Did you mean "Industry"?' in flat(text)  # English names are aliases too
    assert "ВЛОЖИТЬ Наука 2" in text  # the good line still stands
    assert text.index("Не принята 1 строка:") < text.index("Принят 1 приказ:")  # refusals first


def test_a_later_mail_replaces_the_earlier_orders(h: Harness) -> None:
    h.send(ANNA, h.orders(ANNA, "ВЛОЖИТЬ Промышленность 3"))
    h.run()
    h.send(ANNA, h.orders(ANNA, "ВЛОЖИТЬ Армия 1"))
    h.run()
    replies = [body(m) for m in h.mail_to(ANNA)]
    assert sum("заменяют приказы из вашего прошлого письма" in flat(text) for text in replies) == 1
    stored = h.game.store.orders(1, h.game.load().phase)[h.powers[ANNA]]
    assert [c.args for c in stored.commands] == [{"line": "Армия", "amount": 1}]


def test_pass_counts_as_a_submitted_turn(h: Harness) -> None:
    h.send(ANNA, h.orders(ANNA, "НЕТ ДЕЙСТВИЙ"))
    h.run()
    assert "НЕТ ДЕЙСТВИЙ" in body(h.mail_to(ANNA)[0])
    assert h.game.store.orders(1, h.game.load().phase)[h.powers[ANNA]].explicit_pass


def test_wrong_password_is_refused_and_nothing_is_stored(h: Harness) -> None:
    h.send(ANNA, h.orders(ANNA, "ВЛОЖИТЬ Армия 1", password="guess"))
    h.run()
    text = body(h.mail_to(ANNA)[0])
    assert "Неверный пароль" in text and "Wrong password" in text
    assert text.count(f"\nСТРАНА {h.powers[ANNA]}\n") == 2  # the English blank's name is the one to copy
    assert h.game.store.orders(1, h.game.load().phase) == {}


def test_right_password_from_another_address_is_accepted_and_copied_to_the_registered_one(h: Harness) -> None:
    h.send("anna.phone@other.example", h.orders(ANNA, "ВЛОЖИТЬ Армия 1"))
    h.run()
    (reply,) = h.mail_to("anna.phone@other.example")
    assert ANNA in reply["Cc"]
    assert "зарегистрированного" in body(reply)
    assert h.powers[ANNA] in h.game.store.orders(1, h.game.load().phase)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("СТРАНА США\nВЛОЖИТЬ Армия 1", "не указана игра"),
        ("ИГРА chess-9\nСТРАНА США", "Игры «chess-9» нет"),
        (f"ИГРА {GAME}\nСТРАНА Атлантида\nПАРОЛЬ x", f"В игре {GAME} нет страны «Атлантида»"),
        (f"ИГРА {GAME}\nСТРАНА США\nВЛОЖИТЬ Армия 1", "Нет пароля для США."),
    ],
)
def test_unroutable_mail_gets_a_reply_saying_why(h: Harness, text: str, expected: str) -> None:
    h.send("stranger@test.local", text, subject="приказы")
    h.run()
    (reply,) = h.mail_to("stranger@test.local")
    assert expected in body(reply)


def test_a_stale_turn_is_refused(h: Harness) -> None:
    h.send(ANNA, h.orders(ANNA, "ВЛОЖИТЬ Армия 1", turn=7))
    h.run()
    assert "указан ход 7, а сейчас идёт ход 1" in body(h.mail_to(ANNA)[0])


def test_auto_replies_and_bounces_are_never_answered(h: Harness) -> None:
    h.send(ANNA, "Я в отпуске до понедельника.", headers={"Auto-Submitted": "auto-replied"})
    h.send("MAILER-DAEMON@test.local", "Delivery failed")
    h.send("gonets@test.local", "our own mail, looped back")
    h.run()
    assert h.mail_to(ANNA) == []
    assert h.mail_to("MAILER-DAEMON@test.local") == []


def test_html_only_and_windows_1251_orders_are_understood(h: Harness) -> None:
    vera, gleb = PLAYERS[2], PLAYERS[3]
    html = "<html><body>" + "".join(
        f"<div>{line}</div>" for line in h.orders(vera, "ВЛОЖИТЬ Наука 3").splitlines()
    )
    h.send(vera, html + "</body></html>", html=True)
    h.send(gleb, h.orders(gleb, "ВЛОЖИТЬ Влияние 2"), charset="windows-1251")
    h.run()
    assert "ВЛОЖИТЬ Наука 3" in body(h.mail_to(vera)[0])
    assert "ВЛОЖИТЬ Влияние 2" in body(h.mail_to(gleb)[0])


def test_the_same_mail_delivered_twice_is_handled_once(h: Harness) -> None:
    raw = h.send(ANNA, h.orders(ANNA, "ВЛОЖИТЬ Армия 1"))
    h.inbox.add(raw)
    h.run()
    assert len(h.mail_to(ANNA)) == 1


def test_a_mail_handled_again_after_a_crash_gets_no_second_reply(h: Harness) -> None:
    raw = h.send(ANNA, h.orders(ANNA, "ВЛОЖИТЬ Армия 1"))
    h.run()
    assert len(h.mail_to(ANNA)) == 1
    # the crash: the orders and the reply were stored, the done-marker and the ack were not
    h.crash_and_redeliver(raw)
    h.run()
    assert h.mail_to(ANNA) == []
    assert h.daemon.archive.is_done(h.daemon.archive.key(raw))


def test_replies_per_sender_are_rate_limited(tmp_path: Path) -> None:
    h = Harness(tmp_path, replies=2)
    for _ in range(4):
        h.send(GM, "ИГРА нет-такой")  # a known address; a stranger would get one answer a day
    h.run()
    assert len(h.mail_to(GM)) == 2


def test_check_prints_the_reply_and_stores_nothing(h: Harness, tmp_path: Path) -> None:
    eml = tmp_path / "orders.eml"
    eml.write_bytes(h.message(ANNA, h.orders(ANNA, "ВЛОЖИТЬ Промышленост 3")))
    printed = check_mail(h.daemon.config, h.daemon.games, h.clock(), eml.read_bytes())
    assert "Возможно, вы имели в виду «Промышленность»?" in flat(printed)
    assert h.game.store.orders(1, h.game.load().phase) == {}
    assert h.mail_to(ANNA) == []


def test_a_rule_refusal_names_the_line_and_keeps_the_rest(h: Harness) -> None:
    # 8 coins at the start: the third line of 3 would need 9
    h.send(ANNA, h.orders(ANNA, "ВЛОЖИТЬ Промышленность 3", "ВЛОЖИТЬ Наука 3", "ВЛОЖИТЬ Армия 3"))
    h.run()
    text = body(h.mail_to(ANNA)[0])
    assert "Строка 6: «ВЛОЖИТЬ Армия 3»" in text
    stored = h.game.store.orders(1, "orders")[h.powers[ANNA]]
    assert [c.args["line"] for c in stored.commands] == ["Промышленность", "Наука"]


def test_a_greeting_above_the_header_costs_nothing_but_a_note(h: Harness) -> None:
    h.send(ANNA, "Привет, Ведущий!\n" + h.orders(ANNA, "ВЛОЖИТЬ Армия 1"))
    h.run()
    text = body(h.mail_to(ANNA)[0])
    assert "ВЛОЖИТЬ Армия 1" in text and "Строка 1: «Привет, Ведущий!»" in text


def test_a_mail_that_breaks_the_daemon_is_kept_and_its_sender_told(
    h: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(mailflow, "evaluate", broken)
    raw = h.send(ANNA, h.orders(ANNA, "ВЛОЖИТЬ Армия 1"))
    h.send("MAILER-DAEMON@test.local", "Delivery failed")
    h.run()
    (reply,) = h.mail_to(ANNA)
    assert "обработать его не удалось" in body(reply) and reply["In-Reply-To"]
    assert h.mail_to("MAILER-DAEMON@test.local") == []
    key = h.daemon.archive.key(raw)
    done = h.daemon.archive.done_record(key)
    assert done is not None and done["outcome"] == "error"
    assert h.daemon.archive.raw(key) == raw  # kept, never lost
    assert len(list((h.root / "mail" / "inbox" / ".Rejected").rglob("*"))) > 0


def test_a_problem_with_the_whole_mail_stores_nothing_of_it(
    h: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A ruleset's line-0 problem refuses every order of the mail, however good each line is."""
    ruleset = h.game.ruleset
    real = ruleset.check

    def check(state: Any, power: str, phase: str, commands: Any) -> list[Problem]:
        found = real(state, power, phase, commands)
        return [*found, Problem(0, Msg("wrong_phase", {"phase": "talks"}))] if len(commands) > 1 else found

    monkeypatch.setattr(ruleset, "check", check)
    h.send(ANNA, h.orders(ANNA, "ВЛОЖИТЬ Промышленность 3", "ВЛОЖИТЬ Наука 2"))
    h.run()
    text = body(h.mail_to(ANNA)[0])
    assert "Ни один приказ не принят" in text and "Всё письмо" in text
    assert h.game.store.orders(1, h.game.load().phase) == {}
