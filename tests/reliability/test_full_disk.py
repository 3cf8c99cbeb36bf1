"""`gonets run --once` on a really full disk (a small tmpfs filled to the last byte): no traceback,
no mail lost, a clear word to the operator, and everything handled once space is back."""

from __future__ import annotations

import errno
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from daemon.cli import main
from tests.daemon.harness import PLAYERS, Harness, accepted, body

ANNA = PLAYERS[0]


@pytest.fixture
def tiny_disk(tmp_path: Path) -> Iterator[Path]:
    mount = tmp_path / "disk"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(mount)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here (needs root): {done.stderr.decode().strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def fill(disk: Path) -> Path:
    """Take every free byte: writes of any size fail with ENOSPC from now on."""
    filler = disk / "filler"
    with filler.open("wb", buffering=0) as handle:
        try:
            while True:
                handle.write(b"\0" * 4096)
        except OSError as error:
            assert error.errno == errno.ENOSPC
    return filler


def test_run_once_on_a_full_disk_keeps_the_mail_and_ends_cleanly(
    tiny_disk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    h = Harness(tiny_disk)
    h.start()
    h.mail_to(ANNA)
    h.daemon.close()
    h.send(ANNA, h.orders(ANNA, "ВЛОЖИТЬ Промышленность 2"))
    filler = fill(tiny_disk)
    config = str(h.config_path)
    code = main(["run", "--config", config, "--once"])
    out = capsys.readouterr()
    assert code in (0, 5), out
    assert "Traceback" not in out.out + out.err
    assert len(list((tiny_disk / "mail" / "inbox" / "new").iterdir())) == 1  # the mail waits
    filler.unlink()
    assert main(["run", "--config", config, "--once"]) == 0
    h.daemon = h._daemon()
    assert any(accepted(body(m)) for m in h.mail_to(ANNA))
    assert h.powers[ANNA] in h.game.store.orders(1, h.game.load().phase)


def test_a_games_directory_that_cannot_even_be_created_is_named_with_exit_5(
    tiny_disk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tiny_disk / "gonets.toml"
    config.write_text(
        'games_dir = "games"\naddress = "gonets@test.local"\n[transport]\nkind = "maildir"\n'
        'inbox = "../inbox"\noutbox = "../sent"\n',  # the mailboxes live off the full disk
        encoding="utf-8",
    )
    fill(tiny_disk)
    assert main(["run", "--config", str(config), "--once"]) == 5
    err = capsys.readouterr().err
    assert "диск переполнен / the disk is full" in err and "Traceback" not in err
