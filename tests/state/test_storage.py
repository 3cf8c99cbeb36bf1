from __future__ import annotations

import re
from pathlib import Path

import pytest
from tinydb import Query, TinyDB

from state.files import read_json
from state.storage import AtomicJSONStorage, CorruptStoreError
from tests.state import sigkill_loop


def test_tinydb_insert_update_search_and_reopen(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    with TinyDB(path, storage=AtomicJSONStorage) as db:
        db.insert({"power": "Рязань", "gold": 10})
        db.insert({"power": "Киев", "gold": 7})
        db.update({"gold": 12}, Query().power == "Рязань")
    with TinyDB(path, storage=AtomicJSONStorage) as db:
        assert db.search(Query().gold > 10) == [{"power": "Рязань", "gold": 12}]
        assert len(db) == 2
    assert read_json(path)["_default"]["2"] == {"power": "Киев", "gold": 7}


def test_documents_come_back_in_id_order_although_keys_are_sorted_as_text(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    with TinyDB(path, storage=AtomicJSONStorage) as db:
        db.insert_multiple({"n": n} for n in range(12))
    assert list(read_json(path)["_default"])[:3] == ["1", "10", "11"]
    assert [doc["n"] for doc in TinyDB(path, storage=AtomicJSONStorage).all()] == list(range(12))


def test_missing_file_is_an_empty_database_and_is_not_created_by_reading(tmp_path: Path) -> None:
    path = tmp_path / "new" / "game.json"
    with TinyDB(path, storage=AtomicJSONStorage) as db:
        assert db.all() == []
    assert not path.exists()


@pytest.mark.parametrize("content", [b"", b'{"_default": {"1": {"gold"', b"[1, 2]", b'{"t": 3}', b"\xff\xfe"])
def test_unreadable_file_raises_with_recovery_hint(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(content)
    db = TinyDB(path, storage=AtomicJSONStorage)
    with pytest.raises(CorruptStoreError, match="corrupt") as caught:
        db.all()
    assert caught.value.path == path
    assert "previous turn record" in str(caught.value)
    assert "rebuild" in str(caught.value)
    assert path.read_bytes() == content  # left as found, for inspection


def test_truncated_real_database_is_reported_not_emptied(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    with TinyDB(path, storage=AtomicJSONStorage) as db:
        db.insert({"power": "Рязань"})
    path.write_bytes(path.read_bytes()[:-5])
    with pytest.raises(CorruptStoreError, match=re.escape(str(path))):
        TinyDB(path, storage=AtomicJSONStorage).insert({"power": "Киев"})


def test_caller_names_its_own_recovery(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(b"{")
    db = TinyDB(path, storage=AtomicJSONStorage, hint="copy turns/7.json over it")
    with pytest.raises(CorruptStoreError, match=re.escape("copy turns/7.json over it")):
        db.all()


INSERTER = """
import sys
from tinydb import TinyDB
from state.storage import AtomicJSONStorage
db = TinyDB(sys.argv[1], storage=AtomicJSONStorage)
n = start = len(db)
while True:
    db.insert({"n": n, "pad": "x" * 300})
    if n == start:
        print("ready", flush=True)
    n += 1
"""


def test_sigkill_during_inserts_keeps_the_database_readable(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    counts = []

    def whole_and_in_order() -> None:
        docs = TinyDB(path, storage=AtomicJSONStorage).all()
        assert [doc["n"] for doc in docs] == list(range(len(docs)))
        counts.append(len(docs))

    sigkill_loop(INSERTER, str(path), kills=30, after_kill=whole_and_in_order)
    assert counts == sorted(counts)
