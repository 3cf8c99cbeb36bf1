"""Games stored before the contract's second edition load, take orders, resolve and roll back."""

from __future__ import annotations

import json
import shutil
from datetime import datetime
from pathlib import Path

import pytest

from parsers.orders import normal_form
from tests.daemon.harness import GM, PLAYERS, Harness, accepted, flat, texts
from tests.paths import REPO

STORES = REPO / "tests" / "stores"


def _reopen(tmp_path: Path, ruleset: str) -> Harness:
    root = tmp_path / ruleset
    shutil.copytree(STORES / ruleset, root)
    known = json.loads((root / "players.json").read_text(encoding="utf-8"))
    h = Harness(root, early=False, ruleset=ruleset)
    h.powers, h.passwords = known["powers"], known["passwords"]
    h.clock.now = datetime.fromisoformat(known["now"])
    return h


def _computer_orders(h: Harness, address: str) -> list[str]:
    record = h.game.load()
    spec = h.game.ruleset.phases[record.phase]
    commands = h.game.ruleset.ai_orders(record.state, h.powers[address], record.phase)
    return [normal_form(command, spec) for command in commands]


@pytest.mark.parametrize("ruleset", ["coins", "mare", "rus"])
def test_an_old_store_takes_orders_resolves_and_reports(tmp_path: Path, ruleset: str) -> None:
    h = _reopen(tmp_path, ruleset)
    before = h.game.load()
    for address in PLAYERS[2:]:
        h.send(address, h.orders(address, *_computer_orders(h, address)))
    h.run()
    for address in PLAYERS[2:]:
        assert any(accepted(text) or "Принято" in text for text in texts(h, address)), address
    h.clock.advance(hours=49)
    h.run()
    h.run()
    after = h.game.load()
    assert (after.turn, after.phase) != (before.turn, before.phase)
    assert after.status == "running" or after.state.get("over")
    for address in PLAYERS:
        assert any(h.powers[address] in text for text in texts(h, address)), address
    assert texts(h, GM), "the GM gets the digest"


@pytest.mark.parametrize("ruleset", ["coins", "mare", "rus"])
def test_an_old_turn_record_rolls_back(tmp_path: Path, ruleset: str) -> None:
    h = _reopen(tmp_path, ruleset)
    old = [name for name in h.game.store.turn_records() if name != "0000-start"]
    assert old, "the store holds a turn record written by the old code"
    turn = int(old[0].split("-")[0])
    assert h.gm(f"ОТКАТ {turn} проверка старой записи").exit_code == 0
    h.clock.advance(hours=49)  # the rolled-back phase waits for its deadline again
    h.run()
    h.run()
    assert any("рассчитана заново после отката" in flat(text) for text in texts(h, GM))
    for address in PLAYERS:
        assert any("ИСПРАВЛЕННЫЕ ИТОГИ" in text for text in texts(h, address)), address
