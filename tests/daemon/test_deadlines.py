"""Deadlines, early resolution, reminders, holds and auto-kill, driven by a clock the test moves."""

from __future__ import annotations

from pathlib import Path

from engines.contract import Command
from engines.rng import Rng
from engines.russian import inflect
from state.lifecycle import Held
from tests.daemon.harness import GM, PLAYERS, Harness, body, flat

ANNA, BORIS, VERA, GLEB = PLAYERS
ORDERS = ("ВЛОЖИТЬ Промышленность 3", "ВЛОЖИТЬ Армия 2")


def send_all(h: Harness, players: tuple[str, ...], *lines: str) -> None:
    for address in players:
        h.send(address, h.orders(address, *lines))


def play_to_deadline(h: Harness, players: tuple[str, ...], *lines: str) -> None:
    """These players send these orders, then the phase's deadline passes."""
    send_all(h, players, *lines)
    h.run()
    h.clock.advance(hours=48)
    h.run()


def test_every_active_player_in_resolves_early_and_mails_reports_and_digest(tmp_path: Path) -> None:
    h = Harness(tmp_path)
    h.start()
    send_all(h, PLAYERS, *ORDERS)
    report = h.run()
    assert report.resolved == 1
    record = h.game.load()
    assert record.turn == 2
    for address in PLAYERS:
        texts = [body(m) for m in h.mail_to(address)]
        assert any("Итоги хода 1" in t and "Бланк приказов" in t for t in texts)
    digest = next(body(m) for m in h.mail_to(GM) if "Сводка ведущего" in body(m))
    assert "ВЛОЖИТЬ Промышленность 3" in digest
    assert "[b]Монеты: современные державы — итоги хода 1, фаза «Приказы»[/b]" in digest  # the forum post


def test_the_deadline_is_kept_in_the_store_and_fires_after_a_restart(tmp_path: Path) -> None:
    h = Harness(tmp_path)
    h.start()
    send_all(h, PLAYERS[:3], *ORDERS)
    h.run()
    deadline = h.game.load().deadline
    h.restart()
    assert h.game.load().deadline == deadline
    h.clock.advance(hours=47, minutes=59)
    assert h.run().resolved == 0
    h.clock.advance(minutes=1)
    assert h.run().resolved == 1
    assert h.game.store.turn_records()[-1] == "0001-2-orders"


def test_reminders_go_to_the_silent_only_once_before_the_deadline(tmp_path: Path) -> None:
    h = Harness(tmp_path)
    h.start()
    send_all(h, PLAYERS[:3], *ORDERS)
    h.run()
    for address in PLAYERS:
        h.mail_to(address)
    h.clock.advance(hours=36, minutes=1)
    h.run()
    h.run()
    assert [m["Subject"] for m in h.mail_to(GLEB)] == [
        "[coins-t] Ждём ваши приказы / [coins-t] Your orders are due"
    ]
    assert h.mail_to(ANNA) == []


def test_two_missed_turns_retire_a_player_and_the_computer_takes_over(tmp_path: Path) -> None:
    h = Harness(tmp_path)
    h.start()
    play_to_deadline(h, PLAYERS[:3], *ORDERS)  # turn 1 resolved; Gleb missed once
    record = h.game.load()
    assert record.players[h.powers[GLEB]].missed == 1
    assert any(
        "Мы не получили ваших приказов на ход 1. Это первый пропуск." in body(m) for m in h.mail_to(GLEB)
    )
    while h.game.load().phase != "orders":  # optional phases cost nothing to skip
        play_to_deadline(h, PLAYERS[:3], "НЕТ ДЕЙСТВИЙ")
    assert h.game.load().players[h.powers[GLEB]].missed == 1
    play_to_deadline(h, PLAYERS[:3], "ВЛОЖИТЬ Наука 1")
    record = h.game.load()
    gleb = record.players[h.powers[GLEB]]
    assert (gleb.status, gleb.retired_turn) == ("ai", 2)
    assert any("теперь играет компьютер" in flat(body(m)) for m in h.mail_to(GLEB))
    digests = [body(m) for m in h.mail_to(GM) if "Сводка ведущего" in body(m)]
    assert (
        sum(f"и за {inflect(h.powers[GLEB], 'вин')} теперь играет компьютер" in flat(d) for d in digests) == 1
    )
    turn_record = h.game.store.read_turn_record(h.game.store.turn_records()[-1])
    assert turn_record["retired"] == [h.powers[GLEB]]
    # from now on the computer plays, and the player's orders are refused
    h.send(GLEB, h.orders(GLEB, "НЕТ ДЕЙСТВИЙ"))
    h.run()
    assert "играет компьютер" in flat(body(h.mail_to(GLEB)[0]))


