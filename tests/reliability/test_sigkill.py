"""SIGKILL at every step of the mail and turn pipeline: nothing lost, nothing done twice.

Each scenario copies one prepared game (started, four order mails waiting in the inbox: the
pass that handles them resolves turn 1 early and mails replies, reports and the digest), runs
the daemon in a subprocess that SIGKILLs itself at one kill point, then restarts it without a
kill point until a pass does nothing, and checks the directories as an auditor would.

The one duplicate-send window is a kill after `transport.send` and before `Outbox.mark_sent`:
the mail is still pending and will be sent again. The test shows that window and only that one
is ever open, and that Maildir's send (one file per mail id) turns even it into no duplicate.
"""

from __future__ import annotations

import json
import mailbox
import shutil
import signal
import subprocess
import sys
from collections import Counter
from email import message_from_bytes, policy
from pathlib import Path
from typing import Any

import pytest

from state.archive import MailArchive
from state.disk import Disk
from state.files import read_json
from state.lock import DirectoryLock
from tests.daemon.harness import GAME, GM, PLAYERS, Harness
from tests.paths import REPO
from tests.reliability.killer import KILL_POINTS, MAX_PASSES


@pytest.fixture(scope="module")
def prepared(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, bytes]]:
    """A started game and its four order mails, delivered but not yet read."""
    root = tmp_path_factory.mktemp("prepared")
    h = Harness(root)
    h.start()
    orders = {a: h.send(a, h.orders(a, "ВЛОЖИТЬ Промышленность 2", "ВЛОЖИТЬ Наука 1")) for a in PLAYERS}
    h.daemon.close()
    (root / "clock.txt").write_text(h.clock().isoformat())
    return root, orders


def daemon_process(root: Path, kill_point: str = "") -> tuple[int, str]:
    """The runner's exit code, and how many passes it ran (the last one did nothing)."""
    command = [
        sys.executable,
        "-m",
        "tests.reliability.killer",
        str(root),
        *([kill_point] if kill_point else []),
    ]
    done = subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=60)
    return done.returncode, done.stdout.strip()


def messages(maildir: Path) -> list[Any]:
    box = mailbox.Maildir(maildir, create=False)
    return [message_from_bytes(box.get_bytes(key), policy=policy.default) for key in box.iterkeys()]


def duplicate_window(root: Path) -> set[str]:
    """Mails the outbox still holds as pending although the transport already delivered them."""
    outbox = root / "games" / "outbox"
    pending = {path.stem for path in (outbox / "pending").glob("*.json")}
    recorded = {path.stem for path in (outbox / "sent").glob("*.eml")}  # a move `due` only finishes
    delivered = {path.name for path in (root / "mail" / "sent" / "new").iterdir()}
    return (pending - recorded) & delivered


@pytest.mark.parametrize("kill_point", list(KILL_POINTS))
def test_a_sigkill_loses_no_order_and_does_nothing_twice(
    prepared: tuple[Path, dict[str, bytes]], tmp_path: Path, kill_point: str
) -> None:
    template, orders = prepared
    root = tmp_path / "game"
    shutil.copytree(template, root)
    assert daemon_process(root, kill_point)[0] == -signal.SIGKILL  # the kill point was reached
    with DirectoryLock(root / "games"):  # as the next holder sees it: its journal replayed
        window = duplicate_window(root)
    assert len(window) == (1 if KILL_POINTS[kill_point].duplicate_window else 0)
    code, passes = daemon_process(root)  # the restart runs passes until one does nothing
    assert code == 0 and int(passes) < MAX_PASSES
    assert_nothing_lost_nothing_twice(root, orders)


def assert_nothing_lost_nothing_twice(root: Path, orders: dict[str, bytes]) -> None:
    archive = MailArchive(root / "games" / "archive", Disk(root / "games"))
    game_dir = root / "games" / "games" / GAME
    inbox = root / "mail" / "inbox"
    assert list((inbox / "new").iterdir()) == [] and not (inbox / ".Rejected").exists()
    assert all(":2,S" in path.name for path in (inbox / "cur").iterdir())
    # no turn resolved twice, none missing
    assert sorted(p.stem for p in (game_dir / "turns").glob("*.json")) == ["0000-start", "0001-2-orders"]
    record = read_json(game_dir / "game.json")["game"]["1"]
    assert (record["state"]["turn"], record["pending"]) == (2, None)
    turn = read_json(game_dir / "turns" / "0001-2-orders.json")
    # no order lost: each order mail is done, once, and its orders are in the turn record
    logged = Counter(
        json.loads(line)["key"]
        for path in (root / "games" / "archive" / "log").glob("*.jsonl")
        for line in path.read_text().splitlines()
    )
    sent = messages(root / "mail" / "sent")
    replies = Counter(str(m["In-Reply-To"]) for m in sent if m["In-Reply-To"])
    for address, raw in orders.items():
        key = archive.key(raw)
        done = archive.done_record(key)
        assert done is not None and done["outcome"] == "orders"
        assert logged[key] <= 1
        assert turn["orders"][done["power"]]["source"] == "player"
        assert [c["name"] for c in turn["orders"][done["power"]]["commands"]] == ["invest", "invest"]
        message_id = str(message_from_bytes(raw, policy=policy.default)["Message-ID"])
        assert replies[message_id] == 1, address
    # one report per player, one digest, and every outbox entry sent exactly once
    for address in PLAYERS:
        mine = [str(m["Subject"]) for m in sent if address in str(m["To"])]
        reports = [subject for subject in mine if "Ход 1, приказы: итоги" in subject]
        assert len(reports) == 1, address
    assert len([m for m in sent if GM in str(m["To"]) and "сводка" in str(m["Subject"])]) == 1
    outbox = root / "games" / "outbox"
    assert list((outbox / "pending").glob("*")) == [] and list((outbox / "failed").glob("*")) == []
    assert sorted(p.stem for p in (outbox / "sent").glob("*.eml")) == sorted(
        p.name for p in (root / "mail" / "sent" / "new").iterdir()
    )
