"""Charset aliases and guessing, and HTML bodies as text: the pieces parse_mail is built on."""

from __future__ import annotations

import pytest

from parsers import charsets
from parsers.html_text import html_to_text

ORDERS = "ИГРА coins-1\nСТРАНА Китай\nПАРОЛЬ k3x9q\nВЛОЖИТЬ Промышленность 3\nВЛОЖИТЬ Наука 2\nКОНЕЦ\n"

charsets.register()


@pytest.mark.parametrize(
    ("label", "codec"),
    [
        ("win-1251", "cp1251"),
        ("windows1251", "cp1251"),
        ("cp-1251", "cp1251"),
        ("x-cp1251", "cp1251"),
        ("WIN-1251", "cp1251"),
        ("koi8", "koi8-r"),
        ("koi-8r", "koi8-r"),
        ("ansi_x3.4-1968", "ascii"),
        ("x-user-defined", charsets.GUESSING),
        ("base64", None),
        ("no-such-charset", None),
        ("", None),
    ],
)
def test_aliases(label: str, codec: str | None) -> None:
    assert charsets.canonical(label) == codec


def test_register_is_idempotent_and_teaches_bytes_decode() -> None:
    charsets.register()
    charsets.register()
    assert "Иван".encode("cp1251").decode("win-1251") == "Иван"
    assert "Привет, вот мои приказы".encode("koi8-r").decode("x-user-defined") == "Привет, вот мои приказы"


@pytest.mark.parametrize("codec", charsets.GUESSES)
@pytest.mark.parametrize(
    "text", [ORDERS, "ИГРА coins-1", "ход 3 приказы на этот ход", "Иван", "Приказы на ход 3"]
)
def test_undeclared_russian_is_guessed(codec: str, text: str) -> None:
    assert charsets.decode(text.encode(codec), None) == (text, f"undeclared charset guessed as {codec}")


@pytest.mark.parametrize("label", ["iso-8859-1", "us-ascii", "koi8-r", "utf-8", "x-user-defined"])
def test_wrong_label_on_cp1251_bytes(label: str) -> None:
    text, problem = charsets.decode(ORDERS.encode("cp1251"), label)
    assert text == ORDERS
    assert problem.endswith("guessed as cp1251")


@pytest.mark.parametrize(
    ("data", "label"),
    [
        ("Schöne Grüße aus München".encode("latin-1"), "iso-8859-1"),
        (ORDERS.encode("koi8-r"), "koi8-r"),
        (ORDERS.encode("cp1251"), "win-1251"),
        (b"plain ascii", None),
    ],
)
def test_a_right_label_is_kept(data: bytes, label: str | None) -> None:
    assert charsets.decode(data, label) == (data.decode(charsets.canonical(label) or "ascii"), "")


def test_undecodable_garbage_still_gives_text() -> None:
    text, _ = charsets.decode(bytes(range(256)), "utf-8")
    text.encode("utf-8")


def test_html_lines_scripts_and_entities() -> None:
    html = (
        "<html><head><title>T</title><style>p{color:red}</style></head><body>"
        "<script>alert('ИГРА x')</script><p>ИГРА coins-1<br>СТРАНА&nbsp;Китай</p>\n"
        "<div><span>ПАРОЛЬ</span>\n k3x9q</div><ul><li>a &amp; b</li><li>c</li></ul><!-- hidden -->"
        "<pre>X  1\nY 2</pre></body></html>"
    )
    assert html_to_text(html) == "ИГРА coins-1\nСТРАНА Китай\nПАРОЛЬ k3x9q\na & b\nc\nX  1\nY 2"


def test_html_blockquotes_become_quoted_lines() -> None:
    quote = "<blockquote>old<br>order<blockquote>older</blockquote></blockquote>"
    html = f"<div>ИГРА coins-1</div><div>Ivan wrote:{quote}</div>"
    assert html_to_text(html) == "ИГРА coins-1\nIvan wrote:\n> old\n> order\n> > older"


def test_html_br_br_keeps_a_blank_line_but_divs_do_not() -> None:
    assert html_to_text("<div><div>a</div></div><div>b<br><br>c</div>") == "a\nb\n\nc"
