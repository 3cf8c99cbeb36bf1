"""Per-power knowledge and list arguments through the daemon by mail, on the test ruleset with a
secret tech tree and map (tests/rulesets/hidden_tech): a tribe's reply, ПОМОЩЬ and БЛАНК name only
what it has found; the tribe that knows a name is helped to spell it; a move code (ТРОПА 223) is
read whole or refused with its own reason. Its fractional scores (0.2 a
thing known) are shown as read, in each language."""

from __future__ import annotations

import re

import pytest

from daemon.outgoing.render import SEPARATOR, points, ranking
from daemon.tools.status import status_text
from tests.daemon.harness import GM, PLAYERS, Harness, body, flat
from tests.rulesets.hidden_tech import BEARS, WOLVES

SECRETS = ("Бронза", "Bronze", "ПЛАВИТЬ", "SMELT", "Река", "River")
LINES = ("ИЗУЧИТЬ Бронз", "ПЛАВИТ 2", "МАРШ Лес, Рекка", "ПОМОЩЬ", "БЛАНК")


@pytest.fixture
def h(tribes: Harness) -> Harness:
    return tribes


def reply(h: Harness, power: str, *lines: str) -> str:
    address = next(a for a, p in h.powers.items() if p == power)
    h.send(address, h.orders(address, *lines))
    h.run()
    return "\n".join(body(m) for m in h.mail_to(address))


def test_the_bears_are_told_nothing_of_bronze_smelting_or_the_river(h: Harness) -> None:
    text = reply(h, BEARS, *LINES).casefold()
    assert [secret for secret in SECRETS if secret.casefold() in text] == []
    assert "изучить огонь" in text and "марш лес" in text  # ПОМОЩЬ and БЛАНК came


def test_the_wolves_who_know_them_get_the_suggestions(h: Harness) -> None:
    text = reply(h, WOLVES, *LINES)
    assert all(secret in text for secret in ("Бронза", "ПЛАВИТЬ", "Река"))
    assert "МАРШ Лес, Река" in reply(h, WOLVES, "МАРШ Forest River")


def test_fractional_scores_read_with_a_decimal_comma_in_russian_and_without_float_noise(h: Harness) -> None:
    record = h.game.load()
    record.state = {**record.state, "over": True}  # this resolution ends the game: reports rank everyone
    h.game.store.save(record)
    for address in PLAYERS[:2]:
        h.send(address, h.orders(address, "МАРШ Лес"))
    h.run()
    (digest,) = [body(m) for m in h.mail_to(GM) if "[code]" in body(m)]  # phpBB's columns by default
    ru, en = digest.split(SEPARATOR.strip())
    assert re.search(rf"\n1\. +{WOLVES} +0,8\n2\. +{BEARS} +0,6\n", ru)  # the final table, by place
    assert re.search(rf"\n1\. +{WOLVES} +0\.8\n2\. +{BEARS} +0\.6\n", en)
    report = "\n".join(body(m) for m in h.mail_to(PLAYERS[0]))
    assert f"{WOLVES}: 0,8\n  {BEARS}: 0,6" in report and f"{WOLVES}: 0.8\n  {BEARS}: 0.6" in report
    assert "0000" not in digest + report  # 0.6000000000000001 nowhere
    assert f"Победные очки: {WOLVES} 0,8; {BEARS} 0,6." in status_text(h.daemon.games)


def test_scores_equal_as_shown_rank_as_a_tie_by_name() -> None:
    assert ranking({"Б": 0.1 + 0.2, "А": 0.3, "В": 0.31}) == [("В", 0.31), ("А", 0.3), ("Б", 0.1 + 0.2)]


@pytest.mark.parametrize(
    ("value", "ru", "en"),
    [
        (1.4, "1,4", "1.4"),
        (0.1 + 0.2, "0,3", "0.3"),
        (3.0, "3", "3"),
        (12, "12", "12"),
        (2.345678, "2,35", "2.35"),
        (-0.001, "0", "0"),
    ],
)
def test_points_are_written_as_read(value: float, ru: str, en: str) -> None:
    assert (points(value, "ru"), points(value, "en")) == (ru, en)


def test_a_move_code_is_read_whole_or_refused_with_its_own_reason(h: Harness) -> None:
    text = reply(h, WOLVES, "ТРОПА 223", "ТРОПА 2293", "ТРОПА 123456")
    said = flat(text)
    assert "Строка 5: «ТРОПА 2293» — код тропы: в «2293» знак «9» не годится, можно только 1–8." in said
    assert "Строка 6: «ТРОПА 123456» — код тропы: в «123456» 6 знаков, а можно не больше 5." in said
    assert "path code: “9” in “2293” cannot be used, only 1–8." in said
    assert "\n  ТРОПА 223\n" in text
