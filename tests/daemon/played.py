"""A played game of any ruleset, by mail, and every mail it sent: the material the style scans
(typography, no English in Russian, no Russian name in English) and the model mails read. It holds
what a real game holds: signups by first name, the roles, a mail with a refused line and a line of
another phase, the conveniences (СТАТУС, БЛАНК, ПОМОЩЬ, ОТПУСК), a GM command, a reminder, turns of
the computer's orders sent by the players, one player silent until the computer takes the country
over, and a digest on demand. The game's seed is fixed, so the same code mails the same text."""

from __future__ import annotations

import re
from dataclasses import dataclass
from email.message import EmailMessage
from pathlib import Path

from parsers.orders import normal_form
from tests.daemon.harness import GM, GM_PASSWORD, PLAYERS, Harness, body

NAMES = {"ru": ("Анна", "Борис", "Вера", "Глеб"), "en": ("Anna", "Boris", "Vera", "Gleb")}
TURNS = 3  # turns played after the start
SEED = "style"  # the game's seed: the same lots every run
_ROLE = re.compile(r"^[А-ЯЁ]+ (.+)\nПАРОЛЬ (\S+)$", re.MULTILINE)


@dataclass(frozen=True)
class Sent:
    """One mail as its reader gets it."""

    to: str
    subject: str
    text: str
    pictures: tuple[bytes, ...]


def play(root: Path, ruleset: str, language: str) -> tuple[Harness, list[Sent]]:
    """The game played in `root`; every mail it sent, in the order sent."""
    h = Harness(root, ruleset=ruleset, language=language)
    record = h.game.load()
    record.seed = SEED
    h.game.store.save(record)
    seen: list[Sent] = []

    def collect() -> None:
        for address in (*PLAYERS, GM):
            seen.extend(_sent(address, m) for m in h.mail_to(address))

    for address, name in zip(PLAYERS, NAMES["en" if language == "en" else "ru"], strict=True):
        h.send(address, f"ЗАПИСЫВАЮСЬ {name}", subject=f"[{h.game_id}] запись")
    h.run()
    collect()
    h.start(players=())
    collect()
    for mail in seen:
        found = _ROLE.search(mail.text)
        if found and mail.to in PLAYERS:
            h.powers[mail.to], h.passwords[mail.to] = found.group(1), found.group(2)
    _first_mails(h)
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


def _first_mails(h: Harness) -> None:
    """A mail with good lines, an unknown order and another phase's order; the conveniences with a
    leave request; a GM command mail with a line it does not know."""
    anna, boris = PLAYERS[0], PLAYERS[1]
    record = h.game.load()
    phase = h.game.phase_spec(record)
    computer = h.game.ruleset.ai_orders(record.state, h.powers[anna], record.phase)
    good = [normal_form(c, phase) for c in computer][:2]
    here = {c.name for c in phase.commands}
    other = [
        c.example for spec in h.game.ruleset.phases.values() for c in spec.commands if c.name not in here
    ]
    h.send(anna, h.orders(anna, *good, "ЗАХВАТИТЬ Луну 3", *other[:1]), subject="приказы")
    h.send(boris, h.orders(boris, "СТАТУС", "БЛАНК", "ПОМОЩЬ", "ОТПУСК 2"), subject="Re: приказы")
    h.send(GM, f"ИГРА {h.game_id}\nВЕДУЩИЙ\nПАРОЛЬ {GM_PASSWORD}\nПРОДЛИТЬ 2\nСТАТУС", subject="команды")
    h.run()


def _sent(to: str, message: EmailMessage) -> Sent:
    pictures = tuple(
        bytes(part.get_content())
        for part in message.iter_attachments()
        if part.get_content_type() == "image/png"
    )
    return Sent(to, str(message["Subject"]), body(message), pictures)
