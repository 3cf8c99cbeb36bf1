"""The TOML configuration: durations, per-game settings, secrets from the environment."""

from __future__ import annotations

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
    with pytest.raises(ConfigError, match="k: 'soon' is not a duration"):
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
        ('[games.c]\nruleset = "coins"\ngm = "g@x"', "address"),
        ('address = "a@x"\n[games.c]\nruleset = "coins"', "games.c.gm is missing"),
        ('address = "a@x"\n[games.c]\nruleset = "coins"\ngm = "g@x"\nlanguage = "de"', "language"),
        ('address = "env:GONETS_NOT_SET"', "GONETS_NOT_SET is not set"),
        (
            'address = "a@x"\n[limits]\nmail_byte = 5',
            "limits: unknown key 'mail_byte'; the keys are .*mail_bytes",
        ),
        ('address = "a@x"\n[limits]\nreplies_total_per_hour = 0', "every limit must be a positive number"),
    ],
)
def test_mistakes_are_named(tmp_path: Path, text: str, error: str) -> None:
    with pytest.raises(ConfigError, match=error):
        load_config(write(tmp_path, text))
