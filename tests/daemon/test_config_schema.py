"""The config schema: each mistake named on one line (key, value as written, what is allowed), and
the `gonets init` template and README's copy of it generated from the same schema."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from daemon.config import Config, ConfigError, GameSettings, Limits, TransportSettings, keys, load_config
from daemon.tools.setup import game_section, new_config, readme_block
from engines import REGISTRY

ROOT = Path(__file__).resolve().parents[2]
GAME = "games.coins-1"


def config_text(changes: dict[str, str]) -> str:
    """A minimal valid file with `changes` (dotted key → value as TOML writes it) made to it."""
    tables: dict[str, dict[str, str]] = {
        "": {"address": '"gonets@x.test"'},
        GAME: {"ruleset": '"coins"', "gm": '"gm@x.test"'},
    }
    for key, value in changes.items():
        table, _, name = key.rpartition(".")
        tables.setdefault(table, {})[name] = value
    return "\n".join(
        (f"[{table}]\n" if table else "") + "".join(f"{name} = {value}\n" for name, value in entries.items())
        for table, entries in tables.items()
    )


def mistakes(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "gonets.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    return str(caught.value).splitlines()


KNOWN_RULESETS = ", ".join(sorted(REGISTRY))
GAME_KEYS = ", ".join(keys(GameSettings))
NOT_A_DURATION = "should be a duration like 48h, 30m, 2d or 10s, or a number of hours"
NOT_SHORTER = "should be shorter than the shortest phase"


@pytest.mark.parametrize(
    ("changes", "line"),
    [
        # wrong types: TOML types mean what they say
        ({f"{GAME}.max_missed": '"two"'}, f'{GAME}.max_missed = "two": should be a valid integer'),
        (
            {f"{GAME}.early_resolution": '"yes"'},
            f'{GAME}.early_resolution = "yes": should be a valid boolean',
        ),
        ({f"{GAME}.gm_password": "1234"}, f"{GAME}.gm_password = 1234: should be a valid string"),
        ({"replies_per_hour": '"20"'}, 'replies_per_hour = "20": should be a valid integer'),
        ({"limits.mail_bytes": '"25MB"'}, 'limits.mail_bytes = "25MB": should be a valid integer'),
        ({"games_dir": "5"}, "games_dir = 5: should be a file or folder name"),
        ({"transport.inbox": "true"}, "transport.inbox = true: should be a file or folder name"),
        ({f"{GAME}.phases": "5"}, f"{GAME}.phases = 5: should be a table"),
        (
            {f"{GAME}.powers": '"США"'},
            f'{GAME}.powers = "США": should be a list of names, like ["США", "Китай"]',
        ),
        ({f"{GAME}.powers": '["США", "США"]'}, f'{GAME}.powers = ["США", "США"]: should name each once'),
        # ranges
        ({f"{GAME}.max_missed": "0"}, f"{GAME}.max_missed = 0: should be greater than or equal to 1"),
        ({f"{GAME}.hold_share": "7"}, f"{GAME}.hold_share = 7: should be less than 1"),
        ({f"{GAME}.hold_share": "0"}, f"{GAME}.hold_share = 0: should be greater than 0"),
        ({"limits.order_lines": "0"}, "limits.order_lines = 0: should be greater than or equal to 1"),
        (
            {"limits.wrong_passwords": "-1"},
            "limits.wrong_passwords = -1: should be greater than or equal to 1",
        ),
        ({"poll_seconds": "0"}, "poll_seconds = 0: should be greater than or equal to 1"),
        # values with a meaning
        (
            {f"{GAME}.timezone": '"Mars/Olympus"'},
            f'{GAME}.timezone = "Mars/Olympus": should be a time zone zoneinfo knows, like Europe/Moscow'
            " or Asia/Yekaterinburg",
        ),
        ({f"{GAME}.ruleset": '"chess"'}, f'{GAME}.ruleset = "chess": should be one of {KNOWN_RULESETS}'),
        ({f"{GAME}.language": '"de"'}, f"{GAME}.language = \"de\": should be 'ru', 'en' or 'ru+en'"),
        ({"address": '"gonets"'}, 'address = "gonets": should be a mail address like name@example.org'),
        (
            {f"{GAME}.gm": '"gm at x"'},
            f'{GAME}.gm = "gm at x": should be a mail address like name@example.org',
        ),
        # durations
        (
            {f"{GAME}.deadline": '"soon"'},
            f'{GAME}.deadline = "soon": {NOT_A_DURATION}',
        ),
        ({f"{GAME}.deadline": '"0h"'}, f'{GAME}.deadline = "0h": should be longer than zero'),
        ({f"{GAME}.deadline": "-5"}, f"{GAME}.deadline = -5: should be longer than zero"),
        ({f"{GAME}.deadline": "nan"}, f"{GAME}.deadline = nan: should be longer than zero"),
        ({f"{GAME}.deadline": "inf"}, f"{GAME}.deadline = inf: should be shorter than 999999999 days"),
        (
            {f"{GAME}.phases": '{ talks = "1w" }'},
            f'{GAME}.phases.talks = "1w": {NOT_A_DURATION}',
        ),
        # a reminder not shorter than the shortest phase, written or left at its default
        (
            {f"{GAME}.reminder": '"48h"'},
            f'{GAME}.reminder = "48h": {NOT_SHORTER} (deadline = "48h")',
        ),
        (
            {f"{GAME}.deadline": "6"},
            f'{GAME}.reminder = "12h" (the default): {NOT_SHORTER} (deadline = "6h")',
        ),
        (
            {f"{GAME}.phases": '{ talks = "2h", orders = "3d" }'},
            f'{GAME}.reminder = "12h" (the default): {NOT_SHORTER} (phases.talks = "2h")',
        ),
        # unknown keys are refused, naming the keys that exist there
        ({f"{GAME}.max_misses": "3"}, f"{GAME}.max_misses = 3: unknown key; the keys here are {GAME_KEYS}"),
        ({f"{GAME}.id": '"coins-2"'}, f'{GAME}.id = "coins-2": unknown key; the keys here are {GAME_KEYS}'),
        (
            {"limits.mail_byte": "5"},
            "limits.mail_byte = 5: unknown key; the keys here are "
            "order_lines, body_chars, wrong_passwords, mail_bytes, replies_total_per_hour",
        ),
        (
            {"poll_second": "5"},
            "poll_second = 5: unknown key; the keys here are "
            "address, games_dir, secret_key, secret_key_file, site_dir, poll_seconds, replies_per_hour, "
            "transport, limits, games",
        ),
    ],
)
def test_each_mistake_names_the_key_the_value_and_what_is_allowed(
    tmp_path: Path, changes: dict[str, str], line: str
) -> None:
    assert line in mistakes(tmp_path, config_text(changes))


def test_a_game_id_must_do_as_a_folder_name_and_a_subject_tag(tmp_path: Path) -> None:
    text = config_text({}) + '\n[games."Coins 2"]\nruleset = "coins"\ngm = "gm@x.test"\n'
    assert mistakes(tmp_path, text) == [
        "games.Coins 2: a game id should be lowercase letters, digits, - and _ (at most 41)"
    ]


def test_every_mistake_is_named_at_once(tmp_path: Path) -> None:
    text = config_text({f"{GAME}.max_missed": "0", f"{GAME}.hold_share": "7", "limits.order_lines": "0"})
    assert len(mistakes(tmp_path, text)) == 3


def test_a_missing_key_is_named(tmp_path: Path) -> None:
    assert mistakes(tmp_path, '[games.coins-1]\nruleset = "coins"') == [
        "address is missing",
        f"{GAME}.gm is missing",
    ]


def test_secrets_are_read_before_validation_and_never_shown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GONETS_TEST_GM", "GM@X.test")
    monkeypatch.setenv("GONETS_TEST_SECRET", "hunter2")
    monkeypatch.delenv("GONETS_TEST_UNSET", raising=False)
    path = tmp_path / "gonets.toml"
    path.write_text(config_text({f"{GAME}.gm": '"env:GONETS_TEST_GM"'}), encoding="utf-8")
    assert load_config(path).games["coins-1"].gm == "gm@x.test"
    unset = config_text({f"{GAME}.gm_password": '"env:GONETS_TEST_UNSET"'})
    assert mistakes(tmp_path, unset) == [
        f'{GAME}.gm_password = "env:GONETS_TEST_UNSET": the environment variable GONETS_TEST_UNSET is not set'
    ]
    (misspelt,) = mistakes(tmp_path, config_text({f"{GAME}.gm_pasword": '"env:GONETS_TEST_SECRET"'}))
    assert misspelt.startswith(f'{GAME}.gm_pasword = "env:GONETS_TEST_SECRET": unknown key')
    monkeypatch.setenv("GONETS_TEST_SECRET", "not an address")
    (wrong,) = mistakes(tmp_path, config_text({f"{GAME}.gm": '"env:GONETS_TEST_SECRET"'}))
    assert wrong.startswith(f'{GAME}.gm = "env:GONETS_TEST_SECRET": should be a mail address')


def test_the_init_template_loads_to_the_defaults(tmp_path: Path) -> None:
    """Every key `gonets init` writes holds the schema's default: the template adds nothing."""
    written, minimal = tmp_path / "written.toml", tmp_path / "minimal.toml"
    written.write_text(new_config("gonets@x.test") + game_section("coins-1", "coins", "gm@x.test"), "utf-8")
    minimal.write_text(config_text({}), encoding="utf-8")
    assert load_config(written) == load_config(minimal)


