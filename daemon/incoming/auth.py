"""Player passwords: generated once, mailed once, stored only as salted scrypt hashes."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable

# words a player can type on a phone without confusion: no 0/O, 1/l/I
_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
_SCRYPT = {"n": 2**14, "r": 8, "p": 1, "dklen": 32}
PasswordCheck = Callable[[str, str], bool]  # (password given, stored hash) → whether they match


def new_password(length: int = 8) -> str:
    return "".join(secrets.choice(_ALPHABET) for _ in range(length))


def hash_password(password: str) -> str:
    salt = secrets.token_bytes(16)
    digest = hashlib.scrypt(password.encode(), salt=salt, **_SCRYPT)
    return f"scrypt${salt.hex()}${digest.hex()}"


def verify_password(password: str, stored: str) -> bool:
    """Constant-time comparison; a malformed stored hash never matches."""
    scheme, _, rest = stored.partition("$")
    salt_hex, _, digest_hex = rest.partition("$")
    if scheme != "scrypt" or not salt_hex or not digest_hex:
        return False
    digest = hashlib.scrypt(password.encode(), salt=bytes.fromhex(salt_hex), **_SCRYPT)
    return hmac.compare_digest(digest, bytes.fromhex(digest_hex))


def is_secret(given: str, secret: str) -> bool:
    """A configured secret (the GM password) compared in constant time."""
    return hmac.compare_digest(given.encode(), secret.encode())
