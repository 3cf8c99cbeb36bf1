"""Ruleset pictures by mail, on the test ruleset that draws each tribe's explored map
(tests/rulesets/hidden_tech): a report is its text, then the tribe's own map as a PNG attachment;
the digest (and СВОДКА) carries the GM's map and the public one; the preview, СТАТУС and a
correction after ОТКАТ carry the same; a ruleset without pictures mails one text part as before."""

from __future__ import annotations

import io
from datetime import UTC, datetime
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path

import pytest
from PIL import Image

from daemon.outgoing.compose import Envelope, outgoing
from engines.contract import GM_VIEWER, PUBLIC_VIEWER, Picture
from engines.rng import Rng
from engines.text import Text
from state.delivery import Delivery
from state.disk import Disk
from state.outbox import Outbox
from tests.daemon.harness import GM, PLAYERS, Harness, body, everyone, flat
from tests.rulesets.hidden_tech import BEARS, RULESET, WOLVES
from tests.state.test_outbox import FakeTransport

ANNA, BORIS = PLAYERS[:2]


@pytest.fixture
def h(tribes: Harness) -> Harness:
    return tribes


def attachments(message: EmailMessage) -> dict[str, bytes]:
    """File name → bytes of every attachment, each checked to be a PNG Pillow can read."""
    found = {}
    for part in message.iter_attachments():
        assert isinstance(part, EmailMessage) and part.get_content_type() == "image/png"
        data = part.get_content()
        assert isinstance(data, bytes)
        with Image.open(io.BytesIO(data)) as image:
            assert image.format == "PNG"
            image.load()
        found[str(part.get_filename())] = data
    return found


def text_first(message: EmailMessage) -> str:
    """The body of a multipart/mixed mail whose first part is its UTF-8 text."""
    assert message.get_content_type() == "multipart/mixed"
    first = next(message.iter_parts())
    assert isinstance(first, EmailMessage)
    assert (first.get_content_type(), first.get_content_charset()) == ("text/plain", "utf-8")
    return body(message)


def drawn(viewer: str, h: Harness, prefix: str = "") -> dict[str, bytes]:
    """The pictures the ruleset draws for `viewer` from the game as it stands, by file name."""
    return {f"{prefix}{p.name}.png": p.png for p in RULESET.pictures(h.game.load().state, viewer)}


def one_turn(h: Harness) -> None:
    for address in (ANNA, BORIS):
        h.send(address, h.orders(address, "МАРШ Лес"))
    h.run()


def power_of(h: Harness, power: str) -> str:
    return next(address for address, p in h.powers.items() if p == power)


def report(h: Harness, address: str, marker: str = "Итоги хода 1") -> EmailMessage:
    (mail,) = [m for m in h.mail_to(address) if marker in body(m)]
    return mail


def test_a_report_is_its_text_then_the_tribes_own_map(h: Harness) -> None:
    one_turn(h)
    for address in (ANNA, BORIS):
        mail = report(h, address)
        text = text_first(mail)
        assert "Приложено: Карта, ход 2." in text and "Attached: Map, turn 2." in text
        assert attachments(mail) == drawn(h.powers[address], h) != drawn(GM_VIEWER, h)
    assert drawn(WOLVES, h) != drawn(BEARS, h)


def test_the_digest_carries_the_gm_map_and_the_public_one(h: Harness) -> None:
    one_turn(h)
    (digest,) = [m for m in h.mail_to(GM) if "Сводка ведущего" in body(m)]
    text = text_first(digest)
    assert "Приложено для ведущего: Карта, ход 2." in text
    assert "(картинки к нему во вложении: Карта, ход 2 — public-map-turn-2.png)" in text
    assert "(its pictures are attached: Map, turn 2 — public-map-turn-2.png)" in text
    assert attachments(digest) == drawn(GM_VIEWER, h) | drawn(PUBLIC_VIEWER, h, "public-")
    assert drawn(GM_VIEWER, h) != drawn(PUBLIC_VIEWER, h)
    assert h.gm("СВОДКА").exit_code == 0
    (again,) = h.mail_to(GM)
    assert attachments(again) == attachments(digest)


