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
