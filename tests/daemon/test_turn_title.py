"""A ruleset's own name for its turns (`Ruleset.turn_title`: «Весна 1901»), by mail: it replaces
«Ход N из M, фаза «…»» in the heading, the subject, the report, the digest, the forum post and the
archive page; a game without one keeps «Ход N»."""

from __future__ import annotations

import re
from pathlib import Path

from daemon.outgoing.site import refresh
from tests.daemon.harness import GM, PLAYERS, Harness, body, flat
from tests.rulesets.pure_like import HOMES, PROVINCES


def test_every_heading_subject_report_digest_post_and_page_names_the_turn_by_the_games_calendar(
    pure: Harness, tmp_path: Path
) -> None:
    anna = PLAYERS[0]
    assert "«Чистая дипломатия (тест)»\nСтрана: " in pure.roles[anna]
    assert "\nВесна 1901\nПриказы принимаются до " in pure.roles[anna]
    home = HOMES[pure.powers[anna]]
    pure.send(anna, pure.orders(anna, f"A {PROVINCES[home][0]} - BUR"))
    pure.run()
    (reply,) = pure.mail_to(anna)
    assert str(reply["Subject"]).startswith("[coins-t] Весна 1901: приказы приняты / [coins-t] Spring 1901:")
    assert "\nВесна 1901\n" in body(reply) and "\nSpring 1901\n" in body(reply)
    assert "Ход 1" not in body(reply) and "Turn 1" not in body(reply)
    for address in PLAYERS[1:3]:
        pure.send(address, pure.orders(address, "НЕТ ДЕЙСТВИЙ"))
    assert pure.run().resolved == 2  # the spring, then its retreats, which nobody owes
    (report,) = [m for m in pure.mail_to(anna) if "Весна 1901: итоги для" in str(m["Subject"])]
    text = flat(body(report))
    assert "Итоги: Весна 1901 Дальше: Весна 1901, отступления. " in text
    assert "Results: Spring 1901 Next: Spring 1901, retreats. " in text
    (digest,) = [body(m) for m in pure.mail_to(GM) if "Весна 1901: сводка ведущего" in str(m["Subject"])]
    assert "Сводка ведущего: Весна 1901 — итоги рассчитаны." in digest
    assert "GM digest: Spring 1901 resolved." in digest
    assert "[b]Чистая дипломатия (тест) — итоги: Весна 1901[/b]" in digest
    assert "[b]Чистая дипломатия (тест) — итоги: Весна 1901[/b]" in digest
    assert not re.search(r"[Хх]од 1\b|[Tt]urn 1\b", digest)
    refresh(pure.daemon.games, tmp_path / "site", every=True)
    page = (tmp_path / "site" / "coins-t" / "index.html").read_text("utf-8")
    assert "<h3>Весна 1901</h3>" in page and "<dd>Весна 1902</dd>" in page


def test_a_game_without_a_calendar_keeps_the_turns_number(tmp_path: Path) -> None:
    h = Harness(tmp_path)
    h.start()
    anna = PLAYERS[0]
    h.send(anna, h.orders(anna, "НЕТ ДЕЙСТВИЙ"))
    h.run()
    (reply,) = h.mail_to(anna)
    assert str(reply["Subject"]).startswith("[coins-t] Ход 1, приказы: принято НЕТ ДЕЙСТВИЙ")
    assert "\nХод 1 из 10, фаза «Приказы»\n" in body(reply)
