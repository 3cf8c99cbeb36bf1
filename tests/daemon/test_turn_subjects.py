"""A subject names the turn's phase where a ruleset has more than one, as the style guide's
«[coins-1] Ход 2, переговоры: итоги для Китая»: a player tells a turn's mails apart in the list."""

from __future__ import annotations

from tests.daemon.harness import GM, PLAYERS, Harness

ANNA = PLAYERS[0]


def subjects(h: Harness, address: str) -> list[str]:
    return [str(m["Subject"]) for m in h.mail_to(address)]


def test_a_three_stage_turn_names_its_stage_in_every_subject(council: Harness) -> None:
    h = council
    h.mail_to(GM)
    for address in PLAYERS:
        h.send(address, h.orders(address, "СТАВКА 5"))
    h.run()
    game = h.game_id
    assert subjects(h, ANNA) == [
        f"[{game}] Ход 1, планирование: приказы приняты / [{game}] Turn 1, planning: orders accepted"
    ]
    h.clock.advance(hours=48)
    h.run()
    assert f"[{game}] Ход 1, планирование: итоги для " in " ".join(subjects(h, ANNA))  # the power declined
    assert f"[{game}] Ход 1, планирование: сводка ведущего" in " ".join(subjects(h, GM))


def test_a_one_phase_turn_is_named_by_its_number_alone(tribes: Harness) -> None:
    h = tribes
    h.send(ANNA, h.orders(ANNA, "НЕТ ДЕЙСТВИЙ"))
    h.run()
    (said,) = subjects(h, ANNA)
    assert said.startswith(f"[{h.game_id}] Ход 1: принято НЕТ ДЕЙСТВИЙ / [{h.game_id}] Turn 1: ")
