"""`Ahead` and the helper process: a resolution's mails made in two processes are the mails one
process makes, the helper is kept from one piece of work to the next, and nothing that goes wrong
with it loses a mail, changes one, holds the lock or outlives the daemon."""

from __future__ import annotations

import os
import re
import signal
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from daemon.outgoing import helper
from daemon.outgoing.ahead import Ahead
from daemon.outgoing.postman import Composed
from daemon.phases.release import MailMaker, PhaseMails
from state.lock import DirectoryLock, LockedError
from tests.daemon.harness import PLAYERS, Harness

READERS = [f"reader-{n}" for n in range(8)]
PARENT = os.getpid()


@pytest.fixture(autouse=True)
def no_helper_before_or_after() -> Iterator[None]:
    """Each test forks its own helper, if any, and leaves none behind."""
    helper.close()
    yield
    helper.close()


# Work is pickled for the helper: it is made of functions of this module, which the helper knows.
def slow_work(reader: str) -> tuple[str, int, bytes]:
    """Enough work that both processes take some: the reader, who did it, a payload."""
    time.sleep(0.02)
    return reader, os.getpid(), reader.encode() * 10_000


def failing_work(reader: str) -> tuple[str, int]:
    time.sleep(0.01)
    if reader == "reader-5":
        raise ValueError("a bug in a ruleset's picture")
    return reader, os.getpid()


def dying_work(reader: str) -> tuple[str, int]:
    if os.getpid() != PARENT and reader == "reader-2":
        os._exit(3)  # the helper dies mid-way, as under the OOM killer
    time.sleep(0.01)
    return reader, os.getpid()


def killed_work(reader: str) -> tuple[str, int]:
    if os.getpid() != PARENT:
        os.kill(os.getpid(), signal.SIGKILL)  # as the OOM killer or an operator would
    time.sleep(0.01)
    return reader, os.getpid()


def hanging_work(reader: str) -> tuple[str, int]:
    if os.getpid() != PARENT:
        time.sleep(30)  # hung: it never delivers
    return reader, os.getpid()


def who(reader: str) -> int:
    time.sleep(0.01)
    return os.getpid()


def made_by(work: Callable[[str], tuple[Any, ...]], readers: list[str]) -> dict[str, int]:
    with Ahead(work, readers) as ahead:
        return {reader: ahead.get(reader)[1] for reader in readers}


def test_every_reader_gets_its_own_work_in_whatever_order_it_is_asked_for() -> None:
    asked = [*READERS[3:], *reversed(READERS[:3])]
    with Ahead(slow_work, READERS) as ahead:
        done = {reader: ahead.get(reader) for reader in asked}
    assert {reader: (r, payload) for reader, (r, _, payload) in done.items()} == {
        reader: (reader, reader.encode() * 10_000) for reader in READERS
    }
    makers = {pid for _, pid, _ in done.values()}
    assert PARENT in makers and len(makers) == 2  # both processes worked
    assert done[READERS[0]][1] == PARENT  # the first is always this process's own


def test_the_first_reader_is_made_at_once_here_whatever_the_queue_holds() -> None:
    here: list[str] = []

    def made_here(reader: str) -> tuple[str, int, bytes]:
        here.append(reader)
        return slow_work(reader)

    with Ahead(slow_work, READERS) as ahead:
        ahead._work = made_here  # what this process makes (the helper got slow_work itself)
        assert ahead.get(READERS[0])[1] == PARENT
        assert here == [READERS[0]]
        assert [ahead.get(r)[0] for r in READERS[1:]] == READERS[1:]


def test_the_helper_is_kept_from_one_piece_of_work_to_the_next() -> None:
    first = set(made_by(slow_work, READERS).values()) - {PARENT}
    second = set(made_by(slow_work, READERS).values()) - {PARENT}
    assert len(first) == 1 and first == second


def test_work_that_does_not_pickle_is_done_here() -> None:
    with Ahead(lambda reader: (reader, os.getpid()), READERS) as ahead:
        assert {ahead.get(r)[1] for r in READERS} == {PARENT}


def test_an_error_of_the_work_is_raised_here_as_without_a_helper() -> None:
    with Ahead(failing_work, READERS) as ahead:
        assert [ahead.get(r)[0] for r in READERS[:5]] == READERS[:5]
        with pytest.raises(ValueError, match="a bug"):
            ahead.get("reader-5")
        assert [ahead.get(r)[0] for r in READERS[6:]] == READERS[6:]
    assert len(set(made_by(slow_work, READERS).values())) == 2  # the helper works on


