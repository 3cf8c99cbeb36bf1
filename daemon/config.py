"""The TOML configuration: where games live, how mail travels, and each game's settings.

One declarative schema (the classes below) is the only place a key is defined: its type, its
default, the values it allows and its one-line description. `load_config` validates the whole file
against it and names every mistake at once, one line each with the key, the value as written and
what is allowed, so a bad edit stops the daemon at start instead of mid-game with a traceback.
`daemon/tools/setup.py` writes the commented `gonets init` template (and README's copy of it) from the
same fields, so defaults and documentation cannot drift from what is loaded.

Secrets never need to be in the file: any string value written as "env:NAME" is read from the
environment variable NAME before validation.
"""

from __future__ import annotations

import json
import os
import re
import tomllib
from datetime import timedelta
from pathlib import Path
from typing import Annotated, Any, Literal, get_args, get_origin
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    PlainValidator,
    PrivateAttr,
    TypeAdapter,
    ValidationError,
    ValidationInfo,
    field_validator,
)
from pydantic.dataclasses import dataclass
from pydantic.fields import FieldInfo
from pydantic_core import PydanticCustomError

from engines import REGISTRY
from engines.errors import GonetsError
from parsers.mime import MAX_BODY_CHARS
from state.files import read_regular

Language = Literal["ru", "en", "ru+en"]
Forum = Literal["phpbb", "smf", "ipb", "mybb"]  # BBCode dialects: daemon/outgoing/forum.py says what each has
GAME_ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,40}$")  # also a directory name: nothing else is allowed
_ADDRESS = re.compile(r"^[^@\s]+@[^@\s]+$")
_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([smhd])\s*$")
_UNITS = {"d": 86400, "h": 3600, "m": 60, "s": 1}


class ConfigError(GonetsError):
    """The configuration file is wrong; the message says which key and why."""

    exit_code = 2


def parse_duration(text: str | int | float, key: str) -> timedelta:
    """ "48h", "30m", "2d", "10s" or a number of hours, longer than zero."""
    try:
        return _duration(text)
    except PydanticCustomError as error:
        raise ConfigError(f"{key} = {toml_value(text)}: {error.message()}") from error


def span(duration: timedelta) -> str:
    """A duration as the file writes it: "48h", "30m", "10s"."""
    seconds = duration.total_seconds()
    for unit in "hms":
        count = seconds / _UNITS[unit]
        if count.is_integer():
            return f"{int(count)}{unit}"
    return f"{seconds:g}s"


def toml_value(value: Any) -> str:
    """`value` as TOML writes it, for the template and for error messages."""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, timedelta):
        value = span(value)
    elif isinstance(value, ZoneInfo):
        value = value.key
    elif isinstance(value, Path):
        value = str(value)
    elif isinstance(value, dict):
        return "{ " + ", ".join(f"{key} = {toml_value(item)}" for key, item in value.items()) + " }"
    elif isinstance(value, list):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    return json.dumps(value, ensure_ascii=False) if isinstance(value, str) else repr(value)


# ---- value types: each refuses a wrong value with what is allowed ----------------------------------


def _refuse(kind: str, allowed: str, **context: str) -> PydanticCustomError:
    return PydanticCustomError(kind, allowed, context or None)


def _duration(value: object) -> timedelta:
    if isinstance(value, timedelta):  # a default (validated when another key depends on it)
        seconds = value.total_seconds()
    elif isinstance(value, int | float) and not isinstance(value, bool):
        seconds = value * 3600
    elif isinstance(value, str) and (match := _DURATION.match(value)):
        seconds = float(match[1]) * _UNITS[match[2]]
    else:
        raise _refuse("duration", "should be a duration like 48h, 30m, 2d or 10s, or a number of hours")
    if not seconds > 0:  # NaN included
        raise _refuse("duration", "should be longer than zero")
    try:
        return timedelta(seconds=seconds)
    except OverflowError:
        raise _refuse("duration", "should be shorter than 999999999 days") from None


def _zone(value: object) -> ZoneInfo:
    try:
        if isinstance(value, str):
            return ZoneInfo(value)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        pass
    raise _refuse(
        "time_zone", "should be a time zone zoneinfo knows, like Europe/Moscow or Asia/Yekaterinburg"
    )


