"""Anonymity (8.2, project 13): the author of a project put anonymously and every vote of an
investigation appear in nothing a player reads (reports, a power's news, news for all, any
family's balance, the forum's public view); the GM's log shows them."""

from __future__ import annotations

import json

from engines.contract import Command, GmApplied, Resolution
from engines.council import RULESET
from engines.council.state import State
from engines.rng import Rng
from tests.engines.council.helpers import game, log, run, said, told

TEXT = "подделал печать дожа"


def player_texts(result: Resolution[State]) -> list[str]:
    """Every sentence and balance a player may read after this resolution, in both languages."""
    texts = []
    for lang in ("ru", "en"):
        texts += [t for messages in result.reports.values() for t in said(messages, lang)]
        texts += [t for messages in result.group_news.values() for t in said(messages, lang)]
        texts += said(result.news, lang)
    texts += [json.dumps(RULESET.view(result.state, f), ensure_ascii=False) for f in result.state["powers"]]
    texts.append(json.dumps(RULESET.public_view(result.state), ensure_ascii=False))
    return texts


def test_an_anonymous_authors_name_is_on_no_line_about_its_project() -> None:
    result = run(
        game(), {"Медичи": ["РЕПРЕССИРОВАТЬ Строцци", "АНОНИМНО Репрессии", "УСТРОИТЬ ЗРЕЛИЩА Сиена"]}
    )
    lines = said(result.group_news["Флоренция"])
    repression = next(line for line in lines if "Репрессии" in line)
    games = next(line for line in lines if "Зрелища" in line)
    assert repression.endswith("Репрессии: Строцци. Выдвинут анонимно.") and "Медичи" not in repression
    assert games.endswith("Зрелища в Сиене. Выдвинули Медичи.")  # only the kind named was anonymous
    # the author alone is told which number its anonymous project got
    assert told(result, "Медичи") == [
        "Ваш анонимный проект «Репрессии» (Строцци) вынесен на совет под номером\u00a01."
    ]
    assert "Совет Флоренции, проект 1: анонимно выдвинули Медичи." in log(result)
    assert not any("анонимно выдвинули" in text for text in player_texts(result))


def test_no_player_reads_who_accused_whom_nor_a_crime_text() -> None:
    state = game()
    applied = RULESET.apply_gm(state, Command("investigation", {"realm": "Венеция"}), Rng("gm"))
    assert isinstance(applied, GmApplied)
    state = run(applied.state).state
    decided = run(state, {"Дандоло": [f"ОБВИНИТЬ Мочениго {TEXT}"], "Контарини": ["ОБВИНИТЬ Мочениго"]})
    assert any(
        TEXT in line for line in log(decided)
    ) and "Расследование в Венеции: Дандоло обвиняют Мочениго." in log(decided)
    texts = player_texts(decided)
    verdict = run(decided.state)
    texts += player_texts(verdict)
    assert not any(TEXT in text or "обвиняют" in text or "accuse" in text for text in texts)
    news = said(verdict.group_news["Венеция"])
    assert news == ["Расследование в Венеции: Мочениго признаны виновными; штраф 3\u00a0Д, влиятельность −5."]
    assert not any(f in news[0] for f in ("Дандоло", "Контарини"))
