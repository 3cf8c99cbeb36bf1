"""Every mistake a user can make on the command line is one line on stderr and an exit code,
never a traceback (run through `daemon.cli.main`, as `gonets` runs it)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from daemon.cli import main


def one_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


@pytest.fixture
def config(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "gonets.toml"
    assert (
        main(["init", "--config", str(path), "--game", "g1", "--ruleset", "coins", "--gm", "gm@x.test"]) == 0
    )
    capsys.readouterr()
    return path


def test_a_missing_config_is_named_with_how_to_write_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "nope.toml"
    assert main(["status", "--config", str(missing)]) == 2
    assert f"{missing}: no such file (gonets init --config {missing}" in one_line(capsys)


def test_a_toml_syntax_error_names_the_file_and_the_line(
    config: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config.write_text('address = "a@x.test"\n[transport\nkind = "maildir"\n', encoding="utf-8")
    assert main(["run", "--config", str(config), "--once"]) == 2
    err = one_line(capsys)
    assert f"{config}: not valid TOML" in err and "line 2" in err


def test_an_unknown_ruleset_in_the_config_is_one_line(
    config: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config.write_text(config.read_text(encoding="utf-8").replace('"coins"', '"chess"'), encoding="utf-8")
    assert main(["status", "--config", str(config)]) == 2
    assert "chess" in one_line(capsys)


@pytest.mark.parametrize(
    "argv",
    [
        ["init", "--config", "{dir}/new.toml", "--game", "g2", "--ruleset", "chess", "--gm", "g@x.test"],
        ["pictures", "--ruleset", "chess", "--out", "{dir}/pictures"],
    ],
)
def test_an_unknown_ruleset_on_the_command_line_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    assert main([arg.format(dir=tmp_path) for arg in argv]) == 2
    known = "coins, council, diplomacy, diplomacy_ancmed, diplomacy_pure, mare, rus, tribes"
    assert one_line(capsys) == f"нет правил chess / no ruleset chess (known: {known})\n"
    assert not (tmp_path / "new.toml").exists()


def test_bench_imap_without_aiosmtpd_says_which_extra_before_any_bench(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "aiosmtpd", None)  # as if it were not installed
    assert main(["bench", "--imap", "--quick"]) == 2
    printed = capsys.readouterr()
    assert printed.out == ""  # the Maildir bench did not run first
    assert printed.err == (
        "bench --imap needs aiosmtpd (the dev extra): pip install 'gonets[dev]' or pip install aiosmtpd\n"
    )


def test_check_of_a_mail_file_that_is_not_there(
    config: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", "--config", str(config), str(tmp_path / "m.eml")]) == 2
    assert "m.eml: No such file or directory" in one_line(capsys)


def test_history_of_an_unknown_game(config: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["history", "--config", str(config), "g9"]) == 2
    assert "no game g9 (games: g1)" in one_line(capsys)