def test_a_helper_that_dies_leaves_its_readers_here_and_the_next_work_forks_another() -> None:
    with Ahead(dying_work, READERS) as ahead:
        done = [ahead.get(r) for r in READERS]
    assert [reader for reader, _ in done] == READERS
    assert dict(done)["reader-2"] == PARENT
    assert len(set(made_by(slow_work, READERS).values())) == 2


def test_a_silent_helper_is_given_up_on(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(helper, "QUIET_LIMIT", 0.2)
    with Ahead(hanging_work, READERS[:3]) as ahead:
        time.sleep(0.1)  # the helper has claimed a reader by now, and hangs in it
        done = [ahead.get(r) for r in READERS[:3]]
    assert [reader for reader, _ in done] == READERS[:3]
    assert {pid for _, pid in done} == {PARENT}
    assert "sent nothing for 0.2 s" in caplog.text
    assert len(set(made_by(slow_work, READERS).values())) == 2


def test_a_helper_killed_at_its_work_is_collected_when_the_daemon_notices() -> None:
    with Ahead(killed_work, READERS) as ahead:
        assert helper._helper is not None
        pid = helper._helper.pid
        wait_until(lambda: zombie(pid))  # it took a reader and was killed there
        done = [ahead.get(r) for r in READERS]
        assert helper._helper is None  # noticed at the first reader it held
        with pytest.raises(ChildProcessError):  # and collected there and then: no zombie left
            os.waitpid(pid, os.WNOHANG)
    assert {pid for _, pid in done} == {PARENT}


def test_a_helper_given_up_on_is_collected_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(helper, "QUIET_LIMIT", 0.2)
    with Ahead(hanging_work, READERS[:3]) as ahead:
        assert helper._helper is not None
        pid = helper._helper.pid
        time.sleep(0.1)  # the helper has claimed a reader by now, and hangs in it
        assert [ahead.get(r)[0] for r in READERS[:3]] == READERS[:3]
        assert helper._helper is None
    with pytest.raises(ChildProcessError):  # killed and collected, not left for the next pass
        os.waitpid(pid, os.WNOHANG)


def test_a_helper_killed_while_it_waits_for_work_is_collected_at_the_next_pass(tmp_path: Path) -> None:
    h = Harness(tmp_path)
    h.start()
    for address in PLAYERS:
        h.send(address, h.orders(address, "НЕТ ДЕЙСТВИЙ"))
    assert h.run().resolved == 1
    assert helper._helper is not None
    pid = helper._helper.pid
    os.kill(pid, signal.SIGKILL)
    wait_until(lambda: zombie(pid))
    h.run()  # nothing to resolve: nothing but the pass asks after it
    assert helper._helper is None
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)


@dataclass(frozen=True)
class Logged:
    """Work the helper is slow at, each reader it makes written down in `path` (its results say
    nothing of the readers it was stopped before)."""

    path: Path

    def __call__(self, reader: str) -> tuple[str, int]:
        if os.getpid() != PARENT:
            time.sleep(0.2)
            with self.path.open("a", encoding="utf-8") as made:
                made.write(f"{reader}\n")
        return reader, os.getpid()


def test_work_given_up_here_is_dropped_by_the_helper(tmp_path: Path) -> None:
    log = tmp_path / "made-by-the-helper"
    log.touch()
    with Ahead(Logged(log), READERS) as ahead:
        ahead.get(READERS[0])  # then nobody asks for the rest
    for _ in range(100):  # the helper takes work in turn: once it makes new work, the old is over
        if len(set(made_by(slow_work, READERS).values())) == 2:
            break
    else:
        pytest.fail("the helper never took new work")
    # at most the reader it had begun (two, if this process stalled); 7 were queued
    assert len(log.read_text(encoding="utf-8").splitlines()) <= 2


