"""The journal replays only what this directory's Gonets could have written (state/journal.py).

A committed record copied from another games directory, or crafted, used to be replayed as it
came: another game's state over this one's, files written outside the games directory, a NUL in
a path as a traceback at start, an unknown kind of change applied as an append. Now every record
is checked before any is applied; one that fails stops the start with `JournalRefused`, whose
message names the journal and what is wrong, and nothing of the journal is applied.
"""

from __future__ import annotations

import hashlib
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from unittest import mock

import pytest

from daemon.cli import main
from daemon.config import load_config
from daemon.service import Daemon
from daemon.transports.maildir import MaildirTransport
from state import files
from state.journal import _HEAD, _OP, ID_NAME, JOURNAL_NAME, Journal, JournalRefused
from state.lock import DirectoryLock
from tests.daemon.harness import GAME, GM, Harness, body
from tests.hostile.unblock import unblocking

GAME_FILE = "games/g1/game.json"


def started(root: Path) -> bytes:
    """A games directory as this version's first start leaves it; its id."""
    DirectoryLock(root).close()
    return (root / ID_NAME).read_bytes().strip()


def committed_not_applied(root: Path, data: bytes) -> None:
    """`data` for GAME_FILE in a synced journal record, which a crash kept from being applied."""
    journal = Journal(root)
    with journal.batch() as batch:
        files.atomic_write_bytes(root / GAME_FILE, data)
    with mock.patch.object(files, "put_temp", side_effect=SystemExit), pytest.raises(SystemExit):
        journal.commit(batch)


def record(*ops: tuple[bytes, bytes, int, bytes], bound: bytes | None) -> bytes:
    """One record as the journal writes it, with any operations at all."""
    if bound is not None:
        ops = ((b"D", b"", -1, bound), *ops)
    payload = b"".join(_OP.pack(kind, len(name), at, len(data)) + name + data for kind, name, at, data in ops)
    return _HEAD.pack(len(payload), hashlib.sha256(payload).digest()) + payload


def refused(root: Path) -> JournalRefused:
    with pytest.raises(JournalRefused) as caught:
        DirectoryLock(root)
    error = caught.value
    assert str(root / JOURNAL_NAME) in error.ru and str(root / JOURNAL_NAME) in error.en
    assert (root / JOURNAL_NAME).exists()  # left for the GM, not removed
    return error


def test_a_journal_copied_from_another_games_directory_is_refused_and_nothing_applied(tmp_path: Path) -> None:
    """The issue's case: a coins game's state replaced by another directory's «Русь» state."""
    here, there = tmp_path / "here", tmp_path / "there"
    started(here), started(there)
    (here / GAME_FILE).parent.mkdir(parents=True)
    (here / GAME_FILE).write_bytes(b"coins state")
    committed_not_applied(there, b"rus state")
    shutil.copy(there / JOURNAL_NAME, here / JOURNAL_NAME)
    error = refused(here)
    assert "another games directory" in error.en and "другой папки игр" in error.ru
    assert (here / GAME_FILE).read_bytes() == b"coins state"
    assert "mv " in error.en  # what to do
    error = refused(here)  # the lock was let go: the next start says the same
    assert os.listdir(here / "games" / "g1") == ["game.json"]


def test_a_whole_games_directory_restored_from_a_backup_replays_its_journal(tmp_path: Path) -> None:
    there = tmp_path / "there"
    started(there)
    committed_not_applied(there, b"state 2")
    shutil.copytree(there, tmp_path / "restored")  # the id comes with it
    DirectoryLock(tmp_path / "restored").close()
    assert (tmp_path / "restored" / GAME_FILE).read_bytes() == b"state 2"
    assert (tmp_path / "restored" / JOURNAL_NAME).read_bytes() == b""


def outside(tmp_path: Path) -> Path:
    return tmp_path / "outside.json"


Op = tuple[bytes, bytes, int, bytes]
CRAFTED: dict[str, tuple[Callable[[Path], Op], str]] = {
    "an absolute path": (lambda t: (b"P", os.fsencode(outside(t)), -1, b"x"), "an absolute path"),
    "a path with ..": (lambda t: (b"P", b"../outside.json", -1, b"x"), "a path with “..”"),
    "a NUL in a path": (lambda t: (b"P", b"games/a\0b.json", -1, b"x"), "a NUL byte in the path"),
    "a symlink out": (lambda t: (b"P", b"out/outside.json", -1, b"x"), "follows a symbolic link out"),
    "a link from outside": (lambda t: (b"L", b"games/x.json", -1, b"../outside.json"), "a path with “..”"),
    "the id file": (lambda t: (b"P", ID_NAME.encode(), -1, b"0" * 32), "the journal's own file"),
    "an unknown kind": (lambda t: (b"X", b"games/log.jsonl", 0, b"x"), "an unknown kind of change “X”"),
    "an append before the file": (lambda t: (b"A", b"games/log.jsonl", -5, b"x"), "malformed"),
    "lengths that do not add up": (lambda t: (b"P", b"games/x.json", -1, b""), "malformed"),
}


@pytest.mark.parametrize("case", list(CRAFTED))
def test_a_crafted_record_stops_the_start_and_nothing_of_the_journal_is_applied(
    tmp_path: Path, case: str
) -> None:
    make, said = CRAFTED[case]
    root = tmp_path / "games-dir"
    ours = started(root)
    (root / "out").symlink_to(tmp_path)
    good = record((b"P", b"games/ok.json", -1, b"ok"), bound=ours)
    bad = record(make(tmp_path), bound=ours)
    if case == "lengths that do not add up":
        payload = bad[_HEAD.size :] + _OP.pack(b"P", 200, -1, 0)  # a name longer than the record
        bad = _HEAD.pack(len(payload), hashlib.sha256(payload).digest()) + payload
    (root / JOURNAL_NAME).write_bytes(good + bad)
    error = refused(root)
    assert "record 2 " in error.en and ("запись 2 " in error.ru or "записи 2 " in error.ru)
    assert said in error.en
    assert not outside(tmp_path).exists() and not (root / "games" / "ok.json").exists()
    assert (root / ID_NAME).read_bytes().strip() == ours


