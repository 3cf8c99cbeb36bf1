"""`gonets bench` runs end to end and reports every figure; how fast is its business, never a test's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from daemon.cli import main
from daemon.tools.bench_report import Figure, Goal, as_json, table, write_json

SCENARIO_FIGURES = {
    "coins.floor",
    "coins.order_mail",
    "coins.order_mail_p90",
    "coins.floor_share",
    "coins.parse",
    "coins.floor_share_bound",
    "coins.batch_floor",
    "coins.batch",
    "coins.batch_floor_share",
    "coins.batch_parse",
    "coins.batch_floor_share_bound",
    "rus16.floor",
    "rus16.order_mail",
    "rus16.order_mail_p90",
    "rus16.floor_share",
    "rus16.parse",
    "rus16.floor_share_bound",
    "rus16.resolution",
    "rus16.resolution_mails",
    "rus16.cpu_reference",
    "rus16.resolution_in_references",
    "diplomacy.moves34",
    "idle.pass",
    "idle.one_mail",
    "idle.one_mail_p90",
    "history.turn_1",
    "history.ratio",
    "burst.rate",
    "startup.bare",
    "startup.run_once",
    "startup.help",
    "startup.status",
    "backlog.first_reply",
    "backlog.pass",
    "backlog.peak",
    "tribes.turn_1",
    "tribes.ratio",
    "deadline.cron",
    "deadline.cron_compiling",
    "maildir.reply",
    "storm.first_report",
    "storm.mail_answered",
    "storm.last_report",
    "storm.idle",
    "storm.peak_share",
    "storm.after_share",
    "storm_all.last_report",
}
WITH_GOALS = [
    *("idle.pass", "idle.one_mail", "history.ratio", "startup.run_once", "startup.help"),
    *("backlog.first_reply", "maildir.reply", "storm.first_report", "storm.mail_answered"),
    *("storm.peak_share", "storm_all.last_report", "tribes.ratio"),
    "diplomacy.moves34",
]
NO_GOAL = ("coins.floor_share", "coins.batch_floor_share", "rus16.floor_share", "startup.status")


def test_quick_bench_writes_every_figure_with_the_machine(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "bench.json"
    assert main(["bench", "--quick", "--json", str(target)]) == 0

    document = json.loads(target.read_text(encoding="utf-8"))
    figures = {f["name"]: f for f in document["figures"]}
    assert set(figures) >= SCENARIO_FIGURES
    assert any(name.startswith("history.turn_") and name != "history.turn_1" for name in figures)
    assert any(name.startswith("startup.run_once_") for name in figures)
    assert all(f["value"] > 0 and f["unit"] and f["meaning"] for f in figures.values())
    assert figures["rus16.resolution_mails"]["value"] == 17  # 16 reports and the GM's digest
    assert {"cpu", "cores", "python", "temp_filesystem"} <= set(document["machine"])
    assert document["sizes"]["mails"] > 0
    for name in WITH_GOALS:
        assert figures[name]["goal"] and figures[name]["met"] in (True, False)
    assert not any(figures[name]["goal"] for name in NO_GOAL)  # restated: kept from falling, typed by hand

    shown = capsys.readouterr().out
    assert all(name in shown for name in figures)
    assert "≤ 1.5" in shown and "≤ 1.2" in shown and "≤ 60" in shown and "≤ 4" in shown


def test_json_to_stdout_is_the_document_alone(capsys: pytest.CaptureFixture[str]) -> None:
    write_json(as_json([Figure("a.b", 2.0, "ms", "two")], {"mails": 1}), "-")
    assert json.loads(capsys.readouterr().out)["figures"][0]["name"] == "a.b"


def test_the_table_says_whether_each_goal_is_met() -> None:
    shown = table(
        [
            Figure("x.share", 0.6, "ratio", "above", Goal(">=", 0.5)),
            Figure("x.pass", 70.0, "ms", "too slow", Goal("<=", 60)),
            Figure("x.rate", 3.0, "mails/s", "no goal"),
        ]
    ).splitlines()
    assert " met " in shown[1] and "NOT met" in shown[2] and "met" not in shown[3]
