"""What a fresh `gonets` process loads: nothing a pass will not use. Counted in subprocesses (the
modules imported, the games opened), never timed: how fast is `gonets bench`'s business.

A cron user starts `gonets run --once` every minute: with nothing to do it must not import the
mail parser, a ruleset, the templates or the pictures, nor read a game that has nothing due."""

from __future__ import annotations

import json
import mailbox
import subprocess
import sys
from datetime import UTC, datetime
from typing import Any

import pytest

from daemon.tools.bench_games import Scene, open_scene
from tests.paths import REPO

# what only mail, a game with work, a template or a picture needs
HEAVY = {"mailparser", "charset_normalizer", "pydantic", "jinja2", "PIL", "tinydb", "pymorphy3"}
NEEDED_ONLY_WITH_WORK = {
    "daemon.incoming.intake",
    "daemon.outgoing.render",
    "daemon.phases.deadlines",
    "daemon.gm.dispatch",
    "state.game_store",
    "engines.contract",
    "parsers.mime",
}

PASS = """
import json, sys
from daemon.cli import _open_daemon
daemon = _open_daemon(sys.argv[1])
report = daemon.run_once()
opened = sorted(game.id for game in daemon.games if game.opened)
daemon.close()
print(json.dumps({"mails": report.mails, "opened": opened, "modules": sorted(sys.modules)}))
"""


def run(code: str, *args: str) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-c", code, *args], cwd=REPO, capture_output=True, text=True, timeout=120, check=True
    )
    found: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return found


def loaded(modules: list[str]) -> set[str]:
    """The heavy packages and the pass's own modules that work needs, among `modules`."""
    return {m for m in modules if m.split(".")[0] in HEAVY or m in NEEDED_ONLY_WITH_WORK} | {
        m for m in modules if m.startswith("engines.") and m != "engines.errors"
    }


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Scene:
    """Three started coins games, their deadlines two days after now: a real clock finds nothing due."""
    scene = open_scene(tmp_path_factory.mktemp("games"), "coins", 4, idle_games=2, start=datetime.now(UTC))
    scene.close()
    return scene


HELP = """
import json, sys
from daemon.cli import main
try:
    main(["--help"])
except SystemExit:
    print(json.dumps({"modules": sorted(sys.modules)}))
"""


def test_help_loads_no_command() -> None:
    modules = run(HELP)["modules"]
    assert loaded(modules) == set()
    assert not any(m.startswith(("daemon.config", "daemon.service", "state.")) for m in modules)


def test_an_empty_pass_reads_no_game_and_loads_no_mail_parser_ruleset_template_or_picture(
    games: Scene,
) -> None:
    config = str(games.root / "gonets.toml")
    run(PASS, config)  # the first process after the games were made visits each once
    quiet = run(PASS, config)
    assert quiet["mails"] == 0 and quiet["opened"] == []
    assert loaded(quiet["modules"]) == set()


def test_a_mail_opens_its_game_alone_and_a_game_written_behind_the_daemon_is_visited(games: Scene) -> None:
    config = str(games.root / "gonets.toml")
    run(PASS, config)
    first, second, third = sorted(game.id for game in games.daemon.games)
    mailbox.Maildir(games.root / "mail" / "inbox").add(games.order_mail(0))
    answered = run(PASS, config)
    assert answered["mails"] == 1 and answered["opened"] == [first]
    (games.root / "games" / "games" / third / "game.json").touch()  # a hand, a restore, a rebuild
    assert run(PASS, config)["opened"] == [third]
    text = (games.root / "gonets.toml").read_text(encoding="utf-8")
    edited = text.replace(f"[games.{second}]\n", f'[games.{second}]\nreminder = "6h"\n')
    (games.root / "gonets.toml").write_text(edited, encoding="utf-8")
    assert run(PASS, config)["opened"] == [second]
    assert run(PASS, config)["opened"] == []


STATUS = """
import io, json, sys
from contextlib import redirect_stdout
from daemon.cli import main
with redirect_stdout(io.StringIO()):
    main(["status", "--config", sys.argv[1]])
print(json.dumps({"modules": sorted(sys.modules)}))
"""


def test_status_reads_its_games_without_the_mail_parser_or_the_pictures(games: Scene) -> None:
    modules = {m.split(".")[0] for m in run(STATUS, str(games.root / "gonets.toml"))["modules"]}
    assert modules & {"mailparser", "charset_normalizer", "PIL"} == set()
