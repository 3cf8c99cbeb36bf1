"""parse_mail must survive anything the internet sends; hypothesis looks for what breaks it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from parsers.mime import IncomingMail, parse_mail

HEADER_NAMES = st.sampled_from(["From", "Subject", "Content-Type", "Content-Transfer-Encoding", "X-Any"])


def assert_clean(mail: IncomingMail) -> None:
    """Every field is text the store and the templates can take: no NUL, no lone surrogate."""
    for value in (mail.message_id, mail.sender, mail.sender_name, mail.subject, mail.body):
        value.encode("utf-8")
        assert "\0" not in value
    assert "\n" not in mail.subject and "\r" not in mail.body


@settings(max_examples=300)
@given(st.binary(max_size=2000))
def test_any_bytes(raw: bytes) -> None:
    assert_clean(parse_mail(raw))


@settings(max_examples=300)
@given(st.text(max_size=500), st.sampled_from(["utf-8", "cp1251", "koi8-r", "latin-1"]))
def test_any_text_in_a_minimal_mail(text: str, charset: str) -> None:
    head = f"From: a@b.example\nSubject: x\nContent-Type: text/plain; charset={charset}\n\n"
    mail = parse_mail(head.encode() + text.encode(charset, "replace"))
    assert_clean(mail)
    assert mail.sender == "a@b.example"


@settings(max_examples=300)
@given(st.lists(st.tuples(HEADER_NAMES, st.text(max_size=60)), max_size=6), st.binary(max_size=300))
def test_any_header_values(headers: list[tuple[str, str]], body: bytes) -> None:
    head = "".join(f"{name}: {value}\n" for name, value in headers)
    assert_clean(parse_mail(head.encode("utf-8", "surrogateescape") + b"\n" + body))


def test_deep_nesting_is_refused_not_raised() -> None:
    raw = b"".join(b'Content-Type: multipart/mixed; boundary="b%d"\n\n--b%d\n' % (i, i) for i in range(3000))
    mail = parse_mail(raw)
    assert mail.body == ""
    assert mail.problems[0].startswith("unreadable mail: ")


def test_mail_parser_crash_falls_back_to_the_stdlib() -> None:
    """mail-parser 4.8 raises AttributeError when a multipart's first boundary never comes."""
    sender = b"From: =?utf-8?b?0JjQstCw0L0=?= <Ivan@Example.ru>\n"
    outer = b'Content-Type: multipart/mixed; boundary="b"\n\n--b\n'
    mail = parse_mail(sender + outer + b'Content-Type: multipart/mixed; boundary="c"\n\n')
    assert mail.problems[0] == "mail-parser failed (AttributeError), read with the stdlib"
    assert (mail.sender, mail.sender_name) == ("ivan@example.ru", "Иван")
