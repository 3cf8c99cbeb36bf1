"""`gonets check-data`: whether a game's GM data file (`data` in its config) fits its rules, judged
as the start and ДАННЫЕ judge it, without applying or keeping anything; each mistake names its key,
in the game's language. The GM runs it before the game starts, or before a ДАННЫЕ."""

from __future__ import annotations

from typing import Any

from daemon import gm_data
from daemon.config import Config, ConfigError, GameSettings
from daemon.games import Games
from daemon.outgoing.render import languages, with_daemon_messages
from engines import get_ruleset
from engines.contract import JSON, Ruleset
from engines.text import Msg
from parsers.orders import parser_catalog


def check_data(config: Config, games: Games, game_id: str) -> tuple[str, int]:
    """What the game's data file would meet (exit 0: it fits; 1: refused or unreadable), against
    the running game's state when it runs, else as the start would take it."""
    settings = config.games.get(game_id.lower())
    if settings is None:
        known = ", ".join(sorted(config.games))
        raise ConfigError(f"нет игры {game_id} / no game {game_id} (games: {known})")
    ruleset = get_ruleset(settings.ruleset)
    game = games.get(settings.id)
    record = game.load() if game is not None else None
    state: JSON | None = record.state if record is not None and record.status == "running" else None
    msg = _judged(ruleset, settings, state)
    catalog = with_daemon_messages(parser_catalog().merged(ruleset.catalog))
    text = "\n".join(catalog.render(msg, lang) for lang in languages(settings.language))
    return text, 0 if msg.code == "gm_data_fits" else 1


def _judged(ruleset: Ruleset[Any], settings: GameSettings, state: JSON | None) -> Msg:
    path = settings.data
    if path is None:
        return Msg("gm_no_data")
    try:
        data = gm_data.read(path)[1]
    except gm_data.Unreadable as error:
        return error.said(path)
    return gm_data.refusal(ruleset, settings, state, data) or Msg("gm_data_fits", {"path": str(path)})
