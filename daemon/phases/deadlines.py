"""Deadlines: reminders, holds, resolution and auto-kill (`attendance`), driven by the clock and the
store only.

`schedule` merely ticks; whether a deadline has fired is the store's turn/phase having moved on,
written in the same atomic write as the new state. A resolution is recorded in three steps, each
safe to repeat after a crash: (1) `compute` writes the turn record file (deterministic for the
stored seed), (2) `commit` writes the game record with its release pending, (3) `release` queues
the mails under stable ids, then marks the release finished. In preview mode the GM reads the
result of (1) and calls `commit` (or corrects and recomputes) before any player sees it. The
states of the phase's clock and their moves are in `state.lifecycle`.
"""

from __future__ import annotations

import logging
from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from daemon.games import Game
from daemon.outgoing.heading import heading
from daemon.outgoing.postman import Letter, Postman
from daemon.phases.attendance import end_powers, standings_after
from daemon.phases.naming import record_name, revision
from daemon.phases.preview import send_preview
from daemon.phases.release import release
from daemon.phases.start import finish_start
from daemon.phases.wakeups import NOW
from engines.contract import Command
from engines.rng import Rng
from state import lifecycle
from state.lifecycle import RESOLVABLE, Due, Held, Open, Previewed, Releasing, Starting
from state.records import GameRecord, OrderSet

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Submission:
    """The orders a power goes into resolution with, and where they came from."""

    # player | pass | gm (the GM's orders for the power) | ai | leave | missing | idle (a silent
    # player's power that owed no orders) | ended
    source: str
    commands: list[Command]


@dataclass(frozen=True)
class Ticked:
    resolved: bool  # a phase was resolved
    wake: datetime | None  # when the game next needs `tick` as it now stands (None: once it changes)


def tick(game: Game, postman: Postman, now: datetime) -> Ticked:
    """Advance one game if its clock says so. First the mails a crash left owed: the role mails
    of a start, or a phase's release."""
    record = game.load()
    if isinstance(record.pending, Starting):
        finish_start(game, postman, record)
        record = game.load()
    if isinstance(record.pending, Releasing):
        release(game, postman, record, record.pending)
        record = game.load()
    resolved = _advance(game, postman, record, now)
    for _ in range(len(game.ruleset.phases) if resolved else 0):  # the phases that open owed by none
        record = game.load()
        if _running_to(game, record) is None or not game.owed_by_none(record):
            break
        resolve(game, postman, record, now)
    return Ticked(resolved, next_wake(game, game.load() if resolved else record))


def _advance(game: Game, postman: Postman, record: GameRecord, now: datetime) -> bool:
    """Remind, hold or resolve as the clock says (`record` is changed and saved); True: resolved."""
    deadline = _running_to(game, record)
    if deadline is None:
        return False
    ordered = game.store.ordered(record.turn, record.phase)
    expected = game.owing(record)
    early = _early(game, record, expected) or game.owed_by_none(record)
    if isinstance(record.clock, Due) or now >= deadline or early:
        if _should_hold(game, record, ordered, expected):
            _hold(game, postman, record, len(set(expected) - ordered), len(expected))
            return False
        resolve(game, postman, record, now)
        return True
    if record.clock == Open(reminded=False) and now >= deadline - game.settings.reminder_before:
        _remind(game, postman, record, ordered, expected, now)
    return False


def next_wake(game: Game, record: GameRecord) -> datetime | None:
    """When `tick` next has something to do for this game as it stands (None: only once it
    changes): what `tick` decides, read as an instant."""
    if record.pending is not None:
        return NOW
    deadline = _running_to(game, record)
    if deadline is None:
        return None
    if isinstance(record.clock, Due):
        return NOW
    if _early(game, record, game.owing(record)) or game.owed_by_none(record):
        return NOW
    if record.clock == Open(reminded=False):
        return deadline - game.settings.reminder_before
    return deadline


def _running_to(game: Game, record: GameRecord) -> datetime | None:
    """The deadline the phase's clock runs to; None when no clock runs (a game in signup or over,
    a phase paused or previewed, no deadline set)."""
    if record.status != "running" or not isinstance(record.clock, RESOLVABLE):
        return None
    return game.deadline(record)


