"""Per-power knowledge and list arguments through the daemon by mail, on the test ruleset with a
secret tech tree and map (tests/rulesets/hidden_tech): a tribe's reply, ПОМОЩЬ and БЛАНК name only
what it has found; the tribe that knows a name is helped to spell it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from engines import REGISTRY
from tests.daemon.harness import PLAYERS, Harness, body
from tests.rulesets.hidden_tech import BEARS, WOLVES

SECRETS = ("Бронза", "Bronze", "ПЛАВИТЬ", "SMELT", "Река", "River")
LINES = ("ИЗУЧИТЬ Бронз", "ПЛАВИТ 2", "МАРШ Лес, Рекка", "ПОМОЩЬ", "БЛАНК")


@pytest.fixture
def h(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Harness]:
    monkeypatch.setitem(REGISTRY, "hidden_tech", "tests.rulesets.hidden_tech")
    harness = Harness(tmp_path, ruleset="hidden_tech")
    harness.start(PLAYERS[:2])
    yield harness
    harness.daemon.close()


def reply(h: Harness, power: str, *lines: str) -> str:
    address = next(a for a, p in h.powers.items() if p == power)
    h.send(address, h.orders(address, *lines))
    h.run()
    return "\n".join(body(m) for m in h.mail_to(address))


def test_the_bears_are_told_nothing_of_bronze_smelting_or_the_river(h: Harness) -> None:
    text = reply(h, BEARS, *LINES).casefold()
    assert [secret for secret in SECRETS if secret.casefold() in text] == []
    assert "изучить огонь" in text and "марш лес" in text  # ПОМОЩЬ and БЛАНК came


def test_the_wolves_who_know_them_get_the_suggestions(h: Harness) -> None:
    text = reply(h, WOLVES, *LINES)
    assert all(secret in text for secret in ("Бронза", "ПЛАВИТЬ", "Река"))
    assert "МАРШ Лес, Река" in reply(h, WOLVES, "МАРШ Forest River")
