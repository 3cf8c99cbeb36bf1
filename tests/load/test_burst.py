"""10,000 order mails across 100 games through the Maildir transport, in one go (marker `load`,
run by .ci/run as its own step): valid orders, re-deliveries of the same raw mail, and garbage.
Every valid order is stored once, every answerable mail answered exactly once (counted by
In-Reply-To in the sent Maildir), nothing answered twice. How fast is `gonets bench`'s business."""

from __future__ import annotations

import json
from collections import Counter
from email import message_from_bytes
from pathlib import Path

import pytest

from daemon.tools import bench_burst

pytestmark = pytest.mark.load

GAMES = 100
MAILS = 10_000


def test_a_burst_of_ten_thousand_mails(tmp_path: Path) -> None:
    daemon = bench_burst.open_daemon(tmp_path, GAMES)
    burst = bench_burst.build(bench_burst.start_games(daemon), MAILS)
    assert len(burst.mails) == MAILS and burst.duplicates
    bench_burst.deliver(tmp_path, burst)
    seconds = bench_burst.run(daemon)
    print(f"\nburst: {MAILS} mails, {seconds:.1f} s, {MAILS / seconds:.1f} mails/s")

    replies = Counter(
        str(message_from_bytes(path.read_bytes())["In-Reply-To"])
        for path in (tmp_path / "mail" / "sent" / "new").iterdir()
    )
    replies.pop("None", None)  # the role mails of the start
    assert {mid for mid, n in replies.items() if n > 1} == set()
    assert set(replies) == burst.answered
    assert not burst.unanswered & set(replies)

    for (game_id, power), sent in burst.valid.items():
        game = daemon.games.get(game_id)
        assert game is not None
        stored = game.store.orders(1, game.load().phase)[power]
        assert (stored.mail_key, stored.commands[0].args["line"]) in {
            (key, line.split()[1]) for key, line in sent
        }

    logged = [
        json.loads(line)
        for path in (tmp_path / "games" / "archive" / "log").glob("*.jsonl")
        for line in path.read_text(encoding="utf-8").splitlines()
    ]
    assert len(logged) == len(set(burst.mails))  # one line per distinct mail: re-deliveries cost nothing
    assert not [entry for entry in logged if entry["outcome"] == "error"]
    daemon.close()
