"""A council family's ПОМОЩЬ by mail at the planning stage: the trial's ran to 122 characters a
line, said nothing of what each auction's right lets a family do nor of the lots and minimum bids
a player needs before bidding, and its planning-stage page had no ГОЛОСОВАТЬ for the vote to come."""

from __future__ import annotations

import re
from pathlib import Path

from tests.daemon.harness import PLAYERS, Harness, body, flat
from tests.daemon.test_council_game import council_game


def help_reply(tmp_path: Path) -> str:
    h: Harness = council_game(tmp_path, "help")
    address = PLAYERS[0]
    h.send(address, h.orders(address, "ПОМОЩЬ"))
    h.run()
    (reply,) = [body(m) for m in h.mail_to(address)]
    h.daemon.close()
    return reply


def test_help_at_the_planning_stage_fits_the_line_and_says_the_auctions_and_the_vote(
    tmp_path: Path,
) -> None:
    reply = help_reply(tmp_path)
    assert max(len(line) for line in reply.splitlines()) <= 72
    pages = reply.split("В фазе «")
    planning, decisions, actions = (next(p for p in pages if p.startswith(t)) for t in ("План", "Реш", "Акц"))
    assert "\n  ГОЛОСОВАТЬ 1 за, 2 против\n" in decisions
    said = flat(planning).replace("\u00a0", " ")
    for auction in (
        "Фактория (7 лотов, от 5 Д): ОТКРЫТЬ ФАКТОРИЮ",
        "Наёмники (8 лотов, от 5 Д): НАНЯТЬ НАЁМНИКОВ",
        "Дипломат (8 лотов, от 2 Д): ПОСЛАТЬ ДИПЛОМАТА, ПОВЫСИТЬ ПРЕСТИЖ или ЗАЯВИТЬ ПРАВА",
        "Улучшение (3 лота, от 5 Д): ПОСТРОИТЬ",
        "Колонисты (2 лота, от 5 Д): ОСНОВАТЬ КОЛОНИЮ",
    ):
        assert auction in said
    # the orders a right won would open, shown though no right is held yet
    for order in ("ОТКРЫТЬ ФАКТОРИЮ", "ПОВЫСИТЬ ПРЕСТИЖ", "ПОСТРОИТЬ"):
        assert re.search(rf"^  {order}\b", actions, re.MULTILINE), order