def _early(game: Game, record: GameRecord, expected: list[str]) -> bool:
    """The game resolves as soon as every power that owes orders (`Game.owing`) is ready, and every
    one is: its orders are in and its latest mail had no refused line or said ГОТОВО
    (`daemon.incoming.readiness`)."""
    if not game.settings.early_resolution or not expected:
        return False
    ready = game.store.ready(record.turn, record.phase)
    return all(p in ready for p in expected)


def resolve(game: Game, postman: Postman, record: GameRecord, now: datetime) -> str:
    """Resolve the current phase: straight to the players, or into a preview for the GM."""
    name = compute(game, record, now)
    if record.preview_mode:
        record.clock = lifecycle.preview(record.clock, name)
        game.store.save(record)
        send_preview(game, postman, record, name)
    else:
        commit(game, postman, record, now)
    return name


def _should_hold(game: Game, record: GameRecord, ordered: Collection[str], expected: list[str]) -> bool:
    """Guard against a broken mail path: too many silent players means the mail, not the players."""
    if isinstance(record.clock, Due) or not expected or not game.phase_spec(record).counts_hold:
        return False
    silent = [p for p in expected if p not in ordered]
    return len(silent) > game.settings.hold_share * len(expected)


def _hold(game: Game, postman: Postman, record: GameRecord, silent: int, expected: int) -> None:
    if not isinstance(record.clock, Held):
        record.clock = lifecycle.hold(record.clock, f"{silent} of {expected} active players sent no orders")
        game.store.save(record)
    context = {
        "game": game.id,
        "turn": record.turn,
        "silent": silent,
        "expected": expected,
        "phase": game.phase_spec(record).title,
        "head": heading(game, record),
    }
    letter = Letter(
        "gm/hold",
        context,
        "subject_hold",
        {"game": game.id, "turn": game.turn_in_subject(record.turn, record.phase)},
    )
    mail_id = f"{game.id}-{record_name(game, record)}{revision(record)}-hold"
    postman.send(mail_id, game.settings.gm, letter, game.settings.language, game.catalog_for(record.state))


def _remind(
    game: Game,
    postman: Postman,
    record: GameRecord,
    ordered: Collection[str],
    expected: list[str],
    now: datetime,
) -> None:
    phase = game.phase_spec(record)
    deadline = game.deadline(record)
    assert deadline is not None
    readiness = game.store.readiness(record.turn, record.phase)
    for power in expected if phase.reminds else []:
        unready = readiness.get(power)
        # orders in and either ready, or kept by a rollback with nothing refused: they stand
        if power in ordered and (unready is None or unready.ready or not unready.refused_count):
            continue
        player = record.players[power]
        context = {
            "game": game.id,
            "power": power,
            "turn": record.turn,
            "phase": phase.title,
            "left_hours": max(0, round((deadline - now).total_seconds() / 3600)),
            "misses_left": max(0, game.settings.max_missed - player.missed),
            "head": heading(game, record, power),
            # orders in, but the latest mail had refused lines: say so, not «no orders from you»
            "refused": unready.refused_count if power in ordered and unready else 0,
        }
        subject = "subject_reminder_refused" if context["refused"] else "subject_reminder"
        letter = Letter("player/reminder", context, subject, {"game": game.id}, reader=player.name)
        mail_id = f"{game.id}-{record_name(game, record)}{revision(record)}-remind-{power}"
        postman.send(mail_id, player.address, letter, game.settings.language, game.catalog_for(record.state))
    record.clock = lifecycle.remind(record.clock)
    game.store.save(record)


def submissions(game: Game, record: GameRecord, orders: dict[str, OrderSet]) -> dict[str, Submission]:
    """Every power's orders: the player's, the GM's on their behalf, or the computer's; none for
    a power the rules ended, nor for a silent player's power that owed none ("idle": no miss)."""
    result: dict[str, Submission] = {}
    ended = game.ruleset.ended(record.state)
    owing = set(game.owing(record))
    for power in record.state["powers"]:
        player = record.players.get(power)
        if power in ended:
            result[power] = Submission("ended", [])
        elif power in orders and player is not None and player.status == "active":
            standing = orders[power]
            source = "gm" if standing.by_gm else "pass" if standing.explicit_pass else "player"
            result[power] = Submission(source, standing.commands)
        elif player is None or player.status == "ai" or player.on_leave(record.turn):
            leave = player is not None and player.status == "active"
            if leave and player is not None and player.leave_mode == "pass":
                result[power] = Submission("leave", [])
            else:
                ai = game.ruleset.ai_orders(record.state, power, record.phase)
                result[power] = Submission("leave" if leave else "ai", ai)
        else:
            result[power] = Submission("missing" if power in owing else "idle", [])
    return result


