"""`gonets init`: a game section appended to the config, and its store created in signup.

The commented file it writes is generated from the config schema (`daemon.config`): every key with
its default and its description, so the template never disagrees with what is loaded. README's
Configuration section shows the same text (`readme_block`; a test keeps them equal).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, get_args, get_origin

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from daemon.config import GAME_ID, Config, ConfigError, keys, load_config, toml_value
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
    for key, info in keys(Config).items():
        if isinstance(info.annotation, type) and issubclass(info.annotation, BaseModel):
            lines += ["", *_table(f"[{key}]", info, {})]
    return "\n".join([*_HEADER, *above, *lines]) + "\n"


def game_section(game: str, ruleset: str, gm: str) -> str:
    """One game's table, appended to the file by `gonets init`."""
    lines = _table(f"[games.{game}]", keys(Config)["games"], {"ruleset": ruleset, "gm": gm})
    return "\n" + "\n".join(lines) + "\n"


def readme_block() -> str:
    """README's Configuration example: exactly what `gonets init` writes for a sample game."""
    text = new_config("gonets@example.org") + game_section("coins-1", "coins", "gm@example.org")
    return f"```toml\n{text}```\n"


def _table(header: str, info: FieldInfo, given: dict[str, str]) -> list[str]:
    """A table under its description and the description of its required keys."""
    model: Any = info.annotation
    if get_origin(model) is dict:  # one table per entry: a game
        model = get_args(model)[1]
    above, lines = _keys(model, given)
    return [f"# {info.description}", *above, header, *lines]


def _keys(table: type[Any], given: dict[str, str]) -> tuple[list[str], list[str]]:
    """A table's own keys, one a line, and the comment lines that go above the table. A required
    key, whose value `given` holds, is described above (its own line stays bare, as a GM would
    write it); an optional key shows its default and description; a key that is off by default is
    commented out with an example."""
    above, lines = [], []
    for key, info in keys(table).items():
        if _holds_tables(info):
            continue
        if info.is_required():
            above.append(f"# {key}: {info.description}")
            lines.append(f"{key} = {toml_value(given[key])}")
        elif info.examples:
            lines.append(_described(f"# {key} = {toml_value(info.examples[0])}", info))
        else:
            lines.append(
                _described(f"{key} = {toml_value(info.get_default(call_default_factory=True))}", info)
            )
    return above, lines


def _described(line: str, info: FieldInfo) -> str:
    return f"{line}{' ' * max(2, _COMMENT_AT - len(line))}# {info.description}"


def _holds_tables(info: FieldInfo) -> bool:
    """[transport], [limits]: a table of its own; [games.<id>]: one table per game."""
    held = get_args(info.annotation)[1] if get_origin(info.annotation) is dict else info.annotation
    return isinstance(held, type) and issubclass(held, BaseModel)


def init_game(config_path: Path, game: str, ruleset: str, gm: str, address: str) -> str:
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
        f"Game {game} ({ruleset}) created; signup is open: mail SIGNUP <name> with subject [{game}]."
    )
