"""The typed records of one game as the store keeps them (JSON in TinyDB, turn records on disk)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any, Literal

from engines.contract import JSON, Command
from state import lifecycle
from state.lifecycle import Clock, Open, Pending

PlayerStatus = Literal["active", "ai", "ended"]
GameStatus = Literal["signup", "running", "over"]


@dataclass
class Signup:
    name: str
    address: str
    at: str  # ISO UTC
    country: str = ""  # the name the player gives their power, if any (ЗАПИСЫВАЮСЬ Иван; Вольные)


@dataclass
class Player:
    """A power and who plays it; `status` "ai" means the computer plays it (retired or never taken),
    "ended" that the rules ended the power: the record stays, nobody is expected to play it."""

    power: str
    name: str
    address: str
    password_hash: str
    status: PlayerStatus = "active"
    missed: int = 0  # consecutive misses (silent phases or turns, as the ruleset counts them)
    retired_turn: int = 0
    retired_why: str = ""  # missed | ejected | ended
    leave_until: int = 0  # on leave through this turn: misses do not count
    leave_mode: str = "ai"  # during leave without orders: ai (the computer plays) | pass (nothing)
    role_mail: str = ""  # outbox id of the role mail carrying the password now valid

    def standing(self) -> JSON:
        """The part of a player that resolutions change and a rollback restores."""
        return {k: getattr(self, k) for k in STANDING}

    def restore(self, standing: JSON) -> None:
        for key in STANDING:
            setattr(self, key, standing[key])

    def on_leave(self, turn: int) -> bool:
        return self.status == "active" and self.leave_until >= turn


STANDING = ("status", "missed", "retired_turn", "retired_why", "leave_until", "leave_mode")


@dataclass
class GameRecord:
    """Everything the daemon needs about a game between two mails; small and history-free."""

    id: str
    ruleset: str
    seed: str
    status: GameStatus = "signup"
    signups: list[Signup] = field(default_factory=list)
    players: dict[str, Player] = field(default_factory=dict)
    state: JSON = field(default_factory=dict)
    deadline: str = ""  # ISO UTC instant of the current phase's deadline
    clock: Clock = field(default_factory=Open)  # the current phase's clock (state.lifecycle)
    pending: Pending = None  # mails still being queued: the start's role mails or a phase's release
    preview_mode: bool = False  # resolutions wait for the GM's release before players see them
    durations: dict[str, float] = field(default_factory=dict)  # GM's cadence, phase → seconds
    revision: int = 0  # rollbacks so far; part of every later mail id
    corrections: list[str] = field(default_factory=list)  # turn records whose re-release corrects
    gm_notes: list[JSON] = field(default_factory=list)  # GM actions since the last digest
    gm_applied: list[str] = field(default_factory=list)  # recent GM command ids: a replayed mail is no-op
    undelivered: list[JSON] = field(default_factory=list)  # mails the outbox gave up on, for the digest
    requests: list[JSON] = field(default_factory=list)  # players' ОТПУСК requests since the last digest
    quarantined: list[JSON] = field(default_factory=list)  # players' mails set aside unread, for the digest

    @property
    def turn(self) -> int:
        return int(self.state.get("turn", 0))

    @property
    def phase(self) -> str:
        return str(self.state.get("phase", ""))

    def active_powers(self) -> list[str]:
        return [p for p, player in sorted(self.players.items()) if player.status == "active"]

    def expected_powers(self) -> list[str]:
        """Active players who owe orders now (not on leave)."""
        return [p for p in self.active_powers() if not self.players[p].on_leave(self.turn)]

    def player_by_address(self, address: str) -> Player | None:
        return next((p for p in self.players.values() if p.address == address), None)

    def to_json(self) -> JSON:
        """The stored form. The ruleset's `state` and the other plain JSON fields are taken as they
        are: `asdict` would copy them deeply, most of the cost of a save; the store serialises them
        at once, so nothing it keeps shares them."""
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        data.update(
            signups=[asdict(signup) for signup in self.signups],
            players={power: asdict(player) for power, player in self.players.items()},
            clock=lifecycle.to_json(self.clock),
            pending=lifecycle.to_json(self.pending),
        )
        return data

    @staticmethod
    def from_json(data: dict[str, Any]) -> GameRecord:
        plain = {k: v for k, v in data.items() if k not in ("signups", "players", *lifecycle.KEYS)}
        record = GameRecord(**plain)
        record.signups = [Signup(**s) for s in data.get("signups", [])]
        record.players = {k: Player(**v) for k, v in data.get("players", {}).items()}
        record.clock, record.pending = lifecycle.load(data)
        return record


@dataclass
class OrderSet:
    """The standing orders of one power for one phase: the last accepted mail wins."""

    turn: int
    phase: str
    power: str
    commands: list[Command]
    explicit_pass: bool
    mail_key: str  # archive key of the mail they came in
    received: str  # ISO UTC
    sender: str
    by_gm: bool = False  # the GM gave them for the power (the GM password): not the player's own

    def to_json(self) -> JSON:
        data = {f.name: getattr(self, f.name) for f in fields(self)}  # not `asdict`: it would copy
        data["commands"] = [c.to_json() for c in self.commands]  # the commands only to drop them
        return data

    @staticmethod
    def from_json(data: dict[str, Any]) -> OrderSet:
        fields = dict(data)
        fields["commands"] = [Command.from_json(c) for c in data["commands"]]
        return OrderSet(**fields)


REFUSED_KEPT = 50  # refused lines of one mail kept for the digest and `gonets status`
REFUSED_CHARS = 200  # of each line's text


@dataclass
class Readiness:
    """Whether a power's latest order mail of a phase lets the phase resolve before its deadline: a
    mail with a refused line does not, until a mail without one or a ГОТОВО line that accepts what
    was kept. The mail's refused lines stay for the digest and `gonets status` (`refused_count` of
    them, the first `REFUSED_KEPT` kept, each text cut to `REFUSED_CHARS`). Not ready with nothing
    refused: orders a rollback kept, which stand but wait for the player's word (orders or ГОТОВО)."""

    turn: int
    phase: str
    power: str
    ready: bool
    mail_key: str  # archive key of the mail that decided it
    received: str  # ISO UTC
    refused: list[JSON] = field(default_factory=list)  # {"line", "text", "msg", "suggestion"}
    refused_count: int = 0

    def to_json(self) -> JSON:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @staticmethod
    def from_json(data: dict[str, Any]) -> Readiness:
        return Readiness(**data)