def compute(game: Game, record: GameRecord, now: datetime) -> str:
    """Step 1: resolve into the turn record file; the game record is untouched."""
    name = record_name(game, record)
    subs = submissions(game, record, game.store.orders(record.turn, record.phase))
    readiness = game.store.readiness(record.turn, record.phase)
    rng = Rng(f"{record.seed}:{name}")
    result = game.ruleset.resolve(record.state, record.phase, {p: s.commands for p, s in subs.items()}, rng)
    after = standings_after(game, record, {p: s.source for p, s in subs.items()})
    state_after = result.state
    ended = end_powers(game, record, state_after, after)
    for power in sorted(p for p in after if _retired(record, after, p)):
        state_after = game.ruleset.handover(state_after, power, computer=True)
    turn_record: dict[str, Any] = {
        "game": game.id,
        "turn": record.turn,
        "phase": record.phase,
        "seed": rng.seed,
        "revision": record.revision,
        "resolved_at": now.isoformat(),
        "state_before": record.state,
        "players_before": {p: pl.standing() for p, pl in sorted(record.players.items())},
        "orders": {
            p: {"source": s.source, "commands": [c.to_json() for c in s.commands]} for p, s in subs.items()
        },
        "draws": [d.to_json() for d in rng.log],
        "state_after": state_after,
        "players_after": after,
        "reports": {p: [m.to_json() for m in msgs] for p, msgs in result.reports.items()},
        "news": [m.to_json() for m in result.news],
        "group_news": {g: [m.to_json() for m in msgs] for g, msgs in result.group_news.items()},
        "groups": {g: list(members) for g, members in game.ruleset.groups(state_after).items()},
        "public": game.ruleset.public_view(state_after),
        "gm_log": [m.to_json() for m in result.gm_log],
        "missed": sorted(p for p in after if after[p]["missed"] > record.players[p].missed),
        "warned": sorted(p for p in after if _warned(record, after, p)),
        "retired": sorted(p for p in after if _retired(record, after, p)),
        "ended": ended,
        "gm_notes": record.gm_notes,
        "undelivered": record.undelivered,
        "readiness": {
            p: {"ready": r.ready, "refused": r.refused, "refused_count": r.refused_count}
            for p, r in sorted(readiness.items())
            if r.refused or not r.ready
        },
        "requests": record.requests,
    }
    game.store.write_turn_record(name, turn_record)
    game.store.tally.resolved += 1
    log.info("%s: resolved %s; missed %s", game.id, name, turn_record["missed"])
    return name


def commit(game: Game, postman: Postman, record: GameRecord, now: datetime) -> None:
    """Steps 2 and 3: the computed turn becomes the game's state, then its mails go out."""
    clock = record.clock
    name = clock.turn_record if isinstance(clock, Previewed) else record_name(game, record)
    data = game.store.read_turn_record(name)
    record.state = data["state_after"]
    for power, standing in data["players_after"].items():
        record.players[power].restore(standing)
    record.clock = lifecycle.commit(clock)
    record.gm_notes = [note for note in record.gm_notes if note not in data["gm_notes"]]  # later ones wait
    told = data.get("undelivered", [])  # turn records written before it was kept have none
    record.undelivered = [entry for entry in record.undelivered if entry not in told]
    record.requests = [r for r in record.requests if r not in data.get("requests", [])]
    if record.state.get("over"):
        record.status, record.deadline = "over", ""
    else:
        record.deadline = game.deadline_from(record, now)
    pending = Releasing(name)
    record.pending = lifecycle.begin(record.pending, pending)
    game.store.save(record)
    release(game, postman, record, pending, data)


def _warned(record: GameRecord, after: dict[str, Any], power: str) -> bool:
    return bool(after[power]["status"] == "active" and after[power]["missed"] > record.players[power].missed)


def _retired(record: GameRecord, after: dict[str, Any], power: str) -> bool:
    return bool(after[power]["status"] == "ai" and record.players[power].status == "active")
