"""Signups as players write them, by mail: «Записываюсь в игру!» registers the sender's name, not
«в игру!», and a country may be named in the signup line or a СТРАНА line of the same mail."""

from __future__ import annotations

from email.utils import formataddr
from pathlib import Path

import pytest

from daemon.phases.start import start_game
from tests.daemon.harness import GAME, Harness, body, flat

SUBJECT = f"[{GAME}] запись"


@pytest.mark.parametrize(
    ("sender", "text", "name"),
    [
        (formataddr(("Иван Петров", "ivan@test.local")), "Записываюсь в игру!", "Иван Петров"),
        ("vasya.pupkin@test.local", "Записываюсь в игру!", "vasya.pupkin"),
        (
            formataddr(("Vasya", "ivan@test.local")),
            "Привет!\nЗАПИСЫВАЮСЬ Иван Петров\nСпасибо",
            "Иван Петров",
        ),
        (formataddr(("Иван Петров", "ivan@test.local")), "Записываюсь.", "Иван Петров"),
    ],
)
def test_the_name_is_the_players_own_or_the_senders(
    tmp_path: Path, sender: str, text: str, name: str
) -> None:
    h = Harness(tmp_path)
    h.send(sender, text, subject=SUBJECT)
    h.run()
    (signup,) = h.game.load().signups
    assert signup.name == name
    (reply,) = h.mail_to(signup.address)
    assert body(reply).startswith(f"{name}, здравствуйте.\nВы записаны на игру")
    assert "будет называться" not in body(reply)
    h.daemon.close()


def test_a_country_named_in_the_signup_reaches_the_start(council_signup: Harness) -> None:
    h = council_signup
    h.send("anna@test.local", "ЗАПИСЫВАЮСЬ Анна Павловна, страна Великая Тартария", subject=SUBJECT)
    h.send("boris@test.local", "Записываюсь в игру!\nСТРАНА Вольные Сыны", subject=SUBJECT)
    h.run()
    names = [(s.name, s.country) for s in h.game.load().signups]
    assert names == [("Анна Павловна", "Великая Тартария"), ("boris", "Вольные Сыны")]
    (reply,) = h.mail_to("anna@test.local")
    assert "Страна будет называться «Великая Тартария», когда игра начнётся" in flat(body(reply))
    assert 'Your power will be called "Великая Тартария" when the game starts' in flat(body(reply))
    start_game(h.game, h.daemon.postman, h.clock())
    record = h.game.load()
    powers = {player.address: power for power, player in record.players.items()}
    assert record.state["names"] == {
        powers["anna@test.local"]: "Великая Тартария",
        powers["boris@test.local"]: "Вольные Сыны",
    }
