"""An English game speaks English: every mail of a played English game of every shipped ruleset
(roles, replies, reports, the GM's digest with its forum post) and every English page of its web
archive is scanned for Cyrillic. Russian stays only where a player or the GM writes it: the order
blank's lines, orders echoed or quoted back, the order keywords prose names (the guide: order
keywords stay Russian), the Russian phase names the GM's commands take; and in the names the data
gives no English for (a tribes cell «Е6», a council army «Армия 1»). A name the data translates
(the GM data's too: a technology) is said in English, a unit by its English abbreviation."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from daemon.gm.schema import COMMANDS as GM_COMMANDS
from daemon.gm.schema import LEAVE_MODES, SWITCH
from daemon.incoming.conveniences import CONVENIENCES
from daemon.outgoing.site import refresh
from engines import REGISTRY
from engines.contract import JSON, Ruleset
from engines.text import Msg
from parsers.header import HEADER_WORDS
from parsers.wording import PASS_KEYWORDS
from tests.daemon.harness import Harness
from tests.daemon.played import play

_CYRILLIC = re.compile(r"[А-Яа-яЁё]+(?:-[А-Яа-яЁё]+)*")
_QUOTED = re.compile(r"«([^»]*)»|“([^”]*)”|\"([^\"]*)\"")
_REFUSED = re.compile(r"^ *Line \d+: \"([^\"]*)\"", re.MULTILINE)  # a player's line quoted back
_HELP = re.compile(r" — |    - ")  # an order, then what it does (ПОМОЩЬ, the blank's hints)
_RUSSIAN_LINK = re.compile(r"<a [^>]*hreflang=\"ru\"[^>]*>.*?</a>")  # «По-русски», to the Russian page
_TAGS = re.compile(r"<style>.*?</style>|<[^>]+>", re.S)


@dataclass(frozen=True)
class EnglishGame:
    ruleset: str
    texts: list[tuple[str, str]]  # (where, text): each mail by its subject, each English page by its file
    written: frozenset[str]  # the words players and the GM write in Russian: keywords, phase names
    untranslated: frozenset[str]  # words of the names the data gives no English for


@pytest.fixture(scope="module", params=sorted(REGISTRY))
def game(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[EnglishGame]:
    root = tmp_path_factory.mktemp(f"{request.param}-en")
    h, mails = play(root, request.param, "en")
    try:
        refresh(h.daemon.games, root / "site", every=True)
        pages = [
            (str(p.relative_to(root)), p.read_text(encoding="utf-8")) for p in sorted(root.rglob("*.html"))
        ]
        english = [(path, _page_text(page)) for path, page in pages if '<html lang="en">' in page]
        texts = [(m.subject, f"{m.subject}\n{m.text}") for m in mails] + english
        ruleset, state = h.game.ruleset, h.game.load().state
        yield EnglishGame(request.param, texts, _written(ruleset), _untranslated(ruleset, state))
    finally:
        h.daemon.close()


def _page_text(page: str) -> str:
    return html.unescape(_TAGS.sub("\n", _RUSSIAN_LINK.sub("", page)))


def _written(ruleset: Ruleset[Any]) -> frozenset[str]:
    keywords = [*ruleset.power_keywords]
    keywords += [k for phase in ruleset.phases.values() for c in phase.commands for k in c.keywords]
    keywords += [k for c in (*GM_COMMANDS, *ruleset.gm_commands, *CONVENIENCES.commands) for k in c.keywords]
    keywords += [
        *(k for words in HEADER_WORDS.values() for k in words),
        *PASS_KEYWORDS,
        *LEAVE_MODES,
        *SWITCH,
    ]
    words = {w for k in keywords for w in k.split() if w.isupper()}
    return frozenset(words | {w for phase in ruleset.phases.values() for w in phase.title.ru.split()})


def _untranslated(ruleset: Ruleset[Any], state: JSON) -> frozenset[str]:
    """The words of the names orders take that neither the ruleset's data nor the game's (the GM's
    data file, the names players gave) gives in English."""
    english = {**ruleset.catalog.forms.english, **ruleset.forms(state).english}
    names = [n for vocabulary in ruleset.vocabularies(state).values() for n in vocabulary if n not in english]
    return frozenset(w for name in names for w in _CYRILLIC.findall(name))


def russian(text: str, allowed: frozenset[str]) -> list[tuple[str, str]]:
    """(word, line) for each Cyrillic word of `text` an English reader would have to read: not in
    an order as it is written (a line that opens with a keyword, up to what the order does; an
    order quoted), not a player's words quoted back (a refused line and what the reason quotes of
    it), not a word `allowed`."""
    theirs = allowed | {w for line in _REFUSED.findall(text) for w in _CYRILLIC.findall(line)}
    found = []
    for line in text.splitlines():
        said = _QUOTED.sub(lambda m: "" if _opens_with(_inside(m), theirs) else m.group(), line)
        bare = said.strip().removeprefix("#").strip()
        if _opens_with(bare, allowed):
            parts = _HELP.split(bare, maxsplit=1)
            said = parts[1] if len(parts) > 1 else ""
        found += [(w, line.strip()) for w in _CYRILLIC.findall(said) if w not in theirs]
    return found


def _inside(quote: re.Match[str]) -> str:
    return next(group for group in quote.groups() if group is not None)


def _opens_with(text: str, keywords: frozenset[str]) -> bool:
    first = text.split(maxsplit=1)
    return bool(first) and first[0] in keywords


def test_an_english_game_says_everything_in_english(game: EnglishGame) -> None:
    allowed = game.written | game.untranslated
    found: dict[tuple[str, str], str] = {}
    for where, text in game.texts:
        for word, line in russian(text, allowed):
            found.setdefault((word, re.sub(r"\d+", "N", line)), where)
    said = [f"{word}: {line[:90]} ({where})" for (word, line), where in sorted(found.items())]
    assert said == [], "\n".join(said)


@pytest.mark.parametrize(
    ("line", "found"),
    [
        ("• The technology “Огонь” is discovered: population limit +3.", ["Огонь"]),
        ("Druzhina:       10 ВС (п)", ["ВС", "п"]),
        ('Line 6: "ЗАХВАТИТЬ Луну 3" — Unknown order “ЗАХВАТИТЬ”.', []),
        ('Line 6: "ИДТИ Луну 3"\n  — Unknown name “Луну”, «Луна» in English “Moon”.', ["Луна"]),
        ("# ИДТИ 1 1    - steps as digits; «до реки», «мимо»…", ["до", "реки", "мимо"]),
        ("  ВЛОЖИТЬ Наука 2 — Invest in a line.", []),
        ("ОП fell to 5", ["ОП"]),
        ("10. Venice, Contarini: “ПОСЛАТЬ ДИПЛОМАТА Албания”", []),
    ],
)
def test_the_scan_reads_an_order_as_written_and_finds_the_rest(line: str, found: list[str]) -> None:
    allowed = frozenset({"ИДТИ", "ВЛОЖИТЬ", "ПОСЛАТЬ", "ДИПЛОМАТА"})
    assert [word for word, _ in russian(line, allowed)] == found


def test_a_page_links_to_its_russian_twin_in_russian_and_says_the_rest_in_english() -> None:
    page = '<header><h1>Game archive</h1><a href="index.html" hreflang="ru">По-русски</a></header>'
    assert _page_text(page).split() == ["Game", "archive"]


def test_a_technology_the_gm_data_names_in_english_is_said_in_english(tmp_path: Path) -> None:
    """Tribes' technologies are the GM data's, with an English name each and no Russian form:
    English text says «Fire», not «Огонь»."""
    h = Harness(tmp_path, ruleset="tribes", language="en")
    h.start()
    state = h.game.load().state
    said = h.game.catalog_for(state).render(Msg("tribes.tech_works", {"tech": "Огонь"}), "en")
    assert (said, h.game.forms_for(state).in_english("Огонь")) == ("The technology “Fire” now works.", "Fire")
