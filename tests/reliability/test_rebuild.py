"""`gonets rebuild` gives back the very game the archive recorded, and sends nothing."""

from __future__ import annotations

import json
import mailbox
import tomllib
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from daemon.cli import main
from daemon.config import load_config
from daemon.tools.rebuild import rebuild_games
from state.archive import MailArchive
from state.disk import Disk
from state.files import read_json
from state.game_store import data_path
from tests.daemon.harness import GAME, PLAYERS, Harness, body
from tests.reliability.game import play_three_phases, start_by_command_line
from tests.rulesets import register


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
    assert report.failed == [] and report.not_replayed == [] and report.differences == []
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


def _data_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Harness:
    """A council-like game started from the command line with GM data A, then ДАННЫЕ by mail with
    B, a ДАННЫЕ by mail refused for a broken file, a ДАННЫЕ by command line with B2; the file then
    says C."""
    register(monkeypatch, "council_like")
    h = Harness(tmp_path, early=False, ruleset="council_like")
    data = tmp_path / "secret.toml"
    data.write_text('plot = "A"\n', encoding="utf-8")
    with h.config_path.open("a", encoding="utf-8") as config:
        config.write('data = "secret.toml"\n')
    h.restart()
    start_by_command_line(h)
    for plot in ("B", "broken", "B2"):
        h.clock.advance(minutes=5)
        data.write_text(f'plot = "{plot}"\n' if plot != "broken" else "plot = \n", encoding="utf-8")
        if plot == "B2":
            assert h.gm("ДАННЫЕ").exit_code == 0
        else:
            h.gm_mail("ДАННЫЕ")
            h.run()
    h.clock.advance(minutes=5)
    h.run()
    data.write_text('plot = "C"\n', encoding="utf-8")
    assert h.game.load().state["gm_data"] == {"plot": "B2"}
    h.daemon.close()
    return h


def _plots(h: Harness) -> list[str]:
    """The plot of each GM data file applied, in the order the history says."""
    store = h.game.store
    return [
        tomllib.loads(data_path(store.directory, e["data_sha256"]).read_text(encoding="utf-8"))["plot"]
        for e in store.history()
        if e["action"] == "data"
    ]


def test_a_rebuild_applies_the_gm_data_as_it_was_read_not_as_the_file_is_now(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    h = _data_game(tmp_path, monkeypatch)
    assert _plots(h) == ["B", "B2"]
    (report,) = rebuild_games(load_config(h.config_path), [GAME], h.clock())
    h.restart()
    assert report.failed == [] and report.data_now == []
    assert h.game.store.read_turn_record("0000-start")["state_after"]["gm_data"] == {"plot": "A"}
    assert _plots(h) == ["B", "B2"]  # the refused ДАННЫЕ is refused again, though the file now reads
    assert h.game.load().state["gm_data"] == {"plot": "B2"}
    h.daemon.close()


def test_a_rebuild_of_a_store_without_kept_data_reads_the_file_as_it_is_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    h = _data_game(tmp_path, monkeypatch)
    game_dir = h.root / "games" / "games" / GAME
    history = game_dir / "history.jsonl"
    old = [_without_kept_data(json.loads(line)) for line in history.read_text(encoding="utf-8").splitlines()]
    history.write_text("".join(json.dumps(entry) + "\n" for entry in old), encoding="utf-8")
    for path in (game_dir / "game.json", game_dir / "turns" / "0000-start.json"):
        path.write_text(json.dumps(_without_kept_data(read_json(path))), encoding="utf-8")
    (report,) = rebuild_games(load_config(h.config_path), [GAME], h.clock())
    assert len(report.data_now) == 4  # the start and every ДАННЫЕ, the once-refused one too
    assert "GM data from the file as it is now: НАЧАТЬ" in report.text("F")
    h.restart()
    assert h.game.load().state["gm_data"] == {"plot": "C"}
    h.daemon.close()


def _without_kept_data(value: Any) -> Any:
    """`value` as a store written before the GM data was kept: no "data_sha256" anywhere."""
    if isinstance(value, dict):
        return {k: _without_kept_data(v) for k, v in value.items() if k != "data_sha256"}
    if isinstance(value, list):
        return [_without_kept_data(v) for v in value]
    return value


def test_a_gm_command_in_the_same_second_as_a_pass_replays_after_that_passs_mails(tmp_path: Path) -> None:
    """The history keeps a command line's second, a done record its pass's instant: НАЧАТЬ typed
    0.4 s after the pass that read the signups replayed before them, and the rebuilt game stood in
    signup with no players while the live one ran with four; the rebuild said it went well."""
    h = Harness(tmp_path)
    h.clock.advance(seconds=0.5)
    start_by_command_line(h, gm_after=timedelta(seconds=0.4))
    for address in PLAYERS:
        h.send(address, h.orders(address, "ВЛОЖИТЬ Промышленность 1"))
    assert h.run().resolved == 1
    h.daemon.close()
    game_dir = h.root / "games" / "games" / GAME
    live = read_json(game_dir / "game.json")["game"]["1"]

    assert main(["rebuild", "--config", str(h.config_path), GAME]) == 0

    rebuilt = read_json(game_dir / "game.json")["game"]["1"]
    assert sorted(rebuilt["players"]) == sorted(live["players"]) and len(live["players"]) == 4
    assert rebuilt["state"] == live["state"] and rebuilt["status"] == "running"


def test_a_rebuild_that_differs_from_the_store_it_replaces_says_where_and_exits_1(
    played: Harness, capsys: pytest.CaptureFixture[str]
) -> None:
    archive = MailArchive(played.root / "games" / "archive", Disk(played.root / "games"))
    first_orders = next(
        key
        for key in archive.keys()  # noqa: SIM118 (an archive, not a dict)
        if (archive.done_record(key) or {}).get("outcome") == "orders"
    )
    done = next((played.root / "games" / "archive" / "done").rglob(f"{first_orders}.json"))
    done.unlink()  # that mail is lost to the rebuild: its orders are not replayed

    assert main(["rebuild", "--config", str(played.config_path), GAME]) == 1

    out = capsys.readouterr().out
    assert "differs from the store it replaces: turns/0001-2-orders.json orders" in out