def _ruleset(value: str) -> str:
    if value not in REGISTRY:
        raise _refuse("ruleset", "should be one of {known}", known=", ".join(sorted(REGISTRY)))
    return value


def _address(value: str) -> str:
    if not _ADDRESS.match(value):
        raise _refuse("address", "should be a mail address like name@example.org")
    return value.lower()


def _game_id(value: str) -> str:
    if not GAME_ID.match(value):
        raise _refuse("game_id", "a game id should be lowercase letters, digits, - and _ (at most 41)")
    return value


def _beside_the_file(value: object, info: ValidationInfo) -> Path:
    """Relative to the config file's folder, which `load_config` passes as context. Without one
    (dataclasses.replace re-validating a loaded Config) the path is already absolute."""
    if not isinstance(value, str | Path):
        raise _refuse("path", "should be a file or folder name")
    base: Path = (info.context or {}).get("base", Path())
    return base / value


Duration = Annotated[timedelta, PlainValidator(_duration)]
Zone = Annotated[ZoneInfo, PlainValidator(_zone)]
Address = Annotated[str, Field(strict=True), AfterValidator(_address)]
RelativeToFile = Annotated[Path, PlainValidator(_beside_the_file)]
GameId = Annotated[str, AfterValidator(_game_id)]


# ---- the tables ------------------------------------------------------------------------------------


class Table(BaseModel):
    """Base of every config table: frozen; types as TOML writes them (no "2" for 2, no 1 for true);
    unknown keys refused, since a misspelt key would otherwise silently keep its default."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)


class GameSettings(Table):
    """How one game runs: its ruleset, GM, clocks and patience with silent players. Its id is the
    table's name ([games.<id>]), set by `Config`, so `id = ...` inside the table is refused."""

    _id: str = PrivateAttr("")
    ruleset: Annotated[str, AfterValidator(_ruleset)] = Field(
        description=f"the rulebook the game plays: {', '.join(sorted(REGISTRY))}"
    )
    gm: Address = Field(description="the game master's address: digests go there")
    timezone: Zone = Field(
        ZoneInfo("Europe/Moscow"), description="deadlines are shown in this zone (English text adds UTC)"
    )
    language: Language = Field("ru", description="ru, en or ru+en (Russian first, English below)")
    forum: Forum = Field(
        "phpbb", description="the digest's forum post in this BBCode: phpbb, smf, ipb or mybb"
    )
    default_duration: Duration = Field(
        timedelta(hours=48), alias="deadline", description="default phase length: 30m, 48h, 2d or hours"
    )
    phase_durations: dict[str, Duration] = Field(
        default_factory=dict,
        alias="phases",
        description="per-phase lengths, by the ruleset's phase names",
        examples=[{"talks": "24h", "vote": "18h", "orders": "48h"}],
    )
    reminder_before: Duration = Field(
        timedelta(hours=12),
        alias="reminder",
        validate_default=True,  # a short deadline must not leave the default reminder longer than it
        description="remind silent players this long before a deadline (shorter than every phase)",
    )
    early_resolution: bool = Field(
        True, description="resolve before the deadline once every active player is ready"
    )
    max_missed: int = Field(2, ge=1, description="missed turns in a row before the computer takes over")
    hold_share: float = Field(
        0.5, gt=0, lt=1, description="more than this share silent: hold the turn, ask the GM"
    )
    gm_password: str = Field(
        "",
        description="enables GM commands by mail (ВЕДУЩИЙ + ПАРОЛЬ); empty: none",
        examples=["env:GONETS_GM_PASSWORD"],
    )
    data: RelativeToFile | None = Field(
        None,
        description="the GM's secret data (TOML, beside this file), read at the start and on ДАННЫЕ",
        examples=["tribes-map.toml"],
    )

    @property
    def id(self) -> str:
        return self._id

    def duration(self, phase: str) -> timedelta:
        return self.phase_durations.get(phase, self.default_duration)

    @field_validator("reminder_before")
    @classmethod
    def _shorter_than_every_phase(cls, reminder: timedelta, info: ValidationInfo) -> timedelta:
        """A reminder as long as a phase would go out as the phase opens, or never."""
        phases = info.data.get("phase_durations", {})
        lengths = {f"phases.{name} = {toml_value(length)}": length for name, length in phases.items()}
        if "default_duration" in info.data:
            deadline = info.data["default_duration"]
            lengths[f"deadline = {toml_value(deadline)}"] = deadline
        shortest = min(lengths, key=lengths.__getitem__, default=None)
        if shortest is not None and reminder >= lengths[shortest]:
            raise _refuse(
                "reminder", "should be shorter than the shortest phase ({shortest})", shortest=shortest
            )
        return reminder


