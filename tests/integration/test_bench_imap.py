"""`gonets bench --imap` puts its figures with the others, in the JSON and the table; how fast is the
bench's business, never a test's."""

from __future__ import annotations

import json

import pytest

from daemon.cli import main

IMAP_FIGURES = {
    "imap.idle_reply",
    "imap.idle_reply_p90",
    "imap.idle_notice",
    "imap.idle_pass",
    "imap.poll_reply",
    "imap.poll_reply_p90",
    "imap.rate",
}


def test_quick_imap_bench_writes_its_figures_into_the_json_with_the_others(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["bench", "--imap", "--quick", "--json", "-"]) == 0

    document = json.loads(capsys.readouterr().out)  # the document alone on stdout
    figures = {f["name"]: f for f in document["figures"]}
    assert set(figures) >= IMAP_FIGURES | {"coins.floor_share", "idle.pass", "burst.rate"}
    assert all(figures[name]["value"] > 0 and figures[name]["meaning"] for name in IMAP_FIGURES)
    reply = figures["imap.idle_reply"]
    assert reply["goal"] == "≤ 1000" and reply["met"] in (True, False)
    assert f"{document['sizes']['imap_games']} Русь games" in reply["meaning"]
    assert figures["imap.idle_reply"]["value"] >= figures["imap.idle_notice"]["value"]
