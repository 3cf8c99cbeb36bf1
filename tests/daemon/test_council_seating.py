"""Councils with players in them, by mail: the trial's four and five players each ruled a power of
their own, so no council held two players and every vote was «за 2, против 0». Now the lot seats
four players two and two, and the first council of a four-player game has two players' votes in
it; a GM who wants another seating names the families in the game's `powers`."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import cast

import pytest

from daemon.phases.start import StartError
from engines.council.state import State
from engines.council.world import capital, families_of, vote_weight
from tests.daemon.harness import PLAYERS, Harness, body, flat
from tests.daemon.test_council_game import council_game


def seating(h: Harness) -> dict[str, list[str]]:
    state = h.game.load().state
    realms: dict[str, list[str]] = {}
    for family in h.powers.values():
        realms.setdefault(state["families"][family]["realm"], []).append(family)
    return realms


def test_a_four_player_games_first_council_vote_has_two_players_votes(tmp_path: Path) -> None:
    h = council_game(tmp_path, "four")
    realms = seating(h)
    assert sorted(len(families) for families in realms.values()) == [2, 2]
    by = {family: address for address, family in h.powers.items()}
    realm, pair = next(iter(realms.items()))
    for address, family in h.powers.items():  # a silent majority would hold the turn for the GM
        h.send(
            address,
            h.orders(address, f"УСТРОИТЬ ЗРЕЛИЩА {capital(realm)}" if family == pair[0] else "НЕТ ДЕЙСТВИЙ"),
        )
    h.run()
    h.clock.advance(hours=49)
    assert h.run().resolved == 1
    for family in pair:
        h.send(by[family], h.orders(by[family], "ГОЛОСОВАТЬ 1 за"))
    h.run()
    for address in PLAYERS:
        h.mail_to(address)
    h.clock.advance(hours=49)
    assert h.run().resolved == 1
    state = cast(State, h.game.load().state)
    votes = [(f, vote_weight(state, f)) for f in families_of(state, realm) if f in pair]
    said = ", ".join(f"{f} {w}" for f, w in votes)
    line = f"Проект 1 («Зрелища»): за {sum(w for _, w in votes)} ({said}), против 0"
    for family in pair:
        (report,) = [flat(body(m)) for m in h.mail_to(by[family]) if "итоги для" in str(m["Subject"])]
        assert line in report
    h.daemon.close()


def test_the_gms_seating_is_the_families_the_game_names(tmp_path: Path) -> None:
    """One player a power, as a GM who wants every power played seats them."""
    named = ("Орсини", "Медичи", "Дандоло", "Висконти")
    h = council_game(tmp_path, "four", named)
    assert sorted(h.powers.values()) == sorted(named)
    assert Counter(len(families) for families in seating(h).values()) == {1: 4}
    h.daemon.close()


def test_a_seating_naming_what_the_rules_deal_to_nobody_stops_the_start(tmp_path: Path) -> None:
    with pytest.raises(StartError, match="Борджиа"):
        council_game(tmp_path, "four", ("Орсини", "Борджиа", "Дандоло", "Висконти"))
