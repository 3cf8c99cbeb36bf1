"""Orders as players write them in Russian: names in any case and after a preposition, keywords as
spoken verbs, orders of another phase, prose around the orders. The names are the real rulesets'
(with their catalogs' own forms), so a name the dictionary declines into another's is caught."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engines import get_ruleset
from engines.contract import Arg, ArgKind, Command, CommandSpec, PhaseSpec, Vocabulary
from engines.rng import Rng
from engines.russian import CASES, NO_FORMS, Forms, inflect
from engines.text import Text
from parsers.names import PREPOSITIONS, declined
from parsers.orders import normal_form, parse_commands

RULESETS = ("coins", "council", "mare", "rus")


def _vocabularies(name: str) -> dict[str, Vocabulary]:
    ruleset = get_ruleset(name)
    state = ruleset.setup(ruleset.playable_powers(ruleset.max_players), Rng("natural-orders"))
    return dict(ruleset.vocabularies(state))


VOCABULARIES = {name: _vocabularies(name) for name in RULESETS}
FORMS = {name: get_ruleset(name).catalog.forms for name in RULESETS}
NAMES = sorted(
    (ruleset, key, name)
    for ruleset, vocabularies in VOCABULARIES.items()
    for key, vocabulary in vocabularies.items()
    for name in vocabulary
    if re.search("[А-Яа-я]", name)
    # where a name is itself a preposition (coins' vote: «ЗА», «ПРОТИВ»), «за» is that name
    and not any(word.lower() in PREPOSITIONS for word in vocabulary)
)


def _phase(vocabulary: str) -> PhaseSpec:
    take = CommandSpec(
        "take", ("ВЗЯТЬ",), (Arg("what", ArgKind.NAME, vocabulary), Arg("n", ArgKind.INT)), Text("", ""), ""
    )
    return PhaseSpec("orders", Text("Приказы", "Orders"), (take,))


@given(
    st.sampled_from(NAMES),
    st.sampled_from(sorted(CASES)),
    st.one_of(st.just(""), st.sampled_from(sorted(PREPOSITIONS))),
    st.sampled_from([str.upper, str.lower, str]),
)
def test_any_declared_name_in_any_case_after_any_preposition_reads_as_the_name(entry, case, before, spelt):
    ruleset, key, name = entry
    form = inflect(name, case, FORMS[ruleset])
    line = f"ВЗЯТЬ {before} {spelt(form)} 2"
    parsed = parse_commands([(1, line)], _phase(key), VOCABULARIES[ruleset], FORMS[ruleset])
    assert parsed.problems == [], (line, parsed.problems)
    assert parsed.commands == [Command("take", {"what": name, "n": 2}, 1)]
    assert normal_form(parsed.commands[0], _phase(key)) == f"ВЗЯТЬ {name} 2"


def test_no_case_form_of_a_real_ruleset_is_shared_by_two_names():
    shared = {
        (ruleset, key): declined(vocabulary, FORMS[ruleset]).ambiguous
        for ruleset, vocabularies in VOCABULARIES.items()
        for key, vocabulary in vocabularies.items()
    }
    assert {where: table.width for where, table in shared.items() if table.width} == {}


FOXES: dict[str, Vocabulary] = {"who": {"Лис": (), "Лиса": (), "Волк": ("Серый",)}}


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("ВЗЯТЬ Лиса 1", ("Лиса", "")),  # the name as declared is never ambiguous
        ("ВЗЯТЬ Лисом 1", ("Лис", "")),
        ("ВЗЯТЬ у Волка 1", ("Волк", "")),
        ("ВЗЯТЬ Серому 1", ("Волк", "")),  # a spelling's case forms too
        ("ВЗЯТЬ «Волку» 1", ("Волк", "")),
        ("ВЗЯТЬ за «Волка» 1", ("Волк", "")),
        ("ВЗЯТЬ Лису 1", ("", "ambiguous_name")),  # дат of Лис, вин of Лиса
        ("ВЗЯТЬ к Лисе 1", ("", "ambiguous_name")),
        ("ВЗЯТЬ к Волку 1", ("Волк", "")),
        ("ВЗЯТЬ к Вулку 1", ("", "unknown_name")),
        ("ВЗЯТЬ к 1", ("", "unknown_name")),  # a preposition with nothing after it is no name
    ],
)
def test_case_forms_and_prepositions(line, expected):
    parsed = parse_commands([(1, line)], _phase("who"), FOXES)
    assert ([c.args["what"] for c in parsed.commands] or [""])[0] == expected[0]
    assert ([p.msg.code for p in parsed.problems] or [""])[0] == expected[1]


def test_an_ambiguous_form_names_both_names_and_a_wrong_one_is_guessed_past_its_preposition():
    parsed = parse_commands([(1, "ВЗЯТЬ к Лисе 1"), (2, "ВЗЯТЬ к Волкху 1")], _phase("who"), FOXES)
    ambiguous, unknown = parsed.problems
    assert ambiguous.msg.params == {"word": "к Лисе", "first": "Лис", "second": "Лиса"}
    assert (unknown.msg.params["word"], unknown.suggestion) == ("Волкху", "Волк")


def test_the_rulesets_own_forms_are_read_and_can_make_a_form_ambiguous():
    own = Forms({"Волк": {"твор": "Хищником"}, "Лис": {"твор": "Хищником"}})
    line = [(1, "ВЗЯТЬ Хищником 1")]
    assert parse_commands(line, _phase("who"), FOXES, NO_FORMS).problems[0].msg.code == "unknown_name"
    assert parse_commands(line, _phase("who"), FOXES, own).problems[0].msg.code == "ambiguous_name"
    alone = Forms({"Волк": {"твор": "Хищником"}})
    assert parse_commands(line, _phase("who"), FOXES, alone).commands[0].args["what"] == "Волк"


COINS = get_ruleset("coins")
COINS_ORDERS = COINS.phases["orders"]
ELSEWHERE = (COINS.phases["talks"], COINS.phases["vote"])


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("вкладываю в Науку 2", "ВЛОЖИТЬ Наука 2"),
        ("Вложу в Армию 1", "ВЛОЖИТЬ Армия 1"),
        ("вложите Армию 1", "ВЛОЖИТЬ Армия 1"),
        ("передаю Китаю 1", "ПЕРЕДАТЬ Китай 1"),
        ("ПЕРЕДАЁМ России 2", "ПЕРЕДАТЬ Россия 2"),
        ("атакую Исландию 2", "АТАКОВАТЬ Исландия 2"),
        ("нападаем на Мальдивы 1", "АТАКОВАТЬ Мальдивы 1"),
        ("защищаю Чад 1", "ЗАЩИЩАТЬ Чад 1"),
        ("финансирую Разведку 1", "ВЛОЖИТЬ Разведка 1"),
    ],
)
def test_keywords_as_spoken_verbs(line, expected):
    parsed = parse_commands([(1, line)], COINS_ORDERS, VOCABULARIES["coins"])
    assert parsed.problems == []
    assert [normal_form(c, COINS_ORDERS) for c in parsed.commands] == [expected]


def test_a_vote_as_spoken():
    vote = COINS.phases["vote"]
    for line, choice in (("голосую за", "ЗА"), ("Голосую против!", "ПРОТИВ"), ("ГОЛОС за", "ЗА")):
        parsed = parse_commands([(1, line)], vote, VOCABULARIES["coins"])
        assert [normal_form(c, vote) for c in parsed.commands] == [f"ГОЛОС {choice}"]


def test_an_order_of_another_phase_says_which_phase_takes_it():
    lines = [(1, "СОЮЗ Торговый с Россией"), (2, "голосую за"), (3, "ВЛАЖИТЬ Армия 1")]
    parsed = parse_commands(lines, COINS_ORDERS, VOCABULARIES["coins"], elsewhere=ELSEWHERE)
    talks, vote, typo = parsed.problems
    assert (talks.msg.code, talks.msg.params["phase_ru"], talks.msg.params["before_ru"]) == (
        "other_phase",
        "Переговоры",
        "Приказы",
    )
    assert vote.msg.params["before_ru"] == "Переговоры"  # the vote comes after the talks
    assert (vote.msg.params["order"], vote.msg.params["phase_en"]) == ("ГОЛОС", "Vote")  # not «голосую»
    assert (typo.msg.code, typo.suggestion) == ("unknown_command", "ВЛОЖИТЬ")


PROSE = ["Вот мои приказы:", "Привет!", "Спасибо, удачи всем", "С уважением, Иван", "Ну что, повоюем?"]


def test_prose_is_set_aside_and_a_mistyped_keyword_is_still_refused():
    lines = list(enumerate([*PROSE, "ВЛАЖИТЬ Армия 1", "INVSET Army 1", "ВЛОЖИТЬ Армия 1"], 1))
    parsed = parse_commands(lines, COINS_ORDERS, VOCABULARIES["coins"], prose=True)
    assert parsed.unread == [1, 2, 3, 4, 5]
    assert [(p.line, p.suggestion) for p in parsed.problems] == [(6, "ВЛОЖИТЬ"), (7, "INVEST")]
    assert len(parsed.commands) == 1
    assert parse_commands(lines, COINS_ORDERS, VOCABULARIES["coins"]).unread == []  # refused, as for the GM


PROSE_WORDS = [
    *(word for line in PROSE for word in line.split()),
    *("и", "а", "но", "всем", "вам", "до", "встречи", "коллеги", "надеюсь", "жду", "ответа", "PS"),
]
prose_lines = st.lists(st.sampled_from(PROSE_WORDS), min_size=1, max_size=8).map(" ".join)
any_lines = st.lists(st.one_of(prose_lines, st.text(max_size=40)), max_size=10)


@given(st.lists(prose_lines, min_size=1, max_size=10))
def test_prose_never_becomes_an_order(lines):
    parsed = parse_commands(list(enumerate(lines, 1)), COINS_ORDERS, VOCABULARIES["coins"], prose=True)
    assert parsed.commands == [] and not parsed.explicit_pass
    assert all(p.msg.code == "unknown_command" and p.suggestion for p in parsed.problems)


@given(any_lines)
def test_any_text_never_crashes_and_each_line_is_an_order_a_refusal_or_unread(lines):
    body = list(enumerate(lines, 1))
    parsed = parse_commands(body, COINS_ORDERS, VOCABULARIES["coins"], elsewhere=ELSEWHERE, prose=True)
    read = {c.line for c in parsed.commands} | {p.line for p in parsed.problems}
    assert set(parsed.unread).isdisjoint(read)
    assert read | set(parsed.unread) <= {n for n, _ in body}
