"""One stranger's mail costs a bounded amount of work, whatever its text and however many games.

Every password-shaped run of a mail is checked against the players' keyed hashes so that a quoted
password is blanked wherever the mail is kept. Each run was checked against every game, and each
check read and rebuilt that game's whole record: a stranger's 128 KB mail of single letters took
a 44 s pass against two small games. Now each game's hashes are read once, a run costs one HMAC,
and a mail has at most 500 runs proved (`parsers.secrets.PROVED_PER_MAIL`) (the rest are blanked unproved).

Work is counted, not timed: the HMACs computed and the game records read during the pass, each
counter stopping the pass (the mail is quarantined) the moment it passes its bound.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from daemon.config import load_config
from daemon.passwords import Passwords
from daemon.service import Daemon
from daemon.tools.bench_games import open_scene, stranger_mail
from daemon.transports.maildir import MaildirTransport
from state.game_store import GameStore
from tests.hostile.corpus import logged

GAMES = 100
MAIL_BYTES = 128 * 1024
HMACS = 1_000  # a mail's password proofs at most (it has 500 runs proved, `PROVED_PER_MAIL`)
LOADS = 2 * GAMES + 10  # game records read: each game's hashes once, who plays once, a few more


class TooMuch(Exception):
    """A counter passed its bound: the work this mail makes is not bounded as it should be."""


def counted(monkeypatch: pytest.MonkeyPatch, owner: type, name: str, bound: int) -> dict[str, int]:
    """Calls of `owner.name` during the pass; past `bound` the call raises `TooMuch`."""
    seen = {"calls": 0}
    original: Callable[..., Any] = getattr(owner, name)

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        seen["calls"] += 1
        if seen["calls"] > bound:
            raise TooMuch(f"{owner.__name__}.{name} called more than {bound} times")
        return original(*args, **kwargs)

    monkeypatch.setattr(owner, name, wrapper)
    return seen


def test_a_strangers_mail_of_single_letters_costs_bounded_work_against_a_hundred_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = open_scene(tmp_path, "coins", players=4, idle_games=GAMES - 1)
    raw = stranger_mail(MAIL_BYTES)
    scene.daemon.run_once()  # the games' clocks, which read every game, are no mail's cost
    scene.daemon.close()  # a fresh daemon, as a cron pass starts: nothing read before the mail
    scene.inbox.add(raw)
    transport = MaildirTransport(tmp_path / "mail" / "inbox", tmp_path / "mail" / "sent")
    daemon = Daemon(load_config(tmp_path / "gonets.toml"), transport, scene.clock)
    hashes = counted(monkeypatch, Passwords, "_digest", HMACS)
    loads = counted(monkeypatch, GameStore, "load", LOADS)

    try:
        report = daemon.run_once()
    finally:
        daemon.close()

    assert report.mails == 1 and logged(tmp_path, raw)["outcome"] == "unrouted"
    assert hashes["calls"] <= HMACS and loads["calls"] <= LOADS, (hashes, loads)
