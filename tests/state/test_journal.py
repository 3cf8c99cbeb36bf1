"""The group commit (state/journal.py): a pass's writes are seen by the pass, reach the files only
through one synced record, and a record left by a crash is replayed to the same files."""

from __future__ import annotations

import errno
import os
from collections.abc import Callable
from pathlib import Path
from unittest import mock

import pytest

from state import files
from state.journal import ID_NAME, JOURNAL_NAME, Journal


def opened(root: Path, private: tuple[Path, ...] = ()) -> Journal:
    """The journal as the directory's lock holder has it: recovered, the directory's id made."""
    journal = Journal(root, private)
    journal.recover()
    return journal


def test_a_pass_reads_what_it_staged_and_the_disk_sees_it_only_after_the_commit(tmp_path: Path) -> None:
    journal = opened(tmp_path)
    (tmp_path / "old.json").write_bytes(b"old")
    with journal.batch() as batch:
        files.atomic_write_bytes(tmp_path / "a" / "new.json", b"new")
        files.append_bytes(tmp_path / "log.jsonl", b"line 1\n")
        files.append_bytes(tmp_path / "log.jsonl", b"line 2\n")
        files.remove(tmp_path / "old.json")
        assert files.read_bytes(tmp_path / "a" / "new.json") == b"new"
        assert files.read_bytes(tmp_path / "log.jsonl") == b"line 1\nline 2\n"
        assert not files.exists(tmp_path / "old.json") and files.exists(tmp_path / "a" / "new.json")
        assert files.names(tmp_path, ".json") == []
        assert files.names(tmp_path / "a") == ["new.json"]
        with pytest.raises(FileNotFoundError):
            files.read_bytes(tmp_path / "old.json")
    assert not (tmp_path / "a").exists() and (tmp_path / "old.json").exists()
    with mock.patch("os.fsync", wraps=os.fsync) as fsync:
        assert journal.commit(batch) == {}
    assert fsync.call_count == 2  # the journal record, and its folder as the journal is new
    assert (tmp_path / "a" / "new.json").read_bytes() == b"new"
    assert (tmp_path / "log.jsonl").read_bytes() == b"line 1\nline 2\n"
    assert not (tmp_path / "old.json").exists()
    with mock.patch("state.syncing.sync_file_system") as sync:
        journal.checkpoint(unless_under=1 << 20)  # a busy pass leaves a small journal alone
        assert sync.call_count == 0
        journal.checkpoint()
        journal.checkpoint()
        assert sync.call_count == 1
    assert (tmp_path / JOURNAL_NAME).read_bytes() == b""
    with journal.batch() as batch:
        files.atomic_write_bytes(tmp_path / "a" / "new.json", b"newer")
        files.append_bytes(tmp_path / "log.jsonl", b"line 3\n")
    with mock.patch("os.fsync", wraps=os.fsync) as fsync:
        journal.commit(batch)
    assert fsync.call_count == 1
    assert (tmp_path / "log.jsonl").read_bytes() == b"line 1\nline 2\nline 3\n"


def test_outside_a_pass_every_write_is_durable_on_its_own(tmp_path: Path) -> None:
    with mock.patch("os.fsync", wraps=os.fsync) as fsync:
        files.atomic_write_bytes(tmp_path / "x.json", b"x")
    assert (tmp_path / "x.json").read_bytes() == b"x" and fsync.call_count == 2  # the file, its folder


def test_a_record_left_by_a_crash_is_replayed_and_replaying_twice_changes_nothing(tmp_path: Path) -> None:
    (tmp_path / "log.jsonl").write_bytes(b"before\n")
    (tmp_path / "gone.json").write_bytes(b"gone")
    journal = opened(tmp_path)
    with journal.batch() as batch:
        files.atomic_write_bytes(tmp_path / "g" / "game.json", b"state 2", mtime_ns=1_700_000_000_000_000_000)
        files.append_bytes(tmp_path / "log.jsonl", b"after\n")
        files.remove(tmp_path / "gone.json")
    kill = mock.patch.object(files, "put_temp", side_effect=SystemExit)  # after the record: nothing applied
    with kill, pytest.raises(SystemExit):
        journal.commit(batch)
    assert not (tmp_path / "g" / "game.json").exists()
    record = (tmp_path / JOURNAL_NAME).read_bytes()
    for _ in range(2):  # a crash during the replay itself: the next holder replays it again
        (tmp_path / JOURNAL_NAME).write_bytes(record)
        assert Journal(tmp_path).recover() == 1
        assert (tmp_path / "g" / "game.json").read_bytes() == b"state 2"
        assert (tmp_path / "g" / "game.json").stat().st_mtime_ns == 1_700_000_000_000_000_000
        assert (tmp_path / "log.jsonl").read_bytes() == b"before\nafter\n"
        assert not (tmp_path / "gone.json").exists()
    assert (tmp_path / JOURNAL_NAME).read_bytes() == b""


