"""The typed records of one game as the store keeps them (JSON in TinyDB, turn records on disk)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from engines.contract import JSON, Command

PlayerStatus = Literal["active", "ai"]
GameStatus = Literal["signup", "running", "over"]


@dataclass
class Signup:
    name: str
    address: str
    at: str  # ISO UTC


@dataclass
class Player:
    """A power and who plays it; `status` "ai" means the computer plays it (retired or never taken)."""

    power: str
    name: str
    address: str
    password_hash: str
    status: PlayerStatus = "active"
    missed: int = 0  # consecutive required phases without orders
    retired_turn: int = 0
    role_mail: str = ""  # outbox id of the role mail carrying the password now valid


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
    reminded: bool = False  # reminders for the current phase went out
    held: str = ""  # why the current phase is held for the GM ("" when not held)
    hold_confirmed: bool = False  # the GM said: resolve the held phase anyway
    release: str = ""  # turn record whose mails are still being queued
    starting: bool = False  # role mails are still being queued

    @property
    def turn(self) -> int:
        return int(self.state.get("turn", 0))

    @property
    def phase(self) -> str:
        return str(self.state.get("phase", ""))

    def active_powers(self) -> list[str]:
        return [p for p, player in sorted(self.players.items()) if player.status == "active"]

    def player_by_address(self, address: str) -> Player | None:
        return next((p for p in self.players.values() if p.address == address), None)

    def to_json(self) -> JSON:
        return asdict(self)

    @staticmethod
    def from_json(data: dict[str, Any]) -> GameRecord:
        record = GameRecord(**{k: v for k, v in data.items() if k not in ("signups", "players")})
        record.signups = [Signup(**s) for s in data.get("signups", [])]
        record.players = {k: Player(**v) for k, v in data.get("players", {}).items()}
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

    def to_json(self) -> JSON:
        data = asdict(self)
        data["commands"] = [c.to_json() for c in self.commands]
        return data

    @staticmethod
    def from_json(data: dict[str, Any]) -> OrderSet:
        fields = dict(data)
        fields["commands"] = [Command.from_json(c) for c in data["commands"]]
        return OrderSet(**fields)
