"""Mail as Thunderbird writes it, through the daemon: a Русь march and the GM's broadcast wrapped
at 72 characters (format=flowed) arrive whole. (The coins mails of tests/mails/ go through the
daemon in tests/hostile/test_corpus.py.)"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.daemon.harness import GM, body, flat
from tests.hostile.corpus import MAILS, CorpusHarness

POWER = "Северск"
MARCH = "ПОХОД Новгород-Северский 10 0 Новгород-Северский, Курск, Переяславль, Чернигов"  # normal form
PLAYERS = tuple(f"knyaz{n}@test.local" for n in range(16))  # every principality a player's


@pytest.fixture(scope="module")
def h(tmp_path_factory: pytest.TempPathFactory) -> Iterator[CorpusHarness]:
    """The Русь game the mails of tests/mails/rus/ are written to, with Северск's cavalry at war
    with Переяславль and Чернигов, so its march may cross both."""
    harness = CorpusHarness(
        tmp_path_factory.mktemp("rus"),
        game="rus-1",
        ruleset="rus",
        power=POWER,
        password="Zx7-pol",
        players=PLAYERS,
    )
    record = harness.game.load()
    record.state["countries"][POWER]["tactic"] = "Конница"
    record.state["wars"] += [[POWER, "Переяславль"], [POWER, "Чернигов"]]
    harness.game.store.save(record)
    yield harness
    harness.daemon.close()


def test_a_march_wrapped_by_the_client_is_one_order(h: CorpusHarness) -> None:
    entry = h.deliver((MAILS / "rus" / "flowed_march.eml").read_bytes())
    assert entry["outcome"] == "orders"
    stored = h.stored()
    assert stored is not None
    ((march),) = stored.commands
    assert march.lists["path"] == ("Новгород-Северский", "Курск", "Переяславль", "Чернигов")
    (reply,) = h.mail_to("stepan@example.ru")
    text = body(reply)
    assert MARCH in text and "Неизвестный приказ" not in text


def test_a_wrapped_broadcast_reaches_the_players_in_whole_paragraphs(h: CorpusHarness) -> None:
    h.deliver((MAILS / "rus" / "flowed_gm_broadcast.eml").read_bytes())
    paragraphs = (
        "Друзья! Из-за праздников ход 5 переносится на понедельник, приказы принимаются до 21:00 по "
        "Москве. Кто уезжает, напишите ОТПУСК, компьютер подержит ваше княжество.\n"
        "Следующая рассылка будет после итогов хода: в ней летопись и новая карта Руси."
    )
    for address in PLAYERS:
        (mail,) = h.mail_to(address)
        text = flat(body(mail))
        assert flat(paragraphs) in text and "Ведущий" not in text.split(flat(paragraphs))[1]
    assert any("объявление отправлено 16 игрокам" in flat(body(m)) for m in h.mail_to(GM))