def test_a_record_cut_short_by_a_crash_was_never_committed_and_is_dropped(tmp_path: Path) -> None:
    journal = opened(tmp_path)
    for text in (b"one", b"two"):
        with journal.batch() as batch:
            files.atomic_write_bytes(tmp_path / "game.json", text)
        with mock.patch.object(files, "put_temp"):
            journal.commit(batch)
    record = (tmp_path / JOURNAL_NAME).read_bytes()
    (tmp_path / JOURNAL_NAME).write_bytes(record[:-2])
    assert Journal(tmp_path).recover() == 1
    assert (tmp_path / "game.json").read_bytes() == b"one"


def test_a_write_that_fails_before_the_record_leaves_the_files_as_they_were(tmp_path: Path) -> None:
    (tmp_path / "game.json").write_bytes(b"old")
    journal = opened(tmp_path)
    with journal.batch() as batch:
        files.atomic_write_bytes(tmp_path / "game.json", b"new")
        files.atomic_write_bytes(tmp_path / "other.json", b"other")
    full = OSError(errno.ENOSPC, "No space left on device")
    with mock.patch.object(os, "fsync", side_effect=full), pytest.raises(OSError):
        journal.commit(batch)
    assert (tmp_path / "game.json").read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == [ID_NAME, "game.json", JOURNAL_NAME]  # no temp files
    assert Journal(tmp_path).recover() == 0


def test_lazy_writes_go_to_the_files_at_once_and_each_file_and_folder_is_synced_once(tmp_path: Path) -> None:
    journal = opened(tmp_path)
    with mock.patch("os.fsync", wraps=os.fsync) as fsync:
        with journal.lazily():
            for n in range(4):
                files.atomic_write_bytes(tmp_path / "sent" / f"m{n}.json", b"sent")
            files.move(tmp_path / "sent" / "m0.json", tmp_path / "done" / "m0.json")
            assert fsync.call_count == 0
        assert fsync.call_count == 3 + 2  # each file still where it was written, its folder once, and
        # the folder the move went to (a moved file may be the record that a mail went)
    assert (tmp_path / "done" / "m0.json").read_bytes() == b"sent"
    syncfs = mock.patch("state.syncing.sync_file_system")
    with mock.patch("os.fsync") as fsync, syncfs as sync, journal.lazily():
        for n in range(17):  # a resolution's records: one syncfs costs less than 17 fsyncs
            files.atomic_write_bytes(tmp_path / "sent" / f"r{n}.json", b"sent")
    assert (fsync.call_count, sync.call_count) == (0, 1)


def test_many_lazy_writes_outside_the_root_are_synced_first_with_one_syncfs(tmp_path: Path) -> None:
    """A resolution's deliveries into a Maildir beside the games directory, then the outbox's
    records under it: the mails are durable before any record that they went."""
    root, maildir = tmp_path / "games", tmp_path / "mail" / "new"
    journal = opened(root)
    synced: list[str] = []

    def record(kind: str) -> Callable[[Path], None]:
        return lambda target: synced.append(f"{kind} {target.name}")

    syncfs = mock.patch("state.syncing.sync_file_system", side_effect=record("syncfs"))
    with mock.patch("state.syncing.fsync_dir", side_effect=record("folder")), syncfs, journal.lazily():
        for n in range(17):
            files.atomic_write_bytes(maildir / f"mail-{n}", b"delivered")
        files.write_marker(root / "sent" / "mail-0.eml", b"delivered", same=maildir / "mail-0")
    assert synced == ["syncfs new", "folder sent"]
    assert os.path.samefile(root / "sent" / "mail-0.eml", maildir / "mail-0")


