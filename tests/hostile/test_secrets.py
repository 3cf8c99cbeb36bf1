"""No password travels: neither the GM's nor a player's reaches any mail or log but the role mail.

The attacks: a GM broadcast with the password after the command (the README allows header lines
anywhere), a reply that quotes a refused line holding a password (an auto-responder pasting a role
mail), a copy of that reply to the registered address, a password in the subject, in a header
value, in an unknown power's name.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from parsers.redact import MASK, Redactor
from tests.daemon.harness import GAME, GM, GM_PASSWORD, PLAYERS, Harness, body
from tests.hostile.corpus import logged, sent_raw

ANNA, BORIS = PLAYERS[0], PLAYERS[1]


@pytest.fixture
def h(tmp_path: Path) -> Harness:
    harness = Harness(tmp_path)
    harness.start()
    for address in (*PLAYERS, GM):
        harness.mail_to(address)
    return harness


def everything_written(h: Harness) -> str:
    """Every sent mail but the role mails, and every log and history file of the games directory."""
    mails = [raw.decode("utf-8", "replace") for raw in sent_raw(h.root) if b"-role-" not in raw]
    logs = [
        path.read_text("utf-8")
        for path in (h.root / "games").rglob("*")
        if path.is_file() and path.suffix in (".jsonl", ".log")
    ]
    return "\n".join(mails + logs)


def test_a_broadcast_with_the_password_below_it_carries_no_header_line(h: Harness) -> None:
    raw = h.send(
        GM,
        "\n".join(
            [
                f"ИГРА {GAME}",
                "ВЕДУЩИЙ",
                "РАССЫЛКА Внимание всем!",
                "Ход 5 начнётся в пятницу.",
                "Пишите вовремя.",
                f"ПАРОЛЬ {GM_PASSWORD}",
                "КОНЕЦ",
                "Это уже подпись ведущего.",
            ]
        ),
    )
    h.run()
    assert logged(h.root, raw)["outcome"] == "gm"
    text = body(h.mail_to(ANNA)[0])
    assert "Внимание всем!" in text and "Ход 5 начнётся в пятницу." in text and "Пишите вовремя." in text
    assert GM_PASSWORD not in text and "ПАРОЛЬ" not in text and "ВЕДУЩИЙ" not in text
    assert "подпись" not in text and f"ИГРА {GAME}" not in text
    assert GM_PASSWORD not in everything_written(h)


def test_a_password_pasted_into_the_broadcast_text_is_blanked(h: Harness) -> None:
    h.gm_mail("РАССЫЛКА Новый пароль ведущего: Gm-Secret-7, не говорите никому")
    h.run()
    text = body(h.mail_to(BORIS)[0])
    assert "Новый пароль ведущего" in text and GM_PASSWORD not in text and MASK in text
    assert GM_PASSWORD not in (h.game.store.directory / "history.jsonl").read_text("utf-8")


def test_a_refused_line_quoting_a_password_is_blanked_in_the_reply_and_the_copy(h: Harness) -> None:
    password = h.passwords[ANNA]
    mail = h.orders(ANNA, "ВЛОЖИТЬ Армия 1", f"Ваш пароль: {password}", f"> пароль {password}")
    raw = h.send("anna.autoresponder@other.example", mail, subject=f"Re: пароль {password}")
    h.run()
    assert logged(h.root, raw)["outcome"] == "orders"
    (reply,) = h.mail_to("anna.autoresponder@other.example")
    text = body(reply)
    assert "Ваш пароль: •••" in text and "ВЛОЖИТЬ Армия 1" in text
    assert password not in text and password not in str(reply["Subject"])
    assert reply["Cc"] == ANNA  # the registered address reads the same, blanked, text
    assert password not in everything_written(h)


def test_an_unknown_power_written_with_the_password_is_not_echoed(h: Harness) -> None:
    password = h.passwords[ANNA]
    h.send(ANNA, f"ИГРА {GAME}\nСТРАНА Атлантида {password}\nПАРОЛЬ {password}\nВЛОЖИТЬ Армия 1")
    h.run()
    text = body(h.mail_to(ANNA)[0])
    assert "Атлантида" in text and password not in text


def test_the_gm_reply_and_the_archive_log_hold_no_gm_password(h: Harness) -> None:
    raw = h.gm_mail("ПРОДЛИТЬ 24", f"НЕПОНЯТНАЯ КОМАНДА {GM_PASSWORD}")
    h.run()
    assert "ПРОДЛИТЬ" in body(h.mail_to(GM)[0])
    entry = json.dumps(logged(h.root, raw), ensure_ascii=False)
    assert GM_PASSWORD not in entry
    assert GM_PASSWORD not in everything_written(h)


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("Ваш пароль: k3x9qmpa", "Ваш пароль: •••"),
        ("PASSWORD=abc123 and more", "PASSWORD=••• and more"),
        ("пароля нет", "пароля нет"),  # a Russian word is no generated password
        ("Пароль: Qwerty-12!", "Пароль: •••"),
        ("ВЛОЖИТЬ Наука 2", "ВЛОЖИТЬ Наука 2"),
        ("код k3x9qmpa внутри", "код ••• внутри"),
        ("Ход 5", "Ход 5"),  # a one-character secret "5" is blanked only as a word of its own
    ],
)
def test_the_redactor_blanks_values_after_password_words_and_known_secrets(text: str, shown: str) -> None:
    redactor = Redactor.of(["k3x9qmpa", "", None])
    assert redactor.text(text) == shown
    assert Redactor.of(["5"]).text("Ход 15, ход 5") == "Ход 15, ход •••"
