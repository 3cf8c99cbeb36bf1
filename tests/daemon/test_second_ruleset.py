"""The daemon knows no ruleset: a mare game runs through the very same pipeline as coins."""

from __future__ import annotations

from pathlib import Path

from parsers.orders import normal_form
from tests.daemon.harness import GM, PLAYERS, Harness, body


def test_a_mare_game_plays_two_turns_by_mail(tmp_path: Path) -> None:
    h = Harness(tmp_path, ruleset="mare")
    h.start()
    assert set(h.powers.values()) == set(h.game.ruleset.playable_powers(4))
    for turn in (1, 2):
        record = h.game.load()
        assert record.turn == turn
        phase = h.game.phase_spec(record)
        for address in PLAYERS:
            commands = h.game.ruleset.ai_orders(record.state, h.powers[address], record.phase)
            lines = [normal_form(c, phase) for c in commands] or ["НЕТ ДЕЙСТВИЙ"]
            h.send(address, h.orders(address, *lines))
        assert h.run().resolved == 1
        for address in PLAYERS:
            mails = [body(m) for m in h.mail_to(address)]
            reply = next(t for t in mails if "Приняты приказы" in t)
            assert "Итого влияния" in reply and "Не приняты" not in reply
            assert any(f"итоги хода {turn}" in t for t in mails)
        assert any("Сводка ведущего" in body(m) for m in h.mail_to(GM))
    assert h.game.load().turn == 3


def test_rus_draws_four_of_sixteen_principalities_and_the_computer_plays_the_rest(tmp_path: Path) -> None:
    h = Harness(tmp_path, ruleset="rus")
    h.start()
    record = h.game.load()
    assert len(record.state["powers"]) == 16 and len(record.players) == 4
    assert sorted(record.state["ai"]) == sorted(set(record.state["powers"]) - set(record.players))
    phase = h.game.phase_spec(record)
    for address in PLAYERS:
        commands = h.game.ruleset.ai_orders(record.state, h.powers[address], record.phase)
        h.send(address, h.orders(address, *[normal_form(c, phase) for c in commands] or ["НЕТ ДЕЙСТВИЙ"]))
    assert h.run().resolved == 1
    data = h.game.store.read_turn_record(h.game.store.turn_records()[-1])
    assert sum(entry["source"] == "ai" for entry in data["orders"].values()) == 12
    for address in PLAYERS:
        assert any("итоги хода 1" in body(m) for m in h.mail_to(address))
    # a retired player's principality passes to the computer inside the game's state too
    assert h.gm(f"ИЗГНАТЬ {h.powers[PLAYERS[0]]}").exit_code == 0
    assert h.powers[PLAYERS[0]] in h.game.load().state["ai"]
