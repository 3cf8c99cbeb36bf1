"""A running game's lifecycle as explicit states: the current phase's clock, and the mail still owed.

The clock is in exactly one state: `Open` (running toward the deadline), `Due` (the GM said resolve
now), `Held` (the deadline passed with too many players silent), `Paused` (the GM stopped it) or
`Previewed` (resolved, waiting for the GM). Each move is one function here that names the states it
leaves from; any other raises `LifecycleError`, so a bug cannot silently drop a hold, a pause or a
preview. A preview has no clock left to pause or extend, and a pause keeps a pending ОБРАБОТАТЬ.

The mail still owed (`Pending`: the role mails of the start, or a committed phase's release) is
kept apart because it belongs to the phase before: after a crash the next pass handles mail, a GM's
ПАУЗА say, for the new phase before it finishes queueing the old phase's reports.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any, ClassVar, TypeVar

from engines.contract import JSON
from engines.errors import GonetsError


class LifecycleError(GonetsError):
    """A move the current state does not allow: a bug in the daemon, refused rather than applied."""


@dataclass(frozen=True)
class Open:
    """The clock runs toward `GameRecord.deadline`; `reminded` once the reminders went out."""

    state: ClassVar[str] = "open"
    reminded: bool = False


@dataclass(frozen=True)
class Due:
    """The GM said resolve now: the next tick resolves, whatever the deadline and the hold guard."""

    state: ClassVar[str] = "due"


@dataclass(frozen=True)
class Held:
    """The deadline passed with too many players silent (likely the mail path): the GM decides."""

    state: ClassVar[str] = "held"
    reason: str


@dataclass(frozen=True)
class Paused:
    """Stopped with `left` seconds to the deadline; `due`: the GM asked to resolve it on resuming."""

    state: ClassVar[str] = "paused"
    left: float
    due: bool = False


@dataclass(frozen=True)
class Previewed:
    """Resolved into `turn_record`, which players see only once the GM releases it."""

    state: ClassVar[str] = "previewed"
    turn_record: str


@dataclass(frozen=True)
class Starting:
    """The role mails of the lot draw are being queued."""

    state: ClassVar[str] = "starting"


@dataclass(frozen=True)
class Releasing:
    """The mails of the committed `turn_record` are being queued (step 3 of a resolution)."""

    state: ClassVar[str] = "releasing"
    turn_record: str


Clock = Open | Due | Held | Paused | Previewed
Pending = Starting | Releasing | None
RESOLVABLE = (Open, Held, Due)  # a tick may resolve the phase: a deadline or the GM's word applies


def _refuse(move: str, state: object) -> LifecycleError:
    return LifecycleError(f"{move} is not possible from {state!r}")


def remind(clock: Clock) -> Open:
    if isinstance(clock, Open):
        return Open(reminded=True)
    raise _refuse("remind", clock)


def hold(clock: Clock, reason: str) -> Held:
    if isinstance(clock, Open):
        return Held(reason)
    raise _refuse("hold", clock)


def process(clock: Clock) -> Due | Paused:
    """ОБРАБОТАТЬ: resolve now, held or not; a paused phase resolves once it resumes."""
    if isinstance(clock, RESOLVABLE):
        return Due()
    if isinstance(clock, Paused):
        return Paused(clock.left, due=True)
    raise _refuse("process", clock)


def pause(clock: Clock, left: float) -> Paused:
    """ПАУЗА keeps the `left` seconds for the resume, and an ОБРАБОТАТЬ not yet carried out."""
    if isinstance(clock, RESOLVABLE):
        return Paused(left, due=isinstance(clock, Due))
    raise _refuse("pause", clock)


def resume(clock: Clock) -> Open | Due:
    """The clock runs again; a phase that was held is held again at its deadline if still silent."""
    if isinstance(clock, Paused):
        return Due() if clock.due else Open()
    raise _refuse("resume", clock)


def extend(clock: Clock, seconds: float) -> Clock:
    """More time lifts a hold and re-arms the reminders; a paused clock gets it when it resumes."""
    if isinstance(clock, Open | Held):
        return Open()
    if isinstance(clock, Due):
        return clock
    if isinstance(clock, Paused):
        return Paused(clock.left + seconds, clock.due)
    raise _refuse("extend", clock)


def preview(clock: Clock, turn_record: str) -> Previewed:
    if isinstance(clock, RESOLVABLE):
        return Previewed(turn_record)
    raise _refuse("preview", clock)


def reresolve(clock: Clock) -> Due:
    """The preview is dropped and the phase resolved again at once (after a crash, at the next tick)."""
    if isinstance(clock, Previewed):
        return Due()
    raise _refuse("reresolve", clock)


def commit(clock: Clock) -> Open:
    """A resolution became the game's state: the next phase's clock starts afresh."""
    if isinstance(clock, Paused):
        raise _refuse("commit", clock)
    return Open()


def restart(clock: Clock) -> Open | Paused:
    """A rollback: the phase starts again from any state, still paused if the GM had paused it."""
    return Paused(clock.left) if isinstance(clock, Paused) else Open()


def begin(pending: Pending, mails: Starting | Releasing) -> Starting | Releasing:
    """Recorded before the mails are queued, so that the next pass finishes them after a crash."""
    if pending is None:
        return mails
    raise _refuse(f"begin {mails!r}", pending)


def finish(pending: Pending, mails: Starting | Releasing) -> Pending:
    if pending == mails:
        return None
    raise _refuse(f"finish {mails!r}", pending)


def abandon(pending: Pending) -> Pending:
    """A rollback drops the release of the phase it undoes (the latest: the one being released)."""
    if isinstance(pending, Releasing | None):
        return None
    raise _refuse("abandon", pending)


OLD_FLAGS = ("reminded", "held", "process_now", "paused", "paused_left", "preview", "release", "starting")
KEYS = ("clock", "pending", *OLD_FLAGS)  # every key of a stored game record that `load` reads
CLOCKS: dict[str, Callable[..., Clock]] = {k.state: k for k in (Open, Due, Held, Paused, Previewed)}
PENDING: dict[str, Callable[..., Starting | Releasing]] = {k.state: k for k in (Starting, Releasing)}


def to_json(state: Clock | Pending) -> JSON | None:
    return None if state is None else {"state": state.state, **asdict(state)}


def load(data: dict[str, Any]) -> tuple[Clock, Pending]:
    """The lifecycle of a stored game record, in this shape or as the flags of older stores."""
    if "clock" not in data:
        return _from_flags(data)
    pending = data["pending"]
    return _build(CLOCKS, data["clock"]), None if pending is None else _build(PENDING, pending)


State = TypeVar("State")


def _build(kinds: dict[str, Callable[..., State]], data: JSON) -> State:
    return kinds[data["state"]](**{k: v for k, v in data.items() if k != "state"})


def _from_flags(data: dict[str, Any]) -> tuple[Clock, Pending]:
    """Older stores kept flags, some set together; the order below says which one wins. ОБРАБОТАТЬ
    stayed set beside the hold it lifted and the preview it made; a paused hold is held again once
    resumed; a paused preview stays a preview (a preview can no longer be paused)."""
    clock: Clock = Open(reminded=bool(data.get("reminded")))
    if data.get("preview"):
        clock = Previewed(data["preview"])
    elif data.get("paused"):
        clock = Paused(float(data.get("paused_left", 0.0)), due=bool(data.get("process_now")))
    elif data.get("process_now"):
        clock = Due()
    elif data.get("held"):
        clock = Held(data["held"])
    pending: Pending = None
    if data.get("release"):
        pending = Releasing(data["release"])
    elif data.get("starting"):
        pending = Starting()
    return clock, pending
