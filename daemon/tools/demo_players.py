"""Simulated players for `gonets demo`: they read their mail from the outbox Maildir and write
real order mails into the inbox, each in the style of a different mail client."""

from __future__ import annotations

import mailbox
import re
from dataclasses import dataclass, field
from datetime import datetime
from email import message_from_bytes, policy
from email.message import EmailMessage
from email.mime.text import MIMEText
from email.utils import format_datetime, getaddresses, make_msgid
from html import escape
from pathlib import Path

from daemon.games import Game
from parsers.orders import normal_form

Style = str  # plain | typo | html | cp1251


@dataclass
class SentFolder:
    """The daemon's sent Maildir as the players read it: each mail read once, its text kept for
    each of its recipients until they read it (not every mail again for every player and phase)."""

    path: Path
    seen: set[str] = field(default_factory=set)
    unread: dict[str, list[str]] = field(default_factory=dict)  # address → texts

    def read(self, address: str) -> list[str]:
        """The texts of the mails sent to `address` that it has not read yet."""
        folder = mailbox.Maildir(self.path, create=False)
        for key in sorted(set(folder.iterkeys()) - self.seen):
            self.seen.add(key)
            parsed = message_from_bytes(folder.get_bytes(key), policy=policy.default)
            assert isinstance(parsed, EmailMessage)
            part = parsed.get_body(("plain",))
            text = part.get_content() if part is not None else ""
            for _, recipient in getaddresses([str(parsed.get("To", ""))]):
                self.unread.setdefault(recipient.lower(), []).append(text)
        return self.unread.pop(address.lower(), [])


@dataclass
class Player:
    name: str
    address: str
    style: Style
    silent_from: int = 0  # the turn from which this player stops writing (0: never)
    power: str = ""
    password: str = ""

    def read_mail(self, sent: SentFolder) -> list[str]:
        """Texts of the mails sent to this player that they have not read yet."""
        return sent.read(self.address)

    def learn_role(self, sent: SentFolder) -> None:
        for body in self.read_mail(sent):
            found = re.search(r"^[А-ЯЁ]+ (.+)\nПАРОЛЬ (\S+)$", body, re.MULTILINE)
            if found:
                self.power, self.password = found.group(1), found.group(2)

    def signup(self, game_id: str, now: datetime) -> bytes:
        return _mail(self.address, f"[{game_id}] запись", f"ЗАПИСЫВАЮСЬ {self.name}\n", "plain", now)

    def orders(self, game: Game, now: datetime, typo: bool = False) -> bytes:
        record = game.load()
        phase = game.phase_spec(record)
        commands = game.ruleset.ai_orders(record.state, self.power, record.phase)
        lines = [normal_form(c, phase) for c in commands] or ["НЕТ ДЕЙСТВИЙ"]
        if typo:
            lines = [_misspell(lines[0]), *lines[1:]]
        body = "\n".join(
            [
                f"ИГРА {game.id}",
                f"СТРАНА {self.power}",
                f"ПАРОЛЬ {self.password}",
                f"ХОД {record.turn}",
                *lines,
                "КОНЕЦ",
                "",
                "-- ",
                f"{self.name}, отправлено с телефона",
            ]
        )
        style = "plain" if self.style == "typo" else self.style
        return _mail(self.address, f"Re: [{game.id}] ход {record.turn}", body, style, now)


def _misspell(line: str) -> str:
    """Drop the last letter of the longest word: the kind of slip the parser should catch and name."""
    words = line.split()
    longest = max(range(len(words)), key=lambda i: len(words[i]))
    words[longest] = words[longest][:-1]
    return " ".join(words)


def _mail(sender: str, subject: str, body: str, style: Style, now: datetime) -> bytes:
    if style == "html":
        html = "<html><head><style>p{color:red}</style></head><body>"
        html += "".join(f"<div>{escape(line)}</div>" for line in body.splitlines()) + "</body></html>"
        message = MIMEText(html, "html", "utf-8")
    elif style == "cp1251":
        message = MIMEText(body, "plain", "windows-1251")
    else:
        message = MIMEText(body, "plain", "utf-8")
    message["From"] = sender
    message["To"] = "gonets@demo.local"
    message["Subject"] = subject
    message["Message-ID"] = make_msgid(domain="demo.local")
    message["Date"] = format_datetime(now)
    return message.as_bytes()
