"""clean_lines: what survives of a reply, and line numbers that match the mail as sent."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parsers.cleanup import Cleaned, clean_body, clean_lines

ORDERS = "ИГРА coins-1\nСТРАНА Китай\nПАРОЛЬ k3x9q\nВЛОЖИТЬ Промышленность 3\nВЛОЖИТЬ Наука 2\nКОНЕЦ"
ORDER_LINES = ORDERS.split("\n")


def texts(body: str) -> list[str]:
    return [text for _, text in clean_lines(body)]


@pytest.mark.parametrize(
    "attribution",
    [
        "12.01.2024 10:00, Иван пишет:",
        "Пн, 12 янв. 2024 г. в 10:00, Ivan <x@y.ru>:",
        "On Mon, Jan 12, 2024 at 10:00 AM Ivan <x@y.ru> wrote:",
        "Ivan wrote:",
        "Иван писал(а):",
        "Четверг, 25 января 2024, 21:00 +03:00 от Гонец <gm@gonets.example>:",
    ],
)
def test_attribution_and_quote_are_dropped(attribution: str) -> None:
    assert texts(f"{ORDERS}\n\n{attribution}\n> ИГРА old\n>> СТРАНА old\n  > x\n") == ORDER_LINES


def test_gmail_wraps_a_long_attribution_over_two_lines() -> None:
    body = (
        f"{ORDERS}\n\nOn Mon, Jan 12, 2024 at 10:00 AM Ivan Petrovich Sidorov <\nivan@example.ru> wrote:\n> x"
    )
    assert texts(body) == ORDER_LINES


@pytest.mark.parametrize(
    "separator",
    [
        "-----Original Message-----",
        "-----Исходное сообщение-----",
        "---------- Forwarded message ---------",
        "-------- Пересылаемое сообщение --------",
        "________________________________\nFrom: Gonets <gm@gonets.example>",
        "________________________________\n\nОт: Гонец <gm@gonets.example>",
    ],
)
def test_everything_after_a_separator_is_dropped(separator: str) -> None:
    assert texts(f"{ORDERS}\n{separator}\nСТРАНА Индия\nВЛОЖИТЬ Армия 5\n") == ORDER_LINES


def test_underscores_alone_are_not_a_separator() -> None:
    assert texts("__________\nИГРА coins-1") == ["__________", "ИГРА coins-1"]


@pytest.mark.parametrize(
    "footer",
    [
        "-- \nИван",
        "--\nИван",
        "Отправлено с iPhone",
        "Отправлено из мобильной Почты Mail.ru",
        "Sent from my iPhone",
        "Sent from my Android",
        "Get Outlook for iOS",
        "Отправлено из приложения Яндекс Почта",
        "С уважением,\nИван Петров\n+7 900 000-00-00",
    ],
)
def test_signatures_and_footers_end_the_orders(footer: str) -> None:
    assert texts(f"{ORDERS}\n\n{footer}\nВЛОЖИТЬ Армия 5\n") == ORDER_LINES


def test_a_sign_off_far_from_the_end_is_kept() -> None:
    body = "С уважением,\n" + ORDERS
    assert texts(body) == ["С уважением,", *ORDER_LINES]


def test_comments_and_blank_lines_are_dropped_and_numbers_are_kept() -> None:
    body = "# my turn\n\nИГРА coins-1\n   // note\n  СТРАНА Китай  \r\n"
    assert clean_lines(body) == [(3, "ИГРА coins-1"), (5, "СТРАНА Китай")]


@given(
    st.lists(st.sampled_from(["", "> q", "ИГРА x", "-- ", "# c", "Ivan wrote:", " a ", "\r", "С уважением,"]))
)
def test_numbers_increase_and_point_at_the_line(lines: list[str]) -> None:
    check("\n".join(lines))


@given(st.text())
def test_any_text(body: str) -> None:
    check(body)


def check(body: str) -> None:
    result = clean_lines(body)
    numbers = [number for number, _ in result]
    assert numbers == sorted(set(numbers))
    original = body.split("\n")
    for number, text in result:
        assert 1 <= number <= len(original)
        assert text == original[number - 1].strip()
        assert text


# --- a reply typed below the player's own signature ------------------------------------------------

QUOTE = "On Wed, 24 Jan 2024, Гонец wrote:\n\n> ИГРА coins-1\n> СТРАНА Китай\n> ПАРОЛЬ ваш-пароль\n>"


def test_alpines_layout_is_read_below_the_quote() -> None:
    """Alpine puts the signature above the quoted mail; the player types the orders under it."""
    body = f"\n\n-- \nИван Петров\nКитай\n\n{QUOTE}\n\n{ORDERS}\n"
    cleaned = clean_body(body)
    assert ([text for _, text in cleaned.lines], cleaned.part) == (ORDER_LINES, "below")
    assert cleaned.lines[0][0] == body.split("\n").index("ИГРА coins-1") + 1


def test_orders_bottom_posted_under_a_signature_are_read() -> None:
    body = (
        f"25.01.2024 21:00, Гонец пишет:\n> Ход 3 принят.\n\n-- \nИван Петров\n+7 900 000-00-00\n\n{ORDERS}"
    )
    assert clean_body(body) == Cleaned([(n + 8, line) for n, line in enumerate(ORDER_LINES)], "below")


def test_a_header_split_by_the_signature_is_read_from_both_parts() -> None:
    body = f"ИГРА coins-1\nСТРАНА Китай\n-- \nИван\n\n{QUOTE}\n\nПАРОЛЬ k3x9q\nВЛОЖИТЬ Наука 2"
    cleaned = clean_body(body)
    assert cleaned.part == "both"
    assert [text for _, text in cleaned.lines] == [
        "ИГРА coins-1",
        "СТРАНА Китай",
        "ПАРОЛЬ k3x9q",
        "ВЛОЖИТЬ Наука 2",
    ]


def test_orders_above_the_signature_are_all_that_is_read() -> None:
    body = f"{ORDERS}\n-- \nИван\n\n{QUOTE}\n\nВЛОЖИТЬ Армия 5"
    assert clean_body(body) == Cleaned(clean_lines(ORDERS))


def test_a_forward_is_never_read_past_its_start_even_below_a_signature() -> None:
    forward = "---------- Forwarded message ---------\nОт: Анна\n\nИГРА coins-1\nСТРАНА США\nПАРОЛЬ чужой"
    body = f"Смотри, что прислала Анна.\n-- \nИван\n\n{forward}"
    assert clean_body(body) == Cleaned([(1, "Смотри, что прислала Анна.")])
