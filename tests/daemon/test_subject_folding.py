"""A long Russian subject keeps every space however a reader decodes it (RFC 2047 drops the
whitespace *between* encoded-words, so the space must travel inside them)."""

from __future__ import annotations

from datetime import UTC, datetime
from email import message_from_bytes, policy
from email.header import decode_header, make_header

import mailparser
import pytest

from daemon.outgoing.compose import Envelope, outgoing

SUBJECTS = (
    "Гонец: coins-1 — сообщение ведущего для Евросоюз / coins-1: a GM notice for Евросоюз",
    "[coins-1] Сообщение ведущего для Евросоюза / [coins-1] A notice from the GM for Евросоюз",
    "[rus-1] Ход 12: итоги для Новгорода-Северского, " + "очень длинная тема письма " * 4,
    "Re: orders",
)


def _raw(subject: str) -> bytes:
    envelope = Envelope("gonets@test.local", "anna@test.local", subject)
    return outgoing("m1", envelope, "текст", datetime(2026, 3, 2, tzinfo=UTC)).raw


@pytest.mark.parametrize("subject", SUBJECTS)
def test_every_reader_gets_the_subject_back_with_its_spaces(subject: str) -> None:
    raw = _raw(subject)
    wanted = " ".join(subject.split())
    assert str(message_from_bytes(raw, policy=policy.default)["Subject"]) == wanted
    old = message_from_bytes(raw, policy=policy.compat32)["Subject"]
    assert str(make_header(decode_header(old))) == wanted
    assert mailparser.parse_from_bytes(raw).subject == wanted


@pytest.mark.parametrize("subject", SUBJECTS)
def test_the_subject_lines_stay_short(subject: str) -> None:
    head = _raw(subject).split(b"\n\n", 1)[0]
    assert all(len(line.rstrip(b"\r")) <= 78 for line in head.splitlines())
