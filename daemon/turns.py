"""Deadlines: reminders, holds, resolution and auto-kill, driven by the clock and the store only.

`schedule` merely ticks; whether a deadline has fired is the store's turn/phase having moved on,
written in the same atomic write as the new state. A resolution is recorded in three steps, each
safe to repeat after a crash: (1) the turn record file (deterministic for the stored seed),
(2) the game record with `release` set, (3) the mails, queued under stable ids, then `release`
cleared. See `release.py` for step 3.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from daemon.games import Game
from daemon.postman import Letter, Postman
from daemon.release import release
from daemon.render import when
from engines.contract import Command
from engines.rng import Rng
from state.records import GameRecord, OrderSet

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Submission:
    """The orders a power goes into resolution with, and where they came from."""

    source: str  # player | pass | ai | missing
    commands: list[Command]


def tick(game: Game, postman: Postman, now: datetime) -> bool:
    """Advance one game if its clock says so; True when a phase was resolved."""
    record = game.load()
    if record.release:
        release(game, postman, record)
        record = game.load()
    if record.status != "running" or (record.held and not record.hold_confirmed):
        return False
    deadline = game.deadline(record)
    if deadline is None:
        return False
    orders = game.store.orders(record.turn, record.phase)
    active = record.active_powers()
    everyone_in = bool(active) and all(p in orders for p in active)
    if now >= deadline or (game.settings.early_resolution and everyone_in) or record.hold_confirmed:
        if _should_hold(game, record, orders, active):
            _hold(game, postman, record, len(active) - len(set(orders) & set(active)))
            return False
        resolve(game, postman, record, orders, now)
        return True
    if not record.reminded and now >= deadline - game.settings.reminder_before:
        _remind(game, postman, record, orders, active)
    return False


def _should_hold(game: Game, record: GameRecord, orders: dict[str, OrderSet], active: list[str]) -> bool:
    """Guard against a broken mail path: too many silent players means the mail, not the players."""
    if record.hold_confirmed or not active or not game.phase_spec(record).required:
        return False
    silent = [p for p in active if p not in orders]
    return len(silent) > game.settings.hold_share * len(active)


def _hold(game: Game, postman: Postman, record: GameRecord, silent: int) -> None:
    if not record.held:
        record.held = f"{silent} of {len(record.active_powers())} active players sent no orders"
        game.store.save(record)
    letter = Letter(
        "gm/hold",
        {"game": game.id, "turn": record.turn, "reason": record.held, "phase": game.phase_spec(record).title},
        "subject_hold",
        {"game": game.id, "turn": record.turn},
    )
    postman.send(
        f"{game.id}-{record_name(game, record)}-hold", game.settings.gm, letter, game.settings.language
    )


def _remind(
    game: Game, postman: Postman, record: GameRecord, orders: dict[str, OrderSet], active: list[str]
) -> None:
    phase = game.phase_spec(record)
    if phase.required:
        deadline = game.deadline(record)
        assert deadline is not None
        for power in active:
            if power in orders:
                continue
            player = record.players[power]
            context = {
                "game": game.id,
                "power": power,
                "turn": record.turn,
                "phase": phase.title,
                "deadline": when(deadline, game.settings.timezone),
                "misses_left": max(0, game.settings.max_missed - player.missed),
            }
            letter = Letter("player/reminder", context, "subject_reminder", {"game": game.id})
            mail_id = f"{game.id}-{record_name(game, record)}-remind-{power}"
            postman.send(mail_id, player.address, letter, game.settings.language)
    record.reminded = True
    game.store.save(record)


def submissions(game: Game, record: GameRecord, orders: dict[str, OrderSet]) -> dict[str, Submission]:
    result: dict[str, Submission] = {}
    for power in record.state["powers"]:
        player = record.players.get(power)
        if player is None or player.status == "ai":
            ai = game.ruleset.ai_orders(record.state, power, record.phase)
            result[power] = Submission("ai", ai)
        elif power in orders:
            standing = orders[power]
            result[power] = Submission("pass" if standing.explicit_pass else "player", standing.commands)
        else:
            result[power] = Submission("missing", [])
    return result


def resolve(
    game: Game, postman: Postman, record: GameRecord, orders: dict[str, OrderSet], now: datetime
) -> None:
    name = record_name(game, record)
    subs = submissions(game, record, orders)
    rng = Rng(f"{record.seed}:{name}")
    result = game.ruleset.resolve(record.state, record.phase, {p: s.commands for p, s in subs.items()}, rng)
    missed, warned, retired = _count_misses(game, record, subs)
    turn_record: dict[str, Any] = {
        "game": game.id,
        "turn": record.turn,
        "phase": record.phase,
        "seed": rng.seed,
        "resolved_at": now.isoformat(),
        "state_before": record.state,
        "orders": {
            p: {"source": s.source, "commands": [c.to_json() for c in s.commands]} for p, s in subs.items()
        },
        "draws": [d.to_json() for d in rng.log],
        "state_after": result.state,
        "reports": {p: [m.to_json() for m in msgs] for p, msgs in result.reports.items()},
        "news": [m.to_json() for m in result.news],
        "gm_log": [m.to_json() for m in result.gm_log],
        "missed": missed,
        "warned": warned,
        "retired": retired,
    }
    game.store.write_turn_record(name, turn_record)
    log.info("%s: resolved %s; missed %s, retired %s", game.id, name, missed, retired)
    record.state = result.state
    record.held, record.hold_confirmed, record.reminded = "", False, False
    if result.state.get("over"):
        record.status, record.deadline = "over", ""
    else:
        record.deadline = (now + game.settings.duration(record.phase)).isoformat()
    record.release = name
    game.store.save(record)
    release(game, postman, record)


def _count_misses(
    game: Game, record: GameRecord, subs: dict[str, Submission]
) -> tuple[list[str], list[str], list[str]]:
    """Auto-kill: only required phases count; orders reset the count; `max_missed` in a row retires."""
    missed: list[str] = []
    warned: list[str] = []
    retired: list[str] = []
    if not game.phase_spec(record).required:
        return missed, warned, retired
    for power, player in sorted(record.players.items()):
        if player.status != "active":
            continue
        if subs[power].source != "missing":
            player.missed = 0
            continue
        player.missed += 1
        missed.append(power)
        if player.missed >= game.settings.max_missed:
            player.status, player.retired_turn = "ai", record.turn
            retired.append(power)
        else:
            warned.append(power)
    return missed, warned, retired


def record_name(game: Game, record: GameRecord) -> str:
    """Turn records sort in play order: turn, then the phase's place in the ruleset's turn."""
    return f"{record.turn:04d}-{list(game.ruleset.phases).index(record.phase)}-{record.phase}"
