"""The control spool of `gonets gm` under attack: whatever lies in `control/requests/`, a pass
answers it once and goes on, nothing there blocks the daemon or makes it spin, the history names
the request file's owner, and an answer never grows with the request.

Each case leaves something odd in the spool beside a good request (`ПРОДЛИТЬ 24`, typed after
it): the pass runs the good one, answers the odd one once, saying why, and moves it to
`control/rejected/`; nothing is left that would wake the daemon again. The daemon runs as root in
CI, for whom a file of mode 000 is readable: the shapes here fail to be read even by root.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

import pytest

from state.control import REQUEST_BYTES, ControlSpool, cli_user
from state.files import read_json
from tests.daemon.harness import GAME, Harness
from tests.hostile.unblock import unblocking

BAD = f"{time.time_ns() - 10**9:x}0a0a0a"  # an id older than the good request's: read first


@pytest.fixture
def h(tmp_path: Path) -> Harness:
    harness = Harness(tmp_path)
    harness.start()
    return harness


def spool_of(h: Harness) -> ControlSpool:
    return ControlSpool(h.root / "games" / "control")


def request(game: str = GAME, line: str = "ПРОДЛИТЬ 24", reason: str = "") -> bytes:
    return json.dumps({"game": game, "line": line, "reason": reason}).encode()


def directory(path: Path) -> None:
    path.mkdir()


def fifo(path: Path) -> None:
    os.mkfifo(path)


def symlink(path: Path) -> None:
    elsewhere = path.parents[2] / "planted.json"  # a request the spool's writers never wrote
    elsewhere.write_bytes(request(line="ПАУЗА"))
    path.symlink_to(elsewhere)


def not_json(path: Path) -> None:
    path.write_bytes(b"\xff\xfe not json")


def not_a_request(path: Path) -> None:
    path.write_text('["ПАУЗА"]', encoding="utf-8")


def too_large(path: Path) -> None:
    path.write_bytes(request(line="ПАУЗА", reason="x" * REQUEST_BYTES))


SHAPES: dict[str, tuple[Callable[[Path], None], str]] = {
    "a directory": (directory, "это не обычный файл, а каталог / it is not a regular file but a directory"),
    "a FIFO": (fifo, "это не обычный файл, а именованный канал (FIFO) / it is not a regular file but a FIFO"),
    "a symlink": (symlink, "это не обычный файл, а символическая ссылка"),
    "not JSON": (not_json, "это не запрос gonets gm / it is not one gonets gm wrote"),
    "JSON, not a request": (not_a_request, "это не запрос gonets gm"),
    "over the size bound": (too_large, "запрос слишком велик: больше 64 КБ / the request is too large"),
}


@pytest.mark.parametrize("shape", list(SHAPES))
def test_an_odd_request_is_answered_once_and_moved_aside_and_the_pass_goes_on(h: Harness, shape: str) -> None:
    make, said = SHAPES[shape]
    spool = spool_of(h)
    spool.requests.mkdir(parents=True, exist_ok=True)
    bad = spool.requests / f"{BAD}.json"
    make(bad)
    good = spool.submit(GAME, "ПРОДЛИТЬ 24", "праздники")
    deadline = h.game.deadline(h.game.load())
    assert deadline is not None
    with unblocking(bad):
        assert h.run().commands == 1
    assert h.game.deadline(h.game.load()) == deadline + timedelta(hours=24)
    assert [e["action"] for e in h.game.store.history()] == ["extend"]  # nothing of the odd one ran
    answer = spool.collect(BAD)
    assert answer is not None and answer.exit_code == 2
    assert answer.text == [answer.text[0]] and said in answer.text[0]
    assert len(answer.text[0]) < 300  # the reason, never the request
    assert os.listdir(spool.requests) == []
    assert os.listdir(spool.rejected) == [bad.name]  # kept for the GM to look at
    assert not h.daemon.spool.waiting()  # nothing left to wake the daemon
    assert spool.collect(good) is not None
    assert h.run().commands == 0 and spool.collect(BAD) is None  # answered once


def test_a_directory_named_like_a_request_does_not_stop_the_requests_after_it(h: Harness) -> None:
    """The issue's spin: every pass failed on it before reaching the next request, and the spool
    still looked full, so the daemon ran pass after pass at once."""
    spool = spool_of(h)
    first = spool.submit(GAME, "ПАУЗА", "")
    (spool.requests / f"{first[:-1]}{'f' if first[-1] != 'f' else 'e'}.json").mkdir()  # beside it
    last = spool.submit(GAME, "ПРОДОЛЖИТЬ", "")
    assert h.run().commands == 2
    assert [e["action"] for e in h.game.store.history()] == ["pause", "resume"]
    assert spool.collect(first) is not None and spool.collect(last) is not None
    assert not h.daemon.spool.waiting()


def test_a_request_the_daemon_cannot_answer_wakes_it_once_not_pass_after_pass(h: Harness) -> None:
    """`answers` is a file, so no answer can be written (as on a full disk): the request stays for
    the next tick, and the wait for mail no longer returns at once for it."""
    spool = spool_of(h)
    spool.answers.parent.mkdir(parents=True, exist_ok=True)
    spool.answers.write_bytes(b"")
    spool.submit(GAME, "ПАУЗА", "")
    assert h.daemon.spool.waiting()
    h.run()
    assert len(os.listdir(spool.requests)) == 1  # still there, for the next tick
    assert not h.daemon.spool.waiting()
    spool.answers.unlink()
    h.run()  # the next tick
    assert os.listdir(spool.requests) == [] and [e["action"] for e in h.game.store.history()] == ["pause"]


def test_the_history_names_the_request_files_owner_not_what_the_file_says(h: Harness) -> None:
    spool = spool_of(h)
    spool.requests.mkdir(parents=True, exist_ok=True)
    forged = spool.requests / f"{BAD}.json"
    said = {"game": GAME, "line": "ПАУЗА", "reason": "", "who": "cli:the-real-gm"}
    forged.write_text(json.dumps(said), encoding="utf-8")
    assert h.run().commands == 1
    (entry,) = h.game.store.history()
    assert entry["by"] == cli_user(os.geteuid()) != "cli:the-real-gm"


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a file to another user takes root")
def test_a_request_of_a_user_the_system_cannot_name_is_recorded_by_number(h: Harness) -> None:
    spool = spool_of(h)
    request_id = spool.submit(GAME, "ПАУЗА", "")
    os.chown(spool.requests / f"{request_id}.json", 61_234, 61_234)
    assert h.run().commands == 1
    assert [e["by"] for e in h.game.store.history()] == ["cli:uid-61234"]


def test_an_answer_repeats_an_excerpt_of_a_long_line_not_the_line(h: Harness) -> None:
    """A line just under the request bound, which two refusals quote in two languages."""
    spool = spool_of(h)
    line = "ПРОДЛИТЬ " + "9x" * ((REQUEST_BYTES - 200) // 2)
    request_id = spool.submit(GAME, line, "")
    assert (spool.requests / f"{request_id}.json").stat().st_size <= REQUEST_BYTES
    h.run()
    answer = read_json(spool.answers / f"{request_id}.json")
    assert answer["exit_code"] == 2
    assert sum(len(text) for text in answer["text"]) < 10_000 and "…" in answer["text"][0]


@pytest.mark.skipif(os.geteuid() == 0, reason="root opens a file of mode 000 all the same")
def test_a_request_the_daemon_may_not_open_is_answered_with_whom_to_run_gonets_gm_as(h: Harness) -> None:
    spool = spool_of(h)
    request_id = spool.submit(GAME, "ПАУЗА", "")
    (spool.requests / f"{request_id}.json").chmod(0)
    assert h.run().commands == 0
    answer = spool.collect(request_id)
    daemon = cli_user(os.geteuid()).removeprefix("cli:")
    assert answer is not None and answer.text == [
        f"запрос не читается / the request cannot be read: демону (пользователь {daemon}) нельзя открыть "
        f"этот файл, запустите gonets gm от имени {daemon} / the daemon (user {daemon}) may not open it: "
        f"run gonets gm as {daemon}"
    ]
    assert os.listdir(spool.rejected) == [f"{request_id}.json"] and not h.daemon.spool.waiting()
