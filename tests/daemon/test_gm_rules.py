"""What the rules let the GM decide, through the daemon on the council-like test ruleset: its own
GM command (ВЫБОРЫ), corrections it clamps or refuses with the reason, and the game's secret GM
data file (ДАННЫЕ), which never reaches a player and which the rules may refuse, each mistake by
its key, at the start, on ДАННЫЕ and in `gonets check-data`; its forms of names the game brings (a
joining player's name for a family) decline them in this game's mails."""

from __future__ import annotations

import mailbox
from collections.abc import Iterator
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path

import pytest

from daemon.cli import main
from engines import REGISTRY
from state.records import GameRecord
from tests.daemon.harness import GAME, GM, PLAYERS, Harness, body, flat
from tests.daemon.test_attendance import stage
from tests.rulesets import register
from tests.rulesets.council_like import REALMS

SECRET = "Заговор Борджиа"


@pytest.fixture
def h(council: Harness) -> Harness:
    return council


def test_an_election_by_command_line_is_audited_announced_and_undone_by_rollback(h: Harness) -> None:
    stage(h, *PLAYERS)  # turn 1 planning resolved: a turn record to roll back to
    done = h.gm("ВЫБОРЫ Рим", reason="смута")
    assert done.exit_code == 0 and done.text == ["ВЫБОРЫ Рим: Выборы объявлены: Рим / Election called: Рим"]
    assert h.game.load().state["elections"] == ["Рим"]
    entry = h.game.store.history()[-1]
    assert (entry["action"], entry["command"], entry["reason"]) == ("rule", "ВЫБОРЫ Рим", "смута")
    assert h.gm("ОТКАТ 1").exit_code == 0
    assert h.game.load().state["elections"] == []


def test_an_election_by_mail_is_applied_once_and_the_next_resolution_reports_it(h: Harness) -> None:
    mail = h.gm_mail("ELECTION Флоренция")
    h.run()
    assert any("Выборы объявлены: Флоренция" in body(m) for m in h.mail_to(GM))
    h.inbox.add(mail)  # the same mail again, as after a crash before its done marker
    h.run()
    assert [e["action"] for e in h.game.store.history()].count("rule") == 1
    stage(h, *PLAYERS)
    for address in PLAYERS:  # told to Florence's families (tests/daemon/test_groups.py)
        told = any("В державе Флоренция выборы" in body(m) for m in h.mail_to(address))
        assert told == (h.powers[address] in REALMS["Флоренция"])
    assert h.game.load().state["elections"] == []


def test_a_rule_input_is_parsed_like_any_gm_command(h: Harness) -> None:
    done = h.gm("ВЫБОРЫ Венеция")
    assert done.exit_code == 2


def test_a_correction_the_rules_clamp_says_why_and_is_recorded_as_applied(h: Harness) -> None:
    ruling = h.game.load().state["ruling"]["Рим"]
    done = h.gm(f"ПОПРАВКА {ruling} Влияние 80 милость папы")
    assert done.exit_code == 0
    assert "0 → 50 вместо 80: у правящей семьи не больше 50" in done.text[0]
    assert "instead of 80: a ruling family has at most 50" in done.text[0]
    assert h.game.load().state["influence"][ruling] == 50
    entry = h.game.store.history()[-1]
    assert entry["detail"] == f"{ruling} influence: 0 → 50 (asked 80: a ruling family has at most 50)"
    assert h.gm(f"НАГРАДА {ruling} Влияние 200").exit_code == 1  # beyond the Adjustable's bounds


def test_a_correction_the_rules_refuse_changes_nothing(h: Harness) -> None:
    record = h.game.load()
    destroyed = next(f for f in record.players if f not in record.state["ruling"].values())
    h.game.store.save(_with(h, ended=[destroyed]))
    done = h.gm(f"НАГРАДА {destroyed} Влияние 5")
    assert done.exit_code == 1 and f"семья {destroyed} уничтожена" in done.text[0]
    assert h.game.load().state["influence"][destroyed] == 0


def _with(h: Harness, **changes: object) -> GameRecord:
    record = h.game.load()
    record.state = {**record.state, **changes}
    return record


@pytest.fixture
def secret(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Harness]:
    """A council-like game whose config names a GM data file with a secret plot."""
    register(monkeypatch, "council_like")
    harness = Harness(tmp_path, early=False, ruleset="council_like")
    (tmp_path / "secret.toml").write_text(f'plot = "{SECRET}"\n', encoding="utf-8")
    with harness.config_path.open("a", encoding="utf-8") as config:
        config.write('data = "secret.toml"\n')
    harness.restart()
    harness.start()
    yield harness
    harness.daemon.close()


def test_the_gm_data_is_read_at_the_start_and_on_reload_and_no_player_sees_it(secret: Harness) -> None:
    h = secret
    assert h.game.load().state["gm_data"] == {"plot": SECRET}
    (h.root / "secret.toml").write_text('plot = "Заговор Пацци"\n', encoding="utf-8")
    h.gm_mail("ДАННЫЕ")
    h.run()
    assert any("данные ведущего перечитаны" in body(m) for m in h.mail_to(GM))
    assert h.game.load().state["gm_data"] == {"plot": "Заговор Пацци"}
    assert h.game.store.history()[-1]["action"] == "data"
    (h.root / "secret.toml").write_text("plot = \n", encoding="utf-8")
    assert h.gm("DATA").exit_code == 1
    assert h.game.load().state["gm_data"] == {"plot": "Заговор Пацци"}
    stage(h, *PLAYERS)
    for address in PLAYERS:
        h.send(address, h.orders(address, "СТАТУС"))
    h.run()
    sent = mailbox.Maildir(h.root / "mail" / "sent", create=False)
    to_players = [m for m in map(_parsed, sent.itervalues()) if str(m["To"]) != GM]
    assert len(to_players) > 3 * len(PLAYERS)  # roles, reports, status replies
    assert not any("Заговор" in m.as_string() or "Заговор" in body(m) for m in to_players)


