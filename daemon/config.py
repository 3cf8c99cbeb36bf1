"""The TOML configuration: where games live, how mail travels, and each game's settings.

One declarative schema (the tables below) is the only place a key is defined: its type, its
default, the values it allows and its one-line description (`key`). `load_config` checks the
whole file against it and names every mistake at once, one line each with the key, the value as
written and what is allowed, so a bad edit stops the daemon at start instead of mid-game with a
traceback. `daemon/tools/setup.py` writes the commented `gonets init` template (and README's copy
of it) from the same keys, so defaults and documentation cannot drift from what is loaded.

The tables are plain frozen dataclasses and the checks are this module's own small functions: a
cron pass reads the file every minute, and importing a validation library alone cost it two
bare interpreter starts.

Secrets never need to be in the file: any string value written as "env:NAME" is read from the
environment variable NAME before validation.
"""

from __future__ import annotations

import json
import os
import re
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import MISSING, dataclass, field, fields
from datetime import timedelta
from pathlib import Path
from typing import Any, Literal, get_args
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from engines import REGISTRY
from engines.errors import GonetsError
from parsers.limits import MAX_BODY_CHARS
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


class Refused(ValueError):
    """What is allowed, said of a value that is not."""


def parse_duration(text: str | int | float, key: str) -> timedelta:
    """ "48h", "30m", "2d", "10s" or a number of hours, longer than zero."""
    try:
        return _duration(text)
    except Refused as error:
        raise ConfigError(f"{key} = {toml_value(text)}: {error}") from error


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


# ---- value checks: each returns the value as loaded, or refuses it with what is allowed ------------

Loaded = Mapping[str, Any]  # the table's keys loaded so far, by field name (a check may compare)
Check = Callable[[Any, Path, Loaded], Any]  # value as written (secrets read), the config's folder


def _text(value: Any, base: Path, loaded: Loaded) -> str:
    if not isinstance(value, str):
        raise Refused("should be a valid string")
    return value


def _flag(value: Any, base: Path, loaded: Loaded) -> bool:
    if not isinstance(value, bool):
        raise Refused("should be a valid boolean")
    return value


def _at_least(least: int) -> Check:
    def check(value: Any, base: Path, loaded: Loaded) -> int:
        if type(value) is not int:
            raise Refused("should be a valid integer")
        if value < least:
            raise Refused(f"should be greater than or equal to {least}")
        return value

    return check


def _share(value: Any, base: Path, loaded: Loaded) -> float:
    """A fraction strictly between 0 and 1."""
    if type(value) not in (int, float):
        raise Refused("should be a valid number")
    if not value > 0:
        raise Refused("should be greater than 0")
    if not value < 1:
        raise Refused("should be less than 1")
    return float(value)


def _one_of(literal: Any) -> Check:
    allowed = get_args(literal)
    said = " or ".join(filter(None, (", ".join(f"'{a}'" for a in allowed[:-1]), f"'{allowed[-1]}'")))

    def check(value: Any, base: Path, loaded: Loaded) -> str:
        if value not in allowed:
            raise Refused(f"should be {said}")
        return str(value)

    return check


def _duration(value: object) -> timedelta:
    if isinstance(value, timedelta):
        seconds = value.total_seconds()
    elif isinstance(value, int | float) and not isinstance(value, bool):
        seconds = value * 3600
    elif isinstance(value, str) and (match := _DURATION.match(value)):
        seconds = float(match[1]) * _UNITS[match[2]]
    else:
        raise Refused("should be a duration like 48h, 30m, 2d or 10s, or a number of hours")
    if not seconds > 0:  # NaN included
        raise Refused("should be longer than zero")
    try:
        return timedelta(seconds=seconds)
    except OverflowError:
        raise Refused("should be shorter than 999999999 days") from None


def _length(value: Any, base: Path, loaded: Loaded) -> timedelta:
    return _duration(value)


