"""The whole MIME → reply path for any mail hypothesis builds: bodies, header values, charsets,
transfer encodings and multipart shapes. `evaluate` on a started game never raises, and the
outcome is orders stored with a reply, a reply whose every refused line exists in the body, or a
logged ignore. The reply is rendered too, so template data from a hostile mail is covered."""

from __future__ import annotations

import base64
import quopri
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from daemon.incoming.mailflow import evaluate
from daemon.outgoing.render import render, subject
from parsers.mime import parse_mail
from state.archive import MailArchive
from tests.hostile.corpus import ORDERS, CorpusHarness

CHARSETS = ["utf-8", "windows-1251", "koi8-r", "iso-8859-1", "utf-16", "ascii", "x-unknown"]
ENCODINGS = ["8bit", "base64", "quoted-printable", "7bit", "x-bogus"]
LINES = st.one_of(
    st.sampled_from(
        [*ORDERS.splitlines(), "ПАРОЛЬ wrong", "ВЛОЖИТЬ Армия 99", "СТАТУС", "> quoted", "--", "ХОД 1"]
    ),
    st.text(max_size=40),
)
BODIES = st.one_of(
    st.lists(LINES, max_size=12).map("\n".join),
    st.tuples(st.lists(LINES, max_size=4), st.lists(LINES, max_size=4)).map(
        lambda around: "\n".join([*around[0], ORDERS, *around[1]])  # the orders amid noise
    ),
)
HEADER_TEXT = st.text(max_size=40).map(lambda t: t.replace("\r", " ").replace("\n", " "))
SENDERS = st.sampled_from(
    ["anna@test.local", "x@other.example", "MAILER-DAEMON@mx.example", "gonets@test.local"]
)


def leaf(text: str, charset: str, encoding: str, subtype: str, attachment: bool) -> bytes:
    """One MIME part, encoded as declared (an unknown charset or encoding is sent as UTF-8 8bit)."""
    codec = charset if charset not in ("x-unknown",) else "utf-8"
    data = text.encode(codec, "replace")
    if encoding == "base64":
        data = base64.encodebytes(data)
    elif encoding == "quoted-printable":
        data = quopri.encodestring(data)
    disposition = 'Content-Disposition: attachment; filename="orders.txt"\n' if attachment else ""
    head = f"Content-Type: text/{subtype}; charset={charset}\nContent-Transfer-Encoding: {encoding}\n"
    return (head + disposition).encode() + b"\n" + data


@st.composite
def mails(draw: st.DrawFn) -> bytes:
    parts = [
        leaf(
            draw(BODIES),
            draw(st.sampled_from(CHARSETS)),
            draw(st.sampled_from(ENCODINGS)),
            draw(st.sampled_from(["plain", "html"])),
            draw(st.booleans()),
        )
        for _ in range(draw(st.integers(1, 3)))
    ]
    shape = draw(st.sampled_from(["single", "mixed", "alternative", "nested"]))
    if shape == "single":
        content = parts[0]
    else:
        inner = b"".join(b"--in\n" + p + b"\n" for p in parts) + b"--in--\n"
        kind = "alternative" if shape == "nested" else shape
        content = f'Content-Type: multipart/{kind}; boundary="in"\n\n'.encode() + inner
        if shape == "nested":
            content = b'Content-Type: multipart/mixed; boundary="out"\n\n--out\n' + content + b"--out--\n"
    head = (
        f"From: {draw(HEADER_TEXT)} <{draw(SENDERS)}>\nTo: gonets@test.local\n"
        f"Subject: {draw(HEADER_TEXT)}\nMessage-ID: <{draw(st.integers(0, 10**9))}@hyp.example>\n"
        + "".join(
            f"{name}: {draw(HEADER_TEXT)}\n" for name in draw(st.lists(st.sampled_from(["X-A", "Date"])))
        )
    )
    return head.encode("utf-8", "surrogateescape") + b"MIME-Version: 1.0\n" + content


@pytest.fixture(scope="module")
def h(tmp_path_factory: pytest.TempPathFactory) -> Iterator[CorpusHarness]:
    harness = CorpusHarness(tmp_path_factory.mktemp("properties"))
    yield harness
    harness.daemon.close()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(raw=mails())
def test_any_mail_gets_orders_a_checked_reply_or_a_logged_ignore(h: CorpusHarness, raw: bytes) -> None:
    mail = parse_mail(raw)
    now = datetime(2026, 3, 2, 10, tzinfo=UTC)
    outcome = evaluate(mail, MailArchive.key(raw), h.daemon.games, h.daemon.config.address, now)
    event(outcome.kind)
    if outcome.kind == "ignored":
        assert outcome.detail and outcome.letter is None and outcome.orders is None
        return
    assert outcome.letter is not None
    if outcome.kind == "orders":
        assert outcome.orders is not None
    else:
        assert outcome.orders is None
    lines = len(mail.body.split("\n"))
    for refused in outcome.letter.context.get("refused", []):
        assert 0 <= refused.line <= lines  # 0: the whole mail
    language = outcome.game.settings.language if outcome.game else "ru+en"
    assert render(outcome.letter.template, language, outcome.letter.context, outcome.catalog)
    assert subject(outcome.letter.subject, language, outcome.catalog, **outcome.letter.subject_params)
