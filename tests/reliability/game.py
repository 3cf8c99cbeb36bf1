"""A short game played through the real daemon, shared by the reliability tests."""

from __future__ import annotations

import re
from datetime import timedelta

from tests.daemon.harness import GAME, PLAYERS, Harness, body

ANNA, BORIS, VERA, GLEB = PLAYERS
ROLE = re.compile(r"^[А-ЯЁ]+ (.+)\nПАРОЛЬ (\S+)$", re.MULTILINE)


def start_by_command_line(h: Harness, gm_after: timedelta = timedelta(0)) -> None:
    """Signups by mail, then, `gm_after` the pass that read them, `gonets gm GAME НАЧАТЬ` (so the
    start is in the game's history)."""
    for n, address in enumerate(PLAYERS):
        h.send(address, f"ЗАПИСЫВАЮСЬ Игрок{n}", subject=f"[{GAME}] запись")
    h.run()
    h.clock.now += gm_after
    assert h.gm("НАЧАТЬ").exit_code == 0
    for address in PLAYERS:
        for message in h.mail_to(address):
            found = ROLE.search(body(message))
            if found:
                h.powers[address], h.passwords[address] = found.group(1), found.group(2)
    assert len(h.passwords) == len(PLAYERS)


def play_three_phases(h: Harness) -> None:
    """Turn 1 resolved early (everyone in, one resends), turn 2's talks by its deadline, and
    turn 2's orders after a GM extension from the command line, a GM mail and one silent player."""
    start_by_command_line(h)
    for address in PLAYERS:
        h.send(address, h.orders(address, "ВЛОЖИТЬ Промышленность 1"))
        h.clock.advance(minutes=7)
        h.run()
    h.clock.advance(minutes=1)  # passes at one instant are one pass to a rebuild; real clocks differ
    h.send(ANNA, h.orders(ANNA, "ВЛОЖИТЬ Наука 2"))  # turn 1 is resolved: refused in talks
    h.run()
    h.clock.advance(hours=49)
    h.run()  # talks resolved by the deadline
    for address in (ANNA, BORIS, VERA):
        h.send(address, h.orders(address, "ВЛОЖИТЬ Армия 1", "ВЛОЖИТЬ Наука 1"))
        h.clock.advance(hours=1)
        h.run()
    assert h.gm("ПРОДЛИТЬ 5").exit_code == 0
    h.gm_mail("ПРОДЛИТЬ 2")
    h.run()
    h.clock.advance(hours=60)
    h.run()
