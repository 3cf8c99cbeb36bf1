"""`gonets rebuild` gives back the very game the archive recorded, and sends nothing."""

from __future__ import annotations

import mailbox
from pathlib import Path
from typing import Any

import pytest

from daemon.cli import main
from daemon.config import load_config
from daemon.tools.rebuild import rebuild_games
from state.files import read_json
from tests.daemon.harness import GAME, Harness, body
from tests.reliability.game import play_three_phases


def turn_records(directory: Path) -> dict[str, dict[str, Any]]:
    return {path.stem: read_json(path) for path in sorted((directory / "turns").glob("*.json"))}


def sent_count(h: Harness) -> int:
    return len(mailbox.Maildir(h.root / "mail" / "sent", create=False))


@pytest.fixture
def played(tmp_path: Path) -> Harness:
    h = Harness(tmp_path)
    play_three_phases(h)
    assert h.game.store.turn_records() == ["0000-start", "0001-2-orders", "0002-0-talks", "0002-2-orders"]
    h.daemon.close()
    return h


@pytest.mark.parametrize("damage", ["none", "game.json truncated"])
def test_a_rebuild_replays_every_mail_and_deadline_into_the_same_turns(played: Harness, damage: str) -> None:
    game_dir = played.root / "games" / "games" / GAME
    before = turn_records(game_dir)
    old_players = read_json(game_dir / "game.json")["game"]["1"]["players"]
    if damage != "none":
        (game_dir / "game.json").write_bytes(b'{"game": {"1": {"id": "coi')
    sent = sent_count(played)
    config = load_config(played.config_path)
    (report,) = rebuild_games(config, [GAME], played.clock())
    assert report.aside is not None and report.aside.exists()
    assert turn_records(report.aside) == before  # the damaged folder is kept as it was
    after = turn_records(game_dir)
    assert sorted(after) == sorted(before)
    for name, data in before.items():
        assert after[name]["state_after"] == data["state_after"], name
        assert after[name].get("orders") == data.get("orders"), name
        assert after[name].get("players_after") == data.get("players_after"), name
        assert after[name].get("resolved_at") == data.get("resolved_at"), name
    assert sent_count(played) == sent  # nothing was mailed
    assert report.failed == [] and report.not_replayed == []
    players = read_json(game_dir / "game.json")["game"]["1"]["players"]
    kept = {p: pl["password_hash"] for p, pl in players.items()} == {
        p: pl["password_hash"] for p, pl in old_players.items()
    }
    assert report.passwords_kept == kept == (damage == "none")
    assert ("ПАРОЛИ ПОТЕРЯНЫ" in report.text("F")) == (damage != "none")


def test_the_rebuilt_game_goes_on_with_the_old_passwords(played: Harness) -> None:
    rebuild_games(load_config(played.config_path), [GAME], played.clock())
    played.restart()
    address = next(iter(played.passwords))
    played.mail_to(address)
    played.send(address, played.orders(address, "НЕТ ДЕЙСТВИЙ"))
    played.run()
    replies = played.mail_to(address)
    assert [m for m in replies if "Принято: НЕТ ДЕЙСТВИЙ" in body(m)]


def test_run_on_a_corrupt_store_names_the_file_and_the_rebuild_command(
    played: Harness, capsys: pytest.CaptureFixture[str]
) -> None:
    game_json = played.root / "games" / "games" / GAME / "game.json"
    game_json.write_bytes(b"\x00" * 40)
    config = str(played.config_path)
    assert main(["run", "--config", config, "--once"]) == 3
    err = capsys.readouterr().err
    assert str(game_json) in err and f"gonets rebuild --config {config} {GAME}" in err
    assert "Traceback" not in err
    assert main(["rebuild", "--config", config, GAME]) == 0
    out = capsys.readouterr().out
    assert "ПАРОЛИ ПОТЕРЯНЫ" in out and "ЗАМЕНИТЬ" in out
    assert main(["run", "--config", config, "--once"]) == 0
