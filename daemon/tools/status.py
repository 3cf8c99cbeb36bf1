"""`gonets status`: every game's phase and clock, and where each power stands: ready, not ready
(and why), silent, on leave, computer-run or out. Each game speaks its own language and time zone,
as its mails do (templates/gm/status.<lang>.txt)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from daemon.games import Game, Games
from daemon.outgoing.render import moment, ranking, render
from state.lifecycle import Held, Paused, Previewed
from state.records import GameRecord


def status_text(games: Games) -> str:
    return "\n\n".join(game_status(game) for game in games) or "нет игр / no games"


def game_status(game: Game) -> str:
    record = game.load()
    context: dict[str, Any] = {
        "game": game.id,
        "title": game.ruleset.title,
        "status": record.status,
        "signups": record.signups,
        "scores": ranking(game.ruleset.scores(record.state)) if record.status == "over" else [],
    }
    if record.status == "running":
        context.update(_running(game, record))
    return render("gm/status", game.settings.language, context, game.catalog_for(record.state)).rstrip("\n")


def _running(game: Game, record: GameRecord) -> dict[str, Any]:
    zone = game.settings.timezone
    deadline = game.deadline(record)
    clock = record.clock
    ordered = game.store.ordered(record.turn, record.phase)
    expected = game.owing(record)
    return {
        "turn": record.turn,
        "phase": game.phase_spec(record).title,
        "clock": clock.state,
        "deadline": moment(deadline, zone, utc=False) if deadline else None,
        "left_minutes": int(clock.left // 60) if isinstance(clock, Paused) else 0,
        "silent": len([p for p in expected if p not in ordered]) if isinstance(clock, Held) else 0,
        "expected": len(expected),
        "previewed": isinstance(clock, Previewed),
        "powers": _powers(game, record, ordered),
    }


def _powers(game: Game, record: GameRecord, ordered: set[str]) -> list[dict[str, Any]]:
    """Each power's line: its player and where it stands in this phase."""
    readiness = game.store.readiness(record.turn, record.phase)
    lines = []
    for power, player in sorted(record.players.items()):
        mail = readiness.get(power)
        state: str
        if player.status != "active":
            state = player.status  # ai | ended
        elif power in ordered:
            state = "ready" if mail is None or mail.ready else "not_ready"
        elif player.on_leave(record.turn):
            state = "leave"
        elif not game.ruleset.owes_orders(record.state, power, record.phase):
            state = "idle"
        else:
            state = "refused" if mail is not None else "silent"
        lines.append(
            {
                "power": power,
                "name": player.name,
                "address": player.address,
                "state": state,
                "missed": player.missed,
                "leave_until": player.leave_until if player.on_leave(record.turn) else 0,
                "leave_mode": player.leave_mode,
                "refused": mail.refused_count if mail else 0,
                "at": moment(datetime.fromisoformat(mail.received), game.settings.timezone, utc=False)
                if mail
                else None,
            }
        )
    return lines
