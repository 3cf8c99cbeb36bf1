"""FinishedMail mail is written directly, byte for byte what the stdlib's EmailMessage writes (but for
the random multipart boundary): short plain headers as they are, any other through its folder, the
body's transfer encoding chosen as `set_content` chooses it."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from email import message_from_bytes, policy
from email.header import Header
from email.headerregistry import Address
from email.message import EmailMessage

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from daemon.outgoing import compose
from daemon.outgoing.compose import Envelope, outgoing
from engines.contract import Picture
from engines.text import Text
from state.files import safe_file_name

NOW = datetime(2026, 3, 2, 18, 5, tzinfo=UTC)
MAP = Picture("map-turn-3", Text("Карта", "Map"), bytes(range(256)) * 70)
PUBLIC = Picture("public-map-turn-3", Text("Карта", "Map"), b"\x89PNG\r\n" * 9)


def stdlib(mail_id: str, envelope: Envelope, body: str, pictures: tuple[Picture, ...]) -> bytes:
    """What compose wrote with the stdlib's message objects and generator."""
    msg = EmailMessage()
    msg["From"] = Address(display_name="Гонец", addr_spec=envelope.sender)
    msg["To"] = envelope.recipient
    if envelope.cc:
        msg["Cc"] = ", ".join(envelope.cc)
    subject = " ".join(envelope.subject.split())[:200]
    if subject.isascii():
        msg["Subject"] = subject
    else:
        msg.set_raw("Subject", Header(subject, "utf-8", header_name="Subject").encode())
    msg["Date"] = "Mon, 02 Mar 2026 18:05:00 +0000"
    msg["Message-ID"] = f"<{safe_file_name(mail_id)}@{envelope.sender.rpartition('@')[2]}>"
    if envelope.in_reply_to:
        msg["In-Reply-To"] = envelope.in_reply_to
        msg["References"] = " ".join((*envelope.references, envelope.in_reply_to))
    msg["Auto-Submitted"] = "auto-replied" if envelope.in_reply_to else "auto-generated"
    msg["X-Auto-Response-Suppress"] = "All"
    msg.set_content(body, charset="utf-8")
    for picture in pictures:
        msg.add_attachment(picture.png, maintype="image", subtype="png", filename=f"{picture.name}.png")
    return bytes(msg)


def unbounded(raw: bytes) -> bytes:
    return re.sub(rb"={15}\d{19}==", b"BOUNDARY", raw)


def same_as_stdlib(mail_id: str, envelope: Envelope, body: str, pictures: tuple[Picture, ...] = ()) -> None:
    ours = outgoing(mail_id, envelope, body, NOW, pictures).raw
    assert unbounded(ours) == unbounded(stdlib(mail_id, envelope, body, pictures))


REPORT = "Ход 3, Рязань.\n\n" + "Дружина Рязани заняла Мценск, а ополчение Тулы ушло домой. " * 3 + "\n"
CASES = {
    "short russian": ("m1", Envelope("g@x.example", "anna@x.example", "Ход 3: отчёт"), "текст\n", ()),
    "ascii": ("m2", Envelope("g@x.example", "bob@x.example", "Re: orders"), "orders accepted\n", ()),
    "long lines": ("m3", Envelope("g@x.example", "c@x.example", "отчёт " * 30), REPORT, (MAP, PUBLIC)),
    "long english lines": ("m4", Envelope("g@x.example", "d@x.example", "report " * 30), "word " * 40, ()),
    "a reply": (
        "coins-1-reply-<abc@mail.example>",
        Envelope(
            "g@x.example",
            "e@x.example",
            "Re: приказы",
            in_reply_to="<CAF+abc.123@mail.example>",
            references=tuple(f"<ref{n}@mail.example>" for n in range(6)),
            cc=("gm@x.example",),
        ),
        "Приказы приняты.\n> ЗАКАЗ 3\n",
        (),
    ),
    "a strange reply": (
        "m5",
        Envelope("g@x.example", "Анна <anna@x.example>", "=?utf-8?q?x?=", in_reply_to="=?utf-8?q?id?="),
        "",
        (),
    ),
    "a picture only": ("m6", Envelope("g@x.example", "f@x.example", "map"), "\n\n", (PUBLIC,)),
}


@pytest.mark.parametrize("case", CASES)
def test_a_mail_is_what_the_stdlib_writes(case: str) -> None:
    same_as_stdlib(*CASES[case])


TEXT = st.text(st.characters(codec="utf-8"), max_size=300)


@settings(max_examples=150, deadline=None)
@given(subject=TEXT, body=TEXT, answer=st.sampled_from(["", "<a.b@c.example>", "x y", "<é@x>"]))
def test_any_subject_and_body_are_what_the_stdlib_writes(subject: str, body: str, answer: str) -> None:
    envelope = Envelope("g@x.example", "p@x.example", subject, in_reply_to=answer)
    same_as_stdlib("m7", envelope, body, (PUBLIC,) if len(body) % 2 else ())


MIXED = st.text(st.sampled_from('ab Z-!*+/=_?:;,.()"Ход рЯзань ёЁ№—«»€😀\t'), min_size=1, max_size=240)


@settings(max_examples=300, deadline=None)
@given(subject=MIXED)
def test_a_subject_is_encoded_as_header_encodes_it(subject: str) -> None:
    """Encoded words as `email.header.Header` makes them: base64 or quoted-printable, whichever is
    shorter, the words broken where Header breaks them."""
    subject = " ".join(subject.split())
    if not subject.isascii():
        assert compose._encoded_words(subject) == Header(subject, "utf-8", header_name="Subject").encode()


def test_a_boundary_line_in_the_text_never_ends_a_part(monkeypatch: pytest.MonkeyPatch) -> None:
    """A reply quotes a player's words: a line that is the drawn boundary makes it draw another."""
    drawn = iter([7, 8])
    monkeypatch.setattr("daemon.outgoing.compose.random.randrange", lambda _: next(drawn))
    seven, eight = (f"{'=' * 15}{n:019d}==" for n in (7, 8))
    raw = outgoing("m8", Envelope("g@x.example", "p@x.example", "s"), f"--{seven}\n", NOW, (PUBLIC,)).raw
    assert f'boundary="{eight}"'.encode() in raw and raw.count(seven.encode()) == 1


def test_a_long_english_subject_reads_back_as_written() -> None:
    """The stdlib's folder moves «[coins-1] Turn 1, planning and auctions: …» whole to the line
    below «Subject:», and a reader sees it start with a space; folded at its spaces it does not."""
    subject = "[coins-1] Turn 1, planning and auctions: orders accepted, 1 line refused"
    raw = outgoing("m9", Envelope("g@x.example", "p@x.example", subject), "text\n", NOW).raw
    assert b"Subject: [coins-1] Turn 1," in raw
    assert str(message_from_bytes(raw, policy=policy.default)["Subject"]) == subject
