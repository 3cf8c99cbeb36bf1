"""Every mail of tests/mails/ read end to end: the fields the daemon acts on, exactly."""

from __future__ import annotations

from pathlib import Path

import pytest

from parsers.cleanup import clean_lines
from parsers.mime import IncomingMail, parse_mail

MAILS = Path(__file__).parent.parent / "mails"
ORDERS = "ИГРА coins-1\nСТРАНА Китай\nПАРОЛЬ k3x9q\nВЛОЖИТЬ Промышленность 3\nВЛОЖИТЬ Наука 2\nКОНЕЦ\n"
ORDER_LINES = ORDERS.splitlines()


def read(name: str) -> IncomingMail:
    return parse_mail((MAILS / name).read_bytes())


# file, sender, sender_name, subject, automatic, body
CORPUS = [
    ("plain_utf8_thunderbird.eml", "ivan.petrov@example.ru", "Иван Петров", "Приказы, ход 3", "", ORDERS),
    ("koi8r_8bit_thebat.eml", "kolya@narod.example", "Николай", "Ход 3", "", ORDERS),
    ("cp1251_qp_outlook.eml", "s.smirnov@corp.example", "Смирнов Сергей", "coins-1", "", ORDERS),
    ("base64_utf8_mailru.eml", "olga_k@mail.example", "Ольга", "ход", "", ORDERS),
    (
        "html_only_yandex.eml",
        "dmitry@yandex.example",
        "Дмитрий",
        "Приказы",
        "",
        ORDERS + "--\nОтправлено из Яндекс Почты «для» вас",
    ),
    ("alternative_gmail.eml", "anna.volkova@gmail.example", "Anna Volkova", "[coins-1] приказы", "", ORDERS),
    ("txt_attachment_thunderbird.eml", "pavel@example.ru", "Pavel", "coins-1", "", ORDERS),
    ("txt_attachment_with_greeting.eml", "pavel@example.ru", "Pavel", "coins-1", "", ORDERS),
    (
        "flowed_thunderbird_reply.eml",
        "ivan.petrov@example.ru",
        "Иван Петров",
        "Re: Ход 3 принят",
        "",
        "27.01.2024 21:00, Гонец пишет:\n"
        "> Ход 3 принят. Китай: приказы записаны, итоги придут после срока, 28.01.2024 21:00 по Москве.\n"
        ">> Ход 2: Китай вложил 2 монеты в промышленность и 1 монету в науку.\n\n"
        + ORDERS.replace("ВЛОЖИТЬ Наука", " ВЛОЖИТЬ Наука")
        + "\nСпасибо! Жду итогов хода и надеюсь, что в этот раз Китай обгонит всех по промышленности.\n"
        "\n-- \nИван Петров\n",
    ),
    ("flowed_delsp_qp.eml", "ivan.petrov@example.ru", "Иван Петров", "coins-1", "", ORDERS),
    ("mislabelled_latin1.eml", "old.boris@provider.example", "Boris", "orders", "", ORDERS),
    ("alias_win1251.eml", "vera@rambler.example", "Вера", "Ход 3", "", ORDERS),
    ("subject_raw_cp1251.eml", "gleb@provider.example", "Глеб", "Приказы на ход 3", "", ORDERS),
    (
        "subject_rfc2047.eml",
        "li.wei@example.cn",
        "Li Wei",
        "Re: [coins-1] Приказы на ход 3 — Китай",
        "",
        ORDERS,
    ),
    (
        "reply_gmail_ru.eml",
        "maria.s@gmail.example",
        "Мария",
        "Re: Ход 2 принят",
        "",
        ORDERS + "\nСпасибо!\n\nпн, 22 янв. 2024 г. в 21:00, Гонец <gm@gonets.example>:\n\n"
        "> Ход 2 принят.\n> ИГРА coins-1\n> СТРАНА Китай\n> ВЛОЖИТЬ Армия 5\n>\n",
    ),
    (
        "reply_outlook.eml",
        "s.smirnov@corp.example",
        "Smirnov, Sergey",
        "RE: Turn 2 accepted",
        "",
        ORDERS + "\n-----Original Message-----\nFrom: Gonets <gm@gonets.example>\n"
        "Sent: Wednesday, January 24, 2024 9:00 PM\nTo: s.smirnov@corp.example\n"
        "Subject: Turn 2 accepted\n\nИГРА coins-1\nСТРАНА Индия\n",
    ),
    (
        "reply_thunderbird_bottom.eml",
        "ivan.petrov@example.ru",
        "Иван Петров",
        "Re: Ход 3 принят",
        "",
        "25.01.2024 21:00, Гонец пишет:\n> Ход 3 принят.\n> ИГРА coins-1\n> СТРАНА Китай\n\n"
        + ORDERS
        + "\n-- \nИван Петров\n+7 900 000-00-00\n",
    ),
    (
        "reply_alpine_signature_above_quote.eml",
        "ivan@alpine.example",
        "Иван Петров",
        "Re: Ход 3 принят",
        "",
        "\n\n-- \nИван Петров\nКитай, coins-1\n\nOn Wed, 24 Jan 2024, Гонец wrote:\n\n"
        "> Игра coins-1, страна Китай, ход 3, фаза «Приказы».\n> Приняты приказы:\n>   ВЛОЖИТЬ Армия 1\n> \n"
        "> Бланк приказов:\n> \n> ИГРА coins-1\n> СТРАНА Китай\n> ПАРОЛЬ ваш-пароль\n> ХОД 3\n> КОНЕЦ\n> \n\n"
        + ORDERS,
    ),
    (
        "reply_bottom_under_signature.eml",
        "ivan.petrov@example.ru",
        "Иван Петров",
        "Re: Ход 3 принят",
        "",
        "25.01.2024 21:00, Гонец пишет:\n> Игра coins-1, страна Китай, ход 3, фаза «Приказы».\n"
        "> Приняты приказы:\n>    ВЛОЖИТЬ Армия 1\n\n-- \nИван Петров\n+7 900 000-00-00\n\n" + ORDERS,
    ),
    (
        "phone_iphone.eml",
        "serg.k@icloud.example",
        "Сергей",
        "coins-1",
        "",
        ORDERS + "\nОтправлено с iPhone\n",
    ),
    (
        "vacation_autoreply.eml",
        "anna@yandex.example",
        "Анна",
        "Автоответ: Ход 3 принят",
        "Auto-Submitted: auto-replied",
        "Я в отпуске до 5 февраля. Отвечу по возвращении.\n",
    ),
    (
        "dsn_bounce.eml",
        "mailer-daemon@mx.gonets.example",
        "Mail Delivery System",
        "Undelivered Mail Returned to Sender",
        "Auto-Submitted: auto-replied",
        "This is the mail system at host mx.gonets.example.\n\n"
        "I'm sorry to have to inform you that your message could not\n"
        "be delivered to one or more recipients.\n\n"
        "<nobody@example.ru>: host mx.example.ru[203.0.113.5] said: 550 5.1.1 User unknown\n",
    ),
    (
        "mailing_list.eml",
        "forum-games@googlegroups.example",
        "'Kirill' via Forum Games",
        "[forum-games] Season 4 signups",
        "Precedence: list",
        "Season 4 signups are open.\n",
    ),
    ("nul_rtl_subject.eml", "trickster@example.ru", "", "Приказыtxt.exe", "", ORDERS),
    ("two_from.eml", "spoofer@evil.example", "", "coins-1", "", ORDERS),
    ("no_from.eml", "", "", "coins-1", "", ORDERS),
    ("empty.eml", "", "", "", "", ""),
]


