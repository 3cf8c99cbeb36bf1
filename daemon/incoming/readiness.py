"""Readiness: whether a power's latest order mail lets its phase resolve before the deadline, and
what the reply says about when the turn will be resolved.

As njudge clears a player's "moved" flag when a mail has errors and DPjudge's `ready()` holds a
phase while any power is late, a mail with a refused line leaves its power not ready: the phase
resolves early only when every expected power's latest mail was clean, or said ГОТОВО / READY to
accept the lines that were kept. Judged on the latest mail alone, so a mail with a refused line
after a clean one makes the power not ready again.
"""

from __future__ import annotations

from datetime import datetime

from daemon.games import Game
from engines.contract import JSON
from state.records import REFUSED_CHARS, REFUSED_KEPT, GameRecord, Readiness

# when the reply says the turn will be resolved
NOW = "now"  # every expected power is ready with this mail: in this very pass
OTHERS = "others"  # once every other expected power is ready, and at the deadline at the latest
YOU = "you"  # this power is not ready: a clean mail or ГОТОВО, else the deadline
NONE = "none"  # no orders of this power stand: its orders, else the deadline
DEADLINE = "deadline"  # the game does not resolve early


def judge(
    record: GameRecord,
    power: str,
    key: str,
    now: datetime,
    refused: list[JSON],
    refused_lines: int,
    order_lines: bool,
    ready_word: bool,
    earlier: Readiness | None,
) -> Readiness | None:
    """The power's readiness after this mail: `refused` the first of its refusals, `refused_lines`
    how many lines they were refused on, `order_lines` whether it held any order line at all,
    `ready_word` whether it said ГОТОВО. None when it had neither (a mail with only СТАТУС or
    ПОМОЩЬ changes nothing). A ГОТОВО alone keeps the refused lines of the mail it accepts, for the
    digest."""
    if not order_lines and not ready_word:
        return None
    kept = refused if order_lines or earlier is None else earlier.refused
    count = refused_lines if order_lines or earlier is None else earlier.refused_count
    return Readiness(
        record.turn,
        record.phase,
        power,
        ready=ready_word or not refused,
        mail_key=key,
        received=now.isoformat(),
        refused=[_cut(entry) for entry in kept[:REFUSED_KEPT]],
        refused_count=count,
    )


def to_store(judged: Readiness | None, kept: Readiness | None) -> Readiness | None:
    """What to write of a judged readiness: nothing when it says what no record says already (a
    power without one is ready with nothing refused), so a clean mail costs no second write."""
    if judged is None or (kept is None and judged.ready and not judged.refused_count):
        return None
    return judged


def _cut(entry: JSON) -> JSON:
    return {**entry, "text": str(entry.get("text", ""))[:REFUSED_CHARS]}


def when(game: Game, record: GameRecord, power: str, readiness: Readiness, standing: bool) -> str:
    """When the turn will be resolved, as this mail leaves it (`standing`: orders of the power
    stand, this mail's or an earlier one's)."""
    if not game.settings.early_resolution:
        return DEADLINE
    if not standing:
        return NONE
    if not readiness.ready:
        return YOU
    ready = game.store.ready(record.turn, record.phase) | {power}
    return NOW if all(p in ready for p in game.owing(record)) else OTHERS