def test_records_of_an_older_gonets_are_replayed_at_the_directorys_first_start_only(tmp_path: Path) -> None:
    """An older Gonets crashed with a committed record, then was upgraded: its records carry no
    id, and are replayed, checked, once; after that first start the directory has an id."""
    root = tmp_path / "games-dir"
    old = record((b"P", GAME_FILE.encode(), -1, b"state 2"), bound=None)
    root.mkdir()
    (root / JOURNAL_NAME).write_bytes(old)
    DirectoryLock(root).close()
    assert (root / GAME_FILE).read_bytes() == b"state 2" and (root / ID_NAME).exists()
    (root / JOURNAL_NAME).write_bytes(old)  # the same record again, now that there is an id
    error = refused(root)
    assert "bound to no games directory" in error.en
    (root / JOURNAL_NAME).write_bytes(record((b"P", b"../outside.json", -1, b"x"), bound=None))
    (root / ID_NAME).unlink()
    assert "a path with “..”" in refused(root).en  # checked all the same
    assert not outside(tmp_path).exists()


def test_a_bound_journal_in_a_directory_without_its_id_file_says_how_to_put_it_back(tmp_path: Path) -> None:
    root = tmp_path / "games-dir"
    ours = started(root)
    committed_not_applied(root, b"state 2")
    (root / ID_NAME).unlink()
    error = refused(root)
    assert f"echo {ours.decode()} > {root / ID_NAME}" in error.en
    (root / ID_NAME).write_bytes(ours + b"\n")  # as it says
    DirectoryLock(root).close()
    assert (root / GAME_FILE).read_bytes() == b"state 2"


def test_a_damaged_id_file_is_replaced_while_nothing_is_bound_to_it(tmp_path: Path) -> None:
    root = tmp_path / "games-dir"
    started(root)
    (root / ID_NAME).write_bytes(b"not an id")
    DirectoryLock(root).close()
    assert len((root / ID_NAME).read_bytes().strip()) == 32
    committed_not_applied(root, b"state 2")
    (root / ID_NAME).write_bytes(b"not an id")
    assert "is damaged" in refused(root).en
    assert not (root / GAME_FILE).exists()


def test_a_fifo_at_the_journal_stops_the_start_instead_of_blocking_it(tmp_path: Path) -> None:
    root = tmp_path / "games-dir"
    root.mkdir()
    os.mkfifo(root / JOURNAL_NAME)
    with unblocking(root / JOURNAL_NAME):
        error = refused(root)
    assert "not a regular file but a FIFO" in error.en and "именованный канал (FIFO)" in error.ru


def test_a_fifo_put_at_the_journal_while_the_daemon_runs_fails_the_commit_instead_of_blocking_it(
    tmp_path: Path,
) -> None:
    root = tmp_path / "games-dir"
    started(root)
    journal = Journal(root)
    os.mkfifo(root / JOURNAL_NAME)
    with journal.batch() as batch:
        files.atomic_write_bytes(root / GAME_FILE, b"state")
    with unblocking(root / JOURNAL_NAME), pytest.raises(files.NotRegularFile):
        journal.commit(batch)
    assert not (root / GAME_FILE).exists()


def daemon_of(h: Harness) -> Daemon:
    transport = MaildirTransport(h.root / "mail" / "inbox", h.root / "mail" / "sent")
    return Daemon(load_config(h.config_path), transport, h.clock)


def test_a_refused_journal_stops_the_daemon_and_its_gm_is_told_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "here").mkdir()
    h = Harness(tmp_path / "here")
    h.start()
    h.daemon.close()
    h.mail_to(GM)
    games = h.root / "games"
    state = (games / "games" / GAME / "game.json").read_bytes()
    there = tmp_path / "there"
    started(there)
    committed_not_applied(there, b'{"rus": "state"}')
    shutil.copy(there / JOURNAL_NAME, games / JOURNAL_NAME)
    send = MaildirTransport.send
    with mock.patch.object(MaildirTransport, "send", autospec=True, side_effect=send) as sent:
        for _ in range(3):  # the service manager starts it again and again
            with pytest.raises(JournalRefused):
                daemon_of(h)
    assert sent.call_count == 1
    (alert,) = h.mail_to(GM)
    text = body(alert)
    assert "Гонец не запустился" in str(alert["Subject"])
    assert "другой папки игр" in text and "another games directory" in text
    assert str(games / JOURNAL_NAME) in text.replace("\n", " ")
    assert all(len(line) <= 72 for line in text.splitlines() if str(games) not in line)
    assert main(["run", "--once", "--config", str(h.config_path)]) == 3
    said = capsys.readouterr().err
    assert said.startswith(f"Журнал {games / JOURNAL_NAME} не применён") and "another games directory" in said
    assert h.mail_to(GM) == []  # told once
    assert (games / "games" / GAME / "game.json").read_bytes() == state
    os.rename(games / JOURNAL_NAME, games / f"{JOURNAL_NAME}.refused")  # as the message says
    daemon_of(h).close()
    assert (games / "games" / GAME / "game.json").read_bytes() == state
