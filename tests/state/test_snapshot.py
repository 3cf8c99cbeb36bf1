"""A reader beside a running writer (`gonets status` while `gonets run` holds the lock) never sees a
torn or mixed game record, and a read-only store refuses to write."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from state.disk import Disk
from state.game_store import GameStore
from state.records import GameRecord
from state.storage import ReadOnlyStoreError
from tests.state import spawn

# Rewrites the record as fast as it can; each version's padding length follows from its turn,
# and versions differ in size, so a half-written or mixed file would not check out.
WRITER = """
import sys
from pathlib import Path
from state.disk import Disk
from state.game_store import GameStore
from state.records import GameRecord

store = GameStore(Path(sys.argv[1]), Disk(Path(sys.argv[1])))
n = 0
while True:
    n += 1
    store.save(GameRecord(id="g", ruleset="coins", seed="s", state={"turn": n, "pad": "ж" * (n % 13 * 700)}))
    if n == 1:
        print("ready", flush=True)
"""
READS = 3000


def test_thousands_of_reads_during_rewrites_see_only_whole_records(tmp_path: Path) -> None:
    writer = spawn(WRITER, str(tmp_path))
    assert writer.stdout is not None
    try:
        assert writer.stdout.readline() == b"ready\n"
        turns = []
        for _ in range(READS):
            store = GameStore(tmp_path, Disk(tmp_path), read_only=True)
            record = store.load()
            turn = record.turn
            assert record.state["pad"] == "ж" * (turn % 13 * 700)
            assert store.load().turn == turn  # one command sees one version throughout
            turns.append(turn)
            store.close()
    finally:
        writer.kill()
        writer.wait()
        writer.stdout.close()
    assert len(set(turns)) > READS // 100  # the writer really rewrote it under the reader


def test_a_read_only_store_refuses_to_write_and_creates_nothing(tmp_path: Path) -> None:
    GameStore(tmp_path / "g", Disk(tmp_path)).save(GameRecord(id="g", ruleset="coins", seed="s"))
    before = time.time_ns()
    store = GameStore(tmp_path / "g", Disk(tmp_path), read_only=True)
    with pytest.raises(ReadOnlyStoreError):
        store.save(GameRecord(id="g", ruleset="coins", seed="t"))
    assert store.load().seed == "s" and (tmp_path / "g" / "game.json").stat().st_mtime_ns < before
    assert not GameStore(tmp_path / "new", Disk(tmp_path), read_only=True).stored()
    assert not (tmp_path / "new").exists()
