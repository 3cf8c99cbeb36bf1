"""Phrase tables: longest match of several words, exact lookup, and close-match suggestions."""

from hypothesis import given
from hypothesis import strategies as st

from engines.russian import Forms
from parsers.names import Phrases, match_name, suggest_name, vocabulary_phrases

PROVINCES = {
    "Рязань": ["Ryazan"],
    "Новгород": ["Великий Новгород", "Novgorod"],
    "Новгород-Северский": [],
    "Космическая Программа": ["Космос"],
}


def test_canonical_names_and_spellings_give_the_canonical_name():
    names = vocabulary_phrases(PROVINCES)
    assert names.lookup("рязань") == "Рязань"
    assert names.lookup("RYAZAN") == "Рязань"
    assert names.lookup("великий  новгород") == "Новгород"
    assert names.lookup("Космос") == "Космическая Программа"
    assert names.lookup("Москва") is None


def test_longest_run_of_words_wins():
    names = vocabulary_phrases(PROVINCES)
    assert names.longest(["космическая", "программа", "3"]) == ("Космическая Программа", 2)
    assert names.longest(["великий", "новгород"]) == ("Новгород", 2)
    assert names.longest(["новгород-северский"]) == ("Новгород-Северский", 1)
    assert names.longest(["космическая", "3"]) is None


def test_closest_suggests_the_canonical_name_and_how_many_words():
    names = vocabulary_phrases(PROVINCES)
    assert names.closest(["рязн"]) == ("Рязань", 1)
    assert names.closest(["космическая", "програма", "3"]) == ("Космическая Программа", 2)
    assert names.closest(["ryazn"]) == ("Рязань", 1)  # close to an English spelling
    assert names.closest(["зюзя"]) is None


def test_match_and_suggest_a_whole_name():
    assert match_name("  великий\u00a0новгород ", PROVINCES) == "Новгород"
    assert match_name("Новгород Северский", PROVINCES) is None
    assert suggest_name("Новгород Северский", PROVINCES) == "Новгород-Северский"
    assert suggest_name("Рязн", PROVINCES) == "Рязань"
    assert suggest_name("Зюзя", PROVINCES) is None


def test_first_entry_wins_a_collision():
    phrases = Phrases([("Ёж", 1), ("еж", 2)])
    assert phrases.lookup("ЕЖ") == 1


def test_empty_table():
    phrases: Phrases[str] = Phrases([])
    assert phrases.width == 0
    assert phrases.longest(["x"]) is None
    assert phrases.closest(["x"]) is None


@given(st.lists(st.text()))
def test_closest_and_longest_never_raise(keys):
    names = vocabulary_phrases(PROVINCES)
    names.longest(keys)
    names.closest(keys)


def test_a_name_the_ruleset_keeps_indeclinable_is_read_as_players_decline_it() -> None:
    """Council writes «Колонна» in every case (an Italian family), but a player writes «Колонну»."""
    fixed = {case: "Колонна" for case in ("род", "дат", "вин", "твор", "пред")}
    forms = Forms({"Колонна": fixed})
    family = {"Колонна": (), "Орсини": ()}
    assert [match_name(w, family, forms) for w in ("Колонну", "Колонны", "Колонной", "Колонна")] == [
        "Колонна"
    ] * 4
    assert match_name("Колонну", family) == "Колонна"  # the dictionary's own, as before
