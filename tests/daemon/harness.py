"""A real daemon on real Maildirs in a temp directory, with a clock the test moves."""

from __future__ import annotations

import mailbox
import re
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from email import message_from_bytes, policy
from email.message import EmailMessage
from email.mime.text import MIMEText
from email.utils import getaddresses, make_msgid
from pathlib import Path
from typing import Any

from daemon.config import load_config
from daemon.games import Game
from daemon.gm.dispatch import LineResult, run_line
from daemon.phases.start import start_game
from daemon.service import Daemon, PassReport
from daemon.transports.maildir import MaildirTransport

GAME = "coins-t"
GM = "gm@test.local"
GM_PASSWORD = "Gm-Secret-7"
PLAYERS = ("anna@test.local", "boris@test.local", "vera@test.local", "gleb@test.local")

CONFIG = """\
games_dir = "games"
address = "gonets@test.local"
replies_per_hour = {replies}

[transport]
kind = "maildir"
inbox = "mail/inbox"
outbox = "mail/sent"

[games.{game}]
ruleset = "{ruleset}"
gm = "{gm}"
timezone = "Europe/Moscow"
language = "{language}"
deadline = "48h"
reminder = "12h"
early_resolution = {early}
max_missed = 2
hold_share = 0.5
gm_password = "{gm_password}"
"""


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **kwargs: float) -> None:
        self.now += timedelta(**kwargs)


