"""The secret key of player-password hashes, kept outside the games directory.

`secret_key = "env:NAME"` in the config gives it from the environment; otherwise it is the file
`secret_key_file` (beside the config: `gonets.key`), made with mode 0600 by `gonets init` or by the
first start of a daemon whose games hold no keyed hash yet. A missing file once keyed hashes exist
is an error, never a new key: a new key would silently turn every player's password wrong.
"""

from __future__ import annotations

import base64
import os
import secrets
from collections.abc import Callable
from pathlib import Path

from daemon.config import Config, ConfigError

KEY_BYTES = 32
_SHORTEST = 16  # characters of a key given in the environment or written by hand


def load_key(config: Config, keyed_hashes: Callable[[], list[str]]) -> bytes:
    """The key, or `ConfigError` in one line. `keyed_hashes` names the games whose players'
    passwords are hashed with a key (asked only when the key file is missing)."""
    if config.secret_key:
        return _long_enough(config.secret_key, "secret_key")
    path = config.secret_key_file
    if path.resolve().is_relative_to(config.games_dir.resolve()):
        raise ConfigError(
            f"secret_key_file {path} is inside games_dir {config.games_dir}: whoever reads the games "
            "directory would hold the key to every password hash in it; move the file beside the config"
        )
    if not path.exists():
        if games := keyed_hashes():
            raise ConfigError(
                f"secret_key_file {path} is missing, and the passwords of {', '.join(games)} were hashed "
                "with it: restore it from a backup (a new key would make every password wrong)"
            )
        create_key_file(path)
    try:
        text = path.read_text(encoding="ascii")
    except (OSError, UnicodeDecodeError) as error:
        raise ConfigError(f"secret_key_file {path} cannot be read: {error}") from error
    return _long_enough(text.strip(), f"secret_key_file {path}")


def create_key_file(path: Path) -> bool:
    """A fresh random key, readable by its owner only; False if the file exists (never replaced)."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return False
    try:
        os.write(fd, base64.b64encode(secrets.token_bytes(KEY_BYTES)) + b"\n")
        os.fsync(fd)
    finally:
        os.close(fd)
    return True


def _long_enough(text: str, where: str) -> bytes:
    if len(text) < _SHORTEST:
        raise ConfigError(f"{where}: the key has {len(text)} characters, at least {_SHORTEST} are needed")
    return text.encode("utf-8")
