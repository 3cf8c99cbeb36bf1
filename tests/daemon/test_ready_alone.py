"""ГОТОВО alone, in the subject or the body of a mail tagged with the game, from the address of one
of its players, is that player's power's, with no СТРАНА / СЕМЬЯ line and no password, in every
ruleset: it accepts the orders that player sent, refused lines left out, and lets the turn go."""

from __future__ import annotations

from pathlib import Path

import pytest

from engines import REGISTRY
from tests.daemon.harness import GAME, PLAYERS, Harness, body, flat

ANNA, BORIS, VERA, GLEB = PLAYERS
STRANGER = "dima@test.local"


@pytest.mark.parametrize("ruleset", sorted(REGISTRY))
@pytest.mark.parametrize("where", ["subject", "body"])
def test_a_players_gotovo_alone_is_read_for_their_power_in_every_ruleset(
    tmp_path: Path, ruleset: str, where: str
) -> None:
    h = Harness(tmp_path, ruleset=ruleset, language="ru")
    h.start(PLAYERS[: h.game.ruleset.min_players])
    if where == "subject":
        h.send(ANNA, "", subject=f"Re: [{GAME}] ГОТОВО")
    else:
        h.send(ANNA, "Готово!", subject=f"[{GAME}] мои приказы")
    h.run()
    (reply,) = [body(m) for m in h.mail_to(ANNA)]
    assert f"\n{h.game.ruleset.power_title.ru}: {h.powers[ANNA]}\n" in reply
    assert "Вы написали ГОТОВО, но приказов от вас на этот ход нет." in flat(reply)


def test_gotovo_alone_in_the_subject_lets_the_turn_go_with_the_lines_kept(tmp_path: Path) -> None:
    h = Harness(tmp_path, language="ru")
    h.start()
    for address in (ANNA, BORIS, VERA):
        h.send(address, h.orders(address, "ВЛОЖИТЬ Армия 1"))
    h.send(GLEB, h.orders(GLEB, "ВЛОЖИТЬ Армия 1", "ВЛОЖИТЬ Промышленост 3"))
    assert h.run().resolved == 0
    h.mail_to(GLEB)
    h.send(GLEB, "", subject=f"[{GAME}] ГОТОВО")
    assert h.run().resolved == 1
    (reply,) = [body(m) for m in h.mail_to(GLEB) if "ГОТОВО" in body(m) and "итоги" not in body(m)]
    assert "Вы написали ГОТОВО: ход пойдёт по приказам из вашего прошлого письма" in flat(reply)


def test_gotovo_alone_from_an_address_that_plays_nothing_here_is_still_refused(tmp_path: Path) -> None:
    h = Harness(tmp_path, language="ru")
    h.start()
    h.send(STRANGER, "", subject=f"[{GAME}] ГОТОВО")
    h.run()
    (reply,) = [body(m) for m in h.mail_to(STRANGER)]
    assert "СТРАНА" in reply and "Вы написали ГОТОВО" not in reply