class Harness:
    def __init__(
        self,
        root: Path,
        early: bool = True,
        replies: int = 50,
        ruleset: str = "coins",
        language: str = "ru+en",
        game: str = GAME,
    ) -> None:
        self.root = root
        self.game_id = game
        self.config_path = root / "gonets.toml"
        self.config_path.write_text(
            CONFIG.format(
                game=game,
                gm=GM,
                early=str(early).lower(),
                replies=replies,
                gm_password=GM_PASSWORD,
                ruleset=ruleset,
                language=language,
            ),
            encoding="utf-8",
        )
        self.clock = Clock()
        self.daemon = self._daemon()
        self.inbox = mailbox.Maildir(root / "mail" / "inbox", create=False)
        self._read: set[str] = set()
        self.passwords: dict[str, str] = {}  # address → password
        self.powers: dict[str, str] = {}  # address → power
        self.roles: dict[str, str] = {}  # address → the text of its role mail

    def _daemon(self) -> Daemon:
        config = load_config(self.config_path)
        transport = MaildirTransport(self.root / "mail" / "inbox", self.root / "mail" / "sent")
        return Daemon(config, transport, self.clock)

    @property
    def game(self) -> Game:
        game = self.daemon.games.get(self.game_id)
        assert game is not None
        return game

    def restart(self) -> None:
        self.daemon.close()
        self.daemon = self._daemon()

    def send(self, sender: str, body: str, **options: Any) -> bytes:
        """Deliver a mail (built by `message` with these options) into the daemon's inbox."""
        raw = self.message(sender, body, **options)
        self.inbox.add(raw)
        return raw

    @staticmethod
    def message(
        sender: str,
        body: str,
        subject: str = "orders",
        charset: str = "utf-8",
        html: bool = False,
        headers: dict[str, str] | None = None,
    ) -> bytes:
        message = MIMEText(body, "html" if html else "plain", charset)
        message["From"] = sender
        message["To"] = "gonets@test.local"
        message["Subject"] = subject
        message["Message-ID"] = make_msgid(domain="test.local")
        for name, value in (headers or {}).items():
            message[name] = value
        return message.as_bytes()

    def run(self) -> PassReport:
        return self.daemon.run_once()

    def crash_and_redeliver(self, raw: bytes) -> None:
        """A crash after `raw` was handled but before its done-marker and ack: the mail is back in
        the inbox and a fresh daemon handles it again at the next pass."""
        key = self.daemon.archive.key(raw)
        for marker in (self.root / "games" / "archive").rglob(f"{key}.json"):
            marker.unlink()
        self.inbox.add(raw)
        self.restart()

    def gm(self, line: str, reason: str = "") -> LineResult:
        """A GM command from the command line; what it mails is delivered at once."""
        result = run_line(self.game, self.daemon.postman, self.clock(), line, reason)
        self.daemon.delivery.flush(self.daemon.transport)
        return result

    def mail_to(self, address: str) -> list[EmailMessage]:
        """Mails sent (or copied) to `address` since the last call."""
        sent = mailbox.Maildir(self.root / "mail" / "sent", create=False)
        fresh = []
        for key in sent.iterkeys():
            if key in self._read:
                continue
            message = message_from_bytes(sent.get_bytes(key), policy=policy.default)
            assert isinstance(message, EmailMessage)
            recipients = {
                a.lower() for _, a in getaddresses([str(message.get("To", "")), str(message.get("Cc", ""))])
            }
            if address.lower() in recipients:
                self._read.add(key)
                fresh.append(message)
        return fresh

    def sign_up(self, players: tuple[str, ...] = PLAYERS, named: Mapping[str, str] | None = None) -> None:
        """Sign `players` up (each with the name `named` gives its power, if any); their replies read."""
        for n, address in enumerate(players):
            own = f"; {named[address]}" if named and address in named else ""
            self.send(address, f"ЗАПИСЫВАЮСЬ Игрок{n}{own}", subject=f"[{self.game_id}] запись")
        self.run()
        for address in players:
            self.mail_to(address)

    def use_data(self, text: str, name: str = "gm.toml") -> Path:
        """The game's GM data file (`data` in its config) with `text`, beside the config; the daemon
        started again to read the config."""
        path = self.root / name
        path.write_text(text, encoding="utf-8")
        with self.config_path.open("a", encoding="utf-8") as config:
            config.write(f'data = "{name}"\n')
        self.restart()
        return path

    def start(self, players: tuple[str, ...] = PLAYERS, named: Mapping[str, str] | None = None) -> None:
        """Sign `players` up (each with the name `named` gives its power, if any) and start."""
        self.sign_up(players, named)
        start_game(self.game, self.daemon.postman, self.clock())
        self.run()
        for address in players:
            for message in self.mail_to(address):
                found = re.search(r"^[А-ЯЁ]+ (.+)\nПАРОЛЬ (\S+)$", body(message), re.MULTILINE)
                if found:
                    self.powers[address], self.passwords[address] = found.group(1), found.group(2)
                    self.roles[address] = body(message)

    def gm_mail(self, *lines: str, password: str = GM_PASSWORD, sender: str = GM) -> bytes:
        """A GM command mail, as the GM writes it."""
        return self.send(sender, "\n".join([f"ИГРА {self.game_id}", "ВЕДУЩИЙ", f"ПАРОЛЬ {password}", *lines]))

    def orders(self, address: str, *lines: str, turn: int | None = None, password: str | None = None) -> str:
        head = [
            f"ИГРА {self.game_id}",
            f"СТРАНА {self.powers[address]}",
            f"ПАРОЛЬ {password if password is not None else self.passwords[address]}",
        ]
        if turn is not None:
            head.append(f"ХОД {turn}")
        return "\n".join([*head, *lines, "КОНЕЦ"])


def body(message: EmailMessage) -> str:
    part = message.get_body(("plain",))
    assert part is not None
    content = part.get_content()
    assert isinstance(content, str)
    return content


def everyone(h: Harness, *lines: str) -> None:
    """Every player sends these orders."""
    for address in PLAYERS:
        h.send(address, h.orders(address, *lines))


def texts(h: Harness, address: str) -> list[str]:
    """The bodies of the mails `address` got since the last look."""
    return [body(m) for m in h.mail_to(address)]


_ACCEPTED = re.compile(r"^(Принят|Приняты) \d+ приказ", re.MULTILINE)


def accepted(text: str) -> bool:
    """Whether an order reply accepted orders («Приняты 3 приказа:»)."""
    return bool(_ACCEPTED.search(text))


def flat(text: str) -> str:
    """The text with its wrapped lines joined (a mail is wrapped to 72 characters): one space
    wherever spaces and line breaks were, a no-break space kept."""
    return re.sub(r"[ \n]+", " ", text)
