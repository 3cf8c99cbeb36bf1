"""A power the rules end (a family destroyed) leaves the game for good: never expected, reminded or
counted again, its player told once with what the rules offer, its record kept."""

from __future__ import annotations

import pytest

from daemon.tools.status import status_text
from engines import get_ruleset
from engines.russian import by_gender
from state.lifecycle import Held
from tests.daemon.harness import GM, PLAYERS, Harness, body
from tests.daemon.test_attendance import LINE, stage

ANNA, BORIS, VERA, GLEB = PLAYERS


def out(power: str) -> str:
    """«Колонна выбыла», «Орсини выбыли»: the power and its verb, agreeing."""
    return f"{power} {by_gender(power, 'выбыл|выбыла|выбыло|выбыли')}"


@pytest.fixture
def h(council: Harness) -> Harness:
    return council


def disgrace_gleb(h: Harness) -> None:
    """A whole turn everyone plays; in its actions Anna puts Gleb's family in disgrace."""
    stage(h, *PLAYERS)
    stage(h, *PLAYERS)
    for address in (BORIS, VERA, GLEB):
        h.send(address, h.orders(address, LINE["actions"]))
    h.send(ANNA, h.orders(ANNA, "АКЦИЯ 1", f"ОПАЛА {h.powers[GLEB]}"))
    h.run()
    h.mail_to(GLEB)
    h.clock.advance(hours=48)
    h.run()


def test_an_ended_family_is_told_once_with_the_offer_and_kept_on_record(h: Harness) -> None:
    disgrace_gleb(h)
    gleb = h.game.load().players[h.powers[GLEB]]
    assert (gleb.status, gleb.retired_turn, gleb.retired_why, gleb.address) == ("ended", 1, "ended", GLEB)
    mails = h.mail_to(GLEB)
    assert [(out(h.powers[GLEB]) in str(m["Subject"])) for m in mails] == [True]  # the notice, and no report
    assert f"По правилам игры {out(h.powers[GLEB])} из игры" in body(mails[0])
    assert "основать новый дом" in body(mails[0])
    assert "Что было с вами в этом ходу:\n" in body(mails[0])  # the phase that ended it, told
    assert "Приказы принимаются" not in body(mails[0]) and "due by" not in body(mails[0])
    assert f"By the rules of the game {h.powers[GLEB]} is out." in body(mails[0]) and GM in body(mails[0])
    record = h.game.store.read_turn_record(h.game.store.turn_records()[-1])
    assert record["ended"] == [h.powers[GLEB]] and record["retired"] == []
    stage(h, ANNA, BORIS, VERA)
    assert h.mail_to(GLEB) == []  # told once: no report, no notice again


def test_an_ended_family_is_neither_reminded_nor_missed_nor_holding(h: Harness) -> None:
    disgrace_gleb(h)
    h.mail_to(GLEB)
    for _ in range(3):  # beyond max_missed silent turns
        for _phase in LINE:
            stage(h, ANNA, BORIS)  # Vera and Gleb silent: one of three expected, no hold
            assert not isinstance(h.game.load().clock, Held)
    gleb = h.game.load().players[h.powers[GLEB]]
    assert (gleb.status, gleb.missed) == ("ended", 0)
    assert h.mail_to(GLEB) == []
    last = h.game.store.read_turn_record(h.game.store.turn_records()[-1])
    assert last["orders"][h.powers[GLEB]] == {"source": "ended", "commands": []}
    assert h.game.load().players[h.powers[VERA]].status == "ai"  # Vera's silence still counts


def test_an_ended_family_cannot_be_handed_over_and_a_rollback_revives_it(h: Harness) -> None:
    disgrace_gleb(h)
    power = h.powers[GLEB]
    assert h.gm(f"ЗАМЕНИТЬ {power} ivan@test.local Иван").exit_code == 1
    assert h.gm(f"ВЕРНУТЬ {power}").exit_code == 1
    assert h.game.load().players[power].address == GLEB
    assert h.gm("ОТКАТ 1").exit_code == 0
    assert h.game.load().players[power].status == "active"


def test_rulesets_end_no_power_unless_they_say_so() -> None:
    coins = get_ruleset("coins")
    assert coins.ended({"powers": ["США"]}) == set() and coins.restart_offer({}, "США") is None


def test_the_player_of_an_ended_family_may_join_again_with_a_new_house(h: Harness) -> None:
    disgrace_gleb(h)
    h.mail_to(GLEB)
    assert h.gm(f"ПРИСОЕДИНИТЬ {GLEB} Глеб; Новый дом").exit_code == 0
    assert any("\nСТРАНА Новый дом\n" in body(m) for m in h.mail_to(GLEB))
    players = h.game.load().players
    assert (players[h.powers[GLEB]].status, players["Новый дом"].status) == ("ended", "active")


def test_orders_for_an_ended_family_are_refused_in_its_own_words_and_status_shows_it(h: Harness) -> None:
    disgrace_gleb(h)
    h.mail_to(GLEB)  # the notice that the family is out
    h.send(GLEB, h.orders(GLEB, LINE["planning"]))
    h.run()
    (reply,) = h.mail_to(GLEB)
    text = body(reply)
    assert f"{out(h.powers[GLEB])} из игры, приказы за" in text and GM in text
    assert "играет компьютер" not in text
    status = status_text(h.daemon.games)
    verb = by_gender(h.powers[GLEB], "выбыл|выбыла|выбыло|выбыли")
    assert f"  {h.powers[GLEB]} (Игрок3, {GLEB}): {verb} из игры" in status
