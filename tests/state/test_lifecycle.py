"""The lifecycle's moves: each allowed one lands where the table says, every other one raises.

The table below is the state machine written out: a move missing from it for a state must refuse.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from state import lifecycle
from state.lifecycle import (
    Clock,
    Due,
    Held,
    LifecycleError,
    Open,
    Paused,
    Pending,
    Previewed,
    Releasing,
    Starting,
)
from state.records import GameRecord

OPEN, REMINDED, DUE, HELD = Open(), Open(reminded=True), Due(), Held("3 of 4 active players sent no orders")
PAUSED, PAUSED_DUE, PREVIEWED = Paused(3600.0), Paused(3600.0, due=True), Previewed("0001-2-orders")
RELEASING = Releasing("0001-2-orders")
CLOCKS: list[Clock] = [OPEN, REMINDED, DUE, HELD, PAUSED, PAUSED_DUE, PREVIEWED]
RUNNING: list[Clock] = [OPEN, REMINDED, DUE, HELD]

MOVES: dict[str, Callable[[Clock], Clock]] = {
    "remind": lifecycle.remind,
    "hold": lambda clock: lifecycle.hold(clock, "why"),
    "process": lifecycle.process,
    "pause": lambda clock: lifecycle.pause(clock, 60.0),
    "resume": lifecycle.resume,
    "extend": lambda clock: lifecycle.extend(clock, 60.0),
    "preview": lambda clock: lifecycle.preview(clock, "0001-2-orders"),
    "reresolve": lifecycle.reresolve,
    "commit": lifecycle.commit,
    "restart": lifecycle.restart,
}

ALLOWED: dict[tuple[str, Clock], Clock] = {
    ("remind", OPEN): REMINDED,
    ("remind", REMINDED): REMINDED,
    ("hold", OPEN): Held("why"),
    ("hold", REMINDED): Held("why"),
    **{("process", clock): DUE for clock in RUNNING},
    ("process", PAUSED): PAUSED_DUE,
    ("process", PAUSED_DUE): PAUSED_DUE,
    ("pause", OPEN): Paused(60.0),
    ("pause", REMINDED): Paused(60.0),
    ("pause", HELD): Paused(60.0),  # resumed, it is held again at its deadline if still silent
    ("pause", DUE): Paused(60.0, due=True),
    ("resume", PAUSED): OPEN,
    ("resume", PAUSED_DUE): DUE,
    ("extend", OPEN): OPEN,
    ("extend", REMINDED): OPEN,  # reminders go again for the new deadline
    ("extend", HELD): OPEN,
    ("extend", DUE): DUE,
    ("extend", PAUSED): Paused(3660.0),
    ("extend", PAUSED_DUE): Paused(3660.0, due=True),
    **{("preview", clock): PREVIEWED for clock in RUNNING},
    ("reresolve", PREVIEWED): DUE,
    **{("commit", clock): OPEN for clock in [*RUNNING, PREVIEWED]},
    **{("restart", clock): OPEN for clock in [*RUNNING, PREVIEWED]},
    ("restart", PAUSED): PAUSED,
    ("restart", PAUSED_DUE): PAUSED,
}


@pytest.mark.parametrize("move", sorted(MOVES))
@pytest.mark.parametrize("clock", CLOCKS, ids=repr)
def test_a_clock_moves_as_the_table_says_or_refuses(move: str, clock: Clock) -> None:
    if (move, clock) in ALLOWED:
        assert MOVES[move](clock) == ALLOWED[move, clock]
    else:
        with pytest.raises(LifecycleError, match=move):
            MOVES[move](clock)


def test_mails_are_begun_from_nothing_owed_and_finished_only_as_begun() -> None:
    assert lifecycle.begin(None, Starting()) == Starting()
    assert lifecycle.begin(None, RELEASING) == RELEASING
    assert lifecycle.finish(Starting(), Starting()) is None
    assert lifecycle.finish(RELEASING, RELEASING) is None
    refused: list[Callable[[], Any]] = [
        lambda: lifecycle.begin(Starting(), RELEASING),
        lambda: lifecycle.begin(RELEASING, Releasing("0002-2-orders")),
        lambda: lifecycle.finish(None, Starting()),
        lambda: lifecycle.finish(RELEASING, Releasing("0002-2-orders")),
        lambda: lifecycle.finish(Starting(), RELEASING),
    ]
    for move in refused:
        with pytest.raises(LifecycleError):
            move()


def test_a_rollback_drops_a_release_but_never_the_role_mails() -> None:
    assert lifecycle.abandon(RELEASING) is None
    assert lifecycle.abandon(None) is None
    with pytest.raises(LifecycleError):
        lifecycle.abandon(Starting())


@pytest.mark.parametrize("pending", [None, Starting(), RELEASING], ids=repr)
@pytest.mark.parametrize("clock", CLOCKS, ids=repr)
def test_every_state_survives_the_store(clock: Clock, pending: Pending) -> None:
    record = GameRecord(id="coins-1", ruleset="coins", seed="s", clock=clock, pending=pending)
    stored = record.to_json()
    assert stored["clock"]["state"] == clock.state
    assert GameRecord.from_json(stored) == record


OLD = {"reminded": False, "held": "", "process_now": False, "release": "", "starting": False}
OLD_TOO = {"paused": False, "paused_left": 0.0, "preview_mode": False, "preview": ""}


@pytest.mark.parametrize(
    ("flags", "clock", "pending"),
    [
        ({}, OPEN, None),
        ({"reminded": True}, REMINDED, None),
        ({"held": "why", "reminded": True}, Held("why"), None),
        ({"held": "why", "process_now": True}, DUE, None),  # the GM processed a hold, then a crash
        ({"paused": True, "paused_left": 3600.0}, PAUSED, None),
        ({"paused": True, "paused_left": 3600.0, "process_now": True}, PAUSED_DUE, None),
        ({"paused": True, "held": "why"}, Paused(0.0), None),
        ({"preview": "0001-2-orders", "held": "why", "process_now": True}, PREVIEWED, None),
        ({"preview": "0001-2-orders", "paused": True, "paused_left": 60.0}, PREVIEWED, None),
        (
            {"release": "0001-2-orders", "paused": True, "paused_left": 60.0},
            Paused(60.0),
            RELEASING,
        ),
        ({"starting": True}, OPEN, Starting()),
    ],
    ids=repr,
)
def test_a_store_written_with_the_old_flags_loads_into_one_state(
    flags: dict[str, Any], clock: Clock, pending: Pending
) -> None:
    old = {"id": "coins-1", "ruleset": "coins", "seed": "s", "status": "running", **OLD, **OLD_TOO, **flags}
    record = GameRecord.from_json(old)
    assert (record.clock, record.pending) == (clock, pending)
    assert "held" not in record.to_json() and "clock" in record.to_json()
