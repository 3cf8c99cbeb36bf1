"""normalize: the one comparable form of keywords and names; tokenize: words with their spans."""

import re
import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from parsers.normalize import _cyrillize, normalize, phrase_keys, tokenize


def test_latin_lookalikes_inside_cyrillic_words_become_cyrillic():
    assert normalize("BЛОЖИТЬ Пpомышленность") == "вложить промышленность"
    assert normalize("CTPAНA") == "страна"  # mostly Latin letters, but a Cyrillic word
    assert normalize("AВTOKИЛЛ") == "автокилл"


def test_every_lookalike_letter_and_capital():
    assert normalize("ж-aceopxykmtbh-ABCEHKMOPTXY".replace("-", "")) == "жасеорхукмтвнавсенкмортху"


def test_pure_latin_words_stay_latin():
    assert normalize("INVEST Industry coins-1 k3x9q") == "invest industry coins-1 k3x9q"
    assert normalize("Рязань/Ryazan") == "рязань/ryazan"


def test_yo_is_ye_and_case_is_folded():
    assert normalize("ПЕРЕДАТЬ ВСЁ Берёзово") == "передать все березово"
    assert normalize("Е\u0308ж") == "еж"  # ё written as е + combining diaeresis


def test_odd_spaces_and_invisible_characters():
    assert normalize("\u00a0 НЕТ\u2003\u00a0ДЕЙСТВИЙ \t") == "нет действий"
    assert normalize("Ря\u200bзань\ufeff") == "рязань"


def test_tokens_keep_spans_and_drop_glued_punctuation():
    line = "ВЛОЖИТЬ: «Космическая Программа», 3."
    tokens = tokenize(line)
    assert [t.key for t in tokens] == ["вложить", "космическая программа", "3"]
    assert [line[t.start : t.end] for t in tokens] == ["ВЛОЖИТЬ:", "«Космическая Программа»", "3."]
    assert tokens[1].raw == "Космическая Программа" and tokens[1].quoted


def test_bare_punctuation_is_not_a_word_but_a_minus_sign_is_kept():
    assert phrase_keys("СДВИГ — -2 ,") == ("сдвиг", "-2")


def test_unclosed_quote_is_part_of_the_word():
    assert phrase_keys("«Рязань") == ("рязань",)


@given(st.text())
def test_the_quick_checks_change_nothing(text):
    folded = unicodedata.normalize("NFC", text).casefold().replace("ё", "е").replace("ъ", "ь")
    visible = "".join(ch for ch in folded if unicodedata.category(ch) != "Cf")
    assert normalize(text) == " ".join(re.sub(r"[^\W\d_]+", _cyrillize, visible).split())


@given(st.text())
def test_normalize_is_idempotent(text):
    once = normalize(text)
    assert normalize(once) == once


@given(st.text())
def test_tokens_lie_inside_the_line_in_order(line):
    position = 0
    for token in tokenize(line):
        assert position <= token.start < token.end <= len(line)
        position = token.end


@given(st.lists(st.from_regex(r"[^\W\d_]+", fullmatch=True)))
def test_a_word_of_letters_is_a_token_of_its_own(words):  # so header words are read one by one
    assert phrase_keys(" ".join(words)) == tuple(normalize(word) for word in words)
