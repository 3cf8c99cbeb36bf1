"""A started coins game named like the .eml corpus (coins-1, Китай, password k3x9q), on the real
daemon of tests/daemon/harness.py, and what a test needs to read back: replies and the archive log."""

from __future__ import annotations

import json
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path
from typing import Any

from state.archive import MailArchive
from state.records import OrderSet
from tests.daemon.harness import GM, PLAYERS, Harness

CORPUS_GAME = "coins-1"
POWER = "Китай"
PASSWORD = "k3x9q"
MAILS = Path(__file__).parent.parent / "mails"
ORDER_LINES = ("ВЛОЖИТЬ Промышленность 3", "ВЛОЖИТЬ Наука 2")
ORDERS = "\n".join([f"ИГРА {CORPUS_GAME}", f"СТРАНА {POWER}", f"ПАРОЛЬ {PASSWORD}", *ORDER_LINES, "КОНЕЦ"])
# every header a reply of ours may carry, each once: anything else came from the mail it answers
REPLY_HEADERS = {
    "from",
    "to",
    "cc",
    "subject",
    "date",
    "message-id",
    "in-reply-to",
    "references",
    "auto-submitted",
    "x-auto-response-suppress",
    "content-type",
    "content-transfer-encoding",
    "mime-version",
}


class CorpusHarness(Harness):
    """The harness's daemon with a game named like the .eml corpus's (coins-1), started, and the
    corpus power's password set to the one its mails carry (Китай, k3x9q); a Русь corpus mail
    gets its own game, power and password, and every principality a player; `seed`: the game's
    seed, so its lot seats a player at `power`."""

    def __init__(
        self,
        root: Path,
        game: str = CORPUS_GAME,
        power: str = POWER,
        password: str = PASSWORD,
        players: tuple[str, ...] = PLAYERS,
        seed: str = "",
        **options: Any,
    ) -> None:
        super().__init__(root, game=game, **options)
        self.power = power
        if seed:
            record = self.game.load()
            record.seed = seed
            self.game.store.save(record)
        self.start(players)
        record = self.game.load()
        record.players[power].password_hash = self.game.passwords.hash(password)
        self.game.store.save(record)
        self.registered = record.players[power].address
        self.mail_to(GM)  # the start notice: a later mail to the GM is an answer

    def deliver(self, raw: bytes) -> dict[str, Any]:
        """Deliver, run one pass, and return the mail's line in the archive log."""
        self.inbox.add(raw)
        self.run()
        return logged(self.root, raw)

    def stored(self) -> OrderSet | None:
        record = self.game.load()
        return self.game.store.orders(record.turn, record.phase).get(self.power)


def logged(root: Path, raw: bytes) -> dict[str, Any]:
    """The archive log's line for this mail (the log is what a GM reads for unanswered mail)."""
    key = MailArchive.key(raw)
    for path in sorted((root / "games" / "archive" / "log").glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            entry: dict[str, Any] = json.loads(line)
            if entry["key"] == key:
                return entry
    raise AssertionError(f"mail {key} is not in the archive log")


def sent_raw(root: Path) -> list[bytes]:
    return [path.read_bytes() for path in sorted((root / "mail" / "sent" / "new").iterdir())]


def assert_clean_headers(message: EmailMessage) -> None:
    """No header of a reply came from the mail it answers: known names only, each once, one line."""
    names = [name.lower() for name in message]
    assert set(names) <= REPLY_HEADERS, names
    assert len(names) == len(set(names)), names
    for value in message.values():
        assert "\n" not in str(value) and "\r" not in str(value)


def replies_in(raw_mails: list[bytes]) -> list[EmailMessage]:
    parsed = [message_from_bytes(raw, policy=policy.default) for raw in raw_mails]
    return [m for m in parsed if isinstance(m, EmailMessage) and m["In-Reply-To"]]
