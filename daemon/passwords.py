"""Player passwords: generated once, mailed once, stored only as keyed hashes.

A generated password has 60 bits (12 characters of 32), so it needs no slow hash: it is stored as
HMAC-SHA256 under a secret key kept outside the games directory (`daemon/secret_key.py`). A reader
of the games directory learns nothing from `hmac$<hex>`, and checking a wrong password costs what
checking a right one does. Hashes of the old kind (`scrypt$…`, 8 characters) still match and are
replaced by the keyed one on the next mail whose password holds.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass, field
from typing import Protocol

# what a player can type on a phone without confusion: no 0/o, 1/l; shown in lower case
_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"
_GROUP = 4
_LENGTH = 12
_SCRYPT = {"n": 2**14, "r": 8, "p": 1, "dklen": 32}
_SEPARATORS = re.compile(r"[\s\-‐‑‒–—]+")  # a phone may turn "-" into a dash


def new_password() -> str:
    """12 characters of 32 (60 bits), in groups of four: "abcd-efgh-jkmn"."""
    plain = "".join(secrets.choice(_ALPHABET) for _ in range(_LENGTH))
    return "-".join(plain[at : at + _GROUP] for at in range(0, _LENGTH, _GROUP))


def normalized(password: str) -> str:
    """As typed, with or without the dashes or spaces between groups, in any case."""
    return _SEPARATORS.sub("", password).lower()


@dataclass(frozen=True)
class Passwords:
    """Hashes and checks player passwords under the installation's secret key."""

    key: bytes = field(repr=False)

    def hash(self, password: str) -> str:
        return f"hmac${self._digest(password).hex()}"

    def check(self, given: str, stored: str) -> bool:
        """Constant-time; a malformed stored hash never matches, and only an old `scrypt$` hash
        costs a scrypt run (a wrong password against a keyed hash costs one HMAC)."""
        scheme, _, rest = stored.partition("$")
        if scheme == "hmac":
            try:
                expected = bytes.fromhex(rest)
            except ValueError:
                return False
            return hmac.compare_digest(self._digest(given), expected)
        return scheme == "scrypt" and _scrypt_matches(normalized(given), rest)

    def upgrade(self, given: str, stored: str) -> str:
        """The keyed hash to store instead of `stored` once `given` matched it; "" if it is keyed."""
        return "" if stored.startswith("hmac$") else self.hash(given)

    def _digest(self, password: str) -> bytes:
        return hmac.new(self.key, normalized(password).encode(), hashlib.sha256).digest()


def _scrypt_matches(password: str, rest: str) -> bool:
    salt_hex, _, digest_hex = rest.partition("$")
    try:
        salt, expected = bytes.fromhex(salt_hex), bytes.fromhex(digest_hex)
    except ValueError:
        return False
    if not salt or not expected:
        return False
    return hmac.compare_digest(hashlib.scrypt(password.encode(), salt=salt, **_SCRYPT), expected)


def is_secret(given: str, secret: str) -> bool:
    """A configured secret (the GM password) compared in constant time."""
    return hmac.compare_digest(given.encode(), secret.encode())


class PasswordChecks(Protocol):
    """One mail's password checks. `verdict` is what its password proved ("player", "gm",
    "wrong"; "" when none was checked): the archive keeps it, so `gonets rebuild` replays it
    from the redacted copy instead of checking again."""

    verdict: str

    def player(self, given: str, stored: str) -> bool: ...

    def gm(self, given: str, secret: str) -> bool: ...

    def upgrade(self, given: str, stored: str) -> str: ...


class LiveChecks:
    """The checks of the running daemon: the keyed hashes and the GM's configured password."""

    def __init__(self, passwords: Passwords) -> None:
        self.passwords = passwords
        self.verdict = ""

    def player(self, given: str, stored: str) -> bool:
        return self._noted("player", self.passwords.check(given, stored))

    def gm(self, given: str, secret: str) -> bool:
        return self._noted("gm", is_secret(given, secret))

    def upgrade(self, given: str, stored: str) -> str:
        return self.passwords.upgrade(given, stored)

    def _noted(self, kind: str, matched: bool) -> bool:
        if matched:
            self.verdict = kind
        elif not self.verdict:
            self.verdict = "wrong"
        return matched


class ReplayedChecks:
    """`gonets rebuild`: each check answers as the original run's recorded verdict says."""

    def __init__(self, verdict: str) -> None:
        self.recorded = verdict
        self.verdict = verdict

    def player(self, given: str, stored: str) -> bool:
        return self.recorded == "player"

    def gm(self, given: str, secret: str) -> bool:
        return self.recorded == "gm"

    def upgrade(self, given: str, stored: str) -> str:
        return ""  # the password is not known again: the carried-over hashes stay
