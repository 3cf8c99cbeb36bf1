"""Passwords never travel: player text that a mail or a log repeats has them blanked first.

A reply quotes refused lines, a broadcast carries the GM's lines, the archive log keeps the
subject; any of them may hold a password: the one in the mail's ПАРОЛЬ line, the GM's, or one a
player (or an auto-responder) pasted from a role mail, «Ваш пароль: k3x9q». Every such quote goes
through a `Redactor`; only the role mail itself carries a password.

The archived raw copy of a handled mail has the values blanked too (`raw_mail`), every other byte
kept: the archive keeps mails, not passwords.
"""

from __future__ import annotations

import base64
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from email import message_from_bytes
from email.policy import compat32

from engines.text import Msg, excerpt
from parsers.mime_body import base64_texts

MASK = "•••"
# A password word, then ":", "=" or a few spaces, then the value: the value is blanked unless it is
# a plain Russian word («пароль ведущего сменился»); generated passwords are Latin and digits, and a
# GM password in any script is a known secret anyway.
_AFTER_WORD = re.compile(r"(\b(?:парол[ьяюеи]\w*|passw(?:or)?d\w*|pwd)\b\W{0,3})(\S+)", re.IGNORECASE)
_RUSSIAN_WORD = re.compile(r"[а-яё]+[.,:;!?»)]*", re.IGNORECASE)
_SHORTEST_SUBSTRING = 4  # shorter secrets are blanked only as whole words, not inside other words


@dataclass(frozen=True)
class Redactor:
    """Blanks the given secret values anywhere, and any value written after a password word."""

    secrets: frozenset[str] = frozenset()

    @staticmethod
    def of(values: Iterable[str | None]) -> Redactor:
        return Redactor(frozenset(v.strip() for v in values if v and v.strip()))

    def text(self, text: str) -> str:
        text = _AFTER_WORD.sub(_blank_value, text)
        for secret in sorted(self.secrets, key=len, reverse=True):
            if len(secret) >= _SHORTEST_SUBSTRING:
                text = text.replace(secret, MASK)
            else:
                text = re.sub(rf"(?<!\w){re.escape(secret)}(?!\w)", MASK, text)
        return text

    def msg(self, msg: Msg) -> Msg:
        """`msg` as a reply repeats it: its words blanked, each at most an `excerpt`."""
        params = {k: excerpt(self.text(v)) if isinstance(v, str) else v for k, v in msg.params.items()}
        return Msg(msg.code, params)


def _blank_value(match: re.Match[str]) -> str:
    value = match.group(2)
    return match.group(0) if _RUSSIAN_WORD.fullmatch(value) else match.group(1) + MASK


NO_SECRETS = Redactor()  # still blanks what follows a password word


RAW_MASK = "***"  # ASCII: the same bytes in every charset a mail may be written in
_RAW_CHARSETS = ("utf-8", "cp1251", "koi8-r")
_BASE64 = re.compile(rb"base64", re.IGNORECASE)


def raw_mail(raw: bytes, secrets: Iterable[str], parts: Sequence[tuple[bytes, str]] | None = None) -> bytes:
    """`raw` with each secret blanked where it stands as written (in the charsets Russian mail
    uses) and inside base64 text parts, which are encoded again; every other byte unchanged.
    `parts`: those base64 parts as the mail's reading found them (else the mail is parsed here).
    Secrets shorter than `_SHORTEST_SUBSTRING` are left: blanking them would hit other words."""
    values = sorted({s for s in secrets if len(s) >= _SHORTEST_SUBSTRING}, key=len, reverse=True)
    if not values:
        return raw
    raw = _base64_parts(raw, values, parts)
    for secret in values:
        for charset in _RAW_CHARSETS:
            try:
                raw = raw.replace(secret.encode(charset), RAW_MASK.encode())
            except UnicodeEncodeError:
                continue
    return raw


def _base64_parts(raw: bytes, values: list[str], parts: Sequence[tuple[bytes, str]] | None) -> bytes:
    if parts is None:
        if not _BASE64.search(raw):  # nothing to decode, no parse
            return raw
        try:
            parts = base64_texts(message_from_bytes(raw, policy=compat32))
        except RecursionError:  # a hostile nesting, refused as unreadable: no part of it was read
            return raw
    for source, charset in parts:
        try:
            text = base64.b64decode(source).decode(charset)
        except (ValueError, LookupError):  # binascii.Error and UnicodeDecodeError are ValueErrors
            continue
        blanked = text
        for secret in values:
            blanked = blanked.replace(secret, RAW_MASK)
        if blanked != text and raw.count(source) == 1:
            raw = raw.replace(source, _encoded_like(blanked.encode(charset), source))
    return raw


def _encoded_like(data: bytes, source: bytes) -> bytes:
    """Base64 in the source's line length and line ends."""
    newline = b"\r\n" if b"\r\n" in source else b"\n"
    width = len(source.split(newline, 1)[0]) or 76
    encoded = base64.b64encode(data)
    lines = [encoded[at : at + width] for at in range(0, len(encoded), width)]
    return newline.join(lines) + (newline if source.endswith(newline) else b"")
