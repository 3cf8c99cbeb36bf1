"""The TOML configuration: durations, per-game settings, secrets from the environment."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest

from daemon.config import ConfigError, load_config, parse_duration


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "gonets.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_durations() -> None:
    assert parse_duration("48h", "k") == timedelta(hours=48)
    assert parse_duration("30m", "k") == timedelta(minutes=30)
    assert parse_duration("2d", "k") == timedelta(days=2)
    assert parse_duration(12, "k") == timedelta(hours=12)
    with pytest.raises(ConfigError, match='k = "soon": should be a duration like 48h'):
        parse_duration("soon", "k")


def test_game_settings_and_paths_relative_to_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GONETS_GM", "Master@Example.org")
    config = load_config(
        write(
            tmp_path,
            """
address = "Gonets@Example.org"
[transport]
kind = "maildir"
inbox = "in"
[games.c1]
ruleset = "coins"
gm = "env:GONETS_GM"
timezone = "Asia/Yekaterinburg"
phases = { talks = "24h", orders = "3d" }
max_missed = 3
""",
        )
    )
    game = config.games["c1"]
    assert config.address == "gonets@example.org" and game.gm == "master@example.org"
    assert config.games_dir == tmp_path / "games"
    assert config.transport.options["inbox"] == str(tmp_path / "in")
    assert game.timezone.key == "Asia/Yekaterinburg" and game.max_missed == 3
    assert game.duration("orders") == timedelta(days=3)
    assert game.duration("vote") == timedelta(hours=48)  # the default


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ('[games.c]\nruleset = "coins"\ngm = "g@x"', "^address is missing$"),
        ('address = "a@x"\n[games.c]\nruleset = "coins"', "games.c.gm is missing"),
        ('address = "a@x"\n[games.c]\nruleset = "coins"\ngm = "g@x"\nlanguage = "de"', "language"),
        ('address = "env:GONETS_NOT_SET"', "GONETS_NOT_SET is not set"),
        (
            'address = "a@x"\n[limits]\nmail_byte = 5',
            "limits.mail_byte = 5: unknown key; the keys here are .*mail_bytes",
        ),
        (
            'address = "a@x"\n[limits]\nreplies_total_per_hour = 0',
            "replies_total_per_hour = 0: should be greater than or equal to 1",
        ),
        (
            'address = "a@x"\n[games.c]\nruleset = "coins"\ngm = "g@x"\nmax_missed = 2\nmax_missed = 3',
            "not valid TOML",
        ),
    ],
)
def test_mistakes_are_named(tmp_path: Path, text: str, error: str) -> None:
    with pytest.raises(ConfigError, match=error):
        load_config(write(tmp_path, text))


def test_a_narrowed_config_keeps_its_games_and_paths(tmp_path: Path) -> None:
    """`gonets rebuild` narrows the loaded config to one game with dataclasses.replace."""
    game = '\nruleset = "coins"\ngm = "g@x"\n'
    text = f'address = "a@x"\n[games.c1]{game}[games.c2]{game}'
    config = load_config(write(tmp_path, text))
    narrowed = replace(config, games={"c2": config.games["c2"]})
    assert narrowed.games_dir == tmp_path / "games" and narrowed.games["c2"].id == "c2"
    assert list(narrowed.games) == ["c2"] and narrowed.transport == config.transport


GAME = '\n[games.c]\nruleset = "coins"\ngm = "g@x"\n'


@pytest.mark.parametrize(
    ("site", "published"),
    [
        (".", "the config file, secret_key_file, games_dir, transport.inbox"),
        ("games/site", "games_dir"),
        ("games", "games_dir"),
        ("mail", "transport.inbox"),
        ("mail/in/cur", "transport.inbox"),
        ("..", "the config file, secret_key_file, games_dir, transport.inbox"),
    ],
)
def test_a_site_folder_that_would_publish_the_daemons_own_files_is_refused(
    tmp_path: Path, site: str, published: str
) -> None:
    text = f'address = "a@x"\nsite_dir = "{site}"\n[transport]\nkind = "maildir"\ninbox = "mail/in"\n{GAME}'
    with pytest.raises(
        ConfigError, match=f'^site_dir = "{re.escape(site)}": a web server would publish {published}:'
    ):
        (tmp_path / "etc").mkdir()
        load_config(write(tmp_path / "etc", text))


def test_a_site_folder_of_its_own_is_taken(tmp_path: Path) -> None:
    config = load_config(write(tmp_path, f'address = "a@x"\nsite_dir = "site"\n{GAME}'))
    assert config.site_dir == tmp_path / "site"
