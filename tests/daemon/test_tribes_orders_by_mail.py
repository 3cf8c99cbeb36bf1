"""«Проект 13» orders as players write them, by mail on the scripted world with the computer's
«Куницы» next to the sitting tribe: children lines without a community's number for a tribe of one
community (refused, saying so, for a tribe of several), a neighbour named by its tribe, directions
in words, words and a colon before an order."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.daemon.harness import Harness, body, flat
from tests.daemon.test_tribes_by_mail import FORMS, WORLD, by_cell, started, turn


@pytest.fixture
def h(tmp_path: Path) -> Iterator[Harness]:
    world = WORLD.read_text(encoding="utf-8")
    world = world.replace(
        'name = "Люди Камня"\nen = "Stone People"\ncell = "Ж7"',
        'name = "Куницы"\nen = "Martens"\ncell = "Е6"',
    )
    harness = started(tmp_path, world=world + FORMS)
    yield harness
    harness.daemon.close()


def reply(h: Harness, address: str, *lines: str) -> str:
    h.send(address, h.orders(address, *lines))
    h.run()
    (answer,) = [flat(body(m)) for m in h.mail_to(address)]
    return answer


def test_orders_as_players_write_them_are_read_and_carried_out(h: Harness) -> None:
    roles = by_cell(h)
    sitter, walker = roles["Е5"], roles["Б7"]
    said = reply(
        h, sitter, "Меняемся едой с Куницами", "Дети: 2 охотника, 4 собирателя", "Община 1 идёт на север"
    )
    assert (
        "Приняты 4 приказа: ОБМЕН Куницы РАСПРЕДЕЛИТЬ Охотники 2 РАСПРЕДЕЛИТЬ Собиратели 4 ИДТИ 1 2" in said
    )
    said = reply(h, walker, "Идём на восток: ИДТИ 1 5", "Дети: 3 в охотники, 3 в собиратели")
    assert "Приняты 3 приказа: ИДТИ 1 5 РАСПРЕДЕЛИТЬ Охотники 3 РАСПРЕДЕЛИТЬ Собиратели 3" in said
    mails = turn(
        h, {sitter: ("Меняемся едой с Куницами", "Дети: 2 охотника, 4 собирателя", "Община 1 идёт на север")}
    )
    report = flat("\n".join(mails[sitter]))
    assert "Община 1 обменивается едой с племенем Куниц: еда +5\u00a0%, отношения теперь 20 из 100." in report
    assert "Община 1: дети выросли — охотники +2, собиратели +4." in report
    assert "Община 1 прошла 1 клетку: Е5 → Е4." in report


def test_a_line_that_could_mean_several_communities_is_refused_saying_so(h: Harness) -> None:
    splitter = by_cell(h)["Б2"]
    turn(h, {splitter: ("РАСПРЕДЕЛИТЬ Охотники 3",)})
    turn(h, {})  # the splitter now has two communities
    assert len(h.game.load().state["tribes"][h.powers[splitter]]["communities"]) == 2
    said = reply(h, splitter, "Дети: 1 охотник")
    assert (
        "«Дети: 1 охотник» — У вашего племени 2 общины: напишите номер общины, например "
        "«РАСПРЕДЕЛИТЬ 1 Охотники 1»." in said
    )
