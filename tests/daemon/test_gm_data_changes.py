"""New GM data for a running game, through the daemon: a tribes file that drops a technology the
game has discovered used to be taken (check-data said it fits, ДАННЫЕ applied it), and then every
order mail got the apology for an error of Gonets, ОБРАБОТАТЬ raised StopIteration and `gonets
site` failed. It is refused, saying what it drops, before anything changes; a council file and a
coins file go through their schemas, each unknown key or name said."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from daemon.cli import main
from tests.daemon.harness import GAME, GM, PLAYERS, Harness, body, flat
from tests.daemon.test_tribes_by_mail import WORLD, started, turn


@pytest.fixture
def h(tmp_path: Path) -> Iterator[Harness]:
    harness = started(tmp_path)
    turn(harness, {})  # the tribe by the river discovers «Теснота»
    yield harness
    harness.daemon.close()


def _gm_answer(h: Harness) -> str:
    (answer,) = [flat(body(m)) for m in h.mail_to(GM) if "ответ на команды ведущего" in body(m)]
    return answer


def test_a_file_that_drops_a_discovered_technology_is_refused_and_the_game_plays_on(
    h: Harness, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert "Теснота" in h.game.load().state["discovered"]
    world = tmp_path / "world.toml"
    world.write_text(world.read_text(encoding="utf-8").replace('"Теснота"', '"Теснотища"'), encoding="utf-8")
    assert main(["check-data", "--config", str(h.config_path), GAME]) == 1
    said = flat(capsys.readouterr().out)
    assert "techs: нет технологии «Теснота», а её в игре уже открыли" in said
    assert "techs: no technology “Теснота”, and it has been discovered in the game" in said
    h.gm_mail("ДАННЫЕ")
    h.run()
    answer = _gm_answer(h)
    assert "не принят, ничего из него не применено" in answer
    assert "techs: нет технологии «Теснота», а её в игре уже открыли" in answer
    assert "Теснота" in [t["name"] for t in h.game.load().state["secret"]["techs"]]
    for address in PLAYERS:  # each order mail answered as ever, not with the apology
        h.send(address, h.orders(address, "НЕТ ДЕЙСТВИЙ"))
    h.run()
    for address in PLAYERS:
        subjects = [str(m["Subject"]) for m in h.mail_to(address)]
        assert any("Ход 2: принято НЕТ ДЕЙСТВИЙ" in s for s in subjects), subjects
        assert any("Ход 2: итоги" in s for s in subjects), subjects  # resolved early: every tribe ready
        assert not any("не обработано" in s for s in subjects)  # «Письмо сохранено, но не обработано»
    assert h.gm("ОБРАБОТАТЬ 3 Приказы").exit_code == 0
    assert h.game.load().turn == 4
    assert main(["site", "--config", str(h.config_path), "--out", str(tmp_path / "site")]) == 0
    world.write_text(WORLD.read_text(encoding="utf-8").replace("limit = 3", "limit = 5"), encoding="utf-8")
    h.gm_mail("ДАННЫЕ")  # a change that keeps what the game holds is taken
    h.run()
    assert "данные ведущего перечитаны" in _gm_answer(h)
    fire = next(t for t in h.game.load().state["secret"]["techs"] if t["name"] == "Огонь")
    assert fire["effects"]["limit"] == 5


def _data_game(tmp_path: Path, ruleset: str, text: str) -> Harness:
    """A game of `ruleset` in signup, its GM data file holding `text`."""
    harness = Harness(tmp_path, ruleset=ruleset)
    harness.use_data(text)
    harness.sign_up()
    return harness


@pytest.mark.parametrize(
    ("text", "mistake"),
    [
        ('tribal_unions = { "Сардыы" = "Пацци" }', "tribal_unions.Сардыы: нет такого племенного союза"),
        ('tribal_unions = { "Сарды" = "Паци" }', "tribal_unions.Сарды: «Паци» — нет такой семьи"),
        ("tribal_unions = 5", "tribal_unions: нужна таблица (5)"),
        ('tribal_unionz = { "Сарды" = "Пацци" }', "tribal_unionz: такого ключа нет"),
    ],
)
def test_a_council_file_goes_through_its_schema(tmp_path: Path, text: str, mistake: str) -> None:
    h = _data_game(tmp_path, "council", text)
    done = h.gm("НАЧАТЬ")
    assert done.exit_code == 1 and mistake in done.text[0]
    assert h.game.load().status == "signup"
    (tmp_path / "gm.toml").write_text('tribal_unions = { "Сарды" = "Пацци" }\n', encoding="utf-8")
    assert h.gm("НАЧАТЬ").exit_code == 0
    assert h.game.load().state["gm_data"] == {"tribal_unions": {"Сарды": "Пацци"}}
    h.daemon.close()


@pytest.mark.parametrize("ruleset", ["coins", "mare", "rus"])
def test_a_ruleset_that_reads_no_gm_data_refuses_every_key(tmp_path: Path, ruleset: str) -> None:
    h = _data_game(tmp_path, ruleset, 'map = "secret"\n')
    done = h.gm("НАЧАТЬ")
    assert done.exit_code == 1
    assert "map: такого ключа нет: правила этой игры не читают данных ведущего" in done.text[0]
    (tmp_path / "gm.toml").write_text("# nothing\n", encoding="utf-8")
    assert h.gm("НАЧАТЬ").exit_code == 0
    h.daemon.close()


def test_an_empty_tribes_file_stops_the_start_unless_it_asks_for_the_default(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    h = _data_game(tmp_path, "tribes", "# the GM's world, to be written\n")
    assert main(["check-data", "--config", str(h.config_path), GAME]) == 1
    assert "строку default = true" in flat(capsys.readouterr().out)
    done = h.gm("НАЧАТЬ")
    assert done.exit_code == 1 and "нет ни карты, ни технологий" in done.text[0]
    assert h.game.load().status == "signup"
    (tmp_path / "gm.toml").write_text("default = true  # the public default, on purpose\n", encoding="utf-8")
    assert main(["check-data", "--config", str(h.config_path), GAME]) == 0
    assert h.gm("НАЧАТЬ").exit_code == 0
    h.daemon.close()
