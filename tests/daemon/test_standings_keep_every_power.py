"""A power handed to the computer stays in the standings of the digest and the forum post, marked
as the computer's, in every ruleset: the trial's «Русь» lost its leader from both. A ruleset whose
scores count a secret (`secret_scores`) posts no standings while the game runs."""

from __future__ import annotations

from pathlib import Path

import pytest

from engines import REGISTRY
from tests.daemon.harness import GM, PLAYERS, Harness, body, flat

GLEB = PLAYERS[3]


def _standings(digest: str) -> str:
    """The digest's «Победные очки» line, unwrapped."""
    return flat(digest).split("• Победные очки: ")[1].split(".")[0]


def _forum_table(digest: str) -> str:
    """The forum post's points table; "" when it has none."""
    _, heading, after = digest.partition("[b]Победные очки[/b]")
    return after.split("[/code]")[0] if heading else ""


@pytest.mark.parametrize("ruleset", sorted(REGISTRY))
def test_a_retired_players_power_stays_in_the_standings_marked(tmp_path: Path, ruleset: str) -> None:
    h = Harness(tmp_path, ruleset=ruleset, language="ru", game=f"{ruleset}-t")
    h.start()
    silent = h.powers[GLEB]
    retired = ""
    for _ in range(12):  # a turn's phases, twice over, in every ruleset
        for address in PLAYERS[:3]:
            h.send(address, h.orders(address, "НЕТ ДЕЙСТВИЙ"))
        if not h.run().resolved:
            h.clock.advance(hours=48)
            h.run()
        digests = [body(m) for m in h.mail_to(GM) if "сводка ведущего" in str(m["Subject"])]
        retired = next((d for d in digests if "теперь играет компьютер" in d), "")
        if retired:
            break
    assert retired, "the silent player was never retired"
    for digest in (retired, *(body(m) for m in h.mail_to(GM))):
        if "Победные очки" not in digest:
            continue
        standings = _standings(digest)
        marked = [part for part in standings.split(", ") if part.startswith(f"{silent} ")]
        assert len(marked) == 1 and marked[0].endswith("(компьютер)"), standings
        posted = _forum_table(digest)
        assert posted == "" if h.game.ruleset.secret_scores else f"{silent} (компьютер)" in posted