def test_the_preview_carries_every_mails_pictures_as_players_get_them(h: Harness) -> None:
    h.gm("ПРОСМОТР ВКЛ")
    one_turn(h)
    (preview,) = [m for m in h.mail_to(GM) if "ПРЕДПРОСМОТР" in body(m)]
    previewed = attachments(preview)
    assert sorted(previewed) == [
        "1-map-turn-2.png",
        "2-map-turn-2.png",
        "3-map-turn-2.png",
        "3-public-map-turn-2.png",
    ]
    assert "(во вложении: 3-map-turn-2.png, 3-public-map-turn-2.png)" in text_first(preview)
    assert h.gm("ВЫПУСТИТЬ 1 orders").exit_code == 0
    released = {address: attachments(report(h, address)) for address in (ANNA, BORIS)}
    by_power = sorted(PLAYERS[:2], key=lambda address: h.powers[address])  # the preview's order
    for number, address in enumerate(by_power, 1):
        assert released[address] == {"map-turn-2.png": previewed[f"{number}-map-turn-2.png"]}


def test_status_sends_the_tribes_map_before_and_after_the_first_turn(h: Harness) -> None:
    def status(marker: str) -> None:
        h.send(ANNA, h.orders(ANNA, "СТАТУС"))
        h.run()
        (mail,) = [m for m in h.mail_to(ANNA) if marker in body(m)]
        assert "Приложено: Карта, ход" in text_first(mail)
        assert attachments(mail) == drawn(h.powers[ANNA], h)

    status("Положение на ход 1")
    one_turn(h)
    h.mail_to(ANNA)
    status("Итоги хода 1")


def test_a_correction_after_a_rollback_carries_the_maps(h: Harness) -> None:
    one_turn(h)
    assert h.gm("ОТКАТ 1").exit_code == 0
    for address in (*PLAYERS[:2], GM):
        h.mail_to(address)
    assert h.gm("ОБРАБОТАТЬ 1 orders").exit_code == 0
    for address in (ANNA, BORIS):
        mail = report(h, address)
        assert "\nИСПРАВЛЕННЫЕ ИТОГИ" in text_first(mail)
        assert attachments(mail) == drawn(h.powers[address], h)
    (digest,) = [m for m in h.mail_to(GM) if "рассчитана заново после отката" in flat(body(m))]
    assert attachments(digest) == drawn(GM_VIEWER, h) | drawn(PUBLIC_VIEWER, h, "public-")


def test_a_ruleset_without_pictures_mails_one_text_part(council: Harness) -> None:
    everyone(council, "СТАВКА 5")
    council.run()
    council.clock.advance(hours=48)
    council.run()
    mails = [m for address in (*PLAYERS, GM) for m in council.mail_to(address)]
    assert any("Итоги хода 1" in body(m) for m in mails) and any("Сводка ведущего" in body(m) for m in mails)
    assert {(m.get_content_type(), m.is_multipart()) for m in mails} == {("text/plain", False)}
    assert all("Приложено" not in body(m) for m in mails)


def test_the_picture_is_stored_with_the_mail_and_sent_after_a_restart(tmp_path: Path) -> None:
    state = RULESET.setup(RULESET.playable_powers(RULESET.max_players), Rng("outbox"))
    (drawing,) = RULESET.pictures(state, GM_VIEWER)
    picture = Picture("map-turn-3", Text("Карта, ход 3", "Map, turn 3"), drawing.png)
    envelope = Envelope("gonets@test.local", "anna@test.local", "Итоги")
    mail = outgoing("report-1", envelope, "Итоги хода 3\n", datetime.now(UTC), [picture])
    Outbox(tmp_path, Disk(tmp_path)).enqueue(mail)
    transport = FakeTransport()
    Delivery(Outbox(tmp_path, Disk(tmp_path))).flush(transport)  # another daemon, after a restart
    (sent,) = transport.sent
    message = message_from_bytes(sent.raw, policy=policy.default)
    assert isinstance(message, EmailMessage)
    assert text_first(message).strip() == "Итоги хода 3"
    assert attachments(message) == {"map-turn-3.png": picture.png}
