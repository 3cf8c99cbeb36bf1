"""Names made from a game's turn and phase: turn records, and the mail ids built on them."""

from __future__ import annotations

from daemon.games import Game
from state.records import GameRecord


def record_name(game: Game, record: GameRecord, phase: str = "") -> str:
    """Turn records sort in play order: turn, then the phase's place in the ruleset's turn.
    `phase` names another phase of the record's turn (default: the current one)."""
    phase = phase or record.phase
    return f"{record.turn:04d}-{list(game.ruleset.phases).index(phase)}-{phase}"


def revision(record: GameRecord) -> str:
    """The mail-id suffix after a rollback, so corrected mails are not taken for duplicates."""
    return f"-r{record.revision}" if record.revision else ""
