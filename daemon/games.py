"""The games a daemon runs: each game's settings, and its ruleset and store, each opened once and
only when first used: a pass over a thousand games opens those that have work."""

from __future__ import annotations

import hmac
import os
import secrets
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from daemon.config import Config, ConfigError, GameSettings
from daemon.passwords import Passwords
from daemon.secret_key import load_key
from engines import get_ruleset
from state.disk import Disk

if TYPE_CHECKING:
    from engines.contract import JSON, PhaseSpec, Ruleset
    from engines.russian import Forms
    from engines.text import Catalog, Text
    from state.game_store import GameStore
    from state.records import GameRecord

START_DATA = "start"  # the key of the data read at the start; a ДАННЫЕ's key is its command id


@dataclass(frozen=True)
class GmDataRead:
    data: JSON
    sha256: str  # of the bytes applied, kept in the store under it


def on_the_minute(instant: datetime) -> datetime:
    """A deadline as it is stored: the seconds dropped, so that the minute every mail and command
    shows is the real deadline, never a minute after it."""
    return instant.replace(second=0, microsecond=0)


class Game:
    """One game the daemon runs: its settings, its ruleset and the catalog they give, its store;
    the ruleset is imported and the store opened when first asked for."""

    def __init__(
        self, settings: GameSettings, passwords: Passwords, open_store: Callable[[], GameStore]
    ) -> None:
        self.settings = settings
        self.passwords = passwords  # hashes and checks the players' passwords under the installation's key
        self._open_store = open_store
        # where the GM data file's bytes come from, by the read's key: the file itself, or for
        # `gonets rebuild` the bytes kept when that read was first applied
        self.data_source: Callable[[str], bytes] | None = None
        # the game's own forms (names players gave, names of the GM's data) and the catalog with them
        self._own: tuple[Forms, Catalog] | None = None

    @property
    def id(self) -> str:
        return self.settings.id

    @cached_property
    def ruleset(self) -> Ruleset[Any]:
        return get_ruleset(self.settings.ruleset)

    @cached_property
    def store(self) -> GameStore:
        return self._open_store()

    @property
    def opened(self) -> bool:
        """Whether its store was opened (by this process: a game it never read has nothing to forget)."""
        return "store" in self.__dict__

    @cached_property
    def catalog(self) -> Catalog:
        """Parser problems and the ruleset's own outcomes, in one catalog for rendering."""
        from parsers.orders import parser_catalog

        return parser_catalog().merged(self.ruleset.catalog)

    def catalog_for(self, state: JSON) -> Catalog:
        """`catalog` with the game's own forms over the ruleset's (`Ruleset.forms` of `state`: the
        names players gave, the names of the GM's data), for this game's mail; made once for the
        forms last asked, as they change only with the names."""
        forms = self.ruleset.forms(state) if state else None
        if forms is None or not forms.names:
            return self.catalog
        if self._own is None or self._own[0] != forms:
            self._own = (forms, self.catalog.with_forms(forms))
        return self._own[1]

    def forms_for(self, state: JSON) -> Forms:
        """The ruleset's forms and the game's own over them, for reading orders and for templates."""
        mine = self.ruleset.catalog.forms
        own = self.ruleset.forms(state) if state else None
        return mine.merged(own) if own is not None and own.names else mine

    def owing(self, record: GameRecord) -> list[str]:
        """The expected powers (`GameRecord.expected_powers`) that owe orders in the current phase
        (`Ruleset.owes_orders`): those reminded, waited for, counted missing and toward a hold."""
        return [
            p for p in record.expected_powers() if self.ruleset.owes_orders(record.state, p, record.phase)
        ]

    def owed_by_none(self, record: GameRecord) -> bool:
        """Whether the current phase asks nothing of any player while some play: it is resolved at
        once, when it opens (a game whose players are all on leave still waits for its deadline)."""
        return bool(record.expected_powers()) and not self.owing(record)

    def phase_spec(self, record: GameRecord) -> PhaseSpec:
        return self.ruleset.phases[record.phase]

    def turn_in_subject(self, turn: int, phase: str) -> Text:
        """A subject's turn: the ruleset's name of it («Весна 1901», `Ruleset.turn_title`), else
        «Ход 2» with its phase where the ruleset has more than one («Ход 2, переговоры»): a
        player tells a turn's mails apart in the inbox's list."""
        from engines.text import Text

        titled = self.ruleset.turn_title(turn, phase)
        if titled is not None:
            return titled
        if len(self.ruleset.phases) < 2:
            return Text(f"Ход {turn}", f"Turn {turn}")
        title = self.ruleset.phases[phase].title
        return Text(f"Ход {turn}, {_lowered(title.ru)}", f"Turn {turn}, {_lowered(title.en)}")

    def deadline(self, record: GameRecord) -> datetime | None:
        return datetime.fromisoformat(record.deadline) if record.deadline else None

    def duration(self, record: GameRecord) -> timedelta:
        """How long the current phase runs: the GM's cadence if set, else the config's."""
        seconds = record.durations.get(record.phase)
        return timedelta(seconds=seconds) if seconds else self.settings.duration(record.phase)

    def deadline_from(self, record: GameRecord, start: datetime) -> str:
        """The stored deadline of the current phase begun at `start`: on the minute (`on_the_minute`)."""
        return on_the_minute(start + self.duration(record)).isoformat()

    def load(self) -> GameRecord:
        return self.store.load()

    def is_password(self, typed: str) -> bool:
        """Whether `typed` is one of the players' passwords (a keyed hash: one HMAC), so that a
        mail quoting it has it blanked wherever it is kept."""
        hashed = self.passwords.hash(typed)
        return any(hmac.compare_digest(p.password_hash, hashed) for p in self.load().players.values())

    def gm_data(self, key: str) -> GmDataRead | None:
        """The game's GM data file (`data` in its config) as read now, its bytes kept in the store;
        None when the game names none (or, in a rebuild, its start read none). `key` names the read
        (`START_DATA` or the GM command's id). Raises `gm_data.Unreadable` for a file that cannot be
        read as TOML, with the reason in both languages."""
        from daemon import gm_data

        if self.settings.data is None:
            return None
        if self.data_source is None:
            raw = gm_data.read_bytes(self.settings.data)
        else:
            try:
                raw = self.data_source(key)
            except OSError as error:
                raise gm_data.unreadable(error) from None
            if not raw:
                return None
        return GmDataRead(gm_data.parse(raw), self.store.keep_data(raw))

    def __repr__(self) -> str:
        return f"Game({self.id!r})"


