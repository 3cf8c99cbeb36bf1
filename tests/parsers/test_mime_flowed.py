"""RFC 3676 unwrapping: soft breaks joined, DelSp, space-stuffing, quote depth, the signature."""

from __future__ import annotations

from email.message import Message

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parsers.mime_flowed import delsp, is_flowed, unflow


def test_soft_breaks_join_and_a_hard_break_ends_the_paragraph() -> None:
    assert unflow("ВЛОЖИТЬ \nПромышленность 2\nВЛОЖИТЬ Наука 1\n", False) == (
        "ВЛОЖИТЬ Промышленность 2\nВЛОЖИТЬ Наука 1\n"
    )


def test_delsp_yes_deletes_the_space_that_marked_the_break() -> None:
    assert unflow("Промышлен \nность 2", True) == "Промышленность 2"
    assert unflow("ВЛОЖИТЬ  \nНаука 1", True) == "ВЛОЖИТЬ Наука 1"
    assert unflow("Промышлен \nность 2", False) == "Промышлен ность 2"


def test_space_stuffing_is_undone_once() -> None:
    assert unflow(" From here\n  two spaces\n >not a quote", False) == "From here\n two spaces\n>not a quote"


def test_quoted_lines_join_only_at_the_same_depth() -> None:
    text = "> Ход 3 принят, итоги \n> после срока.\n>> старая \n> новая\nПРИКАЗ \n"
    assert unflow(text, False) == "> Ход 3 принят, итоги после срока.\n>> старая \n> новая\nПРИКАЗ "


def test_the_signature_separator_is_kept_and_never_joined() -> None:
    assert unflow("КОНЕЦ\n-- \nИван Петров", False) == "КОНЕЦ\n-- \nИван Петров"
    assert unflow("> -- \n> Гонец", False) == "> -- \n> Гонец"


def test_crlf_lines_are_read_like_lf() -> None:
    assert unflow("ВЛОЖИТЬ \r\nНаука 1\r\n", False) == "ВЛОЖИТЬ Наука 1\n"


@pytest.mark.parametrize(
    ("content_type", "flowed", "deleted"),
    [
        ("text/plain; charset=UTF-8; format=flowed", True, False),
        ('text/plain; format="Flowed"; DelSp=Yes', True, True),
        ("text/plain; charset=UTF-8", False, False),
        ("text/html; format=flowed", False, False),
    ],
)
def test_parameters(content_type: str, flowed: bool, deleted: bool) -> None:
    part = Message()
    part["Content-Type"] = content_type
    assert (is_flowed(part), delsp(part)) == (flowed, deleted)


@given(
    st.lists(
        st.text(st.characters(blacklist_characters="\r\n >", categories=("L", "N", "P", "Zs")), min_size=1)
    )
)
def test_fixed_text_without_trailing_spaces_is_left_alone(lines: list[str]) -> None:
    text = "\n".join(line.rstrip() or "x" for line in lines)
    assert unflow(text, False) == text
    assert unflow(text, True) == text
