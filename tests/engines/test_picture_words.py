"""A picture speaks its game's language: every word every registered ruleset draws (maps, charts,
legends, titles), for the GM, the forum post and a power, after a turn of play, read as it is drawn
(each `ImageDraw.text` call) in a Russian and in an English game."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import ImageDraw

from engines import REGISTRY, get_ruleset
from engines.contract import GM_VIEWER, PUBLIC_VIEWER, Ruleset
from engines.rng import Rng
from engines.text import Lang

_LATIN = re.compile(r"[A-Za-z]+")
_CYRILLIC = re.compile(r"[А-Яа-яЁё]+")
GAME_WORDS = {"МОЩЬ"}  # a game's own term, English text keeps it (as its mails do)


def _played(name: str) -> Any:
    """The ruleset's game after one resolved phase, every power's orders the computer's."""
    ruleset = get_ruleset(name)
    powers = ruleset.playable_powers(ruleset.min_players)
    state = ruleset.setup(powers, Rng("words"))
    phase = state["phase"]
    orders = {p: ruleset.ai_orders(state, p, phase) for p in powers}
    return ruleset.resolve(state, phase, orders, Rng("words")).state


def _fresh(name: str) -> None:
    """No layer drawn before: the ruleset's kept drawings forgotten, so every word is drawn now.
    Only its own package's: `engines.rus`, not `engines.russian`, whose dictionary every test shares
    (loading it again inside another test's measured pass costs megabytes)."""
    for module, loaded in list(sys.modules.items()):
        parts = module.split(".")
        if parts[:2] == ["engines", name] or parts[:3] == ["tests", "rulesets", name]:
            for value in vars(loaded).values():
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    words: list[str] = []
    real = ImageDraw.ImageDraw.text

    def text(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kwargs: Any) -> None:
        words.append(str(text))
        real(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    yield words


def _untranslated(ruleset: Ruleset[Any], state: Any) -> set[str]:
    """The words of the names players write that the data gives no English for, as an English
    mail keeps them: a map's cell «Б2», and so its column «Б», is written so in any game."""
    english = ruleset.catalog.forms.merged(ruleset.forms(state)).english
    names = {name for vocabulary in ruleset.vocabularies(state).values() for name in vocabulary}
    return {word for name in names if name not in english for word in _CYRILLIC.findall(name)}


@pytest.mark.parametrize("name", sorted(REGISTRY))
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_word_of_a_picture_is_in_the_games_language(name: str, lang: Lang, drawn: list[str]) -> None:
    ruleset = get_ruleset(name)
    state = _played(name)
    _fresh(name)
    pictures = []
    for viewer in (GM_VIEWER, PUBLIC_VIEWER, ruleset.playable_powers(ruleset.min_players)[0]):
        pictures += list(ruleset.pictures(state, viewer, (lang,)))
    if not pictures:
        pytest.skip(f"{name} draws no pictures")
    assert drawn, "the pictures were drawn now, not taken from a cache"
    foreign = _LATIN if lang == "ru" else _CYRILLIC
    kept = GAME_WORDS | (set() if lang == "ru" else _untranslated(ruleset, state))
    found = {word for text in drawn for word in foreign.findall(text) if word not in kept}
    assert sorted(found) == []
    assert all(lang == "ru" or picture.title.en for picture in pictures)
