"""split_header: header words before the first order, КОНЕЦ, subject tags, header problems."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parsers.header import OrderHeader, split_header


def numbered(*lines: str) -> list[tuple[int, str]]:
    return list(enumerate(lines, start=1))


def test_full_header_and_body():
    text = split_header(
        numbered("ИГРА coins-1", "СТРАНА Рязань", "ПАРОЛЬ k3X9q", "ХОД 3", "ВЛОЖИТЬ Армия 2", "КОНЕЦ"),
        subject="Приказы",
    )
    assert text.header == OrderHeader("coins-1", "Рязань", "k3X9q", 3, None)
    assert text.body == [(5, "ВЛОЖИТЬ Армия 2")]
    assert text.problems == []


def test_separators_case_and_lookalikes():
    text = split_header(
        numbered("Игра: Coins-1", "страна = Новая Гвинея", "ПАРОЛЬ:K3x9q", "TURN 4.", "CTPAНA Новая Гвинея"),
        subject="",
    )
    assert text.header == OrderHeader("coins-1", "Новая Гвинея", "K3x9q", 4, None)
    assert text.problems == []


def test_password_is_kept_exactly():
    text = split_header(numbered("PASSWORD  Ab:C=d ёЁ "), subject="")
    assert text.header.password == "Ab:C=d ёЁ"


def test_game_from_subject_tag_when_no_game_line():
    assert split_header([], subject="Re: [Coins-1] приказы").header.game == "coins-1"
    assert split_header([], subject="[ход 3!] [rus_7]").header.game == "rus_7"
    assert split_header([], subject="без тега").header.game is None


def test_game_line_beats_the_subject_tag():
    assert split_header(numbered("GAME rus-8"), subject="Re: [rus-7]").header.game == "rus-8"


def test_extra_power_keywords():
    text = split_header(numbered("Княжество: Рязань"), subject="", power_keywords=("КНЯЖЕСТВО",))
    assert text.header.power == "Рязань"


def test_signup_with_and_without_a_name():
    assert split_header(numbered("ЗАПИСЫВАЮСЬ Вася Пупкин"), "").header.signup == "Вася Пупкин"
    assert split_header(numbered("sign up"), "").header.signup == ""
    assert split_header(numbered("ИГРА x"), "").header.signup is None


def test_header_words_count_on_any_line_and_body_keeps_line_numbers():
    lines = [
        (1, "Привет, Ведущий!"),
        (3, "ИГРА x"),
        (5, ""),
        (6, "# комментарий"),
        (9, "ВЛОЖИТЬ Армия 2"),
        (12, "ПАРОЛЬ late"),
    ]
    text = split_header(lines, subject="")
    assert text.body == [(1, "Привет, Ведущий!"), (9, "ВЛОЖИТЬ Армия 2")]
    assert (text.header.game, text.header.password) == ("x", "late")


def test_end_cuts_everything_after_it():
    text = split_header(numbered("ИГРА x", "A 1", "КОНЕЦ.", "B 2", "ПАРОЛЬ y"), subject="")
    assert text.body == [(2, "A 1")]
    assert text.header.password is None
    assert split_header(numbered("END", "ИГРА x"), subject="[y]").header.game == "y"


def test_a_word_merely_starting_like_a_header_word_is_not_one():
    text = split_header(numbered("ХОДИТЬ 3", "Играть"), subject="")
    assert text.header.turn is None
    assert len(text.body) == 2


def test_bad_turn():
    text = split_header(numbered("ХОД третий"), subject="")
    assert text.header.turn is None
    assert [(p.line, p.msg.code, p.msg.params) for p in text.problems] == [
        (1, "bad_turn", {"word": "третий"})
    ]


def test_conflicting_header_keeps_the_first_value():
    text = split_header(numbered("ИГРА x", "ПАРОЛЬ abc", "Игра X", "ПАРОЛЬ ABC", "ИГРА y"), subject="")
    assert text.header.game == "x" and text.header.password == "abc"
    assert [(p.line, p.msg.code) for p in text.problems] == [
        (4, "conflicting_header"),
        (5, "conflicting_header"),
    ]
    assert text.problems[0].msg.params == {"word": "ПАРОЛЬ"}  # never the password itself


def test_empty_header_value():
    text = split_header(numbered("ПАРОЛЬ:", "ХОД"), subject="")
    assert text.header.password is None and text.header.turn is None
    assert [(p.line, p.msg.code) for p in text.problems] == [(1, "empty_header"), (2, "empty_header")]


header_words = st.sampled_from(["ИГРА", "ПАРОЛЬ", "ХОД", "СТРАНА", "КОНЕЦ", "SIGNUP", "Игра:", "ход="])
lines = st.one_of(st.text(), st.builds(lambda w, v: f"{w} {v}", header_words, st.text()))


@given(st.lists(st.tuples(st.integers(1, 10_000), lines)), st.text())
def test_never_raises_and_problems_point_at_input_lines(numbered_lines, subject):
    text = split_header(numbered_lines, subject, power_keywords=("ПЛЕМЯ",))
    numbers = {number for number, _ in numbered_lines}
    assert all(problem.line in numbers for problem in text.problems)
    assert set(text.body) <= set(numbered_lines)


def test_a_sentence_that_starts_with_the_word_turn_is_no_turn_line():
    text = split_header(numbered("Ход римлян такой:", "ХОД 3"), subject="")
    assert (text.header.turn, text.problems, text.body) == (3, [], [(1, "Ход римлян такой:")])


def test_a_games_own_word_for_the_power_names_it_where_a_generic_one_names_its_realm():
    lines = numbered("ДЕРЖАВА Рим", "СЕМЬЯ Орсини", "ПАРОЛЬ x")
    text = split_header(lines, subject="", power_keywords=("СЕМЬЯ", "FAMILY"))
    assert (text.header.power, text.problems) == ("Орсини", [])
    assert (
        split_header(numbered("СТРАНА Рим", "ДЕРЖАВА Милан"), "").problems != []
    )  # two generic words still clash


@pytest.mark.parametrize(
    ("subject", "ready"),
    [
        ("[council-1] ГОТОВО", True),
        ("Re: [coins-1] готово!", True),
        ("READY", True),
        ("[coins-1] Ход 2: приказы приняты", False),
        ("[coins-1] готово к бою", False),
        ("[coins-1] приказы", False),
    ],
)
def test_gotovo_alone_in_the_subject_is_the_gotovo_line(subject: str, ready: bool) -> None:
    lines = numbered("ИГРА coins-1", "СТРАНА Китай", "ПАРОЛЬ x")
    assert split_header(lines, subject=subject).header.ready is ready
