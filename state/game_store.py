"""One game's durable store: a small TinyDB file for what changes per mail, files for history.

The hot file holds the game record and the current phase's orders only, so handling a mail costs
the same on turn 1 and turn 100 (tinydb rewrites the whole file on every write). Every resolved
phase is kept as an immutable turn record under `turns/`, which is what a replay, an audit or a
rollback reads.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, MutableMapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tinydb import Query, TinyDB
from tinydb.table import Document

from state import files
from state.disk import Disk
from state.records import GameRecord, OrderSet, Readiness
from state.storage import AtomicJSONStorage, SnapshotStorage


def data_path(directory: Path, sha: str) -> Path:
    """Where a game's store keeps the GM data bytes with this sha256."""
    return directory / "data" / f"{sha}.toml"


@dataclass
class Tally:
    """What this process did to a game since the daemon last counted it, wherever it was done (a
    deadline, a GM's mail, `gonets gm`): for the pass's summary."""

    resolved: int = 0  # phases resolved (each resolution's turn record computed)
    commands: int = 0  # GM commands run


class GameStore:
    """`read_only`: for a command that only looks, without the writer lock: it sees the hot file as
    it was at its first read and refuses to write (`SnapshotStorage`). `on_change` is called after
    each write of the game record or its orders (the daemon's clock then looks at the game)."""

    def __init__(
        self,
        directory: Path,
        disk: Disk,
        read_only: bool = False,
        on_change: Callable[[], None] | None = None,
    ) -> None:
        self.directory = directory
        self.disk = disk
        self._on_change = on_change or (lambda: None)
        if not read_only:
            files.make_dirs(directory / "turns", durable=False)
        storage = SnapshotStorage if read_only else AtomicJSONStorage
        self._db = TinyDB(directory / "game.json", storage=storage, disk=disk)
        self._game = self._db.table("game")
        self._orders = self._db.table("orders")
        self._readiness = self._db.table("readiness")
        self._events = self._db.table("events")
        self._stored = False  # the record is known to be stored: it never leaves a store
        self.tally = Tally()

    def close(self) -> None:
        self._db.close()

    def forget(self) -> None:
        """Drop what TinyDB remembers of its queries: the pass that wrote them was not committed."""
        self._game.clear_cache()
        self._orders.clear_cache()
        self._readiness.clear_cache()
        self._events.clear_cache()
        self._stored = False

    def exists(self) -> bool:
        """Whether the game record is stored: asked of the table (a copy of it) only until it was
        seen or saved, since a record is never removed (and a dropped pass `forget`s)."""
        self._stored = self._stored or len(self._game) > 0
        return self._stored

    def load(self) -> GameRecord:
        doc = self._game.get(doc_id=1)
        if doc is None:
            raise LookupError(f"no game stored in {self.directory}")
        assert isinstance(doc, dict)
        return GameRecord.from_json(dict(doc))

    def save(self, record: GameRecord) -> None:
        """One atomic write: a crash leaves the previous record or this one, never a mix. The whole
        document is replaced, not merged, so a field a newer record no longer has (an old store's
        flags after a migration) does not linger."""
        data = record.to_json()

        def replace(document: MutableMapping[str, Any]) -> None:
            document.clear()
            document.update(data)

        if self.exists():
            self._game.update(replace, doc_ids=[1])
        else:
            self._game.insert(Document(data, doc_id=1))
        self._stored = True
        self._on_change()

    def next_event(self) -> int:
        """The game's next event number: each mail for it, GM command line and resolution takes
        one as it begins, written with what it changes, so `gonets rebuild` replays them in the
        order they happened, which their clocks (a pass's instant, a command's second) cannot tell."""
        counted = self._events.get(doc_id=1)
        number = int(counted["last"]) + 1 if isinstance(counted, dict) else 1
        self._events.upsert(Document({"last": number}, doc_id=1))
        return number

    def put_orders(self, orders: OrderSet) -> None:
        q = Query()
        self._orders.upsert(
            orders.to_json(),
            (q.turn == orders.turn) & (q.phase == orders.phase) & (q.power == orders.power),
        )
        self._on_change()

    def orders(self, turn: int, phase: str) -> dict[str, OrderSet]:
        q = Query()
        found = self._orders.search((q.turn == turn) & (q.phase == phase))
        return {doc["power"]: OrderSet.from_json(dict(doc)) for doc in found}

    def orders_of(self, turn: int, phase: str, power: str) -> OrderSet | None:
        q = Query()  # `search`, not `get`: TinyDB's `get` with a query reads the table twice
        found = self._orders.search((q.turn == turn) & (q.phase == phase) & (q.power == power))
        return OrderSet.from_json(dict(found[0])) if found else None

    def ordered(self, turn: int, phase: str) -> set[str]:
        """The powers whose orders for the phase are in, without reading the orders."""
        q = Query()
        return {doc["power"] for doc in self._orders.search((q.turn == turn) & (q.phase == phase))}

    def put_readiness(self, readiness: Readiness) -> None:
        q = Query()
        self._readiness.upsert(
            readiness.to_json(),
            (q.turn == readiness.turn) & (q.phase == readiness.phase) & (q.power == readiness.power),
        )
        self._on_change()

    def readiness(self, turn: int, phase: str) -> dict[str, Readiness]:
        """Each power's readiness as its latest order mail of the phase left it (none: no mail yet,
        or orders stored before readiness was kept)."""
        q = Query()
        found = self._readiness.search((q.turn == turn) & (q.phase == phase))
        return {doc["power"]: Readiness.from_json(dict(doc)) for doc in found}

    def ready(self, turn: int, phase: str) -> set[str]:
        """The powers whose orders are in and whose latest mail left them ready."""
        q = Query()
        unready = self._readiness.search((q.turn == turn) & (q.phase == phase) & (q.ready == False))  # noqa: E712
        return self.ordered(turn, phase) - {doc["power"] for doc in unready}

    def purge_orders(self, turn: int, phase: str) -> None:
        """Drop the orders and readiness of a released phase (they live on in its turn record)."""
        q = Query()
        self._orders.remove((q.turn == turn) & (q.phase == phase))
        self._readiness.remove((q.turn == turn) & (q.phase == phase))
        self._on_change()

    def record_path(self, name: str) -> Path:
        return self.directory / "turns" / f"{name}.json"

    def has_turn_record(self, name: str) -> bool:
        return self.disk.exists(self.record_path(name))

    def write_turn_record(self, name: str, data: dict[str, Any]) -> None:
        self.disk.write_json(self.record_path(name), data)

    def read_turn_record(self, name: str) -> dict[str, Any]:
        data = self.disk.read_json(self.record_path(name))
        assert isinstance(data, dict)
        return data

    def keep_data(self, raw: bytes) -> str:
        """Keep the GM data file's bytes as applied, named by their sha256 (returned), so a rebuild
        applies what was read then, not the file as the GM has edited it since."""
        sha = hashlib.sha256(raw).hexdigest()
        path = data_path(self.directory, sha)
        if not self.disk.exists(path):
            self.disk.write(path, raw)
        return sha

    def append_history(self, entry: dict[str, Any]) -> None:
        """One GM action, appended and synced: who, when, what and why (`gonets history`)."""
        line = json.dumps(entry, ensure_ascii=False, sort_keys=True) + "\n"
        self.disk.append(self.directory / "history.jsonl", line.encode("utf-8"))

    def history(self) -> list[dict[str, Any]]:
        path = self.directory / "history.jsonl"
        if not self.disk.exists(path):
            return []
        entries = []
        for line in self.disk.read(path).decode("utf-8").splitlines():
            try:
                entries.append(json.loads(line))
            except ValueError:  # a line cut by a crash mid-write
                continue
        return entries

    def set_aside(self, names: list[str], folder: str) -> None:
        """Move turn records out of play (a rollback keeps them for the record, never deletes)."""
        target = self.directory / "turns" / folder
        for name in names:
            self.disk.move(self.record_path(name), target / f"{name}.json")

    def turn_records(self) -> list[str]:
        return [name.removesuffix(".json") for name in self.disk.names(self.directory / "turns", ".json")]

    def stored(self) -> bool:
        """Whether the game's hot file was ever written (a reader must not create it)."""
        return self.disk.exists(self.directory / "game.json")
