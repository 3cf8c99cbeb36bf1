"""Passwords never travel: player text that a mail or a log repeats has them blanked first.

A reply quotes refused lines, a broadcast carries the GM's lines, the archive log keeps the
subject; any of them may hold a password: the one in the mail's ПАРОЛЬ line, the GM's, or one a
player (or an auto-responder) pasted from a role mail, «Ваш пароль: k3x9q». Every such quote goes
through a `Redactor`; only the role mail itself carries a password.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from engines.text import Msg

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
        params = {k: self.text(v) if isinstance(v, str) else v for k, v in msg.params.items()}
        return Msg(msg.code, params)


def _blank_value(match: re.Match[str]) -> str:
    value = match.group(2)
    return match.group(0) if _RUSSIAN_WORD.fullmatch(value) else match.group(1) + MASK


NO_SECRETS = Redactor()  # still blanks what follows a password word
