"""`gonets rebuild`: make a game's store again from the raw mail archive, sending nothing.

The archive keeps every mail byte for byte with a done marker saying when it was handled and what
came of it; the damaged game folder keeps (usually intact) its turn records, with when each phase
was resolved, and its history.jsonl, with the GM's command-line actions. Replaying those three
streams in time order through the daemon's own code — mails through `mailflow`, deadlines through
`turns.tick`, GM lines through `run_line` — with the clock set to each event's original time
gives back the same game: resolutions are deterministic for the stored seed.

What cannot come back, and what is done about it:
- the seed lives in game.json; when that is unreadable it is read off a turn record ("seed" is
  "<game seed>:<record name>");
- passwords exist only as keyed hashes, and the archived mails have them blanked. A mail's password
  proves what the original run's done record says it proved (its "verdict": the power's, the
  GM's, wrong; a record from before verdicts were kept: right unless refused as wrong, the GM's
  checked against the config), so the orders replay even if the game.json with the hashes is gone;
  the final hashes are then carried over
  from the damaged store when it can still be read — else nobody knows the new ones and every
  player needs `ЗАМЕНИТЬ <страна> <адрес>` (a fresh password by mail), which the output says;
- GM command-line actions recorded before history entries carried the command text are listed,
  not replayed; those recorded with their command id replay as that very command (its lot too);
- the GM data file may have changed since: the start and each ДАННЫЕ apply the bytes kept in the
  store when they were first applied (`data/<sha256>.toml`); a read recorded before those were
  kept reads the file as it is now, which the output says;
- nothing is mailed: replies, reports and role mails go to a scratch outbox that is dropped.
The damaged folder is moved aside (`<game>.damaged-<time>`), never deleted.
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from daemon.config import Config
from daemon.games import START_DATA, Game, Games
from daemon.gm.dispatch import run_line
from daemon.incoming import mailflow
from daemon.outgoing.postman import Postman
from daemon.passwords import ReplayedChecks, is_secret
from daemon.phases.deadlines import tick
from daemon.phases.start import START_RECORD
from state.archive import MailArchive
from state.disk import Disk
from state.files import read_json
from state.game_store import GameStore, data_path
from state.lock import DirectoryLock
from state.outbox import Outbox
from state.records import GameRecord

log = logging.getLogger(__name__)

_MAIL, _GM_LINE, _TICK = 0, 1, 2  # at one instant: a pass's mails, then its tick (as `run_once`)


@dataclass(frozen=True)
class Event:
    at: datetime
    kind: int
    key: str = ""  # archive key of a mail
    line: str = ""  # a GM command line
    reason: str = ""
    token: str = ""  # the GM command line's own token, when its history entry names it
    seq: int = 0  # its place among the game's events (`GameStore.next_event`); 0: recorded before

    def order(self) -> tuple[int, int, datetime, int]:
        """Events recorded with their place first in time order (they came before any numbered
        one), then every numbered one by its number."""
        return (1, self.seq, self.at, self.kind) if self.seq else (0, 0, self.at, self.kind)


@dataclass
class Damaged:
    """What the moved-aside folder still tells: the record (if readable), the seed, the timeline."""

    record: GameRecord | None
    seed: str
    resolved_at: list[tuple[datetime, int]]  # each resolution's instant and place (0: not kept)
    history: list[dict[str, Any]]
    start_data: str | None = None  # the sha256 of the GM data the start applied; None: not recorded


@dataclass
class RebuildReport:
    game: str
    aside: Path | None
    mails: int = 0
    gm_lines: int = 0
    resolved: int = 0
    passwords_kept: bool = False
    seed_from: str = ""
    failed: list[str] = field(default_factory=list)
    not_replayed: list[str] = field(default_factory=list)
    data_now: list[str] = field(default_factory=list)  # GM data reads with no kept bytes
    differences: list[str] = field(default_factory=list)  # where the rebuilt game is not the one it replaces

    @property
    def faithful(self) -> bool:
        """Whether every event replayed and the result is the game it replaces, as far as it reads."""
        return not self.failed and not self.differences

    def text(self, config_path: str) -> str:
        lines = [
            f"{self.game}: пересобрана из архива / rebuilt from the archive: {self.mails} mails, "
            f"{self.gm_lines} GM command lines, {self.resolved} phases resolved; seed from {self.seed_from}",
            f"  повреждённая папка сохранена / the damaged folder is kept at: {self.aside or '(none)'}",
        ]
        if not self.passwords_kept:
            lines.append(
                "  ПАРОЛИ ПОТЕРЯНЫ / PASSWORDS LOST: the damaged store was unreadable, so nobody knows the "
                "new passwords. Give each player a fresh one by mail:\n"
                f"    gonets gm --config {config_path} {self.game} ЗАМЕНИТЬ <страна/power> <адрес/address>"
            )
        lines += [f"  не воспроизведено / not replayed: {item}" for item in self.not_replayed]
        lines += [
            f"  данные ведущего из файла, каким он стал / GM data from the file as it is now: {item}"
            for item in self.data_now
        ]
        lines += [f"  ошибка / failed: {item}" for item in self.failed]
        lines += [
            f"  не совпадает с прежней / differs from the store it replaces: {item}"
            for item in self.differences
        ]
        return "\n".join(lines)


def rebuild_games(config: Config, game_ids: list[str], stamp: datetime) -> list[RebuildReport]:
    """Rebuild each game under the games directory's lock (the daemon must be stopped)."""
    with DirectoryLock(config.games_dir):
        disk = Disk(config.games_dir)  # no pass: every write is made durable at once
        archive = MailArchive(config.games_dir / "archive", disk)
        return [_rebuild(config, archive, game_id, stamp) for game_id in game_ids]


