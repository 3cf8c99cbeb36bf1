"""A mail sent to the wrong game: the council orders a player of both trials' games sent with the
subject of a tribes report. The reply names the game the mail was read for and why, and that the
family it names is the sender's in the other game, whose blank it shows."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.daemon.harness import body, flat
from tests.daemon.trials import TrialHarness


@pytest.fixture
def h(tmp_path: Path) -> Iterator[TrialHarness]:
    harness = TrialHarness(tmp_path, started=("council-1", "tribes-1"))
    yield harness
    harness.daemon.close()


@pytest.mark.parametrize(
    ("mail", "address", "name", "family"),
    [
        ("c1-gleb-wronggame", "gleb@player.local", "Глеб Орлов", "Тривульцио"),
        ("x-anna-wronggame", "anna@player.local", "Анна Котова", "Контарини"),  # «Re:» a tribes report
    ],
)
def test_council_orders_under_a_tribes_subject_are_told_where_they_belong(
    h: TrialHarness, mail: str, address: str, name: str, family: str
) -> None:
    h.deliver(mail)
    (reply,) = h.mail_to(address)
    text = body(reply)
    assert reply["Subject"] == f"[tribes-1] Письмо не в ту игру: {family} — в игре council-1"
    assert text.startswith(f"{name}, здравствуйте.\n")
    assert (
        f"В игре tribes-1 нет племени «{family}»: письмо прочитано для неё, потому что у него тема "
        f"[tribes-1]. {family} — ваша семья в игре council-1: пришлите приказы с темой [council-1] "
        "или строкой ИГРА council-1."
    ) in flat(text)
    assert f"ИГРА council-1\nСЕМЬЯ {family}\nПАРОЛЬ <пароль>\n" in text
    for game in ("council-1", "tribes-1"):
        h.game_id = game
        assert h.game.store.orders(1, h.game.load().phase) == {}


def test_a_power_the_sender_does_not_play_anywhere_is_only_not_in_the_game(h: TrialHarness) -> None:
    """Анна plays Контарини in council-1 and Красные Волки in tribes-1; Орсини is Борис's."""
    h.game_id = "tribes-1"
    raw = h.message("anna@player.local", "СЕМЬЯ Орсини\nПАРОЛЬ ekeu-5zwa-buh5", subject="[tribes-1] приказы")
    h.inbox.add(raw)
    h.run()
    (reply,) = h.mail_to("anna@player.local")
    assert reply["Subject"] == "[tribes-1] Письмо не принято: в игре нет племени «Орсини»"
    text = flat(body(reply))
    playing = "Горные люди, Дети Реки, Красные Волки"
    assert f"В игре tribes-1 нет племени «Орсини». В ней играют: {playing}." in text
    assert "ИГРА tribes-1 ПЛЕМЯ Красные Волки ПАРОЛЬ <пароль> ХОД 1" in text
