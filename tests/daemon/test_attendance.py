"""Reminders, misses and holds as a ruleset's phase flags say, on a council-like test ruleset:
three stages a turn, misses counted per turn, a vote that reminds but never holds the turn."""

from __future__ import annotations

import pytest

from state.lifecycle import Held
from tests.daemon.harness import GM, PLAYERS, Harness, body, flat

ANNA, BORIS, VERA, GLEB = PLAYERS
LINE = {"planning": "СТАВКА 5", "decisions": "ГОЛОС ЗА", "actions": "АКЦИЯ 1"}


@pytest.fixture
def h(council: Harness) -> Harness:
    return council


def stage(h: Harness, *senders: str) -> None:
    """These players send their orders for the current stage, then its deadline passes."""
    phase = h.game.load().phase
    for address in senders:
        h.send(address, h.orders(address, LINE[phase]))
    h.run()
    h.clock.advance(hours=48)
    h.run()


def missed(h: Harness, address: str) -> int:
    return h.game.load().players[h.powers[address]].missed


def test_the_optional_vote_still_reminds_the_silent(h: Harness) -> None:
    stage(h, *PLAYERS)
    assert h.game.load().phase == "decisions"
    h.send(ANNA, h.orders(ANNA, "ГОЛОС ЗА"))
    h.run()
    for address in PLAYERS:
        h.mail_to(address)
    h.clock.advance(hours=36, minutes=1)
    h.run()
    assert h.mail_to(ANNA) == []
    for address in (BORIS, VERA, GLEB):
        assert ["Ждём ваши приказы" in str(m["Subject"]) for m in h.mail_to(address)] == [True]


def test_a_family_that_only_voted_has_not_missed_one_silent_all_turn_has(h: Harness) -> None:
    stage(h, ANNA, BORIS)  # planning: Vera and Gleb silent, exactly half: no hold
    assert (h.game.load().phase, missed(h, GLEB), missed(h, VERA)) == ("decisions", 0, 0)
    stage(h, VERA)  # the vote: three of four silent, yet the vote never holds the turn
    assert not isinstance(h.game.load().clock, Held) and h.game.load().phase == "actions"
    assert missed(h, GLEB) == 0  # a turn is judged only at its last counting stage
    stage(h, ANNA, BORIS)
    record = h.game.load()
    assert (record.turn, record.phase) == (2, "planning")
    assert (missed(h, ANNA), missed(h, VERA), missed(h, GLEB)) == (0, 0, 1)
    turn_record = h.game.store.read_turn_record(h.game.store.turn_records()[-1])
    assert turn_record["missed"] == [h.powers[GLEB]]
    assert any(
        "Мы не получили ваших приказов на ход 1. Это первый пропуск." in body(m) for m in h.mail_to(GLEB)
    )


def test_max_missed_silent_turns_retire_a_family_at_the_end_of_the_turn(h: Harness) -> None:
    for _ in range(2):
        stage(h, ANNA, BORIS)
        stage(h, VERA)
        assert h.game.load().players[h.powers[GLEB]].status == "active"
        stage(h, ANNA, BORIS)
    gleb = h.game.load().players[h.powers[GLEB]]
    assert (gleb.status, gleb.retired_turn, gleb.retired_why) == ("ai", 2, "missed")
    assert any("теперь играет компьютер" in flat(body(m)) for m in h.mail_to(GLEB))
    assert h.game.load().players[h.powers[VERA]].status == "active"


def test_a_stage_that_counts_for_holds_still_holds_the_turn(h: Harness) -> None:
    stage(h, *PLAYERS)
    stage(h)  # nobody votes: no hold
    assert h.game.load().phase == "actions"
    h.mail_to(GM)
    stage(h, ANNA)  # actions: three of four silent
    record = h.game.load()
    assert isinstance(record.clock, Held) and (record.turn, record.phase) == (1, "actions")
    assert any("расчёт остановлен, нужно решение ведущего" in str(m["Subject"]) for m in h.mail_to(GM))
