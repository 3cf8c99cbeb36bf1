"""The lines every report and notice starts with: the game, the power, the turn, the phase and
until when orders are taken, so a reader knows where the game stands before reading on."""

from __future__ import annotations

from typing import Any

from daemon.games import Game
from daemon.outgoing.render import moment
from state.lifecycle import Paused
from state.records import GameRecord


def heading(game: Game, record: GameRecord, power: str = "") -> dict[str, Any]:
    """What templates/common/head.<lang>.txt shows of the game as `record` has it now."""
    deadline = game.deadline(record)
    paused = isinstance(record.clock, Paused)
    running = record.status == "running" and not paused  # a paused clock's deadline is no longer true
    return {
        "title": game.ruleset.title,
        "power": power,
        "power_title": game.ruleset.power_title,
        "turn": record.turn,
        "last": game.ruleset.last_turn,
        "phase": game.phase_spec(record).title,
        "deadline": moment(deadline, game.settings.timezone) if deadline and running else None,
        "over": record.status == "over",
        "paused": paused and record.status == "running",
    }
