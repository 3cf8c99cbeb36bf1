"""A coins game played entirely by mail through a real Dovecot and SMTP server: players send over
SMTP, the daemon reads over IMAP and answers over SMTP, players read their mailboxes over IMAP.
The daemon and Dovecot are restarted mid-game; every mail must be answered exactly once."""

from __future__ import annotations

import re
from collections import Counter
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

from daemon.config import load_config
from daemon.phases.start import start_game
from daemon.service import Daemon
from daemon.transports import make_transport
from daemon.transports.imap_connection import connect, shut
from tests.daemon.harness import Clock, body
from tests.integration.conftest import USERS
from tests.mailservers import MailServers

GAME = "coins-e2e"
PLAYERS = ("anna", "boris", "vera", "gleb")
CONFIG = """\
games_dir = "games"
address = "gonets@test.local"
replies_per_hour = 100

[transport]
kind = "imap"
[transport.imap]
host = "127.0.0.1"
port = {imap}
security = "plain"
user = "gonets"
password_file = "imap-password"
[transport.smtp]
host = "127.0.0.1"
port = {smtp}
security = "plain"

[games.{game}]
ruleset = "coins"
gm = "gm@test.local"
deadline = "48h"
"""


class MailGame:
    def __init__(self, servers: MailServers, root: Path) -> None:
        self.servers = servers
        self.root = root
        (root / "imap-password").write_text(USERS["gonets"] + "\n", encoding="utf-8")
        config = CONFIG.format(imap=servers.dovecot.imap_port, smtp=servers.smtp_port, game=GAME)
        (root / "gonets.toml").write_text(config, encoding="utf-8")
        self.clock = Clock()
        self.daemon = self._daemon()
        self.asked: list[str] = []  # Message-IDs of every mail the players sent the daemon
        self.seen: Counter[str] = Counter()  # mails already read, per mailbox
        self.passwords: dict[str, str] = {}
        self.powers: dict[str, str] = {}

    def _daemon(self) -> Daemon:
        config = load_config(self.root / "gonets.toml")
        return Daemon(config, make_transport(config), self.clock)

    def restart_daemon(self) -> None:
        self.daemon.close()
        self.daemon = self._daemon()

    def send(self, user: str, text: str, subject: str = "приказы", to: str = "gonets@test.local") -> None:
        message = EmailMessage()
        message["From"] = f"{user}@test.local"
        message["To"] = to
        message["Subject"] = subject
        message["Message-ID"] = make_msgid(domain="test.local")
        message.set_content(text)
        self.servers.send(bytes(message), f"{user}@test.local", [to])
        self.asked.append(str(message["Message-ID"]))

    def orders(self, user: str, *lines: str) -> None:
        head = [f"ИГРА {GAME}", f"СТРАНА {self.powers[user]}", f"ПАРОЛЬ {self.passwords[user]}"]
        self.send(user, "\n".join([*head, *lines, "КОНЕЦ"]))

    def new_mail(self, user: str) -> list[EmailMessage]:
        everything = self.servers.mailbox(user)
        fresh = everything[self.seen[user] :]
        self.seen[user] = len(everything)
        return fresh

    def start(self) -> None:
        """The GM starts the game; each player reads the role mail for the power and password."""
        game = self.daemon.games.get(GAME)
        assert game is not None
        start_game(game, self.daemon.postman, self.clock())
        self.daemon.run_once()
        for user in PLAYERS:
            for message in self.new_mail(user):
                found = re.search(r"^[А-ЯЁ]+ (.+)\nПАРОЛЬ (\S+)$", body(message), re.MULTILINE)
                if found:
                    self.powers[user], self.passwords[user] = found.group(1), found.group(2)

    def phase(self) -> tuple[int, str]:
        game = self.daemon.games.get(GAME)
        assert game is not None
        record = game.load()
        return record.turn, record.phase


def put_back_into_inbox(servers: MailServers, count: int) -> None:
    """What a crash between archiving and acknowledging leaves: handled mail still in the inbox."""
    client = connect(servers.imap("gonets"))
    try:
        client.select_folder("Gonets-Processed")
        uids = sorted(client.search(["ALL"]))[:count]
        client.copy(uids, "INBOX")
    finally:
        shut(client)


def test_two_turns_over_imap_and_smtp_with_restarts(servers: MailServers, tmp_path: Path) -> None:
    h = MailGame(servers, tmp_path)
    for n, user in enumerate(PLAYERS):  # no game tag anywhere: the plus-address routes the signup
        h.send(user, f"ЗАПИСЫВАЮСЬ Игрок{n}", subject="привет", to=f"gonets+{GAME}@test.local")
    h.daemon.run_once()
    for user in PLAYERS:
        (reply,) = h.new_mail(user)
        assert reply["Subject"] == f"[{GAME}] Запись на игру"  # what it is, not "Re: привет"
        assert reply["Auto-Submitted"] == "auto-replied"
        assert reply["In-Reply-To"] in h.asked and reply["References"].endswith(reply["In-Reply-To"])
        assert reply["Message-ID"] and reply["Date"]
        assert reply.get_content_charset() == "utf-8" and "Вы записаны на игру" in body(reply)

    h.start()
    assert sorted(h.powers) == sorted(PLAYERS)

    for user in PLAYERS:
        h.orders(user, "ВЛОЖИТЬ Промышленность 3")
    h.daemon.run_once()
    assert h.phase()[0] == 2

    h.restart_daemon()
    put_back_into_inbox(servers, 2)  # as if the daemon had died before moving them
    for _ in range(6):  # turn 2: talks, maybe vote, then orders
        turn, phase = h.phase()
        if turn == 3:
            break
        for user in PLAYERS:
            h.orders(user, "ВЛОЖИТЬ Наука 1" if phase == "orders" else "НЕТ ДЕЙСТВИЙ")
        if phase == "talks":
            servers.dovecot.restart()  # the mails wait in Dovecot's Maildirs
        h.daemon.run_once()
    assert h.phase()[0] == 3
    h.daemon.close()

    answered: Counter[str] = Counter()
    reports: Counter[str] = Counter()
    for user in PLAYERS:
        for message in servers.mailbox(user):
            answered[str(message.get("In-Reply-To", ""))] += 1
            reports[user] += sum(f"Итоги хода {t}" in body(message) for t in (1, 2))
    del answered[""]
    assert answered == Counter(h.asked)  # every mail answered, none twice
    assert all(reports[user] >= 2 for user in PLAYERS)
    assert any("Сводка ведущего" in body(m) for m in servers.mailbox("gm"))
    assert servers.mailbox("gonets") == []
    processed = {str(m["Message-ID"]) for m in servers.mailbox("gonets", "Gonets-Processed")}
    assert processed == set(h.asked)
