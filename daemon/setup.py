"""`gonets init`: a game section appended to the config, and its store created in signup."""

from __future__ import annotations

import re
from pathlib import Path

from daemon.config import ConfigError, load_config
from daemon.games import Games
from daemon.transports import make_transport
from engines import get_ruleset

_GAME_ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,40}$")

NEW_CONFIG = """\
# Gonets configuration. Paths are relative to this file.
# Any string value may be "env:NAME" to read it from the environment (for secrets).
games_dir = "games"
address = "{address}"     # the daemon's own address: From of every mail it sends
poll_seconds = 30
replies_per_hour = 20     # answers per sender per hour, against mail loops

[transport]
kind = "maildir"          # the embedded default: no mail server needed
inbox = "mail/inbox"      # drop incoming mail here (Maildir)
outbox = "mail/sent"      # every mail the daemon sends lands here (Maildir)

[limits]
order_lines = 500         # more order lines in one mail: refused with a reply naming the limit
body_chars = 2000000      # more text: refused likewise
wrong_passwords = 5       # per sender and game per hour; then one "wait" reply and silence
mail_bytes = 26214400     # a bigger mail (25 MB) is not read: one reply, kept for the GM
replies_total_per_hour = 2000   # answers to everyone together, against floods
"""

GAME_SECTION = """
[games.{game}]
ruleset = "{ruleset}"
gm = "{gm}"
timezone = "Europe/Moscow"
language = "ru+en"        # ru, en or ru+en (Russian first, English after it)
deadline = "48h"          # default length of a phase
reminder = "12h"          # remind silent players this long before a deadline
early_resolution = true   # resolve as soon as every active player has sent orders
max_missed = 2            # missed turns in a row before the country passes to the computer
hold_share = 0.5          # more than this share silent: hold the turn and ask the GM
# gm_password = "env:GONETS_GM_PASSWORD"   # enables GM commands by mail (ВЕДУЩИЙ + ПАРОЛЬ)
# phases = {{ talks = "24h", vote = "12h", orders = "48h" }}
"""


def init_game(config_path: Path, game: str, ruleset: str, gm: str, address: str) -> str:
    game = game.lower()
    if not _GAME_ID.match(game):
        raise ConfigError(f"game id {game!r}: use lowercase letters, digits, - and _")
    get_ruleset(ruleset)  # fails early on an unknown ruleset
    if not config_path.exists():
        config_path.parent.mkdir(parents=True, exist_ok=True)
        config_path.write_text(NEW_CONFIG.format(address=address), encoding="utf-8")
    if game in load_config(config_path).games:
        raise ConfigError(f"game {game} is already in {config_path}")
    with config_path.open("a", encoding="utf-8") as fh:
        fh.write(GAME_SECTION.format(game=game, ruleset=ruleset, gm=gm))
    config = load_config(config_path)
    Games(config).close()  # creates the store, in signup
    make_transport(config).close()  # creates the mailboxes, so mail can be dropped in at once
    return (
        f"Игра {game} ({ruleset}) создана, запись открыта: ЗАПИСЫВАЮСЬ <имя> с темой [{game}].\n"
        f"Game {game} ({ruleset}) created; signup is open: mail SIGNUP <name> with subject [{game}]."
    )