def _parsed(message: mailbox.MaildirMessage) -> EmailMessage:
    parsed = message_from_bytes(message.as_bytes(), policy=policy.default)
    assert isinstance(parsed, EmailMessage)
    return parsed


def test_without_a_data_file_the_ruleset_keeps_its_default_and_reload_is_refused(h: Harness) -> None:
    assert h.game.load().state["gm_data"] == {"plot": ""}
    assert h.gm("ДАННЫЕ").exit_code == 1


def _secret_game(tmp_path: Path, text: str) -> Harness:
    harness = Harness(tmp_path, early=False, ruleset="council_like")
    (tmp_path / "secret.toml").write_text(text, encoding="utf-8")
    with harness.config_path.open("a", encoding="utf-8") as config:
        config.write('data = "secret.toml"\n')
    harness.restart()
    return harness


def test_a_data_file_the_rules_refuse_stops_the_start_naming_its_keys(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(REGISTRY, "council_like", "tests.rulesets.council_like")
    h = _secret_game(tmp_path, 'plot = 5\nvillain = "Пацци"\n')
    for n, address in enumerate(PLAYERS):
        h.send(address, f"ЗАПИСЫВАЮСЬ Игрок{n}", subject=f"[{h.game_id}] запись")
    h.run()
    done = h.gm("НАЧАТЬ")
    assert done.exit_code == 1
    assert "не принят, ничего из него не применено" in done.text[0]
    assert "plot: нужна строка в кавычках (5)" in done.text[0]
    assert "villain: такого ключа нет ('Пацци')" in done.text[0]
    assert "villain: no such key ('Пацци')" in done.text[0]
    assert h.game.load().status == "signup"  # nothing started: signups kept for a fixed file
    (tmp_path / "secret.toml").write_text('plot = "Заговор Пацци"\n', encoding="utf-8")
    assert h.gm("НАЧАТЬ").exit_code == 0
    assert h.game.load().state["gm_data"] == {"plot": "Заговор Пацци"}
    h.daemon.close()


def test_data_the_rules_refuse_on_reload_is_mailed_to_the_gm_and_changes_nothing(secret: Harness) -> None:
    h = secret
    (h.root / "secret.toml").write_text("plot = [1, 2]\n", encoding="utf-8")
    h.gm_mail("ДАННЫЕ")
    h.run()
    (answer,) = [body(m) for m in h.mail_to(GM) if "ДАННЫЕ" in body(m)]
    assert "файл данных" in answer and "не принят" in answer
    assert "\n      plot: нужна строка в кавычках\n" in answer
    assert h.game.load().state["gm_data"] == {"plot": SECRET}
    assert [e["action"] for e in h.game.store.history()].count("data") == 0


def test_check_data_judges_the_file_as_the_start_would_and_keeps_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(REGISTRY, "council_like", "tests.rulesets.council_like")
    h = _secret_game(tmp_path, "plot = 5\n")
    config = str(h.config_path)
    kept = sorted(p.name for p in tmp_path.rglob("*.toml"))
    assert main(["check-data", "--config", config, GAME]) == 1
    out = capsys.readouterr().out
    assert "plot: нужна строка в кавычках (5)" in out and "plot: a quoted string is needed (5)" in out
    assert sorted(p.name for p in tmp_path.rglob("*.toml")) == kept  # no copy of the data kept
    (tmp_path / "secret.toml").write_text('plot = "Заговор"\n', encoding="utf-8")
    assert main(["check-data", "--config", config, GAME]) == 0
    assert "подходит к правилам игры, ошибок нет" in capsys.readouterr().out
    h.daemon.close()


FORMS = """plot = ""
[forms."Красные Волки"]
"вин" = "Красных Волков"
"род" = "Красных Волков"
"твор" = "Красными Волками"
"пол" = "мн"
"""


def test_a_name_the_game_brings_is_declined_by_the_forms_of_its_data_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A player's own name for a new family, which no data file of the ruleset can know: the
    dictionary reads «Красные Волки» as «Красными Волки»; the GM's data file fixes it for this game."""
    monkeypatch.setitem(REGISTRY, "council_like", "tests.rulesets.council_like")
    h = _secret_game(tmp_path, FORMS)
    h.start()
    assert h.gm("ПРИСОЕДИНИТЬ ivan@test.local Иван; Красные Волки").exit_code == 0
    (role,) = [flat(body(m)) for m in h.mail_to("ivan@test.local")]
    assert "по правилам вам достались Красные Волки." in role
    assert "Если пропустить 2 хода подряд, за Красных Волков начнёт играть компьютер." in role
    assert (
        h.gm("ИЗГНАТЬ Красные Волки")
        .text[0]
        .endswith(
            "игрок Красных Волков отстранён, за Красных Волков играет компьютер / "
            "the player of Красные Волки is removed; the computer plays it"
        )
    )
    h.daemon.close()
