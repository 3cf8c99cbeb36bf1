"""The newcomer's first command plays a whole game through the real pipeline."""

from __future__ import annotations

import mailbox
from pathlib import Path

import pytest

from daemon.config import load_config
from daemon.games import Games
from daemon.tools.demo import GAME, run_demo
from state.disk import Disk


def test_demo_plays_all_ten_turns_and_retires_the_silent_player(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_demo(tmp_path) == 0
    printed = capsys.readouterr().out
    assert "ход/turn 10 orders" in printed
    assert "ошибся, ответ Гонца / mistyped, the reply says: Строка " in printed  # the refusal the player read
    games = Games(load_config(tmp_path / "gonets.toml"), Disk(tmp_path))
    try:
        game = games.get(GAME)
        assert game is not None
        record = game.load()
        assert record.status == "over" and record.state["over"]
        assert [p.name for p in record.players.values() if p.status == "ai"] == ["Глеб"]
        scores = game.ruleset.scores(record.state)
        for power, points in scores.items():
            assert f"{power:<12} {points}" in printed
    finally:
        games.close()
    sent = mailbox.Maildir(tmp_path / "mail" / "sent", create=False)
    assert len(sent) > 40
    assert len(mailbox.Maildir(tmp_path / "mail" / "inbox", create=False)) > 0  # read mail stays, in cur/


def test_demo_refuses_a_directory_that_already_holds_a_game(tmp_path: Path) -> None:
    (tmp_path / "gonets.toml").write_text("address = 'x@y'\n")
    assert run_demo(tmp_path) == 2


def test_the_demo_is_the_same_game_from_the_same_seed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    standings = []
    for run in ("first", "second"):
        assert run_demo(tmp_path / run, seed="twice") == 0
        printed = capsys.readouterr().out
        standings.append(printed[printed.index("Итог / final scores:") : printed.index("Почта и игра")])
    assert standings[0] == standings[1]
