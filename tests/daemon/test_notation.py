"""A ruleset's own line notation (`Ruleset.read_notation`), by mail: «A PAR - BUR» is read before the
keyword parser, as the same command the keywords give; the notation's refusal is replied like any
refused line; a line not in the notation is read by the keywords as before."""

from __future__ import annotations

from tests.daemon.harness import Harness, flat, texts


def reply(h: Harness, power: str, *lines: str) -> str:
    address = next(a for a, p in h.powers.items() if p == power)
    h.send(address, h.orders(address, *lines))
    h.run()
    return flat("\n".join(texts(h, address)))


def test_the_games_notation_is_read_as_its_command_and_quoted_back_in_normal_form(pure: Harness) -> None:
    text = reply(pure, "Франция", "A PAR - BUR")
    assert "Принят 1 приказ: ИДТИ Париж Бургундия" in text
    (orders,) = pure.game.store.orders(1, "movement").values()
    assert [(c.name, dict(c.args), c.line) for c in orders.commands] == [
        ("move", {"unit": "Париж", "target": "Бургундия"}, 4)
    ]


def test_a_line_the_notation_refuses_is_replied_with_its_reason_and_a_keyword_line_still_reads(
    pure: Harness,
) -> None:
    text = reply(pure, "Англия", "A XYZ - BUR", "СТОЯТЬ Лондон", "A LON R BUR")
    assert "«A XYZ - BUR» — нет провинции XYZ" in text
    assert "знак «R» не для этой фазы" in text
    assert "Принят 1 приказ: СТОЯТЬ Лондон" in text
