"""Mails a player trial sent (tests/trials/, apart from tests/mails, every mail of which goes to
a coins game), delivered as they came but for the header's game, power, turn and
password, which are the harness game's: their MIME layout, charsets, subjects and attachments are
the player's own."""

from __future__ import annotations

import re
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path

from tests.daemon.harness import Harness

TRIAL = Path(__file__).parent.parent / "trials"
_HEAD = re.compile(r"^(\s*)(игра|семья|племя|пароль|ход)(:?\s+)\S.*$", re.IGNORECASE | re.MULTILINE)


def trial_mail(h: Harness, name: str, address: str) -> bytes:
    """The trial's `name`.eml as `address` would send it in the harness game, delivered."""
    message = message_from_bytes((TRIAL / f"{name}.eml").read_bytes(), policy=policy.default)
    assert isinstance(message, EmailMessage)
    record = h.game.load()
    values = {"игра": h.game_id, "пароль": h.passwords[address], "ход": str(record.turn)}
    for part in message.walk():
        if part.get_content_maintype() != "text":
            continue
        text = part.get_content()
        if not _HEAD.search(text):
            continue

        def ours(found: re.Match[str]) -> str:
            word = found.group(2)
            value = values.get(word.lower(), h.powers[address])
            return f"{found.group(1)}{word}{found.group(3)}{value}"

        charset = part.get_content_charset() or "utf-8"
        filename = part.get_filename()
        part.set_content(
            _HEAD.sub(ours, text),
            charset=charset,
            cte="base64",
            disposition="attachment" if filename else None,
            filename=filename,
        )
    subject = re.sub(r"\[[^]]*\]", f"[{h.game_id}]", str(message["Subject"]))
    for name, value in (("From", address), ("Subject", subject)):
        del message[name]
        message[name] = value
    raw = message.as_bytes()
    h.inbox.add(raw)
    return raw
