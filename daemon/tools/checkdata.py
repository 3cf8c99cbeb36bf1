"""`gonets check-data`: whether a game's GM data file (`data` in its config) fits its rules, judged
as the start and ДАННЫЕ judge it, without applying or keeping anything; each mistake names its key,
in the game's language. The GM runs it before the game starts, or before a ДАННЫЕ."""

from __future__ import annotations

import tomllib

from daemon.config import Config, ConfigError
from daemon.games import GameRules, Games, GmDataRead
from daemon.outgoing.render import languages, with_daemon_messages
from engines import get_ruleset
from engines.contract import JSON
from engines.text import Msg


def check_data(config: Config, games: Games, game_id: str) -> tuple[str, int]:
    """What the game's data file would meet (exit 0: it fits; 1: refused or unreadable), against
    the running game's state when it runs, else as the start would take it."""
    settings = config.games.get(game_id.lower())
    if settings is None:
        known = ", ".join(sorted(config.games))
        raise ConfigError(f"нет игры {game_id} / no game {game_id} (games: {known})")
    rules = GameRules(settings, get_ruleset(settings.ruleset))
    game = games.get(settings.id)
    record = game.load() if game is not None else None
    state: JSON | None = record.state if record is not None and record.status == "running" else None
    msg = _judged(rules, state)
    catalog = with_daemon_messages(rules.catalog)
    text = "\n".join(catalog.render(msg, lang) for lang in languages(settings.language))
    return text, 0 if msg.code == "gm_data_fits" else 1


def _judged(rules: GameRules, state: JSON | None) -> Msg:
    path = rules.settings.data
    if path is None:
        return Msg("gm_no_data")
    try:
        data = tomllib.loads(path.read_bytes().decode("utf-8"))
    except (OSError, ValueError) as error:  # tomllib.TOMLDecodeError is a ValueError
        return Msg("gm_bad_data", {"path": str(path), "error": str(error)})
    refusal = rules.data_refusal(state, GmDataRead(data, ""))
    return refusal or Msg("gm_data_fits", {"path": str(path)})
