from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
from tinydb import Query, TinyDB

from state.disk import Disk
from state.errors import CorruptStoreError
from state.files import json_bytes, read_json
from state.storage import AtomicJSONStorage
from tests.state import sigkill_loop, spawn


def test_tinydb_insert_update_search_and_reopen(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    with TinyDB(path, storage=AtomicJSONStorage, disk=Disk(path.parent)) as db:
        db.insert({"power": "Рязань", "gold": 10})
        db.insert({"power": "Киев", "gold": 7})
        db.update({"gold": 12}, Query().power == "Рязань")
    with TinyDB(path, storage=AtomicJSONStorage, disk=Disk(path.parent)) as db:
        assert db.search(Query().gold > 10) == [{"power": "Рязань", "gold": 12}]
        assert len(db) == 2
    assert read_json(path)["_default"]["2"] == {"power": "Киев", "gold": 7}


def test_documents_come_back_in_id_order_although_keys_are_sorted_as_text(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    with TinyDB(path, storage=AtomicJSONStorage, disk=Disk(path.parent)) as db:
        db.insert_multiple({"n": n} for n in range(12))
    assert list(read_json(path)["_default"])[:3] == ["1", "10", "11"]
    assert [
        doc["n"] for doc in TinyDB(path, storage=AtomicJSONStorage, disk=Disk(path.parent)).all()
    ] == list(range(12))


def test_missing_file_is_an_empty_database_and_is_not_created_by_reading(tmp_path: Path) -> None:
    path = tmp_path / "new" / "game.json"
    with TinyDB(path, storage=AtomicJSONStorage, disk=Disk(path.parent)) as db:
        assert db.all() == []
    assert not path.exists()


@pytest.mark.parametrize("content", [b"", b'{"_default": {"1": {"gold"', b"[1, 2]", b'{"t": 3}', b"\xff\xfe"])
def test_unreadable_file_raises_with_recovery_hint(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(content)
    db = TinyDB(path, storage=AtomicJSONStorage, disk=Disk(path.parent))
    with pytest.raises(CorruptStoreError, match="corrupt") as caught:
        db.all()
    assert caught.value.path == path
    assert "previous turn record" in str(caught.value)
    assert "rebuild" in str(caught.value)
    assert path.read_bytes() == content  # left as found, for inspection


def test_truncated_real_database_is_reported_not_emptied(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    with TinyDB(path, storage=AtomicJSONStorage, disk=Disk(path.parent)) as db:
        db.insert({"power": "Рязань"})
    path.write_bytes(path.read_bytes()[:-5])
    with pytest.raises(CorruptStoreError, match=re.escape(str(path))):
        TinyDB(path, storage=AtomicJSONStorage, disk=Disk(path.parent)).insert({"power": "Киев"})


def test_caller_names_its_own_recovery(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(b"{")
    db = TinyDB(path, storage=AtomicJSONStorage, disk=Disk(path.parent), hint="copy turns/7.json over it")
    with pytest.raises(CorruptStoreError, match=re.escape("copy turns/7.json over it")):
        db.all()


def count_parses(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Calls of json.loads from now on, one entry each."""
    calls: list[int] = []
    loads = json.loads

    def counting(raw: Any) -> Any:
        calls.append(1)
        return loads(raw)

    monkeypatch.setattr(json, "loads", counting)
    return calls


def test_the_writer_never_parses_its_own_bytes_and_a_reader_parses_each_version_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = TinyDB(tmp_path / "game.json", storage=AtomicJSONStorage, disk=Disk(tmp_path))
    db.insert({"power": "Рязань", "gold": 10})
    parses = count_parses(monkeypatch)
    assert db.all() == [{"power": "Рязань", "gold": 10}]
    assert db.search(Query().gold == 10) and len(db) == 1
    db.update({"gold": 12})
    assert db.all() == [{"power": "Рязань", "gold": 12}]
    assert parses == []  # what it wrote it kept
    reader = TinyDB(tmp_path / "game.json", storage=AtomicJSONStorage, disk=Disk(tmp_path))
    assert reader.all() == [{"power": "Рязань", "gold": 12}] and len(reader) == 1
    assert len(parses) == 1
    db.update({"gold": 13})
    assert reader.all() == [{"power": "Рязань", "gold": 13}]
    assert len(parses) == 2  # the bytes changed under it


def test_what_a_read_hands_out_is_a_copy(tmp_path: Path) -> None:
    storage = AtomicJSONStorage(tmp_path / "game.json", Disk(tmp_path))
    storage.write({"_default": {"1": {"gold": [10]}}})
    first = storage.read()
    assert first is not None
    first["_default"]["1"]["gold"].append(99)
    first["orders"] = {}
    assert storage.read() == {"_default": {"1": {"gold": [10]}}}


OTHER_WRITER = """
import os, sys
from pathlib import Path
from tinydb import TinyDB
from state.disk import Disk
from state.storage import AtomicJSONStorage
path, mtime_ns = sys.argv[1], int(sys.argv[2])
TinyDB(path, storage=AtomicJSONStorage, disk=Disk(Path(path).parent)).update({"power": "Тула"})
os.utime(path, ns=(mtime_ns, mtime_ns))
print("ready", flush=True)
"""


def test_a_new_content_is_seen_though_its_inode_size_and_mtime_may_be_the_old_ones(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    storage = AtomicJSONStorage(path, Disk(path.parent))
    storage.write({"t": {"1": {"v": "a"}}})
    assert storage.read() == {"t": {"1": {"v": "a"}}}
    first = path.stat()
    storage.write({"t": {"1": {"v": "bb"}}})
    storage.write({"t": {"1": {"v": "c"}}})  # ext4 often gives this file the first one's inode back
    os.utime(path, ns=(first.st_mtime_ns, first.st_mtime_ns))  # writes inside one coarse clock tick
    assert path.stat().st_size == first.st_size
    assert storage.read() == {"t": {"1": {"v": "c"}}}


def test_a_write_by_another_process_is_seen_even_with_the_same_size_and_mtime(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    db = TinyDB(path, storage=AtomicJSONStorage, disk=Disk(path.parent))
    db.insert({"power": "Киев"})
    assert db.all() == [{"power": "Киев"}]
    before = path.stat()
    child = spawn(OTHER_WRITER, str(path), str(before.st_mtime_ns))
    assert child.stdout is not None
    assert child.stdout.read() == b"ready\n"
    assert child.wait() == 0
    child.stdout.close()
    after = path.stat()
    assert (after.st_size, after.st_mtime_ns) == (before.st_size, before.st_mtime_ns)
    assert db.all() == [{"power": "Тула"}]


INSERTER = """
import sys
from pathlib import Path
from tinydb import TinyDB
from state.disk import Disk
from state.storage import AtomicJSONStorage
db = TinyDB(sys.argv[1], storage=AtomicJSONStorage, disk=Disk(Path(sys.argv[1]).parent))
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
        docs = TinyDB(path, storage=AtomicJSONStorage, disk=Disk(path.parent)).all()
        assert [doc["n"] for doc in docs] == list(range(len(docs)))
        counts.append(len(docs))

    sigkill_loop(INSERTER, str(path), kills=30, after_kill=whole_and_in_order)
    assert counts == sorted(counts)


def test_a_file_written_table_by_table_is_the_file_encoded_whole(tmp_path: Path) -> None:
    """The storage re-encodes only the tables TinyDB replaced: the bytes must not tell."""
    path = tmp_path / "game.json"
    db = TinyDB(path, storage=AtomicJSONStorage, disk=Disk(path.parent))
    db.table("game").insert({"state": {"Киев": [1, 2], "turn": 3}})
    for n in range(12):  # ids 1..12: "10" sorts before "9" in the file, as json.dumps sorts
        db.table("orders").insert({"power": f"P{n}", "n": n})
    db.table("orders").update({"n": 0}, doc_ids=[10])
    raw = path.read_bytes()
    assert raw == json_bytes(json.loads(raw))
    assert [
        d["n"] for d in TinyDB(path, storage=AtomicJSONStorage, disk=Disk(path.parent)).table("orders").all()
    ][8:11] == [8, 0, 10]
