"""Mails too deep, too long or too odd to read whole, built at run time: their sender is still
known, and the part that is not read costs nothing."""

from __future__ import annotations

from dataclasses import asdict
from pathlib import Path

import pytest

from parsers import mime_body
from parsers.limits import MAX_BODY_CHARS, MAX_HEAD_BYTES, MAX_PARAMS_BYTES
from parsers.mime import IncomingMail, parse_head, parse_mail
from parsers.mime_head import cap_head, cap_mail

MAILS = Path(__file__).parent.parent / "mails"
HEAD = (
    "From: =?utf-8?b?0JjQstCw0L0g0J/QtdGC0YDQvtCy?= <Ivan@Example.ru>\n"
    "To: gonets+coins-1@test.local\n"
    "Subject: =?utf-8?b?0J/RgNC40LrQsNC30Ysg0L3QsCDRhdC+0LQgMw==?=\n"
    "Message-ID: <m1@example.ru>\n"
)
ORDERS = "ИГРА coins-1\nСТРАНА Китай\nПАРОЛЬ k3x9q\n"


def mail(body: str, content_type: str = "text/plain; charset=utf-8", head: str = HEAD) -> bytes:
    return f"{head}Content-Type: {content_type}\n\n{body}".encode()


def head_fields(mail: IncomingMail) -> dict[str, object]:
    fields = asdict(mail)
    for name in ("body", "problems", "text_chars"):  # what reading the body gives
        del fields[name]
    return fields


def test_a_mail_nested_1000_deep_still_names_its_sender() -> None:
    nested = "".join(f'Content-Type: multipart/mixed; boundary="b{i}"\n\n--b{i}\n' for i in range(1000))
    read = parse_mail((HEAD + nested).encode())
    assert read.problems == ("unreadable mail: nested too deep",)
    assert (read.sender, read.sender_name, read.subject) == (
        "ivan@example.ru",
        "Иван Петров",
        "Приказы на ход 3",
    )
    assert (read.message_id, read.recipients, read.body) == (
        "<m1@example.ru>",
        ("gonets+coins-1@test.local",),
        "",
    )


@pytest.mark.parametrize("path", sorted(MAILS.glob("*.eml")), ids=lambda path: path.name)
def test_parse_head_reads_the_header_fields_parse_mail_reads(path: Path) -> None:
    raw = path.read_bytes()
    head = parse_head(raw)
    assert head_fields(head) == head_fields(parse_mail(raw))
    assert (head.body, head.text_chars) == ("", 0)


def test_an_html_body_over_the_limit_is_not_converted(monkeypatch: pytest.MonkeyPatch) -> None:
    def never(html: str) -> str:
        raise AssertionError("converted")

    monkeypatch.setattr(mime_body, "html_to_text", never)
    html = "<p>ИГРА</p>\n" * 250_000
    assert len(html) == 3_000_000
    read = parse_mail(mail(html, "text/html; charset=utf-8"))
    assert (read.body, read.text_chars, read.sender) == ("", 3_000_000, "ivan@example.ru")
    assert f"body of 3000000 characters not read: over the limit of {MAX_BODY_CHARS}" in read.problems


def test_within_the_limit_the_text_is_read_and_measured_before_conversion() -> None:
    html = "<div>ИГРА coins-1</div><div>СТРАНА Китай</div>"
    read = parse_mail(mail(html, "text/html; charset=utf-8"))
    assert (read.body, read.text_chars) == ("ИГРА coins-1\nСТРАНА Китай", len(html))
    assert parse_mail(mail(ORDERS)).text_chars == len(ORDERS)


def test_the_limit_is_a_parameter_and_holds_for_plain_text_too() -> None:
    read = parse_mail(mail(ORDERS), body_limit=10)
    assert (read.body, read.text_chars) == ("", len(ORDERS))
    assert parse_mail(mail(ORDERS), body_limit=len(ORDERS)).body == ORDERS


def test_a_text_attachment_over_the_limit_is_not_read() -> None:
    boundary = 'multipart/mixed; boundary="B"'
    attached = "Content-Type: text/plain; charset=utf-8\nContent-Disposition: attachment; filename=orders.txt"
    read = parse_mail(mail(f"--B\n{attached}\n\n{ORDERS * 10}\n--B--\n", boundary), body_limit=100)
    assert (read.body, read.text_chars) == ("", len(ORDERS * 10))


def test_the_header_cap_keeps_the_fields_that_come_first_and_the_mail_is_read() -> None:
    filler = "".join(f"X-Filler-{i}: {'word ' * 20}\n" for i in range(2000))
    late = "Subject: late\nReferences: <late@example.ru>\n"
    raw = f"{HEAD}Content-Type: text/plain; charset=utf-8\n{filler}{late}\n{ORDERS}".encode()
    read = parse_mail(raw)
    assert (read.sender, read.subject, read.message_id) == (
        "ivan@example.ru",
        "Приказы на ход 3",
        "<m1@example.ru>",
    )
    assert (read.body, read.references) == (ORDERS, ())
    assert read.problems == ("headers over 100 KB cut",)
    capped = cap_head(raw)
    assert len(capped.head) <= MAX_HEAD_BYTES and capped.head.endswith(b"word \n")
    assert capped.raw == capped.head + b"\n" + ORDERS.encode()
    assert head_fields(parse_head(raw)) == head_fields(read)


def test_a_mail_without_a_header_block_is_left_alone() -> None:
    raw = b"just text " * 20_000
    assert cap_head(raw).raw == cap_mail(raw).raw == raw


def test_a_long_subject_is_cut_before_it_is_decoded() -> None:
    read = parse_mail(mail(ORDERS, head=HEAD.replace("Subject: ", "Subject: " + "слово " * 5000)))
    assert read.subject.startswith("слово слово") and len(read.subject) <= 2000


def test_long_parameters_of_a_part_are_cut_and_the_part_still_read() -> None:
    part = f"Content-Type: text/plain; charset=utf-8{'; a=b' * 20_000}\n\n{ORDERS}"
    read = parse_mail(mail(f"--B\n{part}\n--B--\n", 'multipart/mixed; boundary="B"'))
    assert read.body == ORDERS
    assert read.problems == (f"Content-Type or Content-Disposition over {MAX_PARAMS_BYTES // 1024} KB cut",)


@pytest.mark.parametrize("content_type", ["text/plain; charset=utf-8", "multipart/mixed; boundary=B"])
def test_rfc2231_pieces_that_crash_the_stdlib_leave_the_sender_known(content_type: str) -> None:
    """The stdlib raises TypeError on `name*0*=…; name*` wherever it reads a parameter."""
    read = parse_mail(mail(f"--B\n\n{ORDERS}--B--\n", f"{content_type}; name*0*=utf-8''%D0%98; name*"))
    assert read.problems == ("unreadable mail: the stdlib parser failed (TypeError)",)
    assert (read.sender, read.subject, read.body) == ("ivan@example.ru", "Приказы на ход 3", "")
