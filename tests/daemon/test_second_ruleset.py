"""The daemon knows no ruleset: a mare game runs through the very same pipeline as coins."""

from __future__ import annotations

from pathlib import Path

from engines.rus.data import DATA
from engines.russian import located
from parsers.orders import normal_form
from tests.daemon.harness import GM, PLAYERS, Harness, accepted, body


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
            reply = next(t for t in mails if accepted(t))
            assert "Итого влияния" in reply and "Не приняты" not in reply
            assert any(f"Итоги хода {turn}" in t for t in mails)
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
        assert any("Итоги хода 1" in body(m) for m in h.mail_to(address))
    # a retired player's principality passes to the computer inside the game's state too
    assert h.gm(f"ИЗГНАТЬ {h.powers[PLAYERS[0]]}").exit_code == 0
    assert h.powers[PLAYERS[0]] in h.game.load().state["ai"]


def test_a_rus_war_is_declared_and_fought_by_mail(tmp_path: Path) -> None:
    h = Harness(tmp_path, ruleset="rus")
    h.start()
    address = PLAYERS[0]
    power = h.powers[address]
    home = DATA.power(power).capital
    target_province = next(p for p in DATA.adjacency[home] if DATA.province(p).owner != power)
    enemy = DATA.province(target_province).owner
    h.send(address, h.orders(address, f"ВОЙНА {enemy}", f"ПОХОД {home} 10 0 {target_province}"))
    for other in PLAYERS[1:]:
        h.send(other, h.orders(other, "НЕТ ДЕЙСТВИЙ"))
    assert h.run().resolved == 1
    mails = [body(m) for m in h.mail_to(address)]
    reply = next(t for t in mails if accepted(t))
    assert "Не приняты" not in reply
    report = next(t for t in mails if "Итоги хода 1" in t)
    assert (
        f"Бой {located(target_province, DATA.forms)}" in report
        and f"Battle in {h.game.catalog.forms.in_english(target_province)}" in report
    )
    state = h.game.load().state
    assert [power, enemy] in state["wars"] or [enemy, power] in state["wars"]


def test_the_gm_mends_a_rus_influence_by_command(tmp_path: Path) -> None:
    h = Harness(tmp_path, ruleset="rus")
    h.start()
    power = h.powers[PLAYERS[0]]
    target = next(p.name for p in DATA.powers if p.name != power)
    assert h.gm(f"ПОПРАВКА {power} Влияние на {target} 150 ошибка ведущего").exit_code == 0
    assert h.game.load().state["influence"][power][target] == 150
