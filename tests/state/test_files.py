from __future__ import annotations

import os
from pathlib import Path

import pytest

from state.files import (
    atomic_write_bytes,
    atomic_write_json,
    read_json,
    remove_stray_temps,
    safe_file_name,
)
from tests.state import sigkill_loop


def test_write_creates_parents_and_replaces_content(tmp_path: Path) -> None:
    target = tmp_path / "a" / "b" / "file.bin"
    atomic_write_bytes(target, b"old")
    atomic_write_bytes(target, b"new")
    assert target.read_bytes() == b"new"
    assert sorted(p.name for p in target.parent.iterdir()) == ["file.bin"]


def test_json_is_utf8_sorted_and_compact(tmp_path: Path) -> None:
    target = tmp_path / "state.json"
    atomic_write_json(target, {"б": "Рязань", "a": [1, {"c": None}]})
    assert target.read_text("utf-8") == '{"a":[1,{"c":null}],"б":"Рязань"}'
    assert read_json(target) == {"a": [1, {"c": None}], "б": "Рязань"}


def test_json_written_indented_by_older_versions_still_reads(tmp_path: Path) -> None:
    target = tmp_path / "state.json"
    target.write_text('{\n "a": [\n  1\n ],\n "б": "Рязань"\n}', "utf-8")
    assert read_json(target) == {"a": [1], "б": "Рязань"}


def test_unserialisable_json_touches_nothing(tmp_path: Path) -> None:
    target = tmp_path / "state.json"
    atomic_write_json(target, {"v": 1})
    with pytest.raises(TypeError):
        atomic_write_json(target, {"v": object()})
    assert read_json(target) == {"v": 1}
    assert os.listdir(tmp_path) == ["state.json"]


def test_failed_write_removes_its_temp_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "file.bin"
    atomic_write_bytes(target, b"old")

    def disk_error(fd: int) -> None:
        raise OSError("disk on fire")

    monkeypatch.setattr(os, "fsync", disk_error)
    with pytest.raises(OSError, match="disk on fire"):
        atomic_write_bytes(target, b"new")
    assert target.read_bytes() == b"old"
    assert os.listdir(tmp_path) == ["file.bin"]


def test_remove_stray_temps_is_recursive_and_spares_other_files(tmp_path: Path) -> None:
    (tmp_path / "g" / "deep").mkdir(parents=True)
    for stray in (".tmp-abc", "g/.tmp-x", "g/deep/.tmp-y"):
        (tmp_path / stray).write_bytes(b"partial")
    (tmp_path / "g" / "keep.json").write_bytes(b"{}")
    (tmp_path / "g" / "tmp-not-ours").write_bytes(b"")
    assert remove_stray_temps(tmp_path) == 3
    assert remove_stray_temps(tmp_path) == 0
    assert sorted(p.name for p in tmp_path.rglob("*") if p.is_file()) == ["keep.json", "tmp-not-ours"]


@pytest.mark.parametrize(
    ("mail_id", "expected"),
    [("reply-42.rus-7", "reply-42.rus-7"), ("", None), (".tmp-evil", None), ("<a/b:c@x>", None)],
)
def test_safe_file_name(mail_id: str, expected: str | None) -> None:
    name = safe_file_name(mail_id)
    if expected is not None:
        assert name == expected
    assert name and not name.startswith(".") and "/" not in name and ":" not in name
    assert name == safe_file_name(mail_id)


def test_safe_file_name_keeps_distinct_ids_distinct() -> None:
    assert safe_file_name("<a@x>") != safe_file_name("<a.x>")
    assert safe_file_name("Рязань/1") != safe_file_name("Рязань:1")


WRITER = """
import sys
from pathlib import Path
from state.files import atomic_write_json
directory = Path(sys.argv[1])
n = 0
while True:
    for name in ("a", "b", "c"):
        atomic_write_json(directory / f"{name}.json", {"n": n, "pad": "я" * (n % 40 * 5000)})
    if n == 0:
        print("ready", flush=True)
    n += 1
"""


def test_sigkill_during_writes_leaves_old_or_new_content(tmp_path: Path) -> None:
    def every_file_is_whole() -> None:
        for name in ("a", "b", "c"):
            data = read_json(tmp_path / f"{name}.json")
            assert data["pad"] == "я" * (data["n"] % 40 * 5000)

    sigkill_loop(WRITER, str(tmp_path), kills=30, after_kill=every_file_is_whole)
    remove_stray_temps(tmp_path)
    assert sorted(os.listdir(tmp_path)) == ["a.json", "b.json", "c.json"]
