"""The `gonets` command line, run as a GM would run it."""

from __future__ import annotations

import mailbox
from email.mime.text import MIMEText
from pathlib import Path

import pytest

from daemon.cli import main


def signup(config: Path, sender: str, name: str) -> None:
    message = MIMEText(f"ЗАПИСЫВАЮСЬ {name}", "plain", "utf-8")
    message["From"], message["Subject"] = sender, "[coins-1] запись"
    mailbox.Maildir(config.parent / "mail" / "inbox").add(message.as_bytes())


@pytest.fixture
def config(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "gonets.toml"
    assert (
        main(
            [
                "init",
                "--config",
                str(path),
                "--game",
                "coins-1",
                "--ruleset",
                "coins",
                "--gm",
                "gm@x.test",
                "--address",
                "gonets@x.test",
            ]
        )
        == 0
    )
    assert "запись открыта" in capsys.readouterr().out
    return path


def test_init_writes_a_commented_config_and_opens_signup(
    config: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = config.read_text(encoding="utf-8")
    assert '[games.coins-1]\nruleset = "coins"\ngm = "gm@x.test"' in text
    assert '\nlanguage = "ru" ' in text  # a Russian forum's game is Russian unless asked otherwise
    assert main(["status", "--config", str(config)]) == 0
    assert "coins-1 · «Монеты: современные державы» · идёт запись" in capsys.readouterr().out
    archive = config.parent / "games" / "archive"
    assert all(len(list((archive / kind).iterdir())) == 256 for kind in ("raw", "done", "content"))


def test_init_refuses_a_game_twice_and_an_unknown_ruleset(
    config: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert (
        main(["init", "--config", str(config), "--game", "coins-1", "--ruleset", "coins", "--gm", "g@x"]) == 2
    )
    assert "already" in capsys.readouterr().err
    assert (
        main(["init", "--config", str(config), "--game", "chess", "--ruleset", "chess", "--gm", "g@x"]) == 2
    )
    known = "coins, council, diplomacy, diplomacy_ancmed, diplomacy_pure, mare, rus, tribes"
    assert capsys.readouterr().err == f"нет правил chess / no ruleset chess (known: {known})\n"


def test_run_once_answers_signups_and_start_needs_enough_players(
    config: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    signup(config, "anna@x.test", "Анна")
    assert main(["run", "--config", str(config), "--once"]) == 0
    assert capsys.readouterr().out == (
        "писем прочитано 1 (приказы приняты 0, отклонены 0, служебных 0), команд ведущего 0, "
        "фаз разрешено 0, писем отправлено 1\nmails read 1 (orders accepted 0, refused 0, service 0), "
        "GM commands 0, phases resolved 0, mails sent 1\n"
    )
    assert main(["start", "--config", str(config), "coins-1"]) == 1
    assert "записался 1 игрок, а нужно не меньше 4 игроков" in capsys.readouterr().out
    for n, name in enumerate(("Борис", "Вера", "Глеб")):
        signup(config, f"p{n}@x.test", name)
    main(["run", "--config", str(config), "--once"])
    assert main(["start", "--config", str(config), "coins-1"]) == 0
    assert "Анна" in capsys.readouterr().out
    main(["status", "--config", str(config)])
    status = capsys.readouterr().out
    assert "ход 1, фаза «Приказы»" in status and status.count(": приказов нет\n") == 4
    sent = mailbox.Maildir(config.parent / "mail" / "sent")
    assert len(sent) == 4 + 4 + 1  # signup replies, role mails, the GM's start notice


def test_check_prints_the_reply_a_mail_would_get(
    config: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    eml = tmp_path / "m.eml"
    message = MIMEText("ИГРА нет-такой\nСТРАНА США", "plain", "utf-8")
    message["From"] = "p@x.test"
    eml.write_bytes(message.as_bytes())
    assert main(["check", "--config", str(config), str(eml)]) == 0
    assert "Игры «нет-такой» нет. Идут игры: coins-1." in capsys.readouterr().out


def test_gm_commands_on_the_command_line(config: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["gm", "--config", str(config), "coins-1", "extend", "24"]) == 1
    assert "игра не идёт\n" in capsys.readouterr().out  # a game `init` made speaks Russian only
    assert main(["gm", "--config", str(config), "coins-1", "ПРОДЛИТЬ", "завтра"]) == 2
    assert "«завтра» — не целое число, а здесь нужно число: число часов." in capsys.readouterr().out
    assert main(["gm", "--config", str(config), "nope", "HELP"]) == 2
    assert "no game nope" in capsys.readouterr().err
    assert main(["gm", "--config", str(config), "coins-1", "HELP"]) == 0
    assert "ОТКАТ 1 24 часа ошибка в подсчёте" in capsys.readouterr().out


def test_a_second_daemon_on_the_same_games_directory_refuses_to_start(
    config: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from daemon.cli import _daemon
    from state.lock import LockedError

    with _daemon(str(config)), pytest.raises(LockedError, match="PID"), _daemon(str(config)):
        pass
    with _daemon(str(config)):
        assert main(["run", "--config", str(config), "--once"]) == 4
    assert "another gonets runs on this directory" in capsys.readouterr().err


def test_doctor_asks_for_a_longer_gm_password(config: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = config.read_text(encoding="utf-8")
    config.write_text(text.replace('# gm_password = "env:GONETS_GM_PASSWORD"', 'gm_password = "short-7"'))
    assert main(["doctor", "--config", str(config)]) == 1
    out = capsys.readouterr().out
    assert "PROBLEM games.coins-1.gm_password: 7 characters, use at least 12" in out
    config.write_text(
        text.replace('# gm_password = "env:GONETS_GM_PASSWORD"', 'gm_password = "long-enough-secret"')
    )
    assert main(["doctor", "--config", str(config)]) == 0
    assert "ok      games.coins-1.gm_password: 18 characters" in capsys.readouterr().out