def _zone(value: Any, base: Path, loaded: Loaded) -> ZoneInfo:
    try:
        if isinstance(value, str):
            return ZoneInfo(value)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        pass
    raise Refused("should be a time zone zoneinfo knows, like Europe/Moscow or Asia/Yekaterinburg")


def _ruleset(value: Any, base: Path, loaded: Loaded) -> str:
    if _text(value, base, loaded) not in REGISTRY:
        raise Refused(f"should be one of {', '.join(sorted(REGISTRY))}")
    return str(value)


def _address(value: Any, base: Path, loaded: Loaded) -> str:
    if not _ADDRESS.match(_text(value, base, loaded)):
        raise Refused("should be a mail address like name@example.org")
    return str(value).lower()


def _game_id(value: str) -> str:
    if not GAME_ID.match(value):
        raise Refused("a game id should be lowercase letters, digits, - and _ (at most 41)")
    return value


def _beside_the_file(value: Any, base: Path, loaded: Loaded) -> Path:
    """Relative to the config file's folder (a default is a `Path` already)."""
    if not isinstance(value, str | Path):
        raise Refused("should be a file or folder name")
    return base / value


def _names(value: Any, base: Path, loaded: Loaded) -> tuple[str, ...]:
    """Names of the ruleset's, each once (whether the rules know them is the start's to say)."""
    if not isinstance(value, list) or not value or not all(isinstance(v, str) and v for v in value):
        raise Refused('should be a list of names, like ["США", "Китай"]')
    if len(set(value)) < len(value):
        raise Refused("should name each once")
    return tuple(value)


def _reminder(value: Any, base: Path, loaded: Loaded) -> timedelta:
    """A reminder as long as a phase would go out as the phase opens, or never: it must be
    shorter than every phase, written or left at its default."""
    reminder = _duration(value)
    lengths = {f"phases.{name}": length for name, length in loaded.get("phase_durations", {}).items()}
    if "default_duration" in loaded:
        lengths["deadline"] = loaded["default_duration"]
    shortest = min(lengths, key=lengths.__getitem__, default=None)
    if shortest is not None and reminder >= lengths[shortest]:
        said = f"{shortest} = {toml_value(lengths[shortest])}"
        raise Refused(f"should be shorter than the shortest phase ({said})")
    return reminder


# ---- the schema ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Key:
    """One key of a table as the file writes it: `name`, the field it loads into, and either a
    `check` of its value, or the `table` class it holds (one table, or one per entry `by_name`),
    or a check of each value of a table of its own (`each`)."""

    name: str
    field: str
    description: str
    check: Check | None = None
    table: type[Any] | None = None
    by_name: bool = False
    each: Check | None = None
    example: Any = None
    check_default: bool = False  # the default is checked too (it depends on other keys)
    required: bool = False
    default: Any = None
    factory: Callable[[], Any] | None = None

    def is_required(self) -> bool:
        return self.required

    def default_value(self) -> Any:
        return self.default if self.factory is None else self.factory()


def key(description: str, check: Check | None = None, *, name: str = "", **kind: Any) -> dict[str, Any]:
    """A dataclass field's metadata that makes it a key of the file (`Key` says what is what)."""
    return {"key": (name, dict(description=description, check=check, **kind))}


def keys(table: type[Any]) -> dict[str, Key]:
    """A table's keys as the file writes them, in the schema's order."""
    found = {}
    for spec in fields(table):
        if "key" in spec.metadata:
            name, given = spec.metadata["key"]
            name = name or spec.name
            required = spec.default is MISSING and spec.default_factory is MISSING
            default = None if spec.default is MISSING else spec.default
            factory = None if spec.default_factory is MISSING else spec.default_factory
            found[name] = Key(name, spec.name, **given, required=required, default=default, factory=factory)
    return found


