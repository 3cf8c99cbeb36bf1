"""Only the powers that owe orders in a phase (`Ruleset.owes_orders`) are waited for, by mail, on the
Diplomacy-shaped test ruleset whose retreats ask orders only of a power with a dislodged army: the
others are not reminded, not counted missing, not counted toward the mass-silence hold, not waited
for by early resolution, and are told in their report that the phase asks nothing of them; a phase
that asks nothing of any player is resolved at once, when it opens."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.daemon.harness import GM, PLAYERS, Harness, body, flat
from tests.rulesets import register


def address_of(h: Harness, power: str) -> str:
    return next(a for a, p in h.powers.items() if p == power)


def dislodge(h: Harness) -> tuple[str, str, str]:
    """Англия marches into Париж while Франция holds there, Германия holds: Франция is dislodged.
    Returns the addresses of Англия, Франция and Германия."""
    england, france, germany = (address_of(h, p) for p in ("Англия", "Франция", "Германия"))
    h.send(england, h.orders(england, "A LON - PAR"))
    h.send(france, h.orders(france, "A PAR H"))
    h.send(germany, h.orders(germany, "A BER H"))
    return england, france, germany


def test_a_phase_nobody_owes_is_resolved_at_once_and_nobody_misses_it(pure: Harness) -> None:
    for address in PLAYERS[:3]:
        pure.send(address, pure.orders(address, "НЕТ ДЕЙСТВИЙ"))
    assert pure.run().resolved == 2  # the movement, then the retreats nobody owes
    record = pure.game.load()
    assert (record.turn, record.phase) == (2, "movement")
    assert all(player.missed == 0 for player in record.players.values())
    reports = [body(m) for m in pure.mail_to(PLAYERS[0]) if "итоги для" in str(m["Subject"])]
    (movement,) = [r for r in reports if "\nИтоги: Весна 1901\n" in r]
    (retreats,) = [r for r in reports if "\nИтоги: Весна 1901, отступления\n" in r]
    assert "Дальше: Весна 1901, отступления.\nВ этой фазе приказов от вас не ждём." in movement
    assert "Бланк приказов" not in movement and "Бланк приказов" in retreats
    (skipped,) = [
        flat(body(m)) for m in pure.mail_to(GM) if "отступления: сводка ведущего" in str(m["Subject"])
    ]
    assert "В этой фазе приказов не ждали ни от кого из игроков: она рассчитана сразу." in skipped


def test_early_resolution_waits_only_for_the_power_that_owes_and_the_others_are_told(pure: Harness) -> None:
    england, france, _ = dislodge(pure)
    assert pure.run().resolved == 1
    assert pure.game.load().phase == "retreats"
    (told,) = [body(m) for m in pure.mail_to(england) if "итоги для" in str(m["Subject"])]
    assert "В этой фазе приказов от вас не ждём." in told and "Бланк приказов" not in told
    (owed,) = [body(m) for m in pure.mail_to(france) if "итоги для" in str(m["Subject"])]
    assert "Армию в Париже выбили." in owed and "приказы до" in flat(owed) and "Бланк приказов" in owed
    pure.send(france, pure.orders(france, "A PAR R BUR"))
    assert pure.run().resolved == 1  # early: the two who owe nothing are not waited for
    record = pure.game.load()
    assert (record.turn, record.phase) == (2, "movement")
    assert record.state["units"]["Бургундия"] == "Франция"
    assert all(player.missed == 0 for player in record.players.values())


@pytest.fixture
def slow(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Harness:
    """The same game with deadlines only."""
    register(monkeypatch, "pure_like")
    harness = Harness(tmp_path, early=False, ruleset="pure_like")
    harness.start(PLAYERS[:3])
    return harness


def test_only_the_power_that_owes_is_reminded_counted_missing_and_counted_toward_the_hold(
    slow: Harness,
) -> None:
    england, france, germany = dislodge(slow)
    slow.clock.advance(hours=49)
    assert slow.run().resolved == 1
    for address in PLAYERS[:3]:
        slow.mail_to(address)
    slow.clock.advance(hours=37)  # 11 hours before the deadline: the reminders
    slow.run()
    assert [m for m in slow.mail_to(france) if "Ждём ваши приказы" in str(m["Subject"])]
    assert slow.mail_to(england) == [] and slow.mail_to(germany) == []
    slow.send(france, slow.orders(france, "A PAR R BUR"))
    slow.run()
    slow.clock.advance(hours=12)
    assert slow.run().resolved == 1  # two of three silent, yet no hold: they owed nothing
    assert [m for m in slow.mail_to(GM) if "остановлен" in str(m["Subject"])] == []
    assert all(player.missed == 0 for player in slow.game.load().players.values())


def test_the_power_that_owes_and_stays_silent_misses_the_phase(slow: Harness) -> None:
    dislodge(slow)
    slow.clock.advance(hours=49)
    slow.run()
    slow.gm("ОБРАБОТАТЬ 1 Отступления")
    missed = {power: player.missed for power, player in slow.game.load().players.items()}
    assert missed == {"Англия": 0, "Франция": 1, "Германия": 0}
