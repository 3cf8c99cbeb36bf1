"""«Дипломатия» by mail, seven players writing orders as players do: the judges' English notation,
Russian abbreviations and words, prose and the two mixed. A year is played through the real
daemon: a standoff, a dislodgement, a retreat only its power owes, autumn's captures, winter's
builds, then a draw every player votes for."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.daemon.harness import GM, Harness, body, flat, texts

SEVEN = tuple(f"player{n}@test.local" for n in range(1, 8))


@pytest.fixture
def game(tmp_path: Path) -> Iterator[Harness]:
    harness = Harness(tmp_path, ruleset="diplomacy", language="ru", game="dip-1")
    harness.start(SEVEN)
    yield harness
    harness.daemon.close()


def send(h: Harness, power: str, *lines: str) -> None:
    address = next(a for a, p in h.powers.items() if p == power)
    h.send(address, h.orders(address, *lines))


def reports(h: Harness, power: str) -> str:
    address = next(a for a, p in h.powers.items() if p == power)
    return "\n".join(texts(h, address))


def forum(h: Harness) -> str:
    (digest,) = [body(m) for m in h.mail_to(GM) if "сводка ведущего" in str(m["Subject"])]
    return digest.split("──── пост для форума: начало ────")[1]


SPRING = {
    "Франция": ("A PAR - PIC", "А Мар – Бур", "F BRE - MAO"),
    "Англия": ("F LON - ENG", "Флот Эдинбург идёт в Северное море", "A Liverpool - Yorkshire"),
    "Германия": ("A BER - KIE", "Ф Киль - Дания", "Армия Мюнхен идёт в Рур"),
    "Россия": ("А Вар - Гал", "A MOS-UKR", "Ф Сев – Рум", "F STP/SC - BOT"),
    "Австрия": ("А Вена – Галиция", "А Будапешт – Сербия", "Ф Триест – Албания"),
    "Италия": ("А Венеция стоит", "A ROM - APU", "Ф Неаполь – Ионическое море", "А Пориж - Бур"),
    "Турция": ("Ф Анк – Чёрное море", "А Константинополь – Болгария", "A SMY - CON"),
}
AUTUMN = {
    "Франция": ("A PIC - BEL", "А Бургундия поддерживает А Пикардия – Бельгия", "F MAO - POR"),
    "Англия": ("F ENG H", "F NTH - NWY", "А Йор стоит"),
    "Германия": ("A KIE - HOL", "F DEN H", "A RUH S A KIE - HOL"),
    "Россия": ("A WAR H", "A UKR H", "Ф Румыния стоит", "F BOT - SWE"),
    "Австрия": ("A VIE H", "A SER H", "F ALB - GRE"),
    "Италия": ("A VEN H", "A APU H", "F ION H"),
    "Турция": ("A BUL - RUM", "Флот Чёрное море поддерживает армию из Болгарии в Румынию", "A CON - BUL"),
}
WINTER = {
    "Франция": ("ПОСТРОИТЬ А Париж", "BUILD F BRE"),
    "Англия": ("ОТКАЗ",),
    "Германия": ("BUILD A BER", "Построить флот в Киле"),
    "Россия": ("BUILD F STP/NC",),
    "Австрия": ("ПОСТРОИТЬ А Будапешт", "ПОСТРОИТЬ Ф Триест"),
    "Турция": ("BUILD A SMY", "ОТКАЗ"),
}


def test_a_year_by_mail_in_both_notations_then_a_draw(game: Harness) -> None:
    # Spring: every notation is read and quoted back in the normal form; a misspelt place gets a guess
    for power, lines in SPRING.items():
        send(game, power, *lines)
    assert game.run().resolved == 0  # Italy's mail has a refused line: not ready
    italy = flat(reports(game, "Италия"))
    assert (
        "Строка 7: «А Пориж - Бур» — провинции «Пориж» на этой карте нет. Возможно, вы имели в виду «Париж»?"
        in italy
    )
    assert "Приняты 3 приказа: АРМИЯ Венеция стоит АРМИЯ Рим – Апулия ФЛОТ Неаполь – Ионическое море" in italy
    england = flat(reports(game, "Англия"))
    assert "ФЛОТ Лондон – Ла-Манш ФЛОТ Эдинбург – Северное море АРМИЯ Ливерпуль – Йоркшир" in england
    russia = flat(reports(game, "Россия"))
    assert "ФЛОТ Санкт-Петербург (ЮП) – Ботнический залив" in russia and "АРМИЯ Москва – Украина" in russia
    send(game, "Италия", "ГОТОВО")
    assert game.run().resolved == 1
    austria = reports(game, "Австрия")
    assert "Итоги: Весна 1901\nДальше: Осень 1901" in austria
    assert "  А Вена – Галиция — отскок\n" in austria
    post = forum(game)
    assert "[b]Дипломатия — итоги: Весна 1901[/b]" in post
    assert "[*]А Варшава – Галиция — отскок\n" in post and "[*]А Константинополь – Болгария\n" in post

    # Autumn: Turkey dislodges the Russian fleet in Rumania; only Russia owes the retreat
    for power, lines in AUTUMN.items():
        send(game, power, *lines)
    assert game.run().resolved == 1
    russia = flat(reports(game, "Россия"))
    assert "Ваш флот в Румынии выбили. Отступить можно: Севастополь. Или распустите его." in russia
    assert "Дальше: Осень 1901: отступления, приказы до" in russia
    assert "В этой фазе приказов от вас не ждём." in flat(reports(game, "Турция"))
    post = forum(game)
    assert "[*]Флот России в Румынии выбит." in post and "[*]Ф Румыния стоит (выбита)\n" in post
    send(game, "Россия", "F RUM R SEV")
    assert game.run().resolved == 1
    news = flat(reports(game, "Франция"))
    assert "Флот России отступил из Румынии в Севастополь." in news
    assert "• Франция заняла Бельгию. • Франция заняла Португалию." in news
    assert "Зимой вы можете построить 2 части: Брест, Марсель, Париж." in news

    # Winter: builds and a waived build in both notations; Italy owes nothing and is not waited for
    for power, lines in WINTER.items():
        send(game, power, *lines)
    assert game.run().resolved == 1
    state = game.game.load().state
    assert (state["turn"], state["phase"]) == (2, "spring")
    built = {
        p: u["kind"] + " " + u["location"]
        for p, u in state["units"].items()
        if p in ("par", "bre", "kie", "stp")
    }
    assert built == {"par": "A par", "bre": "F bre", "kie": "F kie", "stp": "F stp/nc"}
    assert "Франция построила армию в Париже." in flat(reports(game, "Италия"))

    # Spring 1902: every player votes НИЧЬЯ / DIAS: the game ends in a draw shared by all
    for power in SPRING:
        send(game, power, "НИЧЬЯ" if power != "Англия" else "DIAS")
    assert game.run().resolved == 1
    record = game.game.load()
    assert record.state["over"] and record.state["draw"] == record.state["powers"]
    assert "игра окончена ничьей" in flat(reports(game, "Турция"))
