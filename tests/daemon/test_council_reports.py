"""A council report a player reads to the end, by mail: the trial's ran to a median of 119 lines,
the auctions' winners one a line, the block of all five powers at every stage, a family's own
events twice. Now a quiet stage's report fits on one screen (60 lines), the winners one line a
kind and the other powers once a turn, with the planning stage that held the auctions."""

from __future__ import annotations

from pathlib import Path

from tests.daemon.harness import Harness, body
from tests.daemon.test_council_game import council_game

FIVE = tuple(f"{name}@test.local" for name in ("anna", "boris", "vera", "gleb", "dasha"))
SCREEN = 60


def quiet_stage(h: Harness) -> dict[str, list[str]]:
    """Every player sends НЕТ ДЕЙСТВИЙ, the deadline passes: each player's reports, by address (a
    stage that asks nothing of anyone is resolved with it, and reported too)."""
    for address in FIVE:
        h.send(address, h.orders(address, "НЕТ ДЕЙСТВИЙ"))
    h.run()
    for address in FIVE:
        h.mail_to(address)
    h.clock.advance(hours=49)
    assert h.run().resolved >= 1
    return {a: [body(m) for m in h.mail_to(a) if "итоги для" in str(m["Subject"])] for a in FIVE}


def test_a_quiet_stages_report_fits_on_one_screen(tmp_path: Path) -> None:
    h = council_game(tmp_path, "five", players=FIVE)
    first, second = quiet_stage(h), quiet_stage(h)
    reports = [text for a in FIVE for text in first[a] + second[a]]
    planning = [text for text in reports if "фаза «Планирование и аукционы»\n" in text]
    later = [text for text in reports if "фаза «Решения»\n" in text]
    assert len(planning) == len(later) == len(FIVE)  # not the actions': its report opens the next turn
    for text in [*planning, *later]:
        assert len(text.splitlines()) <= SCREEN
    for text in planning:
        auctions = text[text.index("Аукционы хода 1:") :].split("\n\n")[0].splitlines()[1:]
        kinds = [line.split(" (")[0] for line in auctions if line.startswith("• ")]
        assert len(kinds) == len(set(kinds)) and kinds  # one line a kind
        assert text.count("\nДругие державы:\n") == 1
    for text in later:
        assert "Аукционы хода" not in text and "Другие державы:" not in text
    h.daemon.close()