def test_the_helper_holds_none_of_our_descriptors(tmp_path: Path) -> None:
    """The daemon's directory lock is a descriptor: a helper that kept it would keep a restarted
    daemon out (exit 4) for as long as it lived, which is now as long as the daemon."""
    lock = DirectoryLock(tmp_path)
    lock.__enter__()
    with Ahead(slow_work, READERS[:4]) as ahead:
        lock.__exit__(None, None, None)
        try:
            with DirectoryLock(tmp_path):  # while the helper lives
                pass
        except LockedError:
            pytest.fail("the helper process kept the directory lock")
        assert ahead.get(READERS[1])[0] == READERS[1]


def test_no_helper_is_forked_while_another_thread_runs() -> None:
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        assert set(made_by(slow_work, READERS[:4]).values()) == {PARENT}
    finally:
        stop.set()
        other.join()


def test_no_helper_is_forked_without_a_second_core(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0})
    assert set(made_by(slow_work, READERS[:4]).values()) == {PARENT}


def test_a_process_forked_from_the_daemon_does_not_use_its_helper() -> None:
    made_by(slow_work, READERS)  # the helper is forked
    pid = os.fork()
    if pid == 0:
        status = 0 if helper._helper is None else 1
        os._exit(status)
    assert os.waitpid(pid, 0)[1] == 0


BOUNDARY = re.compile(rb"={15}\d{19}==")  # random in every build of a mail (compose._boundary)


def test_a_resolutions_mails_are_the_same_made_in_two_processes_or_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    h = Harness(tmp_path, ruleset="rus")
    h.start()
    for address in PLAYERS:
        h.send(address, h.orders(address, "НЕТ ДЕЙСТВИЙ"))
    assert h.run().resolved == 1
    game, record = h.game, h.game.load()
    name = game.store.turn_records()[-1]
    mails = PhaseMails(game, record, game.store.read_turn_record(name), correction=False)
    maker = MailMaker(mails, name, "gonets@test", h.clock())

    def made(ahead: Ahead[Composed]) -> dict[str, bytes]:
        return {s: BOUNDARY.sub(b"=boundary=", ahead.get(s).mail.raw) for s in mails.suffixes}

    here: list[str] = []

    def made_here(suffix: str) -> Composed:
        here.append(suffix)
        return maker(suffix)

    with Ahead(maker, mails.suffixes) as ahead:
        ahead._work = made_here  # what this process makes (the helper got the maker itself)
        shared = made(ahead)
    monkeypatch.setattr(helper, "_may_fork", lambda: False)
    helper.close()
    with Ahead(maker, mails.suffixes) as ahead:
        alone = made(ahead)
    assert len(mails.suffixes) == len(PLAYERS) + 1
    assert shared == alone
    assert 0 < len(here) < len(mails.suffixes)  # the helper made the others: the work pickles


def test_the_helper_ends_with_the_daemon(tmp_path: Path) -> None:
    h = Harness(tmp_path)
    h.start()
    for address in PLAYERS:
        h.send(address, h.orders(address, "НЕТ ДЕЙСТВИЙ"))
    assert h.run().resolved == 1  # four reports and the digest: the helper made some of them
    assert helper._helper is not None
    pid = helper._helper.pid
    h.daemon.close()
    assert helper._helper is None and not alive(pid)


def test_the_helper_ends_when_the_daemon_is_killed() -> None:
    report_r, report_w = os.pipe()
    daemon = os.fork()
    if daemon == 0:  # a daemon that forks its helper, says its pid, and waits to be killed
        os.close(report_r)
        made_by(slow_work, READERS)
        assert helper._helper is not None
        os.write(report_w, str(helper._helper.pid).encode())
        time.sleep(60)
        os._exit(0)
    os.close(report_w)
    helper_pid = int(os.read(report_r, 32))
    os.close(report_r)
    os.kill(daemon, signal.SIGKILL)
    os.waitpid(daemon, 0)
    deadline = time.monotonic() + 5
    while alive(helper_pid) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not alive(helper_pid)


def alive(pid: int) -> bool:
    """Whether `pid` runs (a zombie has ended: its parent, or init, has yet to collect it)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return False
    return fields[0] != "Z"


def zombie(pid: int) -> bool:
    """Whether `pid` has ended and waits for its parent to collect it."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0] == "Z"
    except OSError:
        return False


def wait_until(condition: Callable[[], bool]) -> None:
    """Until `condition` holds (a process's end is the kernel's to schedule); fails after 10 s."""
    deadline = time.monotonic() + 10
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail("the condition never held")
        time.sleep(0.005)
