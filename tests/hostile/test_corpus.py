"""Every mail of the .eml corpus through the real daemon: a clear reply or a logged rejection.

Each mail gets exactly one of: its orders stored with a reply quoting them (copied to the registered
address, since the corpus writes from other addresses); a reply saying why nothing was taken; or
no reply and a line in the archive log saying why (mail that must never be answered). Never a
crash, never a partial accept. A forwarded mail's orders are never taken as the forwarder's: they
may be another player's, password and all; only what the forwarder wrote above the forward counts.
"""

from __future__ import annotations

from collections.abc import Iterator
from email import message_from_bytes, policy
from pathlib import Path

import pytest

from parsers.mime import parse_mail
from tests.daemon.harness import body, flat
from tests.hostile.corpus import MAILS, ORDER_LINES, CorpusHarness, assert_clean_headers, sent_raw

ACCEPTED = "accepted"
IGNORED = "ignored"
REFUSED = "refused"

# file → (what happens, a phrase of the reply or of the log's detail)
EXPECTED = {
    "plain_utf8_thunderbird.eml": (ACCEPTED, ""),
    "koi8r_8bit_thebat.eml": (ACCEPTED, ""),
    "cp1251_qp_outlook.eml": (ACCEPTED, ""),
    "base64_utf8_mailru.eml": (ACCEPTED, ""),
    "html_only_yandex.eml": (ACCEPTED, ""),
    "alternative_gmail.eml": (ACCEPTED, ""),
    "txt_attachment_thunderbird.eml": (ACCEPTED, ""),
    "txt_attachment_with_greeting.eml": (ACCEPTED, ""),  # the greeting in the body is not read
    "flowed_thunderbird_reply.eml": (ACCEPTED, ""),
    "flowed_delsp_qp.eml": (ACCEPTED, ""),
    # mails to a Русь game, read by tests/daemon/test_mail_formats.py; this game is another
    "rus/flowed_march.eml": (REFUSED, "Игры «rus-1» нет"),
    "rus/flowed_gm_broadcast.eml": (REFUSED, "Игры «rus-1» нет"),
    "mislabelled_latin1.eml": (ACCEPTED, ""),
    "alias_win1251.eml": (ACCEPTED, ""),
    "subject_raw_cp1251.eml": (ACCEPTED, ""),
    "subject_rfc2047.eml": (ACCEPTED, ""),
    "reply_gmail_ru.eml": (ACCEPTED, ""),
    "reply_outlook.eml": (ACCEPTED, ""),
    "reply_thunderbird_bottom.eml": (ACCEPTED, ""),
    "reply_alpine_signature_above_quote.eml": (ACCEPTED, "поэтому мы прочитали то, что написано ниже неё"),
    "reply_bottom_under_signature.eml": (ACCEPTED, "поэтому мы прочитали то, что написано ниже неё"),
    "phone_iphone.eml": (ACCEPTED, ""),
    "nul_rtl_subject.eml": (ACCEPTED, ""),
    "vacation_autoreply.eml": (IGNORED, "automatic: Auto-Submitted: auto-replied"),
    "dsn_bounce.eml": (IGNORED, "automatic: Auto-Submitted: auto-replied"),
    "mailing_list.eml": (IGNORED, "automatic: Precedence: list"),
    "two_from.eml": (IGNORED, "several From addresses"),
    "no_from.eml": (IGNORED, "no usable From address"),
    "empty.eml": (IGNORED, "no usable From address"),
    "hostile/reply_gmail_quote_above_and_below.eml": (ACCEPTED, ""),
    "hostile/reply_outlook_html_below.eml": (ACCEPTED, ""),
    "hostile/reply_apple_mail_below.eml": (ACCEPTED, ""),
    "hostile/reply_k9_android_inline.eml": (ACCEPTED, ""),
    "hostile/forward_below_own_orders.eml": (ACCEPTED, ""),  # the forwarded США orders are not read
    "hostile/html_script_style.eml": (ACCEPTED, ""),
    "hostile/mislabelled_utf8_is_cp1251.eml": (ACCEPTED, ""),
    "hostile/qp_soft_breaks_utf8.eml": (ACCEPTED, ""),
    "hostile/header_injection_subject.eml": (ACCEPTED, ""),
    "hostile/header_injection_display_name.eml": (ACCEPTED, ""),
    "hostile/rtl_override_orders.eml": (ACCEPTED, ""),
    "hostile/nul_bytes_in_body.eml": (ACCEPTED, ""),
    "hostile/forward_gmail.eml": (REFUSED, "В письме нет строки СТРАНА"),
    "hostile/forward_apple_mail.eml": (REFUSED, "не указана игра"),
    "hostile/forward_attached_rfc822.eml": (REFUSED, "В письме нет строки СТРАНА"),
    "hostile/empty_body_with_headers.eml": (REFUSED, "В письме нет строки СТРАНА"),
    "hostile/from_two_addresses.eml": (IGNORED, "several From addresses"),
    "hostile/from_our_plus_address.eml": (IGNORED, "from our own address"),
    "hostile/autoreply_x_autoreply_only.eml": (IGNORED, "automatic: X-Autoreply header"),
}