class Limits(Table):
    """What one mail may cost the daemon. Beyond a limit the whole mail is refused with a reply that
    names the limit, and nothing of it is stored: half a mail's orders standing would be worse
    than none, because the player believes the reply covered all of them."""

    order_lines: int = Field(
        500, ge=1, description="lines that may hold orders (quotes, comments, signature not counted)"
    )
    body_chars: int = Field(
        MAX_BODY_CHARS, ge=1, description="characters of body text as sent (HTML source, or a .txt file)"
    )
    wrong_passwords: int = Field(
        5, ge=1, description='per sender and game per hour; then one "wait" reply, no checks'
    )
    mail_bytes: int = Field(
        25 * 1024 * 1024, ge=1, description="a bigger raw mail is not read: one reply, kept for the GM"
    )
    replies_total_per_hour: int = Field(
        2000, ge=1, description="answers to everyone together, against floods and backscatter"
    )


class TransportSettings(Table):
    """How mail travels. The tables of a mail server kind ([transport.imap], [transport.smtp]) are
    checked by daemon/transports when the transport is built, so other keys pass through here."""

    model_config = ConfigDict(extra="allow")
    kind: str = Field("maildir", description="maildir: mail as files, no server needed; imap: a mail account")
    inbox: RelativeToFile | None = Field(
        None, description="maildir: incoming mail is delivered here", examples=["mail/inbox"]
    )
    outbox: RelativeToFile | None = Field(
        None, description="maildir: every mail sent lands here", examples=["mail/sent"]
    )

    @property
    def options(self) -> dict[str, Any]:
        """Everything but the kind, as the transports read it (file names as strings)."""
        paths = {key: str(path) for key, path in (("inbox", self.inbox), ("outbox", self.outbox)) if path}
        return {**(self.model_extra or {}), **paths}


def _named(games: dict[str, GameSettings]) -> dict[str, GameSettings]:
    """Each game told its id, the name of its table; copies, since dataclasses.replace passes the
    games of another Config through here."""
    named = {}
    for game_id, game in games.items():
        named[game_id] = game.model_copy()
        named[game_id]._id = game_id
    return named


@dataclass(frozen=True, config=ConfigDict(extra="forbid"))
class Config:
    """The whole file. A dataclass rather than a `Table`: `rebuild` narrows it with dataclasses.replace."""

    address: Address = Field(description="the daemon's own address: From of every mail it sends")
    games_dir: RelativeToFile = Field(
        Path("games"), validate_default=True, description="games, the mail archive and the outbox live here"
    )
    secret_key: str = Field(
        "",
        description="key of the password hashes, from the environment; empty: secret_key_file",
        examples=["env:GONETS_SECRET_KEY"],
    )
    secret_key_file: RelativeToFile = Field(
        Path("gonets.key"),
        validate_default=True,
        description="the key's file (mode 0600, made if missing), never inside games_dir",
    )
    poll_seconds: int = Field(
        30, strict=True, ge=1, description="seconds between passes over inbox and deadlines"
    )
    replies_per_hour: int = Field(
        20, strict=True, ge=1, description="answers per sender per hour, against mail loops"
    )
    transport: TransportSettings = Field(
        default_factory=TransportSettings, description="how mail comes in and goes out"
    )
    limits: Limits = Field(
        default_factory=Limits,
        description="what one mail may ask of the daemon; beyond a limit it is refused whole, with a reply",
    )
    games: Annotated[dict[GameId, GameSettings], AfterValidator(_named)] = Field(
        default_factory=dict, description="one table per game: [games.<id>], the id players write in subjects"
    )

    @property
    def domain(self) -> str:
        return self.address.rpartition("@")[2] or "gonets.invalid"


