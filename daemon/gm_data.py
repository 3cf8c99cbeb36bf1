"""A game's GM data file (`data` in its config): read with the guards the config file has, and
judged by the ruleset before anything of it is applied.

The file is the GM's, but a slip must not stop the daemon: it is opened only if it is a regular
file (a FIFO would block every game, a link to /dev/zero would never end), read to at most
`DATA_BYTES`, and parsed without letting a nesting deeper than the parser's stack escape as a
`RecursionError`; every failure is said in both languages (`Unreadable`).
"""

from __future__ import annotations

import errno
import re
import tomllib
from pathlib import Path
from typing import TYPE_CHECKING, Any

from daemon.config import GameSettings
from state.files import KIND_NAMES, FileTooLarge, NotRegularFile, read_regular

if TYPE_CHECKING:
    from engines.contract import JSON, Ruleset
    from engines.text import Msg

# a data file's most bytes: the shipped tribes world is 12 KB, and every list of a ruleset's data
# schema is bounded far below this
DATA_BYTES = 1 << 20
DATA_MISTAKES_SHOWN = 20  # a refused GM data file's mistakes said; the rest are counted
_TOML_PLACE = re.compile(r"^(.*?) \(at (?:line (\d+), column (\d+)|end of document)\)$", re.DOTALL)


class Unreadable(Exception):
    """Why a GM data file cannot be read, in Russian and in English."""

    def __init__(self, ru: str, en: str) -> None:
        super().__init__(f"{ru} / {en}")
        self.ru, self.en = ru, en

    def said(self, path: object) -> Msg:
        """The GM's message: the file `path` not read, and why."""
        from engines.text import Msg

        return Msg("gm_bad_data", {"path": str(path), "error_ru": self.ru, "error_en": self.en})


def read_bytes(path: Path) -> bytes:
    """The file's bytes, if it is a regular file (a link to one is followed) of at most
    `DATA_BYTES`; `Unreadable` otherwise."""
    try:
        return read_regular(path, DATA_BYTES, follow_links=True)[0]
    except OSError as error:
        raise unreadable(error) from None


def unreadable(error: OSError) -> Unreadable:
    """Why the file could not be read, for the GM."""
    if isinstance(error, NotRegularFile):
        ru, en = KIND_NAMES[error.kind]
        return Unreadable(f"не обычный файл, а {ru}", f"not a regular file but {en}")
    if isinstance(error, FileTooLarge):
        return Unreadable(f"больше {DATA_BYTES} байт", f"larger than {DATA_BYTES} bytes")
    if error.errno == errno.ENOENT:
        return Unreadable("нет такого файла", "no such file")
    if error.errno == errno.EACCES:
        return Unreadable("нет прав на чтение", "permission denied")
    return Unreadable(str(error.strerror or error), str(error.strerror or error))


def parse(raw: bytes) -> dict[str, Any]:
    """`raw` as TOML; `Unreadable` for what is not UTF-8, not TOML, or nested too deep to parse."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        at = error.start
        raise Unreadable(f"не текст UTF-8 (байт {at})", f"not UTF-8 text (byte {at})") from None
    try:
        return tomllib.loads(text)
    except RecursionError:  # tomllib nests a call per bracket: «a = [[[[…» deeper than the stack
        raise Unreadable(
            "списки и таблицы вложены слишком глубоко", "lists and tables are nested too deep"
        ) from None
    except tomllib.TOMLDecodeError as error:
        raise _not_toml(str(error)) from None


def _not_toml(said: str) -> Unreadable:
    """tomllib's reason with its place («Invalid value (at line 2, column 5)»), the place in words."""
    found = _TOML_PLACE.match(said)
    if found is None:
        return Unreadable(f"не TOML: {said}", f"not TOML: {said}")
    what, line, column = found.groups()
    if line is None:
        return Unreadable(f"не TOML (в конце: {what})", f"not TOML (at the end: {what})")
    return Unreadable(
        f"не TOML (строка {line}, знак {column}: {what})", f"not TOML (line {line}, column {column}: {what})"
    )


def read(path: Path) -> tuple[bytes, dict[str, Any]]:
    """The file's bytes and what they say; `Unreadable` for a file that cannot be read as TOML."""
    raw = read_bytes(path)
    return raw, parse(raw)


def refusal(ruleset: Ruleset[Any], settings: GameSettings, state: JSON | None, data: JSON) -> Msg | None:
    """Why `ruleset` refuses the GM data `data` (from `settings.data`) for `state` (None: before
    the game has one), its mistakes one a line naming the key, at most `DATA_MISTAKES_SHOWN` of
    them; None to apply it."""
    from engines.russian import agree
    from engines.text import Msg, Text

    found = list(ruleset.data_problems(state, data))
    if not found:
        return None
    more = len(found) - DATA_MISTAKES_SHOWN
    if more > 0:
        rest = Text(f"…и ещё {agree(more, 'ошибка')}", f"…and {more} more")
        found = [*found[:DATA_MISTAKES_SHOWN], rest]
    params: dict[str, str | int] = {"path": str(settings.data)}
    for lang in ("ru", "en"):
        params[f"mistakes_{lang}"] = "".join(f"\n      {text.get(lang)}" for text in found)
    return Msg("gm_data_mistakes", params)
