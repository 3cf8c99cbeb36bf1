"""Examples that fit the reader (the ruleset's `OrderExamples`): a family's order blank and ПОМОЩЬ
show it disgracing a rival, never itself."""

from __future__ import annotations

from tests.daemon.harness import PLAYERS, Harness, texts
from tests.daemon.test_attendance import stage


def test_the_blank_and_help_show_examples_that_fit_the_family(council: Harness) -> None:
    h = council
    stage(h, *PLAYERS)  # planning
    stage(h, *PLAYERS)  # decisions: now the actions stage, where ОПАЛА is open
    for address in PLAYERS:
        texts(h, address)
    for address in PLAYERS:
        h.send(address, h.orders(address, "БЛАНК", "ПОМОЩЬ"))
    h.run()
    for address in PLAYERS:
        (reply,) = texts(h, address)
        lines = [line for line in reply.splitlines() if "ОПАЛА" in line]
        assert lines and all(h.powers[address] not in line for line in lines), lines
        assert any("ОПАЛА Орсини" in line or "ОПАЛА Колонна" in line for line in lines)
