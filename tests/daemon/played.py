"""A played game of any ruleset, by mail, and every mail it sent: the material the style scans
(typography, no English) and the model mails read. It holds what a real game holds: signups by
first name, the roles, a mail with a refused line and a line of another phase, the conveniences
(СТАТУС, БЛАНК, ПОМОЩЬ, ОТПУСК), a GM command, a reminder, turns of the computer's orders sent by
the players, one player silent until the computer takes the country over, and a digest on demand."""

from __future__ import annotations

import re
from dataclasses import dataclass
from email.message import EmailMessage
from pathlib import Path

from parsers.orders import normal_form
from tests.daemon.harness import GM, GM_PASSWORD, PLAYERS, Harness, body

NAMES = ("Анна", "Борис", "Вера", "Глеб")  # the players' first names, as they sign up
TURNS = 3  # turns played after the start
_ROLE = re.compile(r"^СТРАНА (.+)\nПАРОЛЬ (\S+)$", re.MULTILINE)


@dataclass(frozen=True)
class Sent:
    """One mail as its reader gets it."""

    to: str
    subject: str
    text: str
    pictures: tuple[bytes, ...]


def _sent(to: str, message: EmailMessage) -> Sent:
    pictures = tuple(
        part.get_content() for part in message.iter_attachments() if part.get_content_type() == "image/png"
    )
    return Sent(to, str(message["Subject"]), body(message), pictures)


def _other_phase_line(h: Harness) -> str | None:
    """An example of a command that another phase of this turn takes and the current one does not."""
    record = h.game.load()
    here = {c.name for c in h.game.phase_spec(record).commands}
    for spec in h.game.ruleset.phases.values():
        for command in spec.commands:
            if command.name not in here:
                return command.example
    return None


def play(root: Path, ruleset: str, language: str) -> tuple[Harness, list[Sent]]:
    """The game played in `root`; every mail it sent, in the order sent."""
    h = Harness(root, ruleset=ruleset, language=language)
    addresses = (*PLAYERS, GM)
    seen: list[Sent] = []

    def collect() -> None:
        for address in addresses:
            seen.extend(_sent(address, m) for m in h.mail_to(address))

    for address, name in zip(PLAYERS, NAMES, strict=True):
        h.send(address, f"ЗАПИСЫВАЮСЬ {name}", subject=f"[{h.game_id}] запись")
    h.run()
    collect()
    h.start(players=())
    collect()
    h.powers, h.passwords = _roles(h, seen)
    anna, boris = PLAYERS[0], PLAYERS[1]
    record = h.game.load()
    phase = h.game.phase_spec(record)
    good = [
        normal_form(c, phase) for c in h.game.ruleset.ai_orders(record.state, h.powers[anna], record.phase)
    ]
    wrong = [line for line in (_other_phase_line(h),) if line]
    h.send(anna, h.orders(anna, *good[:2], "ЗАХВАТИТЬ Луну 3", *wrong), subject="приказы")
    h.send(boris, h.orders(boris, "СТАТУС", "БЛАНК", "ПОМОЩЬ", "ОТПУСК 2"), subject="Re: приказы")
    h.send(GM, f"ИГРА {h.game_id}\nВЕДУЩИЙ\nПАРОЛЬ {GM_PASSWORD}\nПРОДЛИТЬ 2\nСТАТУС", subject="команды")
    h.run()
    collect()
    h.clock.advance(hours=40)  # the reminder's hour
    h.run()
    collect()
    start = h.game.load().turn
    while h.game.load().turn < start + TURNS and h.game.load().status == "running":
        record = h.game.load()
        phase = h.game.phase_spec(record)
        for address in PLAYERS[:-1]:  # the last player is silent
            commands = h.game.ruleset.ai_orders(record.state, h.powers[address], record.phase)
            lines = [normal_form(c, phase) for c in commands] or ["НЕТ ДЕЙСТВИЙ"]
            h.send(address, h.orders(address, *lines), subject=f"[{h.game_id}] приказы")
        h.run()
        h.clock.advance(hours=50)
        h.run()
        collect()
    h.gm("СВОДКА")
    collect()
    return h, seen


def _roles(h: Harness, seen: list[Sent]) -> tuple[dict[str, str], dict[str, str]]:
    powers: dict[str, str] = {}
    passwords: dict[str, str] = {}
    for mail in seen:
        found = _ROLE.search(mail.text)
        if found and mail.to in PLAYERS:
            powers[mail.to], passwords[mail.to] = found.group(1), found.group(2)
    return powers, passwords
