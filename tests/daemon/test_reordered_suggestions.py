"""A refused line's suggestion tries the orders of its arguments that the rules accept before one
they would refuse again, by mail: an army named where the target is offers the order with the two
swapped; a line the parser would offer back as written («ИДТИ Бургундия Париж» for a line with a
word too many) is offered in the order the rules take."""

from __future__ import annotations

from tests.daemon.harness import Harness, flat, texts


def reply(h: Harness, power: str, *lines: str) -> str:
    address = next(a for a, p in h.powers.items() if p == power)
    h.send(address, h.orders(address, *lines))
    h.run()
    return flat("\n".join(texts(h, address)))


def test_a_line_the_rules_refuse_is_offered_with_its_names_swapped_when_they_accept_that(
    pure: Harness,
) -> None:
    text = reply(pure, "Франция", "ИДТИ Бургундия Париж")
    assert "«ИДТИ Бургундия Париж» — в Бургундии нет вашей армии." in text
    assert "Возможно, вы имели в виду «ИДТИ Париж Бургундия»?" in text


def test_a_suggestion_the_rules_would_refuse_is_offered_in_the_order_they_accept(pure: Harness) -> None:
    text = reply(pure, "Франция", "ИДТИ Бургундия Париж скорее")
    assert "Возможно, вы имели в виду «ИДТИ Париж Бургундия»?" in text


def test_no_order_of_the_names_that_the_rules_accept_offers_nothing_new(pure: Harness) -> None:
    text = reply(pure, "Франция", "ИДТИ Бургундия Лондон")
    assert "«ИДТИ Бургундия Лондон» — в Бургундии нет вашей армии." in text
    assert "Возможно" not in text
