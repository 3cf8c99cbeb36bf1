"""The TOML configuration: where games live, how mail travels, and each game's settings.

Secrets never need to be in the file: any string value written as "env:NAME" is read from the
environment variable NAME at load time.
"""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass, field, fields
from datetime import timedelta
from pathlib import Path
from typing import Any, Literal
from zoneinfo import ZoneInfo

from parsers.mime import MAX_BODY_CHARS

Language = Literal["ru", "en", "ru+en"]
_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([smhd])\s*$")
_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


class ConfigError(Exception):
    """The configuration file is wrong; the message says which key and why."""


def parse_duration(text: str | int | float, key: str) -> timedelta:
    """ "48h", "30m", "2d", "10s" or a number of hours."""
    if isinstance(text, int | float):
        return timedelta(hours=text)
    match = _DURATION.match(text)
    if not match:
        raise ConfigError(f"{key}: {text!r} is not a duration like 48h, 30m, 2d or 10s")
    return timedelta(seconds=float(match.group(1)) * _UNITS[match.group(2)])


@dataclass(frozen=True)
class GameSettings:
    """How one game runs: its ruleset, GM, clocks and patience with silent players."""

    id: str
    ruleset: str
    gm: str
    timezone: ZoneInfo
    language: Language = "ru+en"
    phase_durations: dict[str, timedelta] = field(default_factory=dict)
    default_duration: timedelta = timedelta(hours=48)
    reminder_before: timedelta = timedelta(hours=12)
    early_resolution: bool = True
    max_missed: int = 2  # consecutive missed turns before the country passes to the computer
    hold_share: float = 0.5  # more than this share of active players silent → hold the turn
    gm_password: str = ""  # with the GM's address, authorises GM commands by mail ("" = disabled)

    def duration(self, phase: str) -> timedelta:
        return self.phase_durations.get(phase, self.default_duration)


@dataclass(frozen=True)
class Limits:
    """What one mail may cost the daemon. Beyond a limit the whole mail is refused with a reply that
    names the limit, and nothing of it is stored: half a mail's orders standing would be worse
    than none, because the player believes the reply covered all of them."""

    order_lines: int = 500  # lines that may hold orders, after quotes, comments and signatures
    body_chars: int = MAX_BODY_CHARS  # characters of body text as sent (HTML source, or a .txt attachment)
    wrong_passwords: int = 5  # per sender per game per hour; beyond it the password is not checked
    mail_bytes: int = 25 * 1024 * 1024  # a bigger raw mail is not read: one reply, kept for the GM
    replies_total_per_hour: int = 2000  # answers to everyone together, against floods and backscatter


@dataclass(frozen=True)
class TransportSettings:
    kind: str
    options: dict[str, Any]


@dataclass(frozen=True)
class Config:
    games_dir: Path
    address: str  # the daemon's own mail address: From of everything it sends
    transport: TransportSettings
    games: dict[str, GameSettings]
    poll_seconds: int = 30
    replies_per_hour: int = 20  # per sender; beyond it mail is recorded but not answered
    limits: Limits = field(default_factory=Limits)

    @property
    def domain(self) -> str:
        return self.address.rpartition("@")[2] or "gonets.invalid"


def _resolve_secrets(value: Any) -> Any:
    if isinstance(value, str) and value.startswith("env:"):
        name = value[4:]
        if name not in os.environ:
            raise ConfigError(f"environment variable {name} is not set")
        return os.environ[name]
    if isinstance(value, dict):
        return {k: _resolve_secrets(v) for k, v in value.items()}
    return value


def _game(game_id: str, raw: dict[str, Any]) -> GameSettings:
    where = f"games.{game_id}"
    for key in ("ruleset", "gm"):
        if key not in raw:
            raise ConfigError(f"{where}.{key} is missing")
    language = raw.get("language", "ru+en")
    if language not in ("ru", "en", "ru+en"):
        raise ConfigError(f"{where}.language must be ru, en or ru+en")
    phases = {
        name: parse_duration(value, f"{where}.phases.{name}") for name, value in raw.get("phases", {}).items()
    }
    return GameSettings(
        id=game_id,
        ruleset=raw["ruleset"],
        gm=raw["gm"].lower(),
        timezone=ZoneInfo(raw.get("timezone", "Europe/Moscow")),
        language=language,
        phase_durations=phases,
        default_duration=parse_duration(raw.get("deadline", "48h"), f"{where}.deadline"),
        reminder_before=parse_duration(raw.get("reminder", "12h"), f"{where}.reminder"),
        early_resolution=bool(raw.get("early_resolution", True)),
        max_missed=int(raw.get("max_missed", 2)),
        hold_share=float(raw.get("hold_share", 0.5)),
        gm_password=str(raw.get("gm_password", "")),
    )


def _limits(raw: dict[str, Any]) -> Limits:
    defaults = Limits()
    names = [f.name for f in fields(Limits)]
    unknown = sorted(set(raw) - set(names))
    if unknown:
        raise ConfigError(f"limits: unknown key {unknown[0]!r}; the keys are {', '.join(names)}")
    values = {name: int(raw.get(name, getattr(defaults, name))) for name in names}
    if min(values.values()) < 1:
        raise ConfigError("limits: every limit must be a positive number")
    return Limits(**values)


def load_config(path: Path) -> Config:
    with path.open("rb") as fh:
        raw = _resolve_secrets(tomllib.load(fh))
    base = path.parent
    transport = dict(raw.get("transport", {"kind": "maildir"}))
    kind = transport.pop("kind", "maildir")
    for key in ("inbox", "outbox"):
        if key in transport:
            transport[key] = str(base / transport[key])
    if "address" not in raw:
        raise ConfigError("address (the daemon's own mail address) is missing")
    return Config(
        games_dir=base / raw.get("games_dir", "games"),
        address=raw["address"].lower(),
        transport=TransportSettings(kind, transport),
        games={gid: _game(gid, g) for gid, g in raw.get("games", {}).items()},
        poll_seconds=max(1, int(raw.get("poll_seconds", 30))),
        replies_per_hour=int(raw.get("replies_per_hour", 20)),
        limits=_limits(raw.get("limits", {})),
    )
