"""HTML bodies as text: what a reader sees, line by line, whatever the markup (hostile included)."""

from __future__ import annotations

import html

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parsers.html_text import html_to_text

WORDS = st.lists(st.text(alphabet="abcИГРА123", min_size=1, max_size=8), min_size=1, max_size=6)
MARKUP = st.text(alphabet="<>/!?-[]&#;=\"' \n\tabdivpbrhqoutelsc1CDATA", max_size=200)


@given(st.text(max_size=300))
def test_any_text_is_read_without_raising(text: str) -> None:
    html_to_text(text)


@given(MARKUP)
def test_any_markup_is_read_without_raising(text: str) -> None:
    assert not html_to_text(text).startswith("\n")


@given(st.text(max_size=200))
def test_escaped_text_comes_back_with_its_spaces_collapsed(text: str) -> None:
    assert html_to_text(html.escape(text)) == " ".join(text.split())


@given(WORDS)
def test_each_paragraph_is_a_line(words: list[str]) -> None:
    assert html_to_text("".join(f"<p>{word}</p>" for word in words)) == "\n".join(words)


@given(WORDS)
def test_each_br_breaks_a_line(words: list[str]) -> None:
    assert html_to_text("<br>".join(words)) == "\n".join(words)


@given(st.integers(min_value=1, max_value=30), st.text(alphabet="abc", min_size=1))
def test_nested_blocks_leave_no_blank_lines(depth: int, word: str) -> None:
    assert html_to_text("<div>" * depth + word + "</div>" * depth + word) == f"{word}\n{word}"


@pytest.mark.parametrize(
    ("markup", "text"),
    [
        ("<p>a</p><p>b</p>", "a\nb"),
        ("<P>a<BR>b</P>", "a\nb"),
        ('<div>a<script>x = "</div>"</script>b</div>c', "ab\nc"),
        ("<a href=/x/><blockquote>q</a>r", "> q\nr"),  # the "/" is the link's, not <a/>
        ('<p title="a>b">c</p>', "c"),
        ("a<!-- b -->c<!-- d", "ac"),
        ("<!DOCTYPE html><?xml version='1.0'?><![CDATA[x]]>a", "a"),
        ("a<div", "a"),
        ("a<img></img> b", "a b"),
        ("&amp;lt; &#1048; &nbsp;x", "&lt; И x"),
        ("<pre>a  <b>b</b>\n c</pre>", "a  b\n c"),
        ("<blockquote>a<hr>b</blockquote>", f"> a\n> {'_' * 32}\n> b"),
        ("<head><title>t</title></head><noscript>n</noscript><template>t</template>x", "x"),
        ("<blockquote>" * 12 + "deep", "> " * 10 + "deep"),
    ],
)
def test_markup(markup: str, text: str) -> None:
    assert html_to_text(markup) == text
