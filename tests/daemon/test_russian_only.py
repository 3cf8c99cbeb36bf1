"""A game with `language = "ru"` mails no English and no internal word: every mail of a short
game (roles, replies, reminders, reports, the digest, a GM answer, a refusal) is scanned for Latin
words, and only the names the ruleset declares, the game's id, addresses and passwords may have
them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.daemon.harness import GAME, GM, GM_PASSWORD, PLAYERS, Harness, body
from tests.rulesets import register

_LATIN = re.compile(r"[A-Za-z][A-Za-z'’-]*")
_ADDRESS = re.compile(r"[\w.+-]+@[\w.-]+")
_SEED = re.compile(r"^Зерно: \S+$", re.MULTILINE)  # the lot's seed: an identifier, like the game's id
_BBCODE = re.compile(r"\[/?[a-z*]+\]")  # the forum post's markup
_DRAWS = re.compile(r"^Жребии.*\n(  .*\n?)*", re.MULTILINE)  # each lot's purpose: the ruleset's words
_SECRET = re.compile(r"^(ПАРОЛЬ|Ваш пароль:) \S+$", re.MULTILINE)
_IDS = {GAME, "gonets", "gm", "Re", "UTC"}  # the game id, `gonets gm`, a reply's «Re:», UTC
_ROMAN = re.compile(r"[IVXLCDM]+")  # «XI века»: Roman numerals are Russian typography
_FILE = re.compile(r"\S+\.png\b")  # an attachment's file name


def _declared(h: Harness) -> set[str]:
    """Every Latin word of a name the ruleset declares (its vocabularies, any of their aliases)."""
    state = h.game.load().state
    words: set[str] = set()
    for vocabulary in h.game.ruleset.vocabularies(state).values():
        for name, aliases in vocabulary.items():
            for text in (name, *aliases):
                words.update(_LATIN.findall(text))
    return words


def _latin(h: Harness, mails: list[tuple[str, str]]) -> list[str]:
    allowed = _IDS | _declared(h)
    found = []
    for subject, text in mails:
        for part in (subject, text):
            cleaned = _SECRET.sub("", _SEED.sub("", _ADDRESS.sub("", part)))
            cleaned = _FILE.sub("", _DRAWS.sub("", _BBCODE.sub("", cleaned)))
            words = [word for word in _LATIN.findall(cleaned) if not _ROMAN.fullmatch(word)]
            found += [f"{word} — {subject}" for word in words if word not in allowed]
    return sorted(set(found))


def _play(h: Harness) -> list[tuple[str, str]]:
    """A short game by mail: signups, roles, a refusal, a GM answer, the conveniences, a reminder,
    then two phases of silence and passes."""
    addresses = (*PLAYERS, GM)
    seen: list[tuple[str, str]] = []

    def collect() -> None:
        for address in addresses:
            seen.extend((str(m["Subject"]), body(m)) for m in h.mail_to(address))

    h.start()
    collect()
    anna = PLAYERS[0]
    h.send(anna, f"ИГРА {GAME}\nСТРАНА {h.powers[anna]}\nВЛОЖИТЬ 1", subject="приказы")  # no password
    h.send(anna, h.orders(anna, "СТАТУС", "БЛАНК", "ПОМОЩЬ", "ОТПУСК 2"), subject="приказы")
    h.send(GM, f"ИГРА {GAME}\nВЕДУЩИЙ\nПАРОЛЬ {GM_PASSWORD}\nПРОДЛИТЬ 2\nПОМОЩЬ\nЗАВТРА", subject="команды")
    h.run()
    collect()
    h.clock.advance(hours=45)
    h.run()
    collect()
    for _ in range(2):
        for address in PLAYERS[:2]:
            h.send(address, h.orders(address, "НЕТ ДЕЙСТВИЙ"), subject="приказы")
        h.run()
        h.clock.advance(hours=60)
        h.run()
        h.gm(f"ОБРАБОТАТЬ {h.game.load().turn} {h.game.phase_spec(h.game.load()).title.ru}")
        h.run()
        collect()
    return seen


@pytest.mark.parametrize(
    "ruleset",
    ["council_like", "council", "rus", "coins", "mare", "tribes"],
)
def test_a_russian_only_game_mails_no_latin_word(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ruleset: str
) -> None:
    register(monkeypatch, "council_like")
    h = Harness(tmp_path, ruleset=ruleset, language="ru")
    mails = _play(h)
    assert len(mails) > 10
    assert _latin(h, mails) == []
