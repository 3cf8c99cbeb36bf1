"""Attendance: who missed, who is warned, who is retired (auto-kill), from the ruleset's flags only.

Phases with `counts_miss` count. Per phase (`misses_per = "phase"`), each such phase judges alone.
Per turn, a power has missed the turn only if it sent nothing in every counting phase of it (a
council family that voted but took no actions has not), so the turn is judged when its last
counting phase resolves, from the sources kept in the turn records of the earlier ones.
A power the rules ended (`Ruleset.ended`) leaves attendance for good: its player is "ended".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from daemon.games import Game
from daemon.phases.naming import record_name
from engines.contract import JSON
from state.records import GameRecord

# submission sources that are the player's own mail; the GM's orders for a power ("gm"), like
# leave, neither clear its count of missed turns nor add to it
SENT = frozenset({"player", "pass"})


def standings_after(game: Game, record: GameRecord, current: Mapping[str, str]) -> dict[str, Any]:
    """The players' standings after this resolution, given each power's submission source in it.
    Its own mail in any judged phase clears a power's count; silence in all of them it owed orders
    in adds one, and `max_missed` in a row retires it; leave (or the computer) in between, and a
    phase it owed nothing in, change nothing."""
    after = {p: pl.standing() for p, pl in sorted(record.players.items())}
    sources = _sources(game, record, current)
    for power, standing in after.items():
        seen = [source for source in sources.get(power, []) if source != "idle"]  # owed nothing there
        if standing["status"] != "active" or not seen:
            continue
        if SENT.intersection(seen):
            standing["missed"] = 0
        elif all(source == "missing" for source in seen):
            standing["missed"] += 1
            if standing["missed"] >= game.settings.max_missed:
                standing.update(status="ai", retired_turn=record.turn, retired_why="missed")
    return after


def _judged(game: Game, record: GameRecord) -> list[str]:
    """The counting phases this resolution judges, the current one last; none if it judges nothing."""
    counting = [name for name, spec in game.ruleset.phases.items() if spec.counts_miss]
    if record.phase not in counting:
        return []
    if game.ruleset.misses_per == "phase":
        return [record.phase]
    return counting if record.phase == counting[-1] else []


def _sources(game: Game, record: GameRecord, current: Mapping[str, str]) -> dict[str, list[str]]:
    """Each power's sources in the judged phases, from their turn records (a skipped phase has none)."""
    judged = _judged(game, record)
    if not judged:
        return {}
    names = [record_name(game, record, phase) for phase in judged[:-1]]
    earlier = [game.store.read_turn_record(n)["orders"] for n in names if game.store.has_turn_record(n)]
    return {
        power: [*(o[power]["source"] for o in earlier if power in o), now] for power, now in current.items()
    }


def end_powers(game: Game, record: GameRecord, state_after: JSON, after: dict[str, Any]) -> list[str]:
    """The players' powers this resolution ended by the rules; their standing in `after` becomes
    "ended" (a retirement in the same resolution gives way to it: nobody takes an ended power)."""
    ended = sorted(game.ruleset.ended(state_after).intersection(after))
    fresh = [power for power in ended if after[power]["status"] != "ended"]
    for power in fresh:
        after[power].update(status="ended", retired_turn=record.turn, retired_why="ended")
    return fresh