def _rebuild(config: Config, archive: MailArchive, game_id: str, stamp: datetime) -> RebuildReport:
    settings = config.games[game_id]
    directory = config.games_dir / "games" / game_id
    aside = None
    if directory.exists():
        aside = directory.with_name(f"{game_id}.damaged-{stamp:%Y%m%dT%H%M%S}")
        os.replace(directory, aside)
    damaged = _read_damaged(aside, game_id)
    report = RebuildReport(game_id, aside, seed_from="game.json" if damaged.record else "turn records")
    if not damaged.seed:
        report.seed_from = "nowhere: a new seed (resolutions will differ)"
    store = GameStore(directory, archive.disk)
    if damaged.seed:
        store.save(GameRecord(id=game_id, ruleset=settings.ruleset, seed=damaged.seed))
    store.close()
    games = Games(replace(config, games={game_id: settings}), archive.disk)
    game = games.get(game_id)
    assert game is not None
    game.data_source = _KeptData(aside, damaged, report, settings.data)
    try:
        with tempfile.TemporaryDirectory(prefix="gonets-rebuild-") as scratch:
            _replay(config, archive, games, damaged, Path(scratch), report)
        report.passwords_kept = _carry_passwords(game, damaged.record)
        report.resolved = len([name for name in game.store.turn_records() if name != "0000-start"])
        report.differences = differences(game, damaged, aside)
    finally:
        games.close()
    return report


def _read_damaged(aside: Path | None, game_id: str) -> Damaged:
    if aside is None:
        return Damaged(None, "", [], [])
    record: GameRecord | None = None
    try:
        store = GameStore(aside, Disk(aside))
        try:
            record = store.load()
        finally:
            store.close()
    except Exception as error:  # corrupt, truncated, half a record: all mean "unreadable"
        log.warning("%s: the damaged game.json is unreadable (%s)", game_id, error)
    seed = record.seed if record else ""
    resolved = []
    start_data = None
    for path in sorted((aside / "turns").rglob("*.json")):  # rolled-back records resolved too
        try:
            data = read_json(path)
        except (OSError, ValueError):
            continue
        seed = seed or str(data.get("seed", "")).rpartition(":")[0]
        if "resolved_at" in data:
            resolved.append((datetime.fromisoformat(data["resolved_at"]), int(data.get("seq", 0))))
        if path.parent.name == "turns" and path.stem == START_RECORD:
            start_data = data.get("data_sha256")
    return Damaged(record, seed, resolved, _history(aside / "history.jsonl"), start_data)