@dataclass(frozen=True)
class GameSettings:
    """How one game runs: its ruleset, GM, clocks and patience with silent players. Its id is the
    table's name ([games.<id>]), set by `Config`, so `id = ...` inside the table is refused."""

    ruleset: str = field(
        metadata=key(f"the rulebook the game plays: {', '.join(sorted(REGISTRY))}", _ruleset)
    )
    gm: str = field(metadata=key("the game master's address: digests go there", _address))
    timezone: ZoneInfo = field(
        default=ZoneInfo("Europe/Moscow"),
        metadata=key("deadlines are shown in this zone (English text adds UTC)", _zone),
    )
    language: Language = field(
        default="ru", metadata=key("ru, en or ru+en (Russian first, English below)", _one_of(Language))
    )
    forum: Forum = field(
        default="phpbb",
        metadata=key("the digest's forum post in this BBCode: phpbb, smf, ipb or mybb", _one_of(Forum)),
    )
    default_duration: timedelta = field(
        default=timedelta(hours=48),
        metadata=key("default phase length: 30m, 48h, 2d or hours", _length, name="deadline"),
    )
    phase_durations: dict[str, timedelta] = field(
        default_factory=dict,
        metadata=key(
            "per-phase lengths, by the ruleset's phase names",
            name="phases",
            each=_length,
            example={"talks": "24h", "vote": "18h", "orders": "48h"},
        ),
    )
    reminder_before: timedelta = field(
        default=timedelta(hours=12),
        metadata=key(
            "remind silent players this long before a deadline (shorter than every phase)",
            _reminder,
            name="reminder",
            check_default=True,  # a short deadline must not leave the default reminder longer than it
        ),
    )
    early_resolution: bool = field(
        default=True, metadata=key("resolve before the deadline once every active player is ready", _flag)
    )
    max_missed: int = field(
        default=2, metadata=key("missed turns in a row before the computer takes over", _at_least(1))
    )
    hold_share: float = field(
        default=0.5, metadata=key("more than this share silent: hold the turn, ask the GM", _share)
    )
    gm_password: str = field(
        default="",
        metadata=key(
            "the GM password: GM commands by mail (ВЕДУЩИЙ + ПАРОЛЬ) are refused without it",
            _text,
            example="env:GONETS_GM_PASSWORD",
        ),
    )
    powers: tuple[str, ...] = field(
        default=(),
        metadata=key(
            "the powers the start's lot deals to players (default: as the rules seat them)",
            _names,
            example=["США", "Китай"],
        ),
    )
    data: Path | None = field(
        default=None,
        metadata=key(
            "the GM's secret data (TOML, beside this file), read at the start and on ДАННЫЕ",
            _beside_the_file,
            example="tribes-map.toml",
        ),
    )
    id: str = ""  # the table's name

    def duration(self, phase: str) -> timedelta:
        return self.phase_durations.get(phase, self.default_duration)


@dataclass(frozen=True)
class Limits:
    """What one mail may cost the daemon. Beyond a limit the whole mail is refused with a reply that
    names the limit, and nothing of it is stored: half a mail's orders standing would be worse
    than none, because the player believes the reply covered all of them."""

    order_lines: int = field(
        default=500,
        metadata=key("lines that may hold orders (quotes, comments, signature not counted)", _at_least(1)),
    )
    body_chars: int = field(
        default=MAX_BODY_CHARS,
        metadata=key("characters of body text as sent (HTML source, or a .txt file)", _at_least(1)),
    )
    wrong_passwords: int = field(
        default=5,
        metadata=key('per sender and game per hour; then one "wait" reply, no checks', _at_least(1)),
    )
    mail_bytes: int = field(
        default=25 * 1024 * 1024,
        metadata=key("a bigger raw mail is not read: one reply, kept for the GM", _at_least(1)),
    )
    replies_total_per_hour: int = field(
        default=2000,
        metadata=key("answers to everyone together, against floods and backscatter", _at_least(1)),
    )


