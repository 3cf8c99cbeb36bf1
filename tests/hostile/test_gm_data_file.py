"""The GM data file read with the guards the config file has. It was read whole, blocking and
unbounded: a FIFO at its path hung the daemon (no game served after), `check-data` and the start; a
link to /dev/zero grew memory without limit; TOML nested 200,000 deep raised RecursionError; a
16 MB file of a million names was taken. Now a regular file only, at most `DATA_BYTES`, nested no
deeper than the parser can read, each refusal said to the GM, and the game keeps its data."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from daemon.cli import main
from daemon.gm_data import DATA_BYTES
from tests.daemon.harness import GAME, GM, PLAYERS, Harness, body, flat
from tests.daemon.test_tribes_by_mail import WORLD, started
from tests.hostile.unblock import unblocking


@pytest.fixture
def h(tmp_path: Path) -> Iterator[Harness]:
    harness = started(tmp_path)
    yield harness
    harness.daemon.close()


def _checked(h: Harness, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(["check-data", "--config", str(h.config_path), GAME])
    return code, flat(capsys.readouterr().out)


def test_a_fifo_at_the_data_path_is_refused_and_the_daemon_serves_on(
    h: Harness, capsys: pytest.CaptureFixture[str]
) -> None:
    world = h.root / "world.toml"
    world.unlink()
    os.mkfifo(world)
    h.gm_mail("ДАННЫЕ")
    h.send(PLAYERS[0], h.orders(PLAYERS[0], "НЕТ ДЕЙСТВИЙ"))
    with unblocking(world):
        h.run()
        code, said = _checked(h, capsys)
    (answer,) = [flat(body(m)) for m in h.mail_to(GM) if "ДАННЫЕ" in body(m)]
    assert "не прочитан: не обычный файл, а именованный канал (FIFO)" in answer
    assert "could not be read: not a regular file but a FIFO" in answer
    assert any("принято НЕТ ДЕЙСТВИЙ" in str(m["Subject"]) for m in h.mail_to(PLAYERS[0]))
    assert code == 1 and "не обычный файл, а именованный канал (FIFO)" in said
    assert h.game.load().state["secret"]["techs"][0]["name"] == "Теснота"


def test_a_fifo_at_the_data_path_stops_the_start_with_what_it_is(tmp_path: Path) -> None:
    h = Harness(tmp_path, ruleset="tribes")
    world = h.use_data("", "world.toml")
    world.unlink()
    os.mkfifo(world)
    h.sign_up()
    with unblocking(world):
        done = h.gm("НАЧАТЬ")
    assert done.exit_code == 1 and "не обычный файл, а именованный канал (FIFO)" in done.text[0]
    assert h.game.load().status == "signup"
    h.daemon.close()


def _limited() -> None:
    """The child's memory capped, so that an unbounded read fails fast instead of taking the host."""
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


def test_a_link_to_dev_zero_is_refused_without_reading_it(h: Harness) -> None:
    world = h.root / "world.toml"
    world.unlink()
    world.symlink_to("/dev/zero")
    command = [sys.executable, "-m", "daemon.cli", "check-data", "--config", str(h.config_path), GAME]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, preexec_fn=_limited)
    assert done.returncode == 1, done.stderr[-500:]
    assert "не обычный файл, а устройство" in flat(done.stdout)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("a = " + "[" * 200_000 + "]" * 200_000, "списки и таблицы вложены слишком глубоко"),
        ("names = [" + ", ".join(f'"Род {n}"' for n in range(1_000_000)) + "]", f"больше {DATA_BYTES} байт"),
        (
            WORLD.read_text(encoding="utf-8").replace('name = "Люди Камня"', f'name = "{"Ж" * 5_000_000}"'),
            f"больше {DATA_BYTES} байт",
        ),
        ("# padding\n" * (DATA_BYTES // 10 + 1), f"больше {DATA_BYTES} байт"),
        (b'a = "\xff"\n', "не текст UTF-8 (байт 5)"),
        ("a = [1,\n", "не TOML (в конце: Invalid value)"),
        ("a = 1\nb = @\n", "не TOML (строка 2, знак 5: Invalid value)"),
    ],
)
def test_a_file_too_big_too_deep_or_not_toml_is_refused_and_the_game_keeps_its_data(
    h: Harness, capsys: pytest.CaptureFixture[str], text: str | bytes, said: str
) -> None:
    (h.root / "world.toml").write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    kept = h.game.load().state["secret"]
    code, out = _checked(h, capsys)
    assert code == 1 and said in out, out[:300]
    h.gm_mail("ДАННЫЕ")
    h.run()
    (answer,) = [flat(body(m)) for m in h.mail_to(GM) if "ДАННЫЕ" in body(m)]
    assert f"файл данных {h.root / 'world.toml'} не прочитан: {said}" in answer
    assert h.game.load().state["secret"] == kept
    assert (h.root / "games" / "games" / GAME / "game.json").stat().st_size < DATA_BYTES


def test_a_name_over_its_bound_is_refused_naming_its_key(
    h: Harness, capsys: pytest.CaptureFixture[str]
) -> None:
    long = WORLD.read_text(encoding="utf-8").replace('name = "Люди Камня"', f'name = "{"Ж" * 50_000}"')
    (h.root / "world.toml").write_text(long, encoding="utf-8")
    code, out = _checked(h, capsys)
    assert code == 1 and "ai.0.name: слишком длинная строка: до 40 знаков" in out
