"""Names in the case a sentence needs, numbers agreeing with nouns, verbs with a name's gender."""

from __future__ import annotations

import pytest

from engines.russian import Forms, agree, by_gender, forms_from, inflect, located
from engines.text import Catalog, Msg, Text

VERB = "ответил|ответила|ответило|ответили"


@pytest.mark.parametrize(
    ("name", "case", "expected"),
    [
        ("Китай", "дат", "Китаю"),
        ("Монголия", "вин", "Монголию"),
        ("Тверь", "пред", "Твери"),
        ("Переяславль", "род", "Переяславля"),
        ("Римляне", "дат", "Римлянам"),
        ("Высокоточное Оружие", "твор", "Высокоточным Оружием"),
        ("Новгород-Северский", "род", "Новгорода-Северского"),
        ("Компенсация ущерба", "дат", "Компенсации ущерба"),
        ("Лигурийское море", "пред", "Лигурийском море"),
        ("США", "дат", "США"),
        ("Rome", "дат", "Rome"),
        # names players give their tribes: an adjective before a plural noun, not the place
        # «Красное» in the plural; the accusative of living beings is their genitive
        ("Красные Волки", "род", "Красных Волков"),
        ("Красные Волки", "дат", "Красным Волкам"),
        ("Красные Волки", "вин", "Красных Волков"),
        ("Красные Волки", "пред", "Красных Волках"),
        ("Белые Совы", "твор", "Белыми Совами"),
        ("Горные люди", "вин", "Горных людей"),
        ("Дети Реки", "род", "Детей Реки"),
        ("Красное", "пред", "Красном"),
        ("Великий Новгород", "вин", "Великий Новгород"),  # a town is no living being
        ("Западная Сицилия", "вин", "Западную Сицилию"),
    ],
)
def test_a_name_takes_the_case_of_its_sentence(name: str, case: str, expected: str) -> None:
    assert inflect(name, case) == expected


@pytest.mark.parametrize(
    ("number", "noun", "case", "expected"),
    [
        (1, "монета", "им", "1 монета"),
        (4, "монета", "им", "4 монеты"),
        (11, "монета", "им", "11 монет"),
        (21, "монета", "вин", "21 монету"),
        (51, "победное очко", "им", "51 победное очко"),
        (4, "победное очко", "им", "4 победных очка"),
        (4, "очко исследований", "им", "4 очка исследований"),
        (5, "очко исследований", "им", "5 очков исследований"),
        (2, "ход", "им", "2 хода"),
        (5, "монета", "дат", "5 монетам"),
        (1, "монета", "дат", "1 монете"),
        (3, "армия", "твор", "3 армиями"),
        (12, "голос|голоса|голосов", "им", "12 голосов"),
    ],
)
def test_a_number_agrees_with_its_noun(number: int, noun: str, case: str, expected: str) -> None:
    assert agree(number, noun, case) == expected


@pytest.mark.parametrize(
    ("name", "verb"),
    [
        ("Россия", "ответила"),
        ("Китай", "ответил"),
        ("Римляне", "ответили"),
        ("США", "ответили"),
        ("Сохатые", "ответили"),  # a tribe's name a player gave: an adjective standing for a noun
        ("Рыжая", "ответила"),
        ("Красные Волки", "ответили"),
    ],
)
def test_a_verb_agrees_with_the_name(name: str, verb: str) -> None:
    assert by_gender(name, VERB) == verb


def test_a_ruleset_fixes_what_the_dictionary_cannot_know() -> None:
    forms = forms_from({"Сиракузы": {"дат": "Сиракузам", "пол": "мн"}})
    assert inflect("Сиракузы", "дат", forms) == "Сиракузам"
    assert by_gender("Сиракузы", VERB, forms) == "ответили"
    with pytest.raises(ValueError, match=r"forms\.Сиракузы\.падеж"):
        forms_from({"Сиракузы": {"падеж": "x"}})
    with pytest.raises(ValueError, match="пол"):
        forms_from({"Сиракузы": {"пол": "жен"}})


def test_a_catalog_pattern_asks_for_cases_and_agreement_in_russian_only() -> None:
    pattern = Text(
        "{giver} {giver:пол:передал|передала|передало|передали} {taker:дат} {amount:#монета:вин}.",
        "{giver} gave {taker} {amount:#coin|coins}.",
    )
    catalog = Catalog({"give": pattern}, Forms())
    msg = Msg("give", {"giver": "Россия", "taker": "Китай", "amount": 21})
    assert catalog.render(msg, "ru") == "Россия передала Китаю 21 монету."
    assert catalog.render(msg, "en") == "Россия gave Китай 21 coins."


def test_an_argument_is_named_by_its_title_and_a_ruleset_names_its_own() -> None:
    daemon = Catalog(
        {"too_many": Text("{arg:назв}: слишком много", "{arg:назв}: too many"), "arg.amount": Text("a", "a")}
    )
    ruleset = Catalog({"arg.amount": Text("сумма", "amount")})
    merged = daemon.merged(ruleset)
    assert merged.render(Msg("too_many", {"arg": "amount"}), "ru") == "сумма: слишком много"
    assert merged.render(Msg("too_many", {"arg": "amount"}), "en") == "amount: too many"


def test_a_place_takes_its_own_preposition() -> None:
    islands = forms_from({"Корсика": {"где": "на"}})
    assert located("Корсика", islands) == "на Корсике" and located("Тверь", islands) == "в Твери"
    catalog = Catalog({"battle": Text("Бой {place:где}.", "Battle on {place}.")}, islands)
    assert catalog.render(Msg("battle", {"place": "Корсика"}), "ru") == "Бой на Корсике."
    assert catalog.render(Msg("battle", {"place": "Корсика"}), "en") == "Battle on Корсика."
    with pytest.raises(ValueError, match="где"):
        forms_from({"Корсика": {"где": "под"}})