class Games:
    """Every configured game (its store opened when first used); creates the store of a new game
    in signup.

    `read_only` is for commands that only look while a daemon may be writing: each store is read
    as one snapshot, nothing is created, and a game the daemon has not yet created is left out."""

    def __init__(
        self,
        config: Config,
        disk: Disk,
        read_only: bool = False,
        on_change: Callable[[str], None] | None = None,
    ) -> None:
        self.config = config
        self.disk = disk  # the games directory's files, which every store's writes go through
        self.read_only = read_only
        self.on_change = on_change  # told the id of a game whose store or settings changed
        self.passwords = Passwords(load_key(config, lambda: _keyed_games(config, disk)))
        self._games: dict[str, Game] = {}
        self.update(config)

    def update(self, config: Config) -> list[str]:
        """Open the games new in `config` and take the new settings of the others; returns the new
        ids. A game whose ruleset changed is refused whole (`ConfigError`): its store holds the old one."""
        for game_id, settings in config.games.items():
            game = self._games.get(game_id)
            if game is not None and game.settings.ruleset != settings.ruleset:
                raise ConfigError(f"games.{game_id}.ruleset: a running game keeps {game.settings.ruleset}")
        added = [game_id for game_id in sorted(config.games) if game_id not in self._games]
        for game_id in added:
            if game := self._open(config, config.games[game_id]):
                self._games[game_id] = game
        for game_id, game in self._games.items():
            settings = config.games.get(game_id, game.settings)
            if game_id in added or settings != game.settings:  # its clock may run otherwise now
                game.settings = settings
                if self.on_change is not None:
                    self.on_change(game_id)
        self.config = config
        return added

    def _open(self, config: Config, settings: GameSettings) -> Game | None:
        changed = self.on_change

        def open_store() -> GameStore:
            from state.game_store import GameStore

            on_change = None if changed is None else lambda: changed(settings.id)
            directory = config.games_dir / "games" / settings.id
            return GameStore(directory, self.disk, self.read_only, on_change=on_change)

        stored = os.path.exists(hot_file(config.games_dir, settings.id))  # created before any pass
        if self.read_only and not stored:
            return None
        game = Game(settings, self.passwords, open_store)
        if not self.read_only and not stored:
            from state.records import GameRecord

            game.store.save(GameRecord(id=settings.id, ruleset=settings.ruleset, seed=_new_seed(settings.id)))
        return game

    def __iter__(self) -> Iterator[Game]:
        return iter(self._games.values())

    def get(self, game_id: str) -> Game | None:
        return self._games.get(game_id.lower())

    def ids(self) -> list[str]:
        return sorted(self._games)

    def is_password(self, typed: str) -> bool:
        """Whether `typed` is a password of any game's player (a mail that reached no game)."""
        return any(game.is_password(typed) for game in self)

    def power_keywords(self) -> tuple[str, ...]:
        words = {w for game in self for w in game.ruleset.power_keywords}
        return tuple(sorted(words))

    def forget(self) -> None:
        """After a pass whose changes were dropped: read each game from its files again."""
        for game in self:
            if game.opened:
                game.store.forget()
            if self.on_change is not None:
                self.on_change(game.id)

    def close(self) -> None:
        for game in self:
            if game.opened:
                game.store.close()


def hot_file(games_dir: Path, game_id: str) -> str:
    """A game's store file, which every change of the game rewrites (`state.game_store`); a plain
    path (a thousand games at each start: `pathlib` cost more than the stat)."""
    return os.path.join(games_dir, "games", game_id, "game.json")


def _keyed_games(config: Config, disk: Disk) -> list[str]:
    """The configured games whose stored passwords are hashed with the secret key."""
    from state.game_store import GameStore

    keyed = []
    for game_id in sorted(config.games):
        directory = config.games_dir / "games" / game_id
        if not (directory / "game.json").exists():
            continue
        store = GameStore(directory, disk)
        try:
            players = store.load().players.values() if store.exists() else []
            if any(player.password_hash.startswith("hmac$") for player in players):
                keyed.append(game_id)
        finally:
            store.close()
    return keyed


def _new_seed(game_id: str) -> str:
    """Fixed at creation and stored, so every later resolution of the game replays identically."""
    return f"{game_id}:{datetime.now(UTC):%Y%m%d}:{secrets.token_hex(8)}"


def _lowered(title: str) -> str:
    """A phase's title inside a sentence: its first letter small («переговоры»)."""
    return title[:1].lower() + title[1:]
