"""`gonets init`: a game section appended to the config, and its store created in signup.

The commented file it writes is generated from the config schema (`daemon.config`): every key with
its default and its description, so the template never disagrees with what is loaded. README's
Configuration section shows the same text (`readme_block`; a test keeps them equal).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from daemon.config import GAME_ID, Config, ConfigError, Key, keys, load_config, toml_value
from daemon.games import Games
from daemon.transports import make_transport
from engines import get_ruleset
from state.archive import MailArchive
from state.disk import Disk

_HEADER = [
    "# Gonets configuration. File names are relative to this file.",
    '# Any string value may be "env:NAME" to read it from the environment variable NAME (for secrets).',
]
_COMMENT_AT = 32  # the column where a key's comment starts, when the key leaves room


def new_config(address: str) -> str:
    """The file `gonets init` starts: the top-level keys and the tables but the games."""
    above, lines = _keys(Config, {"address": address})
    for key in keys(Config).values():
        if key.table is not None and not key.by_name:
            lines += ["", *_table(f"[{key.name}]", key, {})]
    return "\n".join([*_HEADER, *above, *lines]) + "\n"


def game_section(game: str, ruleset: str, gm: str) -> str:
    """One game's table, appended to the file by `gonets init`."""
    lines = _table(f"[games.{game}]", keys(Config)["games"], {"ruleset": ruleset, "gm": gm})
    return "\n" + "\n".join(lines) + "\n"


def readme_block() -> str:
    """README's Configuration example: exactly what `gonets init` writes for a sample game."""
    text = new_config("gonets@example.org") + game_section("coins-1", "coins", "gm@example.org")
    return f"```toml\n{text}```\n"


def _table(header: str, key: Key, given: dict[str, str]) -> list[str]:
    """A table (or one of a table per entry: a game) under its description and the description
    of its required keys."""
    assert key.table is not None
    above, lines = _keys(key.table, given)
    return [f"# {key.description}", *above, header, *lines]


def _keys(table: type[Any], given: dict[str, str]) -> tuple[list[str], list[str]]:
    """A table's own keys, one a line, and the comment lines that go above the table. A required
    key, whose value `given` holds, is described above (its own line stays bare, as a GM would
    write it); an optional key shows its default and description; a key that is off by default is
    commented out with an example."""
    above, lines = [], []
    for name, key in keys(table).items():
        if key.table is not None:  # [transport], [limits]: a table of its own; [games.<id>]: one per game
            continue
        if key.is_required():
            above.append(f"# {name}: {key.description}")
            lines.append(f"{name} = {toml_value(given[name])}")
        elif key.example is not None:
            lines.append(_described(f"# {name} = {toml_value(key.example)}", key))
        else:
            lines.append(_described(f"{name} = {toml_value(key.default_value())}", key))
    return above, lines


def _described(line: str, key: Key) -> str:
    return f"{line}{' ' * max(2, _COMMENT_AT - len(line))}# {key.description}"


def init_game(config_path: Path, game: str, ruleset: str, gm: str, address: str) -> str:
    """Add the game and say what comes next: signup is open, and GM mail needs a password first."""
    game = game.lower()
    if not GAME_ID.match(game):
        raise ConfigError(f"game id {game!r}: use lowercase letters, digits, - and _")
    get_ruleset(ruleset)  # fails early on an unknown ruleset
    if not config_path.exists():
        config_path.parent.mkdir(parents=True, exist_ok=True)
        config_path.write_text(new_config(address), encoding="utf-8")
    if game in load_config(config_path).games:
        raise ConfigError(f"game {game} is already in {config_path}")
    with config_path.open("a", encoding="utf-8") as fh:
        fh.write(game_section(game, ruleset, gm))
    config = load_config(config_path)
    disk = Disk(config.games_dir)
    Games(config, disk).close()  # creates the store, in signup
    MailArchive(config.games_dir / "archive", disk).make_folders()  # no first mail pays for its folder
    make_transport(config).close()  # creates the mailboxes, so mail can be dropped in at once
    return (
        f"Игра {game} ({ruleset}) создана, запись открыта: ЗАПИСЫВАЮСЬ <имя> с темой [{game}].\n"
        f"Game {game} ({ruleset}) created; signup is open: mail SIGNUP <name> with subject [{game}].\n"
        f"Команды ведущего по почте принимаются, только когда задан пароль ведущего: раскомментируйте"
        f" строку gm_password в [games.{game}] и впишите пароль.\n"
        f"GM commands by mail are accepted only once the GM password is set: uncomment the gm_password"
        f" line in [games.{game}] and give a password."
    )
