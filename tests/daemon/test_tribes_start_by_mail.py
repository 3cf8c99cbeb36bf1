"""«Проект 13» by mail from its start on the default map: four tribes that order nothing for five
turns lose nobody to hunger and never shrink; the role mail and ПОМОЩЬ carry the public rules of
food and land; the GM's digest tells each of the turn's events once, declined; `gonets check-data`
warns of a GM's start where a tribe that orders nothing starves."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from daemon.cli import main
from engines.tribes import community as numbers
from engines.tribes import secret
from tests.daemon.harness import GAME, GM, PLAYERS, Harness, body, flat
from tests.daemon.test_tribes_by_mail import by_cell, started, turn

TURNS = 5


def test_four_tribes_that_order_nothing_on_the_default_map_neither_starve_nor_shrink(tmp_path: Path) -> None:
    h = Harness(tmp_path, ruleset="tribes", language="ru")
    h.start(PLAYERS)
    people = dict.fromkeys(PLAYERS, 20)
    for _ in range(TURNS):
        mails = turn(h, {})
        state = h.game.load().state
        for address in PLAYERS:
            text = flat("\n".join(mails[address]))
            assert "Голод" not in text and "голод" not in text, h.powers[address]
            now = sum(numbers.people(c) for c in state["tribes"][h.powers[address]]["communities"])
            assert now >= people[address], (h.powers[address], now, people[address])
            people[address] = now
    assert h.game.load().turn == TURNS + 1
    h.daemon.close()


def test_the_role_mail_and_help_carry_the_public_rules_of_food_and_land(tmp_path: Path) -> None:
    h = Harness(tmp_path, ruleset="tribes", language="ru")
    h.start(PLAYERS)
    player = PLAYERS[0]
    role = h.roles[player]
    for said in (
        "Еда и земля (общие правила):",
        "Человек каждой страты добывает за ход: охотники 1,1, собиратели 1,1,",
        "  степь        1 очк.         0\u00a0%     0\u00a0%     26",
        "  лес: уйти с клетки +1 очк., охотники +15\u00a0%, собиратели +5\u00a0%",
    ):
        assert said in role
    assert "еда в ходе 1: " in role  # each community's food as a sum, before the first turn
    h.send(player, h.orders(player, "ПОМОЩЬ", "НЕТ ДЕЙСТВИЙ"))
    h.run()
    (reply,) = [body(m) for m in h.mail_to(player)]
    assert "Еда и земля (общие правила):" in reply and "Другие приказы (сейчас им не время):" in reply
    assert "  ПЕРЕВЕСТИ — когда еды мало: сделать людей добытчиками" in reply
    for secret_stratum in ("воин", "скотовод", "земледел", "старик", "шаман", "жрец", "священ"):
        assert secret_stratum not in role.lower() and secret_stratum not in reply.lower()
    h.daemon.close()


@pytest.fixture
def scripted(tmp_path: Path) -> Harness:
    return started(tmp_path)


def test_the_gm_digest_tells_each_event_of_the_turn_once_declined(scripted: Harness) -> None:
    h = scripted
    roles = by_cell(h)
    splitter, starving = roles["Б2"], roles["К2"]
    turn(h, {splitter: ("РАСПРЕДЕЛИТЬ 1 Охотники 3",), starving: ("МИГРИРОВАТЬ",)})
    two = turn(h, {})
    (digest,) = [m for m in two[GM] if "Сводка ведущего" in m]
    log = flat(digest[digest.index("Журнал правил:") : digest.index("Пост для форума")])
    gen = {a: _genitive(h, a) for a in (splitter, starving)}
    assert f"У {gen[splitter]} община 1 переросла ЛЧ (32 из 12): отделилась община 2" in log
    assert (
        f"От племени {gen[splitter]} отделилась община в 7 человек и стала новым племенем «Люди Ручья»" in log
    )
    assert re.search(rf"Голод у {gen[starving]}: в общине 1 добыто \d+\xa0ед\. еды на \d+ едок", log)
    assert re.search(r"Естественная убыль у [А-ЯЁ][а-яё]+( [А-ЯЁ][а-яё]+)?: \d+ человек", log)
    for line in digest[digest.index("Журнал правил:") :].splitlines()[1:]:
        if not line.strip():
            break
        assert digest.count(line) == 1, line  # each event once
    h.daemon.close()


def _genitive(h: Harness, address: str) -> str:
    from engines.russian import inflect

    return inflect(h.powers[address], "род", h.game.forms_for(h.game.load().state))


def test_check_data_warns_of_a_start_where_a_tribe_that_orders_nothing_starves(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    h = Harness(tmp_path, ruleset="tribes")
    path = tmp_path / "world.toml"
    text = secret.DEFAULT_FILE.read_text(encoding="utf-8")
    path.write_text(text, encoding="utf-8")
    with h.config_path.open("a", encoding="utf-8") as config:
        config.write('data = "world.toml"\n')
    config_path = str(h.config_path)
    assert main(["check-data", "--config", config_path, GAME]) == 0
    out = capsys.readouterr().out
    assert "ошибок нет" in out and "стоит проверить" not in out  # the default map: every start is fair
    players = tomllib.loads(text)["start"]["players"]
    hills = text.replace(f'players = ["{players[0]}"', 'players = ["Р6"')
    path.write_text(hills, encoding="utf-8")
    assert main(["check-data", "--config", config_path, GAME]) == 0  # a warning, not a refusal
    out = capsys.readouterr().out
    assert "Но стоит проверить (ключ: что насторожило):" in out
    assert "start.players: Р6 — племя, которое ничего не приказывает, голодает уже в ходе 1" in out
    assert "start.players: Р6 — a tribe that orders nothing starves as soon as turn 1" in out
    h.daemon.close()
