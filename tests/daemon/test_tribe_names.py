"""Names players give their tribes are declined as Russian declines them, with no forms in the
GM's data: the trial's «Красные Волки» came out «Положение Красных Волки», «итоги для Красных
Волки», «за Красные Волки начнёт играть компьютер». The GM's start mail says «Племена по
жребию» and names the lot's outcome by the names the players chose."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.daemon.harness import GAME, GM, PLAYERS, Harness, body, flat
from tests.paths import REPO

WORLD = REPO / "tests" / "engines" / "tribes" / "scripted.toml"
NAMES = {PLAYERS[0]: "Красные Волки", PLAYERS[1]: "Дети Ворона", PLAYERS[2]: "Белые Совы"}
ANNA = PLAYERS[0]


@pytest.fixture
def h(tmp_path: Path) -> Iterator[Harness]:
    harness = Harness(tmp_path, ruleset="tribes", language="ru")
    (tmp_path / "world.toml").write_text(WORLD.read_text(encoding="utf-8"), encoding="utf-8")
    with harness.config_path.open("a", encoding="utf-8") as config:
        config.write('data = "world.toml"\n')
    harness.restart()
    harness.start(PLAYERS[:3], NAMES)
    yield harness
    harness.daemon.close()


def test_the_start_mail_names_tribes_and_the_names_the_players_chose(h: Harness) -> None:
    (start,) = [body(m) for m in h.mail_to(GM) if "Игра началась" in str(m["Subject"])]
    assert "Племена по жребию:" in start and "Страны" not in start
    assert "в порядке записи: Красные Волки, Дети Ворона, Белые Совы" in flat(start)
    assert "  Красные Волки: Игрок0 <anna@test.local>" in start


def test_a_players_tribe_name_is_declined_in_every_mail(h: Harness) -> None:
    assert h.powers[ANNA] == "Красные Волки"
    for address in PLAYERS[1:3]:
        h.send(address, h.orders(address, "НЕТ ДЕЙСТВИЙ"))
    h.run()
    h.clock.advance(hours=48)
    h.run()
    (missed,) = h.mail_to(ANNA)
    assert "за Красных Волков начнёт играть компьютер" in flat(body(missed))
    h.send(ANNA, h.orders(ANNA, "ОТПУСК 2 уезжаю на дачу"))
    h.run()
    asked = [flat(body(m)) for m in h.mail_to(GM)]
    assert any("просит отпуск для Красных Волков на 2 хода" in text for text in asked), asked
    for address in PLAYERS[:3]:
        h.send(address, h.orders(address, "НЕТ ДЕЙСТВИЙ"))
    h.run()
    (report,) = [m for m in h.mail_to(ANNA) if "итоги" in str(m["Subject"])]
    assert str(report["Subject"]).endswith("итоги для Красных Волков")


def test_the_readmes_signup_forms_are_read_and_a_name_that_will_not_be_used_is_refused_at_once(
    tmp_path: Path,
) -> None:
    """«Привет! Записываюсь. Кирилл / ПЛЕМЯ Медведи» names the player and the tribe, and a lot's
    name asked for is given (the tribe the lot dealt it to takes another); a ПЛЕМЯ line beside a
    greeting is a signup, not an order mail; a name over 30 characters is refused in the signup
    reply, saying why, never promised and then replaced."""
    h = Harness(tmp_path, ruleset="tribes", language="ru")
    h.send(PLAYERS[0], "Привет! Записываюсь. Кирилл / ПЛЕМЯ Медведи", subject=f"[{GAME}] запись")
    h.send(PLAYERS[1], "Привет! Записываюсь. Вера\nПЛЕМЯ Снежные Барсы", subject=f"[{GAME}] запись")
    long = "Очень Длинное Название Нашего Славного Племени"
    h.send(PLAYERS[2], f"ЗАПИСЫВАЮСЬ Анна; {long}", subject=f"[{GAME}] запись")
    h.send(PLAYERS[3], "ЗАПИСЫВАЮСЬ Глеб; снежные барсы", subject=f"[{GAME}] запись")
    h.run()
    replies = {a: flat(body(m)) for a in PLAYERS for m in h.mail_to(a)}
    assert replies[PLAYERS[0]].startswith("Кирилл, здравствуйте.")
    assert "Племя будет называться «Медведи»" in replies[PLAYERS[0]]
    assert replies[PLAYERS[1]].startswith("Вера, здравствуйте.")
    assert "Племя будет называться «Снежные Барсы»" in replies[PLAYERS[1]]
    assert (
        f"Название «{long}» не подойдёт: в названии племени не больше 30 знаков, а в этом 46. "
        "Вы всё равно записаны." in replies[PLAYERS[2]]
    )
    assert (
        "Название «снежные барсы» не подойдёт: так уже назвал своё племя другой игрок." in replies[PLAYERS[3]]
    )
    assert [(s.name, s.country) for s in h.game.load().signups] == [
        ("Кирилл", "Медведи"),
        ("Вера", "Снежные Барсы"),
        ("Анна", ""),
        ("Глеб", ""),
    ]
    h.start(())  # the lot deals «Медведи» to anyone: Кирилл plays them all the same
    players = h.game.load().players
    assert players["Медведи"].name == "Кирилл" and players["Снежные Барсы"].name == "Вера"
    assert len(players) == 4 and set(h.game.load().state["powers"]) == set(players)
    h.daemon.close()