def test_corpus_covers_every_mail() -> None:
    assert sorted(row[0] for row in CORPUS) == sorted(path.name for path in MAILS.glob("*.eml"))


@pytest.mark.parametrize(("name", "sender", "sender_name", "subject", "automatic", "body"), CORPUS)
def test_mail_fields(
    name: str, sender: str, sender_name: str, subject: str, automatic: str, body: str
) -> None:
    mail = read(name)
    assert (mail.sender, mail.sender_name, mail.subject, mail.automatic, mail.body) == (
        sender,
        sender_name,
        subject,
        automatic,
        body,
    )


@pytest.mark.parametrize(
    ("name", "problems"),
    [
        ("plain_utf8_thunderbird.eml", ()),
        (
            "mislabelled_latin1.eml",
            ("text/plain part: declared charset 'iso-8859-1' looks wrong, guessed as cp1251",),
        ),
        (
            "subject_raw_cp1251.eml",
            (
                "From name: undeclared charset guessed as cp1251",
                "Subject: undeclared charset guessed as cp1251",
                "MIME defects: AddressHeaderDefect",
            ),
        ),
        ("txt_attachment_thunderbird.eml", ("orders read from attachment 'prikazy.txt'",)),
        ("txt_attachment_with_greeting.eml", ("orders read from attachment 'prikazy.txt'",)),
        ("nul_rtl_subject.eml", ("NUL characters removed from body",)),
        ("two_from.eml", ("2 From headers",)),
        ("no_from.eml", ("no From header", "no Message-ID, using a hash of the mail")),
        ("empty.eml", ("no From header", "no Message-ID, using a hash of the mail")),
    ],
)
def test_mail_problems(name: str, problems: tuple[str, ...]) -> None:
    assert read(name).problems == problems


