"""Which games the clock must visit in a pass: a heap of the instants they next need it.

The daemon is the only writer of its games, so a game's next wake-up only changes when its store
is written (`touch`: visit it at the next pass, which sets its next instant again) or when its
settings change. A pass then visits the games whose instant has come, and an idle pass over a
thousand games costs a heap peek.

A process that starts (a cron `gonets run --once`) takes the instants from the index the last
process left at its end (`save`, `restore`): each one held for the game's store file as it was
then (inode, size, times) and for its settings, so a game written since (by `gonets gm`, a
rebuild, a hand, a process that died before saving) or set otherwise is visited at the first
pass, and the others are not read at all. The index only ever spares a visit its game provably
does not need; without it, or with a mark that differs, the game is visited, as every game was
at every start before.
"""

from __future__ import annotations

import hashlib
import heapq
import json
import os
from collections.abc import Iterable
from dataclasses import fields
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from daemon.games import Game, hot_file
from state.files import json_bytes, write_durably

NOW = datetime.min.replace(tzinfo=UTC)  # "at the next pass"
INDEX = "wakeups.json"  # in the games directory


class Wakeups:
    def __init__(self) -> None:
        self._heap: list[tuple[datetime, str]] = []
        self._at: dict[str, datetime | None] = {}  # each game's current instant; None: never
        self._changed = False  # since the index was last saved

    def touch(self, game_id: str) -> None:
        self.set(game_id, NOW)

    def set(self, game_id: str, at: datetime | None) -> None:
        """`at` replaces whatever instant the game had; None: only a change to it wakes it."""
        if self._at.get(game_id, False) == at:
            return
        self._at[game_id] = at
        self._changed = True
        if at is not None:
            heapq.heappush(self._heap, (at, game_id))

    def due(self, now: datetime) -> list[str]:
        """The games whose instant has come, taken off the heap: the caller sets their next one."""
        found = []
        while self._heap and self._heap[0][0] <= now:
            at, game_id = heapq.heappop(self._heap)
            if self._at.get(game_id) == at:  # else an older instant, replaced since
                self._at[game_id] = None
                found.append(game_id)
        return found

    def next_at(self) -> datetime | None:
        """The earliest instant a game waits for (None: none waits), those due "at the next pass"
        aside (a failed clock, a game written): the long-running daemon wakes then rather than at
        its next poll, so a deadline is met to the second."""
        while self._heap and self._at.get(self._heap[0][1]) != self._heap[0][0]:
            heapq.heappop(self._heap)  # an older instant, replaced since
        if not self._heap or self._heap[0][0] != NOW:
            return self._heap[0][0] if self._heap else None
        return min((at for at in self._at.values() if at is not None and at != NOW), default=None)

    def restore(self, games_dir: Path, games: Iterable[Game]) -> list[Game]:
        """The instants the index holds for `games` whose file and settings are as it saw them;
        returns the others, which stay due at the first pass."""
        try:
            kept: dict[str, list[Any]] = json.loads((games_dir / INDEX).read_bytes())
        except (OSError, ValueError):  # none yet, or damaged: every game is visited
            kept = {}
        unknown = []
        for game in games:
            entry = kept.get(game.id)
            if isinstance(entry, list) and entry[1:] == _mark(games_dir, game):
                self._at[game.id] = None if entry[0] is None else datetime.fromisoformat(entry[0])
            else:
                unknown.append(game)
        self._heap = [(at, game_id) for game_id, at in self._at.items() if at is not None]
        heapq.heapify(self._heap)
        self._changed = False
        return unknown

    def save(self, games_dir: Path, games: Iterable[Game]) -> None:
        """The index, if an instant changed since it was read (the passes' files committed): each
        game's instant but those due at the next pass anyway, with what it holds for. Written
        atomically, not synced: a lost index costs one visit of each game."""
        if not self._changed:
            return
        entries = {}
        for game in games:
            at = self._at.get(game.id, NOW)
            mark = _mark(games_dir, game)
            if at != NOW and mark is not None:
                entries[game.id] = [None if at is None else at.isoformat(), *mark]
        write_durably(games_dir / INDEX, json_bytes(entries), durable=False)
        self._changed = False


def _mark(games_dir: Path, game: Game) -> list[Any] | None:
    """The game's store file as it is on disk now (a rewrite makes a new file: another inode and
    change time), and a digest of its settings but the GM password (no secret is kept here)."""
    try:
        found = os.stat(hot_file(games_dir, game.id))
    except FileNotFoundError:
        return None
    settings = [
        (f.name, getattr(game.settings, f.name)) for f in fields(game.settings) if f.name != "gm_password"
    ]
    digest = hashlib.sha256(repr(settings).encode("utf-8")).hexdigest()[:32]
    return [found.st_ino, found.st_size, found.st_mtime_ns, found.st_ctime_ns, digest]
