"""The game record is replaced whole on every save: nothing of an older shape lingers."""

from __future__ import annotations

from pathlib import Path

from state.disk import Disk
from state.files import atomic_write_json, read_json
from state.game_store import GameStore
from state.records import GameRecord


def test_a_save_replaces_the_record_so_old_fields_do_not_linger(tmp_path: Path) -> None:
    store = GameStore(tmp_path, Disk(tmp_path))
    store.save(GameRecord(id="g", ruleset="coins", seed="s"))
    store.close()
    path = tmp_path / "game.json"
    data = read_json(path)
    data["game"]["1"].update(held="3 of 4 silent", paused=False)  # an old store's flags
    atomic_write_json(path, data)
    store = GameStore(tmp_path, Disk(tmp_path))
    store.save(store.load())
    stored = read_json(path)["game"]["1"]
    assert "held" not in stored and "paused" not in stored
    assert stored == GameRecord.from_json(stored).to_json()
    store.close()