@dataclass(frozen=True)
class TransportSettings:
    """How mail travels. The tables of a mail server kind ([transport.imap], [transport.smtp]) are
    checked by daemon/transports when the transport is built, so other keys pass through here."""

    kind: str = field(
        default="maildir",
        metadata=key("maildir: mail as files, no server needed; imap: a mail account", _text),
    )
    inbox: Path | None = field(
        default=None,
        metadata=key("maildir: incoming mail is delivered here", _beside_the_file, example="mail/inbox"),
    )
    outbox: Path | None = field(
        default=None,
        metadata=key("maildir: every mail sent lands here", _beside_the_file, example="mail/sent"),
    )
    extra: Mapping[str, Any] = field(default_factory=dict)  # the keys passed through

    @property
    def options(self) -> dict[str, Any]:
        """Everything but the kind, as the transports read it (file names as strings)."""
        paths = {key: str(path) for key, path in (("inbox", self.inbox), ("outbox", self.outbox)) if path}
        return {**self.extra, **paths}


@dataclass(frozen=True)
class Config:
    """The whole file. `rebuild` narrows it with dataclasses.replace."""

    address: str = field(metadata=key("the daemon's own address: From of every mail it sends", _address))
    games_dir: Path = field(
        default=Path("games"),
        metadata=key(
            "games, the mail archive and the outbox live here", _beside_the_file, check_default=True
        ),
    )
    secret_key: str = field(
        default="",
        metadata=key(
            "key of the password hashes, from the environment; empty: secret_key_file",
            _text,
            example="env:GONETS_SECRET_KEY",
        ),
    )
    secret_key_file: Path = field(
        default=Path("gonets.key"),
        metadata=key(
            "the key's file (mode 0600, made if missing), never inside games_dir",
            _beside_the_file,
            check_default=True,
        ),
    )
    site_dir: Path | None = field(
        default=None,
        metadata=key(
            "the public web archive of every game (gonets site), refreshed after each released turn",
            _beside_the_file,
            example="site",
        ),
    )
    poll_seconds: int = field(
        default=30, metadata=key("seconds between passes over inbox and deadlines", _at_least(1))
    )
    replies_per_hour: int = field(
        default=20, metadata=key("answers per sender per hour, against mail loops", _at_least(1))
    )
    transport: TransportSettings = field(
        default_factory=TransportSettings,
        metadata=key("how mail comes in and goes out", table=TransportSettings),
    )
    limits: Limits = field(
        default_factory=Limits,
        metadata=key(
            "what one mail may ask of the daemon; beyond a limit it is refused whole, with a reply",
            table=Limits,
        ),
    )
    games: dict[str, GameSettings] = field(
        default_factory=dict,
        metadata=key(
            "one table per game: [games.<id>], the id players write in subjects",
            table=GameSettings,
            by_name=True,
        ),
    )

    @property
    def domain(self) -> str:
        return self.address.rpartition("@")[2] or "gonets.invalid"


_PASSED_THROUGH = {TransportSettings: "extra"}  # the field a table's unknown keys go to, if it takes them


# ---- loading ---------------------------------------------------------------------------------------


def load_config(path: Path) -> Config:
    """`path` checked against the schema; `ConfigError` naming every mistake otherwise."""
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
    mistakes: list[str] = []
    config: Config | None = _Reader(path.parent, mistakes).table(Config, resolved, raw, [])
    if config is None:
        raise ConfigError("\n".join(mistakes))
    if config.site_dir is not None and (exposed := published_secrets(config.site_dir, config, path)):
        why = f"a web server would publish {', '.join(exposed)}: give the site a folder of its own"
        raise ConfigError(f"site_dir = {_shown(raw['site_dir'])}: {why}")
    return config


def published_secrets(site: Path, config: Config, path: Path) -> list[str]:
    """What of the daemon's own a web archive written into `site` would put behind a web server:
    the config file, the key, a game's GM data, the games directory or a Maildir folder that `site`
    holds, is, or lies inside (links followed)."""
    site = site.resolve()
    files: dict[str, Path] = {"the config file": path, "secret_key_file": config.secret_key_file}
    files |= {f"games.{g.id}.data": g.data for g in config.games.values() if g.data is not None}
    folders: dict[str, Path | None] = {"games_dir": config.games_dir}
    folders |= {"transport.inbox": config.transport.inbox, "transport.outbox": config.transport.outbox}
    exposed = [name for name, file in files.items() if site in file.resolve().parents]
    for name, folder in folders.items():
        if folder is not None and _overlap(site, folder.resolve()):
            exposed.append(name)
    return exposed


