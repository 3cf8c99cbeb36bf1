"""read_signup: the player's name when the words after ЗАПИСЫВАЮСЬ are one, and the country's."""

from __future__ import annotations

import pytest

from parsers.signup import SignupWords, read_signup


@pytest.mark.parametrize(
    ("words", "country_line", "read"),
    [
        ("Иван Петров", None, SignupWords("Иван Петров", "")),
        ("в игру!", None, SignupWords("", "")),
        ("В игру!", None, SignupWords("", "")),
        ("тоже", None, SignupWords("", "")),
        ("", None, SignupWords("", "")),
        ("И. Петров.", None, SignupWords("И. Петров", "")),
        ("Dark Lord!", None, SignupWords("Dark Lord", "")),
        ("Иван Петров, страна Великая Тартария", None, SignupWords("Иван Петров", "Великая Тартария")),
        ("Иван Петров (страна: «Великая Тартария»)", None, SignupWords("Иван Петров", "Великая Тартария")),
        ("Анна Павловна; Вольные  Сыны", None, SignupWords("Анна Павловна", "Вольные Сыны")),
        ("Ivan Petrov, country Great Tartary", None, SignupWords("Ivan Petrov", "Great Tartary")),
        ("в игру, СТРАНА Тартария", None, SignupWords("", "Тартария")),
        ("Иван Петров", "Великая Тартария", SignupWords("Иван Петров", "Великая Тартария")),
        ("Иван Странников", None, SignupWords("Иван Странников", "")),
    ],
)
def test_signup_words(words: str, country_line: str | None, read: SignupWords) -> None:
    assert read_signup(words, country_line) == read


def test_a_rulesets_own_word_for_its_powers_names_the_country() -> None:
    assert read_signup("Иван, семья Орловы", None, ("СЕМЬЯ",)) == SignupWords("Иван", "Орловы")
    assert read_signup("Иван, семья Орловы", None) == SignupWords("", "")


def test_every_games_words_for_a_power_name_the_country() -> None:
    for word in ("племя", "народ", "держава", "государство"):
        assert read_signup(f"Иван, {word} Вольные", None) == SignupWords("Иван", "Вольные")