def keys(table: type[Any]) -> dict[str, FieldInfo]:
    """A table's keys as the file writes them, in the schema's order."""
    fields: dict[str, FieldInfo] = table.__pydantic_fields__
    return {info.alias or name: info for name, info in fields.items()}


# ---- loading ---------------------------------------------------------------------------------------

_SCHEMA = TypeAdapter(Config)
_UNWRITTEN = object()


def load_config(path: Path) -> Config:
    """`path` validated against the schema; `ConfigError` naming every mistake otherwise."""
    try:
        text = read_regular(path, follow_links=True)[0].decode("utf-8")  # a FIFO would block the daemon
        raw = tomllib.loads(text)
    except FileNotFoundError:
        raise ConfigError(
            f"{path}: no such file (gonets init --config {path} --game ID --ruleset R --gm ADDR writes one)"
        ) from None
    except OSError as error:
        raise ConfigError(f"{path}: cannot be read: {error.strerror}") from error
    except UnicodeDecodeError as error:
        raise ConfigError(f"{path}: not UTF-8 text (byte {error.start})") from error
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path}: not valid TOML: {error}") from error
    unset: list[str] = []
    resolved = _resolve_secrets(raw, "", unset)
    if unset:
        raise ConfigError("\n".join(unset))
    try:
        return _SCHEMA.validate_python(resolved, context={"base": path.parent})
    except ValidationError as error:
        raise ConfigError(
            "\n".join(_mistake(item, raw) for item in error.errors(include_url=False))
        ) from error


def _resolve_secrets(value: Any, key: str, unset: list[str]) -> Any:
    if isinstance(value, str) and value.startswith("env:"):
        name = value[4:]
        if name not in os.environ:
            unset.append(f"{key} = {toml_value(value)}: the environment variable {name} is not set")
        return os.environ.get(name, value)
    if isinstance(value, dict):
        return {
            name: _resolve_secrets(item, f"{key}.{name}" if key else name, unset)
            for name, item in value.items()
        }
    return value


def _mistake(item: Any, raw: dict[str, Any]) -> str:
    """One line: the key, the value as written in the file (never a secret read from the
    environment), what is allowed."""
    loc = tuple(str(part) for part in item["loc"])
    if loc[-1] == "[key]":
        return f"{'.'.join(loc[:-1])}: {item['msg']}"
    written, table = _locate(loc)
    key = ".".join(written)
    if item["type"] == "missing":
        return f"{key} is missing"
    value = _written(raw, written)
    shown = toml_value(item["input"]) + " (the default)" if value is _UNWRITTEN else toml_value(value)
    if len(shown) > 60:
        shown = shown[:57] + "..."
    if item["type"] in ("extra_forbidden", "unexpected_keyword_argument"):
        return f"{key} = {shown}: unknown key; the keys here are {', '.join(keys(table))}"
    if item["type"] in ("dict_type", "model_type"):
        return f"{key} = {shown}: should be a table"
    return f"{key} = {shown}: {item['msg'].removeprefix('Input ')}"


def _locate(loc: tuple[str, ...]) -> tuple[list[str], type[Any]]:
    """The keys leading to `loc` as the file writes them (an error in a default is located by the
    field's name), and the table holding the last one."""
    table: Any = Config
    holder: Any = Config
    written: list[str] = []
    for part in loc:
        holder = table
        if get_origin(table) is dict:  # a free-form table: games by id, phases by name
            written.append(part)
            table = get_args(table)[1]
            continue
        fields: dict[str, FieldInfo] = getattr(table, "__pydantic_fields__", {})
        info = keys(table).get(part, fields.get(part)) if fields else None
        written.append(info.alias or part if info else part)
        table = info.annotation if info else None
    found: type[Any] = holder
    return written, found


def _written(raw: Any, path: list[str]) -> Any:
    for key in path:
        if not isinstance(raw, dict) or key not in raw:
            return _UNWRITTEN
        raw = raw[key]
    return raw