def _overlap(one: Path, other: Path) -> bool:
    """Whether one folder is the other or holds it."""
    return one == other or one in other.parents or other in one.parents


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


@dataclass
class _Reader:
    """Loads tables from the file's values, noting each mistake on one line: the key, the value
    as written in the file (never a secret read from the environment), what is allowed."""

    base: Path  # the config file's folder: file names are relative to it
    mistakes: list[str]
    schemas: dict[type[Any], dict[str, Key]] = field(default_factory=dict)  # keys() of each table class once

    def table(self, cls: type[Any], given: Any, written: Any, at: list[str], **known: Any) -> Any:
        """An instance of `cls` from `given` (`written`: the same as the file has it; `known`: its
        fields that are no keys), or None."""
        if not isinstance(given, dict):
            self._refuse(at, written, "should be a table")
            return None
        before, values = len(self.mistakes), dict[str, Any](known)
        schema = self.schemas.get(cls) or self.schemas.setdefault(cls, keys(cls))
        for spec in schema.values():
            where = [*at, spec.name]
            if spec.name in given:
                loaded = self._value(spec, given[spec.name], written.get(spec.name), where, values)
            elif spec.is_required():
                self.mistakes.append(f"{'.'.join(where)} is missing")
                continue
            elif spec.check_default and spec.check is not None:
                default = spec.default_value()
                loaded = self._checked(spec.check, default, where, values, _Default(default))
            else:
                loaded = spec.default_value()
            if loaded is not _BAD:
                values[spec.field] = loaded
        unknown = [name for name in given if name not in schema]
        if cls in _PASSED_THROUGH:
            values[_PASSED_THROUGH[cls]] = {name: given[name] for name in unknown}
        else:
            for name in unknown:
                self._refuse(
                    [*at, name], written.get(name), f"unknown key; the keys here are {', '.join(schema)}"
                )
        return cls(**values) if len(self.mistakes) == before else None

    def _value(self, spec: Key, given: Any, written: Any, at: list[str], values: Loaded) -> Any:
        if spec.check is not None:
            return self._checked(spec.check, given, at, values, written)
        if spec.table is not None and not spec.by_name:
            return self.table(spec.table, given, written, at) or _BAD
        if not isinstance(given, dict):
            self._refuse(at, written, "should be a table")
            return _BAD
        loaded, before = {}, len(self.mistakes)
        for name, item in given.items():
            where, shown = [*at, name], written.get(name)
            if spec.table is not None:
                try:
                    _game_id(name)
                except Refused as refused:
                    self.mistakes.append(f"{'.'.join(where)}: {refused}")
                    continue
                if (table := self.table(spec.table, item, shown, where, id=name)) is not None:
                    loaded[name] = table
            elif spec.each is not None:
                loaded[name] = self._checked(spec.each, item, where, values, shown)
        return loaded if len(self.mistakes) == before else _BAD

    def _checked(self, check: Check, value: Any, at: list[str], values: Loaded, written: Any) -> Any:
        try:
            return check(value, self.base, values)
        except Refused as refused:
            self._refuse(at, written, str(refused))
            return _BAD

    def _refuse(self, at: list[str], written: Any, why: str) -> None:
        self.mistakes.append(f"{'.'.join(at)} = {_shown(written)}: {why}")


_BAD = object()  # a value refused: its mistake is noted, the table is not made


def _shown(written: Any) -> str:
    """A value in a mistake's line, as the file has it, or as the schema when it is the default."""
    if isinstance(written, _Default):
        return f"{toml_value(written.value)} (the default)"
    shown = toml_value(written)
    return shown[:57] + "..." if len(shown) > 60 else shown


class _Default:
    """A key's default, checked as if written (`Key.check_default`)."""

    def __init__(self, value: Any) -> None:
        self.value = value