def test_too_many_silent_players_hold_the_turn_for_the_gm(tmp_path: Path) -> None:
    h = Harness(tmp_path)
    h.start()
    send_all(h, PLAYERS[:1], *ORDERS)
    h.run()
    h.clock.advance(hours=49)
    assert h.run().resolved == 0
    record = h.game.load()
    assert isinstance(record.clock, Held) and record.turn == 1
    assert all(p.missed == 0 and p.status == "active" for p in record.players.values())
    (hold,) = [m for m in h.mail_to(GM) if "расчёт остановлен, нужно решение ведущего" in str(m["Subject"])]
    assert "Ход 1 остановлен: 3 из 4 активных игроков не прислали приказов." in body(hold)
    h.run()
    assert h.mail_to(GM) == []  # asked once
    assert h.gm("ОБРАБОТАТЬ 1 orders").exit_code == 0
    (again,) = h.gm("PROCESS 1 orders").text
    assert again.startswith("ОБРАБОТАТЬ 1 Приказы: ход 1, фаза «Приказы» уже позади, ничего не сделано")
    record = h.game.load()
    assert record.turn == 2 and not isinstance(record.clock, Held)
    assert sorted(p.missed for p in record.players.values()) == [0, 1, 1, 1]


def test_extending_a_held_turn_gives_the_players_more_time(tmp_path: Path) -> None:
    h = Harness(tmp_path)
    h.start()
    h.clock.advance(hours=49)
    h.run()
    assert isinstance(h.game.load().clock, Held)
    assert h.gm("ПРОДЛИТЬ 24").exit_code == 0
    assert not isinstance(h.game.load().clock, Held)
    send_all(h, PLAYERS, *ORDERS)
    assert h.run().resolved == 1


def test_a_resolution_replays_identically_from_its_turn_record(tmp_path: Path) -> None:
    h = Harness(tmp_path)
    h.start()
    send_all(h, PLAYERS, *ORDERS)
    h.run()
    data = h.game.store.read_turn_record("0001-2-orders")
    orders = {p: [Command.from_json(c) for c in o["commands"]] for p, o in data["orders"].items()}
    again = h.game.ruleset.resolve(data["state_before"], data["phase"], orders, Rng(data["seed"]))
    assert again.state == data["state_after"]


def test_exactly_half_silent_is_no_hold_one_more_is(tmp_path: Path) -> None:
    """hold_share 0.5: the turn is held only when MORE than half of the players sent nothing."""
    h = Harness(tmp_path)
    h.start()
    play_to_deadline(h, PLAYERS[:2], *ORDERS)  # two of four silent: exactly half
    assert h.game.load().turn == 2 and not isinstance(h.game.load().clock, Held)
    while h.game.load().phase != "orders":
        play_to_deadline(h, PLAYERS, "НЕТ ДЕЙСТВИЙ")
    play_to_deadline(h, PLAYERS[:1], *ORDERS)  # three of four silent
    assert h.game.load().turn == 2 and isinstance(h.game.load().clock, Held)


def test_no_reminder_before_the_reminder_time_and_one_at_it(tmp_path: Path) -> None:
    h = Harness(tmp_path)  # deadline 48h, reminder 12h before it
    h.start()
    h.mail_to(GLEB)
    h.clock.advance(hours=36, seconds=-1)
    h.run()
    assert h.mail_to(GLEB) == []
    h.clock.advance(seconds=1)
    h.run()
    assert len(h.mail_to(GLEB)) == 1


def test_leave_freezes_the_missed_count_it_does_not_clear_it(tmp_path: Path) -> None:
    h = Harness(tmp_path)
    h.start()
    play_to_deadline(h, PLAYERS[:3], *ORDERS)  # Gleb missed once
    power = h.powers[GLEB]
    assert h.game.load().players[power].missed == 1
    assert h.gm(f"ОТПУСК {power} 5").exit_code == 0
    while h.game.load().phase != "orders":
        play_to_deadline(h, PLAYERS[:3], "НЕТ ДЕЙСТВИЙ")
    play_to_deadline(h, PLAYERS[:3], *ORDERS)  # turn 2 while on leave
    gleb = h.game.load().players[power]
    assert (gleb.status, gleb.missed) == ("active", 1)