@pytest.fixture(scope="module")
def h(tmp_path_factory: pytest.TempPathFactory) -> Iterator[CorpusHarness]:
    harness = CorpusHarness(tmp_path_factory.mktemp("corpus"))
    yield harness
    harness.daemon.close()


def test_every_corpus_mail_has_an_expectation() -> None:
    files = {path.relative_to(MAILS).as_posix() for path in MAILS.rglob("*.eml")}
    assert files == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_corpus_mail_through_the_daemon(h: CorpusHarness, name: str) -> None:
    raw = (MAILS / name).read_bytes()
    sender = parse_mail(raw).sender
    before = h.stored()
    sent_before = len(sent_raw(h.root))
    entry = h.deliver(raw)
    what, phrase = EXPECTED[name]
    replies = h.mail_to(sender) if sender else []
    if what == IGNORED:
        assert (entry["outcome"], replies) == ("ignored", [])
        assert phrase in entry["detail"]
        assert len(sent_raw(h.root)) == sent_before and h.stored() == before
        return
    (reply,) = replies
    assert_clean_headers(reply)
    text = body(reply)
    assert flat(phrase) in flat(text)
    if what == REFUSED:
        assert entry["outcome"] == "unrouted" and "Ваше письмо не принято" in text
        assert h.stored() == before
        return
    assert entry["outcome"] == "orders"
    assert [line for line in ORDER_LINES if line in text] == list(ORDER_LINES)
    assert reply["Cc"] == h.registered and reply["To"] == sender
    stored = h.stored()
    assert stored is not None and stored.mail_key == entry["key"]
    assert [(c.args["line"], c.args["amount"]) for c in stored.commands] == [
        ("Промышленность", 3),
        ("Наука", 2),
    ]


def test_injected_headers_never_reach_a_reply(h: CorpusHarness) -> None:
    """CR/LF in an encoded Subject, display name or a folded In-Reply-To: still one Subject line,
    and no Bcc or X-Injected header, in the raw bytes of anything the daemon sent."""
    for name in ("header_injection_subject.eml", "header_injection_display_name.eml"):
        h.deliver((MAILS / "hostile" / name).read_bytes())
    for raw in sent_raw(h.root):
        head = raw.split(b"\n\n", 1)[0].split(b"\r\n\r\n", 1)[0].lower()
        assert b"\nbcc:" not in head and b"\nx-injected:" not in head and not head.startswith(b"bcc:")
        message = message_from_bytes(raw, policy=policy.default)
        assert "victim" not in str(message["To"]) + str(message.get("Cc", ""))


def test_bidi_overrides_do_not_reach_the_reply_subject(h: CorpusHarness, tmp_path: Path) -> None:
    raw = (MAILS / "hostile" / "rtl_override_orders.eml").read_bytes().replace(b"rtl.orders.10", b"rtl.again")
    h.deliver(raw)
    (reply,) = h.mail_to("rtl.player@example.ru")
    assert not set(str(reply["Subject"])) & {"\u202e", "\u202c", "\u2067", "\u2069"}
