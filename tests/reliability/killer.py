"""Run daemon passes in a subprocess until quiet, SIGKILLing itself at a named kill point.

    python -m tests.reliability.killer ROOT [KILL_POINT]

ROOT holds gonets.toml (a Maildir game as tests/daemon/harness.py builds) and clock.txt (the
instant every pass sees, so a restart lives in the same moment). With a kill point, one function
is wrapped so that its n-th matching call does `os.kill(os.getpid(), SIGKILL)` before or after the
real call: no handler, no `finally`, no flush runs, exactly as when the power goes. Without one,
the passes run until one does nothing; the parent restarts this until quiet and then checks the
directories.
"""

from __future__ import annotations

import importlib
import inspect
import os
import signal
import sys
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from daemon import service
from daemon.config import load_config
from daemon.service import Daemon
from daemon.transports.maildir import MaildirTransport
from state.lifecycle import Releasing

MAX_PASSES = 10


def _mail_id_has(word: str) -> Callable[[tuple[Any, ...]], bool]:
    """For Outbox.enqueue / MaildirTransport.send (args: self, mail) and the outbox's file writes
    through its Disk (args: disk, path, data): whether the mail's id, or the file's name, contains
    `word`."""

    def match(args: tuple[Any, ...]) -> bool:
        target = args[1] if len(args) > 1 else args[0]
        return word in str(getattr(target, "id", getattr(target, "name", "")))

    return match


def _release_set(args: tuple[Any, ...]) -> bool:
    return isinstance(getattr(args[1], "pending", None), Releasing)


def _any(args: tuple[Any, ...]) -> bool:
    return True


@dataclass(frozen=True)
class KillPoint:
    target: str  # "module:Qualified.name"
    when: str  # before | after (the real call)
    n: int = 1  # the n-th call that matches; 0: every one
    only: Callable[[tuple[Any, ...]], bool] = _any
    duplicate_window: bool = False  # a mail sent but not yet marked sent: the one known window
    slice_mails: int = 0  # the pass's slices of this many mails (0: the daemon's own size)


# every step of a pass, the group commit's own included (state/journal.py)
KILL_POINTS = {
    "after reading the first mail": KillPoint("daemon.transports.maildir:MaildirTransport._read", "after"),
    "after archive.store": KillPoint("state.archive:MailArchive.store", "after", 2),
    "after put_orders": KillPoint("state.game_store:GameStore.put_orders", "after", 3),
    "before archive.mark_done": KillPoint("state.archive:MailArchive.mark_done", "before", 2),
    "before the archive log line": KillPoint("state.archive:MailArchive._append_log", "before", 3),
    "before transport.acknowledge": KillPoint(
        "daemon.transports.maildir:MaildirTransport.acknowledge", "before", 2
    ),
    "during the reply's enqueue": KillPoint("state.disk:Disk.write", "after", 1, _mail_id_has("reply-")),
    "before the journal record is synced": KillPoint("state.journal:Journal._append_record", "before"),
    "after the journal record, before it is applied": KillPoint(
        "state.journal:Journal._append_record", "after"
    ),
    "halfway through applying the journal": KillPoint("state.files:write_in_place", "after", 3),
    "before the sent marks are synced": KillPoint("state.syncing:Deferred.sync", "before", 2),
    "before the checkpoint": KillPoint("state.journal:Journal.checkpoint", "before"),
    "inside ruleset.resolve": KillPoint("engines.coins.ruleset:CoinsRuleset.resolve", "after"),
    "after the turn record": KillPoint("state.game_store:GameStore.write_turn_record", "after"),
    "after the game record with release": KillPoint(
        "state.game_store:GameStore.save", "after", 1, _release_set
    ),
    "while the mails are made": KillPoint("daemon.phases.release:PhaseMails.letter", "after", 2),
    "after two reports queued": KillPoint("state.outbox:Outbox.enqueue", "after", 2, _mail_id_has("report")),
    "before purge_orders": KillPoint("state.game_store:GameStore.purge_orders", "before"),
    "after a send attempt is recorded": KillPoint("state.outbox:Outbox.record_attempt", "after", 3),
    "during transport.send": KillPoint("daemon.transports.maildir:MaildirTransport.send", "before", 3),
    "between send and mark_sent": KillPoint(
        "state.outbox:Outbox.mark_sent", "before", 3, duplicate_window=True
    ),
    "while the outbox is sent": KillPoint("state.outbox:Outbox.mark_sent", "after", 6),
    "between two slices of the inbox": KillPoint("daemon.service:Daemon._slice", "after", slice_mails=2),
}


