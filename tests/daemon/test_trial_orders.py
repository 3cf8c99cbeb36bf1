"""Order lines a player trial saw filed as chat, by mail as the players sent them: a line that
names the game's things is an order attempt, read when its meaning is plain, else refused with
what it may be; never set aside under «приказы приняты»."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.daemon.harness import PLAYERS, Harness, body, flat
from tests.daemon.test_council_game import Mails, address, seeded, stage
from tests.daemon.trial_mail import trial_mail

UNREAD = "Не прочитано как приказ"
PLANNED = {  # enough families send orders for the planning stage to resolve: Milan's project 1,
    # Naples' three
    "Сансеверино": ["ДАРОВАТЬ ПРАВА"],
    "Караччоло": ["СМЕНИТЬ КОМАНДУЮЩИХ Армия 1 без командира", "РЕПРЕССИРОВАТЬ Карафа"],
    "Тривульцио": ["ДАРОВАТЬ ПРАВА"],
    "Савелли": ["УСТРОИТЬ ЗРЕЛИЩА Романья"],
    "Контарини": ["АННЕКСИРОВАТЬ Албания"],
}


@pytest.fixture
def council(tmp_path: Path) -> Iterator[Harness]:
    """A council game in the decisions stage of turn 1, `PLANNED` resolved."""
    for h in seeded(tmp_path):
        stage(h, Mails(h), PLANNED)
        yield h


def answer(h: Harness, mail: str, player: str) -> str:
    """The reply to the trial's `mail` sent by `player`."""
    trial_mail(h, mail, player)
    h.run()
    (reply,) = [body(m) for m in h.mail_to(player)]
    return reply


def test_a_vote_without_its_keyword_is_read_as_the_vote(council: Harness) -> None:
    """c5-gleb: «проект 1 - за» was set aside, and the player's own project failed."""
    reply = answer(council, "c5-gleb", address(council, "Тривульцио"))
    assert "Принят 1 приказ:\n  ГОЛОСОВАТЬ 1 за" in reply and UNREAD not in reply
    record = council.game.load()
    (vote,) = council.game.store.orders(record.turn, record.phase)["Тривульцио"].commands
    assert vote.pairs == {"votes": (("1", "за"),)}


def test_a_vote_for_a_list_of_projects_is_read_and_no_refusal_speaks_of_pairs(council: Harness) -> None:
    """c2-vera: «Голосую за 1, 2 и 3» was refused as «голоса, пара 1: после «1» не хватает
    второго названия» and «пара 2: второго названия «и» нет»."""
    h = council
    vera = address(h, "Сансеверино")
    assert "Принят 1 приказ:\n  ГОЛОСОВАТЬ 1 за, 2 за, 3 за" in answer(h, "c2-vera", vera)
    h.send(vera, h.orders(vera, "Голосую: 1 за, 2"))
    h.run()
    (reply,) = [flat(body(m)) for m in h.mail_to(vera)]
    assert "«Голосую: 1 за, 2» — После «2» не хватает «за» или «против» (голоса)." in reply
    assert "пара" not in reply


def test_a_march_in_the_players_words_is_an_order_not_chat(council: Harness) -> None:
    """c6-anna: «Армия 2 возвращается в Далмацию» (Venice's second army home to Dalmatia)."""
    h = council
    stage(h, Mails(h), {"Тривульцио": ["ГОЛОСОВАТЬ 1 за"]})  # the decisions: the actions stage is next
    record = h.game.load()
    armies = record.state["realms"]["Венеция"]["armies"]
    armies["Армия 2"] = {**armies["Армия 1"], "province": "Истрия", "commander": "Контарини"}  # the trial's
    h.game.store.save(record)
    reply = answer(h, "c6-anna", address(h, "Контарини"))
    assert UNREAD not in reply and "Принят 1 приказ:\n  ПОХОД Армия 2 Далмация" in reply


@pytest.fixture
def tribes(tmp_path: Path) -> Iterator[Harness]:
    """A tribes game on the default tree, as the trial played: no diplomacy open at the start."""
    harness = Harness(tmp_path, ruleset="tribes", language="ru")
    harness.start(PLAYERS)
    yield harness
    harness.daemon.close()


@pytest.mark.parametrize(("mail", "line"), [("t2-egor", "обмен 1 Л11"), ("t2-denis-attach", "ДАР 1 Е5 5")])
def test_an_order_no_technology_opened_is_refused_saying_so(tribes: Harness, mail: str, line: str) -> None:
    """t2-egor, t2-denis-attach: ОБМЕН and ДАР before their technology were set aside as chat."""
    reply = flat(answer(tribes, mail, next(iter(tribes.powers))))
    assert UNREAD not in reply
    assert f"«{line}» — Этот приказ вашему племени пока недоступен: его откроет открытие," in reply


def test_a_distribution_as_the_rulebook_writes_it_is_read_by_mail(tribes: Harness) -> None:
    """t1-egor: «распределяю детей: 3 охотника и 3 собирателя» was refused for «охотника»."""
    h = tribes
    player = next(iter(h.powers))
    assert "Такого названия нет" not in answer(h, "t1-egor", player)
    record = h.game.load()
    stored = h.game.store.orders(record.turn, record.phase)[h.powers[player]].commands
    assert [(c.line, c.args) for c in stored if c.name == "children"] == [  # of its one community
        (6, {"stratum": "Охотники", "count": 3}),
        (6, {"stratum": "Собиратели", "count": 3}),
    ]


def test_gotovo_in_the_subject_is_the_gotovo_line(council: Harness) -> None:
    """c2-gleb-ready-subj: «[council-1] ГОТОВО» with no order in the body was ignored."""
    h = council
    gleb = address(h, "Тривульцио")
    h.send(gleb, h.orders(gleb, "ГОЛОСОВАТЬ 1 за", "ГОЛОСОВАТЬ 9 за"))
    h.run()
    assert "Не принята 1 строка" in body(h.mail_to(gleb)[0])
    reply = flat(answer(h, "c2-gleb-ready-subj", gleb))
    assert "Вы написали ГОТОВО: ход пойдёт по приказам из вашего прошлого письма" in reply
