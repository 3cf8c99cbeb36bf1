"""The GM's answers to a held turn: resolve it as it is, or give the players more time."""

from __future__ import annotations

from datetime import datetime, timedelta

from daemon.games import Game


def confirm(game: Game) -> str:
    record = game.load()
    if not record.held:
        return f"{game.id}: ход не задержан / the turn is not held"
    record.hold_confirmed = True
    game.store.save(record)
    return f"{game.id}: ход {record.turn} будет рассчитан / turn {record.turn} will be resolved"


def extend(game: Game, by: timedelta, now: datetime) -> str:
    record = game.load()
    if record.status != "running":
        return f"{game.id}: игра не идёт / the game is not running"
    deadline = max(game.deadline(record) or now, now) + by
    record.deadline, record.held, record.reminded = deadline.isoformat(), "", False
    game.store.save(record)
    local = deadline.astimezone(game.settings.timezone)
    return f"{game.id}: новый срок / new deadline {local:%Y-%m-%d %H:%M %Z}"
