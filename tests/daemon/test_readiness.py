"""Readiness, by mail: a power whose latest mail had a refused line holds the turn to its deadline,
until a clean mail or a ГОТОВО line; the reply says when the turn will be resolved."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.daemon.harness import GM, PLAYERS, Harness, accepted, body, flat

ANNA, BORIS, VERA, GLEB = PLAYERS
CLEAN = "ВЛОЖИТЬ Армия 1"
TYPO = "ВЛОЖИТЬ Промышленост 3"


@pytest.fixture
def h(tmp_path: Path) -> Harness:
    harness = Harness(tmp_path, language="ru")
    harness.start()
    return harness


def replies(h: Harness, address: str) -> list[str]:
    return [body(m) for m in h.mail_to(address)]


def the_others_send_clean_orders(h: Harness) -> None:
    for address in (ANNA, BORIS, VERA):
        h.send(address, h.orders(address, CLEAN))


def test_a_refused_line_holds_the_turn_to_its_deadline(h: Harness) -> None:
    the_others_send_clean_orders(h)
    h.send(GLEB, h.orders(GLEB, CLEAN, TYPO))
    assert h.run().resolved == 0  # every power has orders in, but Gleb's mail had a refused line
    (reply,) = replies(h, GLEB)
    said = flat(reply)
    assert "Пока в письме есть непринятые строки, раньше срока ход не рассчитаем." in said
    assert "Пришлите письмо без ошибок или строку ГОТОВО" in said
    assert "\nПриказы принимаются до 4 марта, 12:00 МСК.\n" in reply  # the deadline, in the header
    h.clock.advance(hours=47)
    assert h.run().resolved == 0
    h.clock.advance(hours=1)
    assert h.run().resolved == 1
    data = h.game.store.read_turn_record("0001-2-orders")
    assert data["orders"][h.powers[GLEB]]["commands"][0]["args"] == {"line": "Армия", "amount": 1}


def test_a_clean_mail_makes_the_power_ready_again(h: Harness) -> None:
    the_others_send_clean_orders(h)
    h.send(GLEB, h.orders(GLEB, TYPO))
    assert h.run().resolved == 0
    h.send(GLEB, h.orders(GLEB, "ВЛОЖИТЬ Промышленность 3"))
    assert h.run().resolved == 1
    reply = next(t for t in replies(h, GLEB) if accepted(t))
    assert "Приказы всех игроков готовы: ход будет рассчитан сейчас." in reply


def test_gotovo_accepts_the_lines_that_were_kept(h: Harness) -> None:
    the_others_send_clean_orders(h)
    h.send(GLEB, h.orders(GLEB, CLEAN, TYPO))
    h.run()
    h.mail_to(GLEB)
    h.send(GLEB, h.orders(GLEB, "Готово"))
    assert h.run().resolved == 1
    reply = next(t for t in replies(h, GLEB) if "ГОТОВО" in t)
    assert "Вы написали ГОТОВО: ход пойдёт по приказам из вашего прошлого письма, непринятые" in flat(reply)
    assert "Ни один приказ не принят" not in reply
    data = h.game.store.read_turn_record("0001-2-orders")
    assert [c["args"] for c in data["orders"][h.powers[GLEB]]["commands"]] == [{"line": "Армия", "amount": 1}]


def test_ready_in_the_same_mail_as_a_refused_line(h: Harness) -> None:
    the_others_send_clean_orders(h)
    h.send(GLEB, h.orders(GLEB, CLEAN, TYPO, "READY"))
    assert h.run().resolved == 1
    reply = next(t for t in replies(h, GLEB) if "Не принята 1 строка" in t)
    assert "Вы написали ГОТОВО: ход пойдёт по принятым приказам, непринятые строки в него не войдут." in flat(
        reply
    )


def test_a_refused_line_after_a_clean_mail_makes_the_power_not_ready(h: Harness) -> None:
    h.send(GLEB, h.orders(GLEB, CLEAN))
    h.run()
    assert "когда приказы пришлют все игроки, и не позже срока" in flat(replies(h, GLEB)[0])
    h.send(GLEB, h.orders(GLEB, CLEAN, TYPO))
    h.run()
    the_others_send_clean_orders(h)
    assert h.run().resolved == 0  # judged on the latest mail


def test_readiness_is_stored_with_the_orders_and_survives_a_restart(h: Harness) -> None:
    h.send(GLEB, h.orders(GLEB, CLEAN, TYPO))
    h.run()
    h.restart()
    the_others_send_clean_orders(h)
    assert h.run().resolved == 0
    h.restart()
    h.send(GLEB, h.orders(GLEB, "ГОТОВО"))
    assert h.run().resolved == 1


def test_gotovo_without_orders_changes_nothing(h: Harness) -> None:
    the_others_send_clean_orders(h)
    h.send(GLEB, h.orders(GLEB, "ГОТОВО"))
    assert h.run().resolved == 0
    reply = next(t for t in replies(h, GLEB) if "ГОТОВО" in t)
    assert "Вы написали ГОТОВО, но приказов от вас на этот ход нет." in reply
    assert "Ход будет рассчитан, когда вы пришлёте приказы" in flat(reply)


def test_without_early_resolution_the_reply_names_the_deadline(tmp_path: Path) -> None:
    h = Harness(tmp_path, early=False, language="en")
    h.start()
    h.send(ANNA, h.orders(ANNA, CLEAN))
    h.run()
    reply = replies(h, ANNA)[0]
    assert "The turn will be resolved at the deadline." in reply
    assert "\nOrders are due by 4 March, 12:00 MSK (09:00 UTC).\n" in reply


@pytest.mark.parametrize("ruleset", ["mare", "rus"])
def test_other_rulesets_wait_for_a_refused_line_too(tmp_path: Path, ruleset: str) -> None:
    h = Harness(tmp_path, ruleset=ruleset, language="ru")
    h.start()
    record = h.game.load()
    for address in PLAYERS:
        power = h.powers[address]
        fitting = next(iter(h.game.ruleset.examples(record.state, power, record.phase).values()))
        refused = ["ДРУЖИНА много"] if ruleset == "rus" else ["ВЛИЯНИЕ Атлантида 5"]
        h.send(address, h.orders(address, fitting, *(refused if address == GLEB else [])))
    assert h.run().resolved == 0
    assert "Пока в письме есть непринятые строки" in replies(h, GLEB)[0]
    h.send(GLEB, h.orders(GLEB, "ГОТОВО"))
    assert h.run().resolved == 1
    assert any("сводка ведущего" in str(m["Subject"]) for m in h.mail_to(GM))


def test_the_reminder_tells_a_not_ready_power_its_refused_lines_and_spares_the_ready(h: Harness) -> None:
    """Before the deadline the silent hear «Ждём ваши приказы»; a power whose latest mail had a
    refused line hears that the lines are not in, not that its orders never came."""
    h.send(ANNA, h.orders(ANNA, CLEAN))
    h.send(GLEB, h.orders(GLEB, CLEAN, TYPO))
    h.run()
    for address in PLAYERS:
        h.mail_to(address)
    h.clock.advance(hours=36, minutes=1)  # 12 h before the deadline
    h.run()
    assert h.mail_to(ANNA) == []
    (gleb,) = h.mail_to(GLEB)
    assert "Не все ваши приказы приняты" in str(gleb["Subject"])
    said = flat(body(gleb))
    assert "В вашем последнем письме на ход 1, фаза «Приказы», не принята 1 строка." in said
    assert "напишите ГОТОВО" in said and "Мы ещё не получили" not in said
    (boris,) = h.mail_to(BORIS)
    assert "Ждём ваши приказы" in str(boris["Subject"])


def test_a_rollback_keeps_a_power_not_ready_that_was_not(h: Harness) -> None:
    """Rolled back, the turn's orders come back with their readiness: Gleb's refused line still
    holds the turn to its deadline instead of the restored orders resolving it at once."""
    the_others_send_clean_orders(h)
    h.send(GLEB, h.orders(GLEB, CLEAN, TYPO))
    h.run()
    h.clock.advance(hours=48)
    assert h.run().resolved == 1
    assert h.gm("ОТКАТ 1 ошибка в подсчёте").exit_code == 0
    unready = h.game.store.readiness(1, "orders")[h.powers[GLEB]]
    assert (unready.ready, unready.refused_count) == (False, 1)
    assert h.run().resolved == 0  # every power's orders are back, but not every power is ready


@pytest.mark.parametrize(
    "prose", ["Готово не всё, вторую строку поправлю завтра", "Ready when line 5 is fixed, tomorrow"]
)
def test_a_line_of_prose_that_starts_with_the_word_is_no_gotovo(h: Harness, prose: str) -> None:
    """Only the word alone on its line says ГОТОВО: a sentence that starts with it kept the turn
    going without the refused line, six hours early."""
    the_others_send_clean_orders(h)
    h.send(GLEB, h.orders(GLEB, CLEAN, TYPO, prose))
    assert h.run().resolved == 0
    (reply,) = replies(h, GLEB)
    said = flat(reply)
    assert "Вы написали ГОТОВО" not in said and "Пока в письме есть непринятые строки" in said
    assert f"Строка 6: «{prose}»" in said  # shown as not read, with the player's own words
    assert (h.game.store.readiness(1, "orders")[h.powers[GLEB]].ready, h.game.store.ready(1, "orders")) == (
        False,
        {h.powers[a] for a in (ANNA, BORIS, VERA)},
    )


@pytest.mark.parametrize("word", ["ГОТОВ", "Готово!", "готов.", "READY!!", "ГОТОВО :)"])
def test_the_word_alone_with_punctuation_is_gotovo(h: Harness, word: str) -> None:
    the_others_send_clean_orders(h)
    h.send(GLEB, h.orders(GLEB, CLEAN, TYPO, word))
    assert h.run().resolved == 1


def test_a_line_of_prose_that_starts_with_konets_does_not_end_the_mail(h: Harness) -> None:
    h.send(GLEB, h.orders(GLEB, "Конец хода близко, так что вот:", "ВЛОЖИТЬ Промышленность 3"))
    h.run()
    (reply,) = replies(h, GLEB)
    assert "ВЛОЖИТЬ Промышленность 3" in reply and "Строка 4: «Конец хода близко, так что вот:»" in flat(
        reply
    )
    stored = h.game.store.orders(1, "orders")[h.powers[GLEB]]
    assert [c.args for c in stored.commands] == [{"line": "Промышленность", "amount": 3}]


def test_the_reply_says_where_reading_stopped_when_orders_follow_konets(h: Harness) -> None:
    """КОНЕЦ ends the mail; when what follows it reads as orders, the reply says where reading
    stopped. A name or thanks under КОНЕЦ is no news to the player who wrote it there."""
    h.send(GLEB, h.orders(GLEB, CLEAN) + "\nВЛОЖИТЬ Наука 2\nСпасибо!")
    h.send(ANNA, h.orders(ANNA, CLEAN) + "\nСпасибо!\nАнна")
    h.run()
    (gleb,) = replies(h, GLEB)
    said = "Письмо мы прочитали до строки 5 (КОНЕЦ). Ниже неё есть строки, похожие на приказы, но"
    assert said in flat(gleb) and "ВЛОЖИТЬ Наука 2" not in gleb
    (anna,) = replies(h, ANNA)
    assert "Письмо мы прочитали до строки" not in flat(anna)