def test_a_move_inside_a_pass_is_a_copy_and_a_removal(tmp_path: Path) -> None:
    (tmp_path / "pending").mkdir()
    (tmp_path / "pending" / "m.eml").write_bytes(b"mail")
    journal = opened(tmp_path)
    with journal.batch() as batch:
        files.move(tmp_path / "pending" / "m.eml", tmp_path / "sent" / "m.eml")
        assert files.names(tmp_path / "pending") == [] and files.names(tmp_path / "sent") == ["m.eml"]
    journal.commit(batch)
    assert not (tmp_path / "pending" / "m.eml").exists()
    assert (tmp_path / "sent" / "m.eml").read_bytes() == b"mail"


def test_a_link_is_a_second_name_of_a_file_written_in_the_same_pass_and_a_replay_makes_it_again(
    tmp_path: Path,
) -> None:
    archive = tmp_path / "archive"
    done, index = archive / "done" / "k.json", archive / "content" / "f.txt"
    journal = opened(tmp_path, private=(archive,))
    with journal.batch() as batch:
        files.atomic_write_bytes(done, b"record")
        files.link(done, index)
        assert files.read_bytes(index) == b"record" and files.exists(index)
    journal.commit(batch)
    assert os.path.samefile(done, index)
    index.unlink()  # as a kill before the link leaves it
    assert Journal(tmp_path, private=(archive,)).recover() == 1
    assert os.path.samefile(done, index) and index.read_bytes() == b"record"


def test_a_new_file_of_a_private_folder_is_written_in_place_and_a_crash_there_is_repaired(
    tmp_path: Path,
) -> None:
    archive = tmp_path / "archive"
    journal = opened(tmp_path, private=(archive,))
    with journal.batch() as batch:
        files.atomic_write_bytes(archive / "raw" / "ab.eml", b"mail")
        files.atomic_write_bytes(tmp_path / "game.json", b"game")
    with mock.patch("os.replace", wraps=os.replace) as rename:
        journal.commit(batch)
    assert rename.call_count == 1  # game.json only
    assert (archive / "raw" / "ab.eml").read_bytes() == b"mail"
    (archive / "raw" / "ab.eml").write_bytes(b"")  # as a kill between creating and writing leaves it
    assert Journal(tmp_path, private=(archive,)).recover() == 1
    assert (archive / "raw" / "ab.eml").read_bytes() == b"mail"


def test_a_mail_delivered_outside_the_games_directory_is_synced_before_the_record_that_it_was_sent(
    tmp_path: Path,
) -> None:
    games, maildir = tmp_path / "games", tmp_path / "mail"
    synced: list[str] = []

    def fsync(fd: int) -> None:
        synced.append(os.readlink(f"/proc/self/fd/{fd}"))

    with mock.patch("os.fsync", side_effect=fsync):
        with Journal(games).lazily():
            files.atomic_write_bytes(games / "outbox" / "sent" / "m.json", b"sent")  # the record first
            files.atomic_write_bytes(maildir / "new" / "m.eml", b"mail")
        assert synced == [
            str(maildir / "new" / "m.eml"),
            str(maildir / "new"),
            str(games / "outbox" / "sent" / "m.json"),
            str(games / "outbox" / "sent"),
        ]


def test_files_the_commit_keeps_are_recorded_not_written_and_a_replay_writes_them(tmp_path: Path) -> None:
    journal = opened(tmp_path)
    pending = tmp_path / "outbox" / "pending"
    with journal.batch() as batch:
        files.atomic_write_bytes(pending / "m.eml", b"mail")
        files.atomic_write_bytes(tmp_path / "game.json", b"game")
    kept = journal.commit(batch, keep={pending / "m.eml", pending / "other.eml"})
    assert kept == {pending / "m.eml": b"mail"}
    assert not (pending / "m.eml").exists() and (tmp_path / "game.json").read_bytes() == b"game"
    assert Journal(tmp_path).recover() == 1  # a crash before the mail was sent or settled
    assert (pending / "m.eml").read_bytes() == b"mail"
