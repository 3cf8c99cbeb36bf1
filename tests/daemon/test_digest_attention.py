"""What the GM's digest puts before the GM: a takeover named with the count, the player and the
address; a player's leave request; every refused line of the phase, by power, and who was not
ready for early resolution."""

from __future__ import annotations

from pathlib import Path

import pytest

from engines.russian import by_gender, inflect
from tests.daemon.harness import GM, PLAYERS, Harness, body, flat

ANNA, BORIS, VERA, GLEB = PLAYERS


@pytest.fixture
def h(tmp_path: Path) -> Harness:
    harness = Harness(tmp_path, language="ru")
    harness.start()
    return harness


def agreeing(h: Harness, power: str, words: str) -> str:
    """The words agreeing with the power's name: «пропустил» for Китай, «пропустила» for Россия."""
    return by_gender(power, words, h.game.catalog.forms)


def digests(h: Harness) -> list[str]:
    return [body(m) for m in h.mail_to(GM) if "сводка ведущего" in str(m["Subject"])]


def to_deadline(h: Harness, players: tuple[str, ...], *lines: str) -> None:
    """These players send these lines; the phase resolves, early or at its deadline."""
    for address in players:
        h.send(address, h.orders(address, *lines))
    if not h.run().resolved:
        h.clock.advance(hours=48)
        h.run()


def test_the_takeover_line_names_the_count_the_player_and_the_address(h: Harness) -> None:
    to_deadline(h, PLAYERS[:3], "ВЛОЖИТЬ Наука 1")
    (first,) = digests(h)
    power = h.powers[GLEB]
    missed = agreeing(h, power, "пропустил|пропустила|пропустило|пропустили")
    assert f"• {power} (Игрок3, {GLEB}) {missed} ход, пропусков подряд: 1. Игрок предупреждён." in flat(first)
    while h.game.load().phase != "orders":
        to_deadline(h, PLAYERS[:3], "НЕТ ДЕЙСТВИЙ")
    h.mail_to(GM)
    to_deadline(h, PLAYERS[:3], "ВЛОЖИТЬ Наука 1")
    (last,) = digests(h)
    by = inflect(power, "вин", h.game.catalog.forms)
    assert (
        f"• {power} (Игрок3, {GLEB}) {missed} 2 хода подряд, и за {by} теперь играет компьютер. "
        "Игроку ушло уведомление." in flat(last)
    )


def test_a_leave_request_is_under_needs_attention_until_granted(h: Harness) -> None:
    h.send(ANNA, h.orders(ANNA, "ВЛОЖИТЬ Наука 1", "ОТПУСК 2 уезжаю в горы"))
    h.run()
    h.restart()  # the request waits in the record, not in memory
    to_deadline(h, PLAYERS[1:], "ВЛОЖИТЬ Наука 1")
    (digest,) = digests(h)
    attention = digest.split("Требует внимания:")[1].split("\n\n")[0]
    power = h.powers[ANNA]
    asks = agreeing(h, power, "просит|просит|просит|просят")
    assert (
        f"• {power} (Игрок0, {ANNA}) {asks} отпуск на 2 хода: «уезжаю в горы». "
        f"Дать: ОТПУСК {power} 2 КОМПЬЮТЕР" in flat(attention)
    )
    to_deadline(h, PLAYERS, "НЕТ ДЕЙСТВИЙ")  # the next phase's digest does not repeat it
    assert all("отпуск на 2 хода" not in d for d in digests(h))


def test_a_granted_request_is_not_asked_again(h: Harness) -> None:
    h.send(ANNA, h.orders(ANNA, "ОТПУСК 2"))
    h.run()
    assert h.gm(f"ОТПУСК {h.powers[ANNA]} 2").exit_code == 0
    to_deadline(h, PLAYERS[1:], "ВЛОЖИТЬ Наука 1")
    (digest,) = digests(h)
    assert "отпуск на 2 хода" not in digest


def test_every_refused_line_of_the_phase_is_listed_by_power(h: Harness) -> None:
    h.send(BORIS, h.orders(BORIS, "ВЛОЖИТЬ Наука 1", "ВЛАЖИТЬ Армия 2", "ГОТОВО"))
    h.send(VERA, h.orders(VERA, "ВЛОЖИТЬ Наука 1", "ВЛОЖИТЬ Наука 1 2 3"))
    to_deadline(h, (ANNA, GLEB), "ВЛОЖИТЬ Наука 1")
    (digest,) = digests(h)
    refused = digest.split("Непринятые строки (из последнего письма каждого игрока):\n")[1].split("\n\n")[0]
    vera, boris = h.powers[VERA], h.powers[BORIS]
    by_power = {
        vera: [
            f"{vera} (Игрок2) не {agreeing(h, vera, 'был готов|была готова|было готово|были готовы')} "
            "к досрочному расчёту:",
            "  Строка 5: «ВЛОЖИТЬ Наука 1 2 3» — Лишние слова в конце приказа: «2 3». "
            "Возможно, «ВЛОЖИТЬ Наука 1»?",
        ],
        boris: [
            f"{boris} (Игрок1) {agreeing(h, boris, 'написал|написала|написало|написали')} ГОТОВО, "
            "ход пошёл по принятым приказам:",
            "  Строка 5: «ВЛАЖИТЬ Армия 2» — Неизвестный приказ «ВЛАЖИТЬ». Возможно, «ВЛОЖИТЬ»?",
        ],
    }
    expected = "\n".join(line for power in sorted(by_power) for line in by_power[power])
    assert flat(refused) == flat(expected)
