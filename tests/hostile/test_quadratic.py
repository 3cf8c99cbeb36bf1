"""Hostile inputs whose reading cost once grew with the square of their size: deeply nested HTML,
a long Subject of words, a huge References header, megabytes of header.

Work is counted, not timed: the Python and C function calls made while reading an input of size
n and of size 4n. A linear reader does about 4 times the work on the bigger input, a quadratic
one about 16 times, so "at most 5 times" tells them apart on any machine. A cost that is
quadratic inside C calls (a copy of the rest of a value per word) is not seen by a call count:
there the test checks that the quadratic code never gets more than the cap.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from email.headerregistry import UnstructuredHeader
from types import FrameType
from typing import Any

import pytest

from parsers.html_text import html_to_text
from parsers.limits import MAX_HEAD_BYTES
from parsers.mime import parse_mail

HEAD = "From: ivan@example.ru\nMessage-ID: <q@example.ru>\n"


def calls(work: Callable[[], object]) -> int:
    """How many functions `work` calls, Python ones and C ones."""
    count = 0

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        nonlocal count
        if event in ("call", "c_call"):
            count += 1

    sys.setprofile(profile)
    try:
        work()
    finally:
        sys.setprofile(None)
    return count


def growth(read: Callable[[Any], object], make: Callable[[int], Any], n: int) -> float:
    """How much more work reading an input of size 4n takes than one of size n."""
    small, big = make(n), make(4 * n)
    read(small)  # imports and caches are not the input's cost
    return calls(lambda: read(big)) / calls(lambda: read(small))


def repeat(unit: str, size: int) -> str:
    return unit * (size // len(unit))


HTML: dict[str, Callable[[int], str]] = {
    "nested divs": lambda n: repeat("<div>", n // 2) + "x" + repeat("</div>", n // 2),
    "nested blockquotes with text": lambda n: repeat("<blockquote>x<br>", n),
    "unmatched end tags": lambda n: repeat("<div>", n // 2) + repeat("</span>", n // 2) + "x",
}


@pytest.mark.parametrize("name", HTML)
def test_html_to_text_is_linear(name: str) -> None:
    assert growth(html_to_text, HTML[name], 20_000) <= 5


def test_nested_quotes_do_not_grow_the_text_quadratically() -> None:
    """Each level used to add a "> " to every line below it."""
    make = HTML["nested blockquotes with text"]
    assert len(html_to_text(make(80_000))) <= 5 * len(html_to_text(make(20_000)))


def test_a_long_subject_of_words_is_linear(monkeypatch: pytest.MonkeyPatch) -> None:
    """The stdlib decodes RFC 2047 words (get_unstructured) copying the rest of the value per word."""
    decoded: list[int] = []
    decode = UnstructuredHeader.value_parser

    def measured(value: str) -> Any:
        decoded.append(len(value))
        return decode(value)

    def make(n: int) -> bytes:
        return f"{HEAD}Subject: {repeat('word ', n)}\n\nИГРА coins-1\n".encode()

    monkeypatch.setattr(UnstructuredHeader, "value_parser", staticmethod(measured))
    assert growth(parse_mail, make, 20_000) <= 5
    assert decoded and max(decoded) <= 2_000


def test_a_huge_references_header_is_linear_and_keeps_the_last_20_ids() -> None:
    def make(n: int) -> bytes:
        ids = " ".join(f"<{i}.thread@example.ru>" for i in range(n // 22))
        return f"{HEAD}References: {ids}\n\nИГРА coins-1\n".encode()

    assert growth(parse_mail, make, 20_000) <= 5
    references = parse_mail(make(80_000)).references
    assert references == tuple(f"<{i}.thread@example.ru>" for i in range(80_000 // 22 - 20, 80_000 // 22))


def test_header_beyond_the_cap_costs_nothing_more() -> None:
    def make(n: int) -> bytes:
        fields = "".join(f"X-Filler-{i}: {'word ' * 20}\n" for i in range(n // 120))
        return f"{HEAD}{fields}\nИГРА coins-1\n".encode()

    assert len(make(2 * MAX_HEAD_BYTES)) > MAX_HEAD_BYTES
    assert growth(parse_mail, make, 2 * MAX_HEAD_BYTES) <= 1.5