def test_threading_headers() -> None:
    mail = read("subject_rfc2047.eml")
    assert mail.message_id == "<c0ffee12-3456-789a-bcde-f0123456789a@example.cn>"
    assert mail.date == "Tue, 23 Jan 2024 07:45:00 +0800"
    assert mail.in_reply_to == "<turn2.coins-1.kitai@gonets.example>"
    assert mail.references == ("<turn1.coins-1.kitai@gonets.example>", "<turn2.coins-1.kitai@gonets.example>")


def test_missing_message_id_is_a_stable_hash() -> None:
    raw = (MAILS / "no_from.eml").read_bytes()
    assert parse_mail(raw).message_id == parse_mail(raw).message_id
    assert parse_mail(raw).message_id.endswith("@gonets.invalid>")
    assert parse_mail(raw + b"x").message_id != parse_mail(raw).message_id


@pytest.mark.parametrize(
    "name",
    [
        "reply_outlook.eml",
        "reply_thunderbird_bottom.eml",
        "reply_alpine_signature_above_quote.eml",
        "reply_bottom_under_signature.eml",
        "phone_iphone.eml",
        "html_only_yandex.eml",
        "flowed_delsp_qp.eml",
    ],
)
def test_replies_and_signatures_leave_only_the_orders(name: str) -> None:
    assert [text for _, text in clean_lines(read(name).body)] == ORDER_LINES


def test_thunderbird_reply_line_numbers_point_into_the_body() -> None:
    assert [number for number, _ in clean_lines(read("reply_thunderbird_bottom.eml").body)] == list(
        range(6, 12)
    )


def test_gmail_reply_keeps_the_players_words_but_not_the_quote() -> None:
    assert [text for _, text in clean_lines(read("reply_gmail_ru.eml").body)] == [*ORDER_LINES, "Спасибо!"]


@pytest.mark.parametrize(
    ("dropped", "added", "automatic"),
    [
        ((b"Auto-Submitted",), b"", "From mailer-daemon"),
        ((b"Auto-Submitted", b"From"), b"From: postmaster@mx.gonets.example\n", "From postmaster"),
        ((b"Auto-Submitted", b"From"), b"From: gm@gonets.example\n", "empty Return-Path <>"),
        (
            (b"Auto-Submitted", b"From", b"Return-Path"),
            b"From: gm@gonets.example\n",
            "delivery report (multipart/report)",
        ),
        ((b"Auto-Submitted",), b"Precedence: junk\n", "Precedence: junk"),
        ((b"Auto-Submitted",), b"X-Autoreply: yes\n", "X-Autoreply header"),
        ((b"Auto-Submitted",), b"Auto-Submitted: no\n", "From mailer-daemon"),
    ],
)
def test_each_bounce_sign_alone_is_enough(dropped: tuple[bytes, ...], added: bytes, automatic: str) -> None:
    lines = (MAILS / "dsn_bounce.eml").read_bytes().split(b"\n")
    kept = [line for line in lines if not line.startswith(tuple(name + b":" for name in dropped))]
    assert parse_mail(added + b"\n".join(kept)).automatic == automatic


def test_list_unsubscribe_alone_marks_a_list() -> None:
    raw = (MAILS / "mailing_list.eml").read_bytes()
    raw = raw.replace(b"Precedence: list\r\n", b"").replace(
        b"List-Id: <forum-games.googlegroups.example>\r\n", b""
    )
    assert parse_mail(raw).automatic == "List-Unsubscribe header"
