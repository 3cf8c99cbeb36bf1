from __future__ import annotations

import hashlib
import json
import os
from datetime import UTC, datetime
from pathlib import Path

import pytest

from state.archive import MailArchive
from state.disk import Disk
from state.files import atomic_write_bytes, read_json

MAIL = b"From: a@example.org\r\nMessage-ID: <1@example.org>\r\n\r\n\xd0\xa5\xd0\x9e\xd0\x94 3\r\n"
JAN = datetime(2026, 1, 31, 23, 59, tzinfo=UTC).timestamp()
FEB = datetime(2026, 2, 1, 0, 1, tzinfo=UTC).timestamp()


@pytest.fixture
def archive(tmp_path: Path) -> MailArchive:
    return MailArchive(tmp_path / "archive", Disk(tmp_path), clock=lambda: JAN)


def test_store_is_idempotent_and_keeps_the_bytes(archive: MailArchive) -> None:
    key = archive.store(MAIL)
    assert key == hashlib.sha256(MAIL).hexdigest() == MailArchive.key(MAIL)
    path = archive.root / "raw" / key[:2] / f"{key}.eml"
    before = path.stat().st_mtime_ns
    assert archive.store(MAIL) == key
    assert path.stat().st_mtime_ns == before  # not rewritten
    assert archive.raw(key) == MAIL
    assert list(archive.keys()) == [key]


def test_mark_done_writes_marker_and_log_line(archive: MailArchive) -> None:
    key = archive.store(MAIL)
    assert not archive.is_done(key)
    archive.mark_done(key, {"game": "rus-7", "power": "Рязань", "outcome": "accepted"})
    assert archive.is_done(key)
    expected = {
        "game": "rus-7",
        "power": "Рязань",
        "outcome": "accepted",
        "key": key,
        "time": "2026-01-31T23:59:00+00:00",
    }
    assert read_json(archive.root / "done" / key[:2] / f"{key}.json") == expected
    lines = (archive.root / "log" / "2026-01.jsonl").read_text("utf-8").splitlines()
    assert [json.loads(line) for line in lines] == [expected]


def test_log_is_one_file_per_month_and_only_appended(tmp_path: Path) -> None:
    now = [JAN]
    archive = MailArchive(tmp_path, Disk(tmp_path), clock=lambda: now[0])
    first, second, third = (archive.store(MAIL + bytes([n])) for n in range(3))
    archive.mark_done(first, {"outcome": "a"})
    archive.mark_done(second, {"outcome": "b"})
    now[0] = FEB
    archive.mark_done(third, {"outcome": "c"})
    jan = (tmp_path / "log" / "2026-01.jsonl").read_text("utf-8").splitlines()
    feb = (tmp_path / "log" / "2026-02.jsonl").read_text("utf-8").splitlines()
    assert [json.loads(line)["key"] for line in jan] == [first, second]
    assert [json.loads(line)["key"] for line in feb] == [third]


def test_mark_done_refuses_a_mail_that_was_never_stored(archive: MailArchive) -> None:
    with pytest.raises(KeyError, match="not archived"):
        archive.mark_done(MailArchive.key(MAIL), {"outcome": "accepted"})


FP1, FP2 = hashlib.sha256(b"one").hexdigest(), hashlib.sha256(b"two").hexdigest()


def test_fingerprint_index_finds_only_done_mail(archive: MailArchive) -> None:
    key = archive.store(MAIL)
    assert archive.seen_fingerprint(FP1) is None
    archive.mark_done(key, {"fingerprint": FP1, "outcome": "accepted"})
    assert archive.seen_fingerprint(FP1) == key
    assert archive.seen_fingerprint(FP2) is None
    indexed = archive.root / "content" / FP1[:2] / f"{FP1}.txt"
    done = archive.root / "done" / key[:2] / f"{key}.json"
    assert os.path.samefile(indexed, done), "the index entry is the done record, not a new file"


def test_an_index_entry_of_an_older_archive_holds_the_bare_key(archive: MailArchive) -> None:
    key = archive.store(MAIL)
    archive.mark_done(key, {"outcome": "accepted"})
    atomic_write_bytes(archive.root / "content" / FP1[:2] / f"{FP1}.txt", f"{key}\n".encode())
    assert archive.seen_fingerprint(FP1) == key


def test_make_folders_makes_every_fan_out_folder_once(archive: MailArchive) -> None:
    archive.make_folders()
    for kind in ("raw", "done", "content"):
        assert sorted(p.name for p in (archive.root / kind).iterdir()) == [f"{n:02x}" for n in range(256)]
    shard = archive.root / "raw" / MailArchive.key(MAIL)[:2]
    shard.rmdir()
    archive.make_folders()  # content/ff says they are all there: nothing is looked at again
    assert not shard.exists()
    assert archive.raw(archive.store(MAIL)) == MAIL  # a missing one is still made when a mail needs it


def test_fingerprint_keeps_the_first_done_mail(archive: MailArchive) -> None:
    first = archive.store(MAIL)
    resent = archive.store(b"Received: by relay\r\n" + MAIL)
    archive.mark_done(first, {"fingerprint": FP1, "outcome": "accepted"})
    archive.mark_done(resent, {"fingerprint": FP1, "outcome": "duplicate"})
    assert archive.seen_fingerprint(FP1) == first


def test_index_written_by_a_crashed_mark_done_is_ignored_then_replaced(archive: MailArchive) -> None:
    crashed, later = archive.store(MAIL), archive.store(MAIL + b"\r\n")
    atomic_write_bytes(archive.root / "content" / FP1[:2] / f"{FP1}.txt", crashed.encode())
    assert archive.seen_fingerprint(FP1) is None  # its marker never got written
    archive.mark_done(later, {"fingerprint": FP1})
    assert archive.seen_fingerprint(FP1) == later


def test_a_record_without_a_fingerprint_indexes_nothing(archive: MailArchive) -> None:
    archive.mark_done(archive.store(MAIL), {"message_id": "<1@example.org>", "outcome": "accepted"})
    assert archive.seen_fingerprint("") is None and archive.seen_fingerprint("../x") is None
    assert not (archive.root / "content").exists()


def test_keys_in_store_order_with_key_as_tie_break(archive: MailArchive) -> None:
    keys = [archive.store(MAIL + bytes([n])) for n in range(4)]
    stamps = {keys[0]: 300, keys[1]: 100, keys[2]: 200, keys[3]: 200}  # set, not raced against a clock
    for key, stamp in stamps.items():
        os.utime(archive.root / "raw" / key[:2] / f"{key}.eml", ns=(stamp, stamp))
    assert list(archive.keys()) == [keys[1], *sorted([keys[2], keys[3]]), keys[0]]


def test_keys_of_an_empty_archive(archive: MailArchive) -> None:
    assert list(archive.keys()) == []


@pytest.mark.parametrize("bad", ["../../etc/passwd", "AB" * 32, "a" * 63])
def test_keys_that_are_not_digests_are_refused(archive: MailArchive, bad: str) -> None:
    with pytest.raises(ValueError, match="not an archive key"):
        archive.raw(bad)
    with pytest.raises(ValueError, match="not an archive key"):
        archive.is_done(bad)
