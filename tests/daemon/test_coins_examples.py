"""A coins player's order blank and ПОМОЩЬ, by mail: the examples name a real other power, never
the player's own (Китай is not told «ПЕРЕДАТЬ Китай 2»)."""

from __future__ import annotations

from pathlib import Path

from tests.daemon.harness import PLAYERS, Harness, texts


def test_the_blank_and_help_never_tell_a_power_to_give_to_itself(tmp_path: Path) -> None:
    h = Harness(tmp_path)
    h.start()
    for address in PLAYERS:
        h.send(address, h.orders(address, "БЛАНК", "ПОМОЩЬ"))
    h.run()
    for address in PLAYERS:
        (reply,) = texts(h, address)
        gives = [line for line in reply.splitlines() if "ПЕРЕДАТЬ " in line]
        assert gives and not [line for line in gives if f"ПЕРЕДАТЬ {h.powers[address]} " in line], gives
        others = [power for other, power in h.powers.items() if other != address]
        assert any(f"ПЕРЕДАТЬ {power} " in line for line in gives for power in others)
