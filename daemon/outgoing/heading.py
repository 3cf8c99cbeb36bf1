"""The lines every report and notice starts with: the game, the power, the turn, the phase and
until when orders are taken, so a reader knows where the game stands before reading on."""

from __future__ import annotations

from typing import Any

from daemon.games import Game
from daemon.outgoing.render import moment
from state.lifecycle import Paused
from state.records import GameRecord


def heading(game: Game, record: GameRecord, power: str = "", gone: bool = False) -> dict[str, Any]:
    """What templates/common/head.<lang>.txt shows of the game as `record` has it now. For a
    reader who no longer plays `power` (`gone`: replaced, ejected, handed to the computer) it says
    «после хода N», the last turn completed, and no deadline: they can send no more orders. A
    ruleset that names its turns (`Ruleset.turn_title`: «Весна 1901») is shown by that name."""
    ruleset = game.ruleset
    after = record.turn - 1 if gone else 0
    deadline = game.deadline(record)
    paused = isinstance(record.clock, Paused) and not gone
    # a paused clock's deadline is no longer true; a gone reader sends no more orders
    running = record.status == "running" and not paused and not gone
    return {
        "title": ruleset.title,
        "power": power,
        "power_title": ruleset.power_title,
        "turn": record.turn,
        "last": ruleset.last_turn,
        "phase": game.phase_spec(record).title,
        "deadline": moment(deadline, game.settings.timezone) if deadline and running else None,
        "over": record.status == "over",
        "paused": paused and record.status == "running",
        "after": after,
        "titled": ruleset.turn_title(record.turn, record.phase),
        "after_titled": ruleset.turn_title(after, list(ruleset.phases)[-1]) if after else None,
    }
