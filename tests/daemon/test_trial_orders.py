"""Order lines a player trial saw filed as chat, by mail as the players sent them: a line that
names the game's things is an order attempt, read when its meaning is plain, else refused with
what it may be; never set aside under «приказы приняты»."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.daemon.harness import PLAYERS, Harness, body, flat
from tests.daemon.test_council_game import Mails, address, seeded, stage
from tests.daemon.trial import trial_mail

UNREAD = "Не прочитано как приказ"
PLANNED = {  # enough families send orders for the planning stage to resolve: Milan's project 1
    "Сансеверино": ["ДАРОВАТЬ ПРАВА"],
    "Тривульцио": ["ДАРОВАТЬ ПРАВА"],
    "Савелли": ["УСТРОИТЬ ЗРЕЛИЩА Романья"],
    "Контарини": ["АННЕКСИРОВАТЬ Албания"],
}


@pytest.fixture
def council(tmp_path: Path) -> Iterator[Harness]:
    yield from seeded(tmp_path)


def test_a_vote_without_its_keyword_is_read_as_the_vote(council: Harness) -> None:
    """c5-gleb: «проект 1 - за» was set aside, and the player's own project failed."""
    h = council
    mails = Mails(h)
    mails.collect()
    stage(h, mails, PLANNED)
    gleb = address(h, "Тривульцио")
    trial_mail(h, "c5-gleb", gleb)
    h.run()
    (reply,) = [body(m) for m in h.mail_to(gleb)]
    assert "Принят 1 приказ:\n  ГОЛОСОВАТЬ 1 за" in reply and UNREAD not in reply
    record = h.game.load()
    (vote,) = h.game.store.orders(record.turn, record.phase)["Тривульцио"].commands
    assert vote.pairs == {"votes": (("1", "за"),)}


def test_a_march_in_the_players_words_is_an_order_not_chat(council: Harness) -> None:
    """c6-anna: «Армия 2 возвращается в Далмацию» (Venice's second army home to Dalmatia)."""
    h = council
    mails = Mails(h)
    stage(h, mails, PLANNED)
    stage(h, mails, {"Тривульцио": ["ГОЛОСОВАТЬ 1 за"]})  # the decisions: the actions stage is next
    anna = address(h, "Контарини")
    record = h.game.load()
    armies = record.state["realms"]["Венеция"]["armies"]
    armies["Армия 2"] = {
        **armies["Армия 1"],
        "province": "Истрия",
        "commander": "Контарини",
    }  # as in the trial
    h.game.store.save(record)
    trial_mail(h, "c6-anna", anna)
    h.run()
    (reply,) = [body(m) for m in h.mail_to(anna)]
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
    h = tribes
    player = next(iter(h.powers))
    trial_mail(h, mail, player)
    h.run()
    (reply,) = [flat(body(m)) for m in h.mail_to(player)]
    assert UNREAD not in reply
    assert f"«{line}» — «{line.split()[0]}» — такой приказ вашему племени пока недоступен" in reply
    assert "откроет одно из открытий" in reply


def test_a_distribution_as_the_rulebook_writes_it_is_read_by_mail(tribes: Harness) -> None:
    """t1-egor: «распределяю детей: 3 охотника и 3 собирателя» was refused for «охотника»."""
    h = tribes
    player = next(iter(h.powers))
    trial_mail(h, "t1-egor", player)
    h.run()
    (reply,) = [body(m) for m in h.mail_to(player)]
    assert "Такого названия нет" not in reply
    record = h.game.load()
    stored = h.game.store.orders(record.turn, record.phase)[h.powers[player]].commands
    assert [(c.line, c.args) for c in stored if c.name == "children"] == [
        (6, {"community": 1, "stratum": "Охотники", "count": 3}),
        (6, {"community": 1, "stratum": "Собиратели", "count": 3}),
    ]