def test_the_template_shows_every_key_and_its_examples_load(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Uncommenting the template's examples gives a valid file with exactly the schema's keys."""
    monkeypatch.setenv("GONETS_GM_PASSWORD", "secret")
    monkeypatch.setenv("GONETS_SECRET_KEY", "a-key-of-sixteen-or-more")
    text = new_config("gonets@x.test") + game_section("coins-1", "coins", "gm@x.test")
    text = re.sub(r"^# (\w+ = )", r"\1", text, flags=re.MULTILINE)
    raw = tomllib.loads(text)
    assert set(raw) == set(keys(Config))
    assert set(raw["transport"]) == set(keys(TransportSettings))
    assert set(raw["limits"]) == set(keys(Limits))
    assert set(raw["games"]["coins-1"]) == set(keys(GameSettings))
    path = tmp_path / "gonets.toml"
    path.write_text(text, encoding="utf-8")
    game = load_config(path).games["coins-1"]
    assert game.gm_password == "secret" and game.duration("talks").total_seconds() == 24 * 3600


def test_every_key_has_a_one_line_description() -> None:
    for table in (Config, TransportSettings, Limits, GameSettings):
        for key, info in keys(table).items():
            assert info.description and "\n" not in info.description, key


def test_readme_shows_what_the_schema_produces() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Configuration\n") :]
    start = section.index("```toml\n")
    shown = section[start : section.index("```\n", start + 1) + 4]
    expected = readme_block()
    assert shown == expected, f"README's Configuration block is stale; paste this there:\n\n{expected}"


def test_the_deployment_example_loads(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GONETS_SMTP_PASSWORD", "secret")
    config = load_config(ROOT / "daemon" / "deploy" / "gonets.example.toml")
    assert config.transport.kind == "imap" and set(config.transport.options) == {"imap", "smtp"}
    assert config.games["coins-1"].ruleset == "coins"
