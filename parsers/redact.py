"""Passwords never travel: player text that a mail or a log repeats has them blanked first.

A reply quotes refused lines, a broadcast carries the GM's lines, the archive log keeps the
subject; any of them may hold a password: the one in the mail's ПАРОЛЬ line, the GM's, or one a
player (or an auto-responder) pasted from a role mail, «Ваш пароль: k3x9q», in any case, with or
without its dashes, with Cyrillic look-alikes (`parsers.secrets`). Every such quote goes through a
`Redactor`; only the role mail itself carries a password.

The archive keeps a handled mail rebuilt from its decoded text with the same secrets blanked
(`raw`, `parsers.mime_blank`): the archive keeps mails, not passwords.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace

from engines.text import Msg, excerpt
from parsers.mime_blank import blanked_bytes, blanked_mail
from parsers.secrets import Proof, Secrets, known_values

MASK = "•••"


@dataclass(frozen=True)
class Redactor:
    """Blanks the known secret values anywhere, any value written after a password word, and
    whatever is shaped like a password and proved to be one by `secrets.is_password`."""

    secrets: Secrets = field(default_factory=Secrets)

    @staticmethod
    def of(values: Iterable[str | None], is_password: Callable[[str], bool] | None = None) -> Redactor:
        """A mail's redactor: `is_password` asked at most `Proof`'s budget of times for it."""
        return Redactor(Secrets(known_values(values), Proof(is_password) if is_password else None))

    def with_values(self, *values: str | None) -> Redactor:
        """Also blanking `values` (the password a mail gives)."""
        return replace(self, secrets=replace(self.secrets, known=self.secrets.known | known_values(values)))

    def knowing(self, is_password: Callable[[str], bool]) -> Redactor:
        """Also blanking what `is_password` says is a password (of the mail's game, or of any game)."""
        return replace(self, secrets=replace(self.secrets, is_password=Proof(is_password)))

    def text(self, text: str) -> str:
        return self.secrets.blank(text, MASK)

    def msg(self, msg: Msg) -> Msg:
        """`msg` as a reply repeats it: its words blanked, each at most an `excerpt`."""
        params = {k: excerpt(self.text(v)) if isinstance(v, str) else v for k, v in msg.params.items()}
        return Msg(msg.code, params)

    def raw(self, raw: bytes, parse: bool = True) -> bytes:
        """The raw mail as the archive keeps it; not `parse`d: a mail that broke the daemon, blanked
        where its secrets are written plainly."""
        return blanked_mail(raw, self.secrets) if parse else blanked_bytes(raw, self.secrets)


NO_SECRETS = Redactor()  # still blanks what follows a password word