def _history(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    entries = []
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        try:
            entries.append(read_line(line))  # a line cut by a crash is skipped
        except ValueError:
            continue
    return entries


def read_line(line: str) -> dict[str, Any]:
    entry = json.loads(line)
    if not isinstance(entry, dict):
        raise ValueError("not an object")
    return entry


def _timeline(archive: MailArchive, game: Game, damaged: Damaged, report: RebuildReport) -> list[Event]:
    """Mails at the pass time that handled them; deadlines when they fired; CLI lines when typed;
    in the order the game numbered them as they happened (`GameStore.next_event`). Events of an
    older store, without numbers, keep a tick after each mail and line at its instant."""
    events = []
    for key in archive.keys():  # noqa: SIM118 (an archive, not a dict)
        done = archive.done_record(key)
        if done is None or done.get("game") != game.id:
            continue  # not handled yet (the daemon will), or another game's
        at = datetime.fromisoformat(done.get("handled_at") or done["time"])
        seq = int(done.get("seq", 0))
        events += [Event(at, _MAIL, key=key, seq=seq), *([] if seq else [Event(at, _TICK)])]
    events += [Event(at, _TICK, seq=seq) for at, seq in damaged.resolved_at]
    for entry in damaged.history:
        if not str(entry.get("by", "")).startswith("cli:"):
            continue  # a GM mail: replayed from the archive
        at = datetime.fromisoformat(entry["at"])
        if not entry.get("command"):
            report.not_replayed.append(f"{entry['at']} {entry['action']} {entry['detail']}")
            continue
        token, seq = str(entry.get("id", "")).rpartition(":")[0], int(entry.get("seq", 0))
        line = Event(
            at, _GM_LINE, line=entry["command"], reason=entry.get("reason", ""), token=token, seq=seq
        )
        events += [line, *([] if seq else [Event(at, _TICK)])]
    events.sort(key=Event.order)  # stable: archive order within a pass
    return events


def _replay(
    config: Config, archive: MailArchive, games: Games, damaged: Damaged, scratch: Path, report: RebuildReport
) -> None:
    """`games` holds only the game being rebuilt: mail for any other game finds no game."""
    [game] = list(games)
    clock = _Clock()
    outbox = Outbox(scratch / "outbox", Disk(scratch), clock=lambda: clock().timestamp())
    postman = Postman(config, outbox, clock)
    last_tick: datetime | None = None
    for event in _timeline(archive, game, damaged, report):
        clock.now = event.at
        try:
            if event.kind == _MAIL:
                report.mails += _replay_mail(config, archive, games, postman, event)
            elif event.kind == _GM_LINE:
                run_line(game, postman, event.at, event.line, event.reason, event.token)
                report.gm_lines += 1
            elif event.at != last_tick:
                tick(game, postman, event.at)
                last_tick = event.at
        except Exception as error:  # one bad event must not stop the others
            log.exception("%s: replaying %s failed", game.id, event)
            report.failed.append(f"{event.at.isoformat()} {event.key or event.line or 'tick'}: {error!r}")


def _replay_mail(config: Config, archive: MailArchive, games: Games, postman: Postman, event: Event) -> int:
    """`Daemon._decide` without the reply and the done marker (both exist already)."""
    done = archive.done_record(event.key) or {}
    if str(done.get("detail", "")).startswith("duplicate of"):
        return 0
    oversize = int(done.get("oversize", 0))
    mail = mailflow.read(archive.raw(event.key), oversize, config.limits)
    checks = ReplayedChecks(done["verdict"]) if "verdict" in done else _OldRecordChecks(done)
    outcome = mailflow.evaluate(mail, event.key, games, config.address, event.at, oversize, checks)
    mailflow.apply(outcome, postman, event.at, event.key)
    return 1


class _OldRecordChecks(ReplayedChecks):
    """A mail handled before verdicts were recorded (its archived copy still holds its password):
    a player's password was right unless refused as wrong; the GM's is checked against the config."""

    def __init__(self, done: dict[str, Any]) -> None:
        super().__init__("")
        self.wrong = done.get("detail") == "route_wrong_password"

    def player(self, given: str, stored: str) -> bool:
        return not self.wrong

    def gm(self, given: str, secret: str) -> bool:
        return is_secret(given, secret)


class _KeptData:
    """The GM data bytes each read applied in the original run, by the read's key (`Game.data_source`).

    The keys come from the start record and the ДАННЫЕ notes (history.jsonl and game.json's own
    copy, which survives a crash between the two). When every applied ДАННЫЕ is known with its
    bytes, one that is not among them was refused in the original run, and is refused again."""

    def __init__(
        self, aside: Path | None, damaged: Damaged, report: RebuildReport, file: Path | None
    ) -> None:
        notes = damaged.history + (damaged.record.gm_notes if damaged.record else [])
        applied = [note for note in notes if note.get("action") == "data"]
        self.kept = {str(note["id"]): str(note["data_sha256"]) for note in applied if note.get("data_sha256")}
        if damaged.start_data is not None:
            self.kept[START_DATA] = damaged.start_data
        self.complete = bool(notes) and all(note.get("data_sha256") and note.get("id") for note in applied)
        self.aside, self.report, self.file = aside, report, file

    def __call__(self, key: str) -> bytes:
        sha = self.kept.get(key)
        if sha == "":
            return b""  # the start read no file (the game named none then): empty TOML, no data
        if sha and self.aside and data_path(self.aside, sha).exists():
            return data_path(self.aside, sha).read_bytes()
        if key != START_DATA and self.complete and not sha:
            raise OSError("not applied in the original run / не применялись в исходной игре")
        assert self.file is not None  # a read happens only for a game that names its file
        self.report.data_now.append(f"{'НАЧАТЬ' if key == START_DATA else 'ДАННЫЕ ' + key}: {self.file}")
        return self.file.read_bytes()


class _Clock:
    def __init__(self) -> None:
        self.now = datetime(1970, 1, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


# what a game is, as a rebuild must give it back: of the record, and of each turn record
RECORD_FIELDS = ("status", "deadline", "state", "signups", "players")
TURN_FIELDS = ("turn", "phase", "orders", "draws", "state_after", "players_after")
SHOWN = 100  # characters of a differing value shown


def differences(game: Game, damaged: Damaged, aside: Path | None) -> list[str]:
    """Where the rebuilt game differs from the store it replaces (moved aside): the turn records
    it holds, and the game record where that still reads; each as where, then both values cut."""
    if aside is None:
        return []
    found = []
    if damaged.record is not None:
        live, rebuilt = damaged.record.to_json(), game.load().to_json()
        found += [_differ(f"game.json {key}", live[key], rebuilt[key]) for key in RECORD_FIELDS]
    before = sorted(path.stem for path in (aside / "turns").glob("*.json"))
    after = game.store.turn_records()
    found.append(_differ("turns/", before, after))
    for name in sorted(set(before) & set(after)):
        live_turn, rebuilt_turn = (
            read_json(aside / "turns" / f"{name}.json"),
            game.store.read_turn_record(name),
        )
        found += [
            _differ(f"turns/{name}.json {key}", live_turn.get(key), rebuilt_turn.get(key))
            for key in TURN_FIELDS
        ]
    return [difference for difference in found if difference]


def _differ(where: str, live: Any, rebuilt: Any) -> str:
    if live == rebuilt:
        return ""
    return f"{where}: было / live {_cut(live)}; стало / rebuilt {_cut(rebuilt)}"


def _cut(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= SHOWN else text[: SHOWN - 1] + "…"


def _carry_passwords(game: Game, damaged: GameRecord | None) -> bool:
    """The damaged store's hashes (and role-mail ids) for the players who are still the same."""
    if damaged is None:
        return False
    record = game.load()
    for power, player in record.players.items():
        old = damaged.players.get(power)
        if old is not None and old.address == player.address:
            player.password_hash, player.role_mail = old.password_hash, old.role_mail
    game.store.save(record)
    return True
