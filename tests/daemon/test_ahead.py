"""`Ahead`: a resolution's mails made in two processes are the mails one process makes, and
nothing that goes wrong with the helper process loses a mail, changes one, or holds the lock."""

from __future__ import annotations

import os
import re
import threading
import time
from pathlib import Path

import pytest

from daemon.outgoing import ahead as ahead_module
from daemon.outgoing.ahead import Ahead
from daemon.phases.release import PhaseMails
from state.lock import DirectoryLock, LockedError
from tests.daemon.harness import PLAYERS, Harness

READERS = [f"reader-{n}" for n in range(8)]
PARENT = os.getpid()


def slow_work(reader: str) -> tuple[str, int, bytes]:
    """Enough work that both processes take some: the reader, who did it, a payload."""
    time.sleep(0.02)
    return reader, os.getpid(), reader.encode() * 10_000


def test_every_reader_gets_its_own_work_in_whatever_order_it_is_asked_for() -> None:
    asked = [*READERS[3:], *reversed(READERS[:3])]
    with Ahead(slow_work, READERS) as ahead:
        done = {reader: ahead.get(reader) for reader in asked}
    assert {reader: (r, payload) for reader, (r, _, payload) in done.items()} == {
        reader: (reader, reader.encode() * 10_000) for reader in READERS
    }
    makers = {pid for _, pid, _ in done.values()}
    assert PARENT in makers and len(makers) == 2  # both processes worked
    assert done[READERS[0]][1] == PARENT  # the first here, so its caches stay in this process


def test_an_error_of_the_work_is_raised_here_as_without_a_helper() -> None:
    def work(reader: str) -> str:
        if reader == "reader-5":
            raise ValueError("a bug in a ruleset's picture")
        return reader.upper()

    with Ahead(work, READERS) as ahead:
        assert [ahead.get(r) for r in READERS[:5]] == [r.upper() for r in READERS[:5]]
        with pytest.raises(ValueError, match="a bug"):
            ahead.get("reader-5")
        assert [ahead.get(r) for r in READERS[6:]] == [r.upper() for r in READERS[6:]]


def test_a_helper_that_dies_leaves_its_readers_to_this_process() -> None:
    def work(reader: str) -> tuple[str, int]:
        if os.getpid() != PARENT and reader == "reader-2":
            os._exit(3)  # the helper dies mid-way, as under the OOM killer
        return reader, os.getpid()

    with Ahead(work, READERS) as ahead:
        done = [ahead.get(r) for r in READERS]
    assert [reader for reader, _ in done] == READERS
    assert dict(done)["reader-2"] == PARENT


def test_a_silent_helper_is_given_up_on(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(ahead_module, "QUIET_LIMIT", 0.2)

    def work(reader: str) -> tuple[str, int]:
        if os.getpid() != PARENT:
            time.sleep(30)  # hung: it never delivers
        return reader, os.getpid()

    with Ahead(work, READERS[:3]) as ahead:
        time.sleep(0.1)  # the helper has claimed a reader by now, and hangs in it
        done = [ahead.get(r) for r in READERS[:3]]
    assert [reader for reader, _ in done] == READERS[:3]
    assert {pid for _, pid in done} == {PARENT}
    assert "sent nothing for 0.2 s" in caplog.text


def test_the_helper_holds_none_of_our_descriptors(tmp_path: Path) -> None:
    """The daemon's directory lock is a descriptor: a helper that kept it would keep a restarted
    daemon out (exit 4) for as long as it worked."""
    lock = DirectoryLock(tmp_path)
    lock.__enter__()

    def work(reader: str) -> str:
        if os.getpid() != PARENT:
            time.sleep(1)
        return reader

    with Ahead(work, READERS[:4]) as ahead:
        lock.__exit__(None, None, None)
        try:
            with DirectoryLock(tmp_path):  # while the helper still works
                pass
        except LockedError:
            pytest.fail("the helper process kept the directory lock")
        assert ahead.get(READERS[1]) == READERS[1]


def test_no_helper_is_forked_while_another_thread_runs() -> None:
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        with Ahead(slow_work, READERS[:4]) as ahead:
            makers = {ahead.get(r)[1] for r in READERS[:4]}
    finally:
        stop.set()
        other.join()
    assert makers == {PARENT}


def test_no_helper_is_forked_without_a_second_core(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0})
    with Ahead(slow_work, READERS[:4]) as ahead:
        assert {ahead.get(r)[1] for r in READERS[:4]} == {PARENT}


BOUNDARY = re.compile(rb"={15}\d{19}==")  # random in every build of a mail (compose._boundary)


def test_a_resolutions_mails_are_the_same_made_in_two_processes_or_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    h = Harness(tmp_path, ruleset="rus")
    h.start()
    for address in PLAYERS:
        h.send(address, h.orders(address, "НЕТ ДЕЙСТВИЙ"))
    assert h.run().resolved == 1
    game, postman = h.game, h.daemon.postman
    name = game.store.turn_records()[-1]
    mails = PhaseMails(game, game.load(), game.store.read_turn_record(name), correction=False)

    def made(suffix: str) -> bytes:
        mail = mails.letter(suffix)
        composed = postman.compose(suffix, mail.to, mail.letter, game.settings.language, game.catalog)
        return BOUNDARY.sub(b"=boundary=", composed.mail.raw)

    with Ahead(made, mails.suffixes) as ahead:
        forked = {suffix: ahead.get(suffix) for suffix in mails.suffixes}
    monkeypatch.setattr(ahead_module, "_may_fork", lambda: False)
    with Ahead(made, mails.suffixes) as ahead:
        alone = {suffix: ahead.get(suffix) for suffix in mails.suffixes}
    assert len(mails.suffixes) == len(PLAYERS) + 1
    assert forked == alone


def test_ended_helpers_are_reaped_later_and_none_is_left_behind() -> None:
    for _ in range(5):
        with Ahead(slow_work, READERS[:3]) as ahead:
            assert [ahead.get(r)[0] for r in READERS[:3]] == READERS[:3]
    time.sleep(0.5)  # every one of them has exited by now
    with Ahead(slow_work, READERS[:3]) as ahead:
        assert [ahead.get(r)[0] for r in READERS[:3]] == READERS[:3]
    assert len(ahead_module._EXITING) <= 1  # at most the one just ended, not yet exited


def test_the_next_pass_collects_the_last_resolutions_helper(tmp_path: Path) -> None:
    before = set(zombies())  # another test's, not ours to judge
    h = Harness(tmp_path)
    h.start()
    for address in PLAYERS:
        h.send(address, h.orders(address, "НЕТ ДЕЙСТВИЙ"))
    assert h.run().resolved == 1  # four reports and the digest: a helper made some of them
    time.sleep(0.5)  # it has exited by now
    h.run()
    assert set(zombies()) <= before and ahead_module._EXITING == []


def zombies() -> list[int]:
    """This process's children that have exited and were not collected."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:  # gone meanwhile
            continue
        if fields[0] == "Z" and int(fields[1]) == PARENT:
            found.append(int(stat.parent.name))
    return found
