"""Which games the clock must visit in a pass: a heap of the instants they next need it.

The daemon is the only writer of its games, so a game's next wake-up only changes when its store
is written (`touch`: visit it at the next pass, which sets its next instant again) or when its
settings change. A pass then visits the games whose instant has come, and an idle pass over a
thousand games costs a heap peek.
"""

from __future__ import annotations

import heapq
from datetime import UTC, datetime

NOW = datetime.min.replace(tzinfo=UTC)  # "at the next pass"


class Wakeups:
    def __init__(self) -> None:
        self._heap: list[tuple[datetime, str]] = []
        self._at: dict[str, datetime | None] = {}  # each game's current instant; None: never

    def touch(self, game_id: str) -> None:
        self.set(game_id, NOW)

    def set(self, game_id: str, at: datetime | None) -> None:
        """`at` replaces whatever instant the game had; None: only a change to it wakes it."""
        if self._at.get(game_id, False) == at:
            return
        self._at[game_id] = at
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