def _gm_marker(args: tuple[Any, ...]) -> bool:
    """A game record carrying a GM command's once-only marker."""
    return bool(getattr(args[1], "gm_applied", None))


# a GM command from the control spool (`gonets gm` while the daemon runs), killed mid-way
SPOOL_KILL_POINTS = {
    "after the command's record, before its history line": KillPoint(
        "state.game_store:GameStore.save", "after", 1, _gm_marker
    ),
    "after the command's history line": KillPoint("state.game_store:GameStore.append_history", "after"),
    "before the answer is written": KillPoint("state.control:ControlSpool.answer", "before"),
    "after the answer, before the request is removed": KillPoint(
        "state.control:ControlSpool._remove", "before"
    ),
}


def _poison(args: tuple[Any, ...]) -> bool:
    """A raw mail with the word POISON in it."""
    return b"POISON" in args[0]


# a mail that kills the daemon each time it is read, as one that exhausts memory does under a
# memory limit (tests/reliability/test_poison_mail.py)
POISON_POINTS = {
    "a mail that kills the daemon": KillPoint("daemon.incoming.mailflow:parse_mail", "before", 0, _poison),
    # a death that is no mail's fault: the process killed as it loads the morphology dictionary,
    # which the first mail of a process needs (tests/reliability/test_poison_mail.py)
    "while the dictionary loads": KillPoint("engines.russian:_morph", "before"),
}


def arm(point: KillPoint) -> None:
    module_name, _, qualified = point.target.partition(":")
    owner: Any = importlib.import_module(module_name)
    *path, name = qualified.split(".")
    for part in path:
        owner = getattr(owner, part)
    original = getattr(owner, name)
    seen = {"calls": 0}

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        hit = False
        if point.only(args):
            seen["calls"] += 1
            hit = point.n in (0, seen["calls"])
        if hit and point.when == "before":
            os.kill(os.getpid(), signal.SIGKILL)
        result = original(*args, **kwargs)
        if hit and point.when == "after":
            os.kill(os.getpid(), signal.SIGKILL)
        return result

    kept = inspect.getattr_static(owner, name)  # a ruleset's method may be a staticmethod
    setattr(owner, name, staticmethod(wrapper) if isinstance(kept, staticmethod) else wrapper)


def run(root: Path) -> int:
    """Passes until one does nothing; returns how many ran."""
    now = datetime.fromisoformat((root / "clock.txt").read_text().strip())
    config = load_config(root / "gonets.toml")
    transport = MaildirTransport(root / "mail" / "inbox", root / "mail" / "sent")
    daemon = Daemon(config, transport, lambda: now)
    try:
        for passes in range(1, MAX_PASSES + 1):
            report = daemon.run_once()
            if not (report.mails or report.resolved or report.sent or report.failed or report.commands):
                return passes
    finally:
        daemon.close()
    return MAX_PASSES


def main(argv: list[str]) -> int:
    if len(argv) > 1:
        point = {**KILL_POINTS, **SPOOL_KILL_POINTS, **POISON_POINTS}[argv[1]]
        service.SLICE_MAILS = point.slice_mails or service.SLICE_MAILS
        arm(point)
    print(run(Path(argv[0])))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
