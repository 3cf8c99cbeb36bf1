"""parse_commands / normal_form against a small fake schema (no real ruleset)."""

import tomllib
from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engines import get_ruleset
from engines.contract import Arg, ArgKind, Command, CommandSpec, PhaseSpec, Problem
from engines.text import Text
from parsers.header import split_header
from parsers.orders import (
    ORDER_WORDS,
    ParsedOrders,
    find_commands,
    normal_form,
    parse_commands,
    parser_catalog,
)
from parsers.wording import PASS_KEYWORDS
from tests.parsers.test_header import numbered
from tests.parsers.test_name_lists import PHASE as LIST_PHASE
from tests.parsers.test_name_lists import VOCABULARIES as LIST_VOCABULARIES
from tests.parsers.test_pair_lists import PHASE as PAIR_PHASE
from tests.parsers.test_pair_lists import VOCABULARIES as PAIR_VOCABULARIES
from tests.paths import REPO


def spec(name: str, keywords: tuple[str, ...], *args: Arg, example: str = "") -> CommandSpec:
    return CommandSpec(name, keywords, args, Text(name, name), example or keywords[0])


PHASE = PhaseSpec(
    "orders",
    Text("Приказы", "Orders"),
    (
        spec(
            "invest",
            ("ВЛОЖИТЬ", "INVEST"),
            Arg("line", ArgKind.NAME, "lines"),
            Arg("coins", ArgKind.INT, minimum=0, maximum=3),
            example="ВЛОЖИТЬ Промышленность 3",
        ),
        spec(
            "give",
            ("ПЕРЕДАТЬ", "GIVE"),
            Arg("power", ArgKind.NAME, "powers"),
            Arg("n", ArgKind.INT, minimum=1),
        ),
        spec("give_all", ("ПЕРЕДАТЬ ВСЁ", "GIVE ALL"), Arg("power", ArgKind.NAME, "powers")),
        spec("message", ("СООБЩЕНИЕ", "MESSAGE"), Arg("text", ArgKind.TEXT)),
        spec("control", ("ВНЕШНЕЕ УПРАВЛЕНИЕ", "EXTERNAL CONTROL"), Arg("power", ArgKind.NAME, "powers")),
        spec(
            "loan",
            ("ЗАЙМ", "LOAN"),
            Arg("n", ArgKind.INT, minimum=1, maximum=10),
            Arg("lender", ArgKind.NAME, "powers", optional=True),
        ),
        spec("shift", ("СДВИГ", "SHIFT"), Arg("delta", ArgKind.INT, minimum=-2, maximum=2)),
    ),
)
VOCABULARIES = {
    "lines": {
        "Промышленность": ["Пром", "Industry"],
        "Космическая Программа": ["Космос", "Space Program"],
        "Армия": ["Army"],
    },
    "powers": {"Рязань": ["Ryazan"], "Новгород": ["Великий Новгород", "Novgorod"], "Берёзово": []},
}


def parse(*lines: str) -> ParsedOrders:
    return parse_commands(numbered(*lines), PHASE, VOCABULARIES)


def one_command(line: str) -> tuple[str, dict[str, int | str]]:
    parsed = parse(line)
    assert parsed.problems == [], parsed.problems
    [command] = parsed.commands
    return command.name, dict(command.args)


def one_problem(line: str) -> tuple[str, dict[str, str | int | float], str]:
    parsed = parse(line)
    assert parsed.commands == []
    [problem] = parsed.problems
    return problem.msg.code, dict(problem.msg.params), problem.suggestion


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("ВЛОЖИТЬ Промышленность 3", ("invest", {"line": "Промышленность", "coins": 3})),
        ("BЛОЖИТЬ Пpомышленность 3", ("invest", {"line": "Промышленность", "coins": 3})),  # Latin B, p
        ("вложить промышленность 0", ("invest", {"line": "Промышленность", "coins": 0})),
        ("INVEST industry 2", ("invest", {"line": "Промышленность", "coins": 2})),
        ("invest SPACE PROGRAM 1", ("invest", {"line": "Космическая Программа", "coins": 1})),
        ("ВЛОЖИТЬ Космическая  Программа 1", ("invest", {"line": "Космическая Программа", "coins": 1})),
        ("ВЛОЖИТЬ «Космическая Программа» 1", ("invest", {"line": "Космическая Программа", "coins": 1})),
        ('ВЛОЖИТЬ "космос" 1', ("invest", {"line": "Космическая Программа", "coins": 1})),
        ("ВЛОЖИТЬ: Армия, 2.", ("invest", {"line": "Армия", "coins": 2})),
        ("1. ВЛОЖИТЬ Армия 2", ("invest", {"line": "Армия", "coins": 2})),
        ("- ВЛОЖИТЬ Армия 2 # на всякий случай", ("invest", {"line": "Армия", "coins": 2})),
        ("ПЕРЕДАТЬ Березово 5", ("give", {"power": "Берёзово", "n": 5})),  # ё = е
        ("передать ВЕЛИКИЙ НОВГОРОД 12", ("give", {"power": "Новгород", "n": 12})),
        ("ПЕРЕДАТЬ ВСЕ Рязань", ("give_all", {"power": "Рязань"})),  # the longest keyword wins
        ("give all Ryazan", ("give_all", {"power": "Рязань"})),
        ("ВНЕШНЕЕ  управление Новгород", ("control", {"power": "Новгород"})),
        ("ЗАЙМ 3", ("loan", {"n": 3})),
        ("LOAN 3 Novgorod", ("loan", {"n": 3, "lender": "Новгород"})),
        ("СДВИГ -2", ("shift", {"delta": -2})),
        ("СООБЩЕНИЕ  Привет, Рязань! Встретимся #3 ", ("message", {"text": "Привет, Рязань! Встретимся #3"})),
    ],
)
def test_commands(line, expected):
    assert one_command(line) == expected


def test_line_numbers_are_kept_and_blank_or_comment_lines_skipped():
    body = [(4, "ВЛОЖИТЬ Армия 1"), (5, ""), (6, "# ход конём"), (9, "МЕНЯТЬ x"), (11, "ЗАЙМ 1")]
    parsed = parse_commands(body, PHASE, VOCABULARIES)
    assert [command.line for command in parsed.commands] == [4, 11]
    assert [problem.line for problem in parsed.problems] == [9]


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("ВЛОЖЫТЬ Армия 1", ("unknown_command", {"word": "ВЛОЖЫТЬ"}, "ВЛОЖИТЬ")),
        ("INVSET Army 1", ("unknown_command", {"word": "INVSET"}, "INVEST")),
        (
            "ВНЕШНЕЕ УПРАВЛЕНЕ Рязань",
            ("unknown_command", {"word": "ВНЕШНЕЕ УПРАВЛЕНЕ"}, "ВНЕШНЕЕ УПРАВЛЕНИЕ"),
        ),
        ("Привет, Ведущий!", ("unknown_command", {"word": "Привет,"}, "")),
        ("ПЕРЕДАТЬ Рязн 3", ("unknown_name", {"word": "Рязн", "arg": "power"}, "Рязань")),
        (
            "ВЛОЖИТЬ Космическая Програма 3",
            ("unknown_name", {"word": "Космическая Програма", "arg": "line"}, "Космическая Программа"),
        ),
        (
            "ВЛОЖИТЬ «Космос Программа» 3",
            ("unknown_name", {"word": "Космос Программа", "arg": "line"}, "Космическая Программа"),
        ),
        ("ВЛОЖИТЬ Зюзя 3", ("unknown_name", {"word": "Зюзя", "arg": "line"}, "")),
        (
            "ВЛОЖИТЬ Армия",
            (
                "missing_argument",
                {"command": "ВЛОЖИТЬ", "arg": "coins", "example": "ВЛОЖИТЬ Армия 3"},  # the player's own
                "",  # the example is in the sentence: no suggestion to say it again
            ),
        ),
        (
            "СООБЩЕНИЕ",
            (
                "missing_argument",
                {"command": "СООБЩЕНИЕ", "arg": "text", "example": "СООБЩЕНИЕ"},
                "",
            ),
        ),
        ("ВЛОЖИТЬ Армия три", ("not_a_number", {"word": "три", "arg": "coins"}, "")),
        ("ВЛОЖИТЬ Армия 2.5", ("not_a_number", {"word": "2.5", "arg": "coins"}, "")),
        ("ВЛОЖИТЬ Армия " + "9" * 5000, ("not_a_number", {"word": "9" * 59 + "…", "arg": "coins"}, "")),
        ("ВЛОЖИТЬ Армия -1", ("number_too_small", {"word": "-1", "arg": "coins", "min": 0}, "")),
        ("ПЕРЕДАТЬ Рязань 0", ("number_too_small", {"word": "0", "arg": "n", "min": 1}, "")),
        ("СДВИГ -3", ("number_too_small", {"word": "-3", "arg": "delta", "min": -2}, "")),
        ("ВЛОЖИТЬ Армия 4", ("number_too_large", {"word": "4", "arg": "coins", "max": 3}, "")),
        ("ВЛОЖИТЬ Армия 2 и ещё 3", ("extra_words", {"words": "и ещё 3"}, "ВЛОЖИТЬ Армия 2")),
        ("invest army 2 please", ("extra_words", {"words": "please"}, "INVEST Армия 2")),
        ("НЕТ ДЕЙСТВИЙ в этот ход", ("extra_words", {"words": "в этот ход"}, "НЕТ ДЕЙСТВИЙ")),
    ],
)
def test_problems(line, expected):
    assert one_problem(line) == expected


def test_explicit_pass():
    for keyword in (*PASS_KEYWORDS, "Нет  действий.", "pass", "NO ACTIONS", "HEТ ДEЙCTBИЙ"):
        assert parse(keyword) == ParsedOrders([], [], explicit_pass=True)
    assert not parse().explicit_pass


def test_pass_with_orders_refuses_the_pass():
    parsed = parse("ЗАЙМ 1", "НЕТ ДЕЙСТВИЙ")
    assert not parsed.explicit_pass
    assert [(p.line, p.msg.code) for p in parsed.problems] == [(2, "pass_with_orders")]
    assert len(parsed.commands) == 1


def test_pass_with_a_refused_order_is_refused_too():
    parsed = parse("PASS", "ЗАЙМ 100")
    assert not parsed.explicit_pass
    assert [(p.line, p.msg.code) for p in parsed.problems] == [
        (1, "pass_with_orders"),
        (2, "number_too_large"),
    ]


def test_pass_with_a_greeting_is_still_a_pass():
    parsed = parse("Привет", "PASS")
    assert parsed.explicit_pass
    assert [(p.line, p.msg.code) for p in parsed.problems] == [(1, "unknown_command")]


def test_missing_vocabulary_means_unknown_names():
    parsed = parse_commands([(1, "ПЕРЕДАТЬ Рязань 1")], PHASE, {})
    assert [p.msg.code for p in parsed.problems] == ["unknown_name"]


def test_a_phase_command_wins_over_the_generic_pass():
    phase = PhaseSpec("p", Text("", ""), (spec("wait", ("PASS",)),))
    parsed = parse_commands([(1, "pass")], phase, {})
    assert parsed.commands == [Command("wait", {}, 1)] and not parsed.explicit_pass


_WORDS = ["ЗАЙМ", "займ", "2", "11", "Рязань", "ПЕРЕДАТЬ", "ВСЁ", "СДВИГ", "-2", "PASS", "Привет", "1.", "#"]


@given(st.lists(st.lists(st.sampled_from(_WORDS), max_size=4).map(" ".join), max_size=6))
def test_find_commands_finds_what_parse_commands_accepts(lines):
    body = list(enumerate(lines, 1))
    assert find_commands(body, PHASE) == parse_commands(body, PHASE, {}).commands


def test_normal_form():
    command = Command("invest", {"line": "Космическая Программа", "coins": 3}, 7)
    assert normal_form(command, PHASE) == "ВЛОЖИТЬ Космическая Программа 3"
    assert normal_form(Command("loan", {"n": 2}), PHASE) == "ЗАЙМ 2"
    with pytest.raises(KeyError):
        normal_form(Command("nonsense"), PHASE)


def test_a_whole_mail():
    mail = [
        (1, "Игра: coins-1"),
        (2, "СТРАНА Рязань"),
        (3, "ПАРОЛЬ:k3x9q"),
        (5, "BЛОЖИТЬ Пpомышленность 3"),
        (6, "ПЕРЕДАТЬ Рязн 3"),
        (8, "КОНЕЦ"),
        (9, "-- "),
        (10, "Вася"),
    ]
    text = split_header(mail, subject="Re: [coins-1]")
    parsed = parse_commands(text.body, PHASE, VOCABULARIES)
    assert parsed.commands == [Command("invest", {"line": "Промышленность", "coins": 3}, 5)]
    assert [(p.line, p.msg.code, p.suggestion) for p in parsed.problems] == [(6, "unknown_name", "Рязань")]


# --- the catalog ---------------------------------------------------------------------------------

PROBLEM_MAILS = [
    ["ХОД три", "ИГРА a", "ИГРА b", "ПАРОЛЬ"],
    ["ВЛОЖЫТЬ 1", "ВЛОЖИТЬ Армия", "ВЛОЖИТЬ Армия x", "ВЛОЖИТЬ Армия -1", "ВЛОЖИТЬ Армия 9"],
    ["ВЛОЖИТЬ Рязань 1", "ЗАЙМ 1 Рязань еще", "PASS"],
]
LIST_LINES = ["МАРШ Рязнь, Пронск", "МАРШ Рязань", "МАРШ Рязань Пронск Коломна Рязань Пронск"]
PAIR_LINES = [
    "ПОДДЕРЖКА Армя1 Медичи, Армия2 Медичы, Армия3",
    "ПОДДЕРЖКА Армия1 Медичи",
    "ПОДДЕРЖКА Армия1 Медичи, Армия2 Сфорца, Армия3 Орсини, Армия1 Сфорца",
]


def all_problems() -> Iterator[Problem]:
    for mail in PROBLEM_MAILS:
        text = split_header(numbered(*mail), subject="")
        yield from text.problems
        yield from parse_commands(text.body, PHASE, VOCABULARIES).problems
    yield from parse_commands(list(enumerate(LIST_LINES, 1)), LIST_PHASE, LIST_VOCABULARIES).problems
    yield from parse_commands(list(enumerate(PAIR_LINES, 1)), PAIR_PHASE, PAIR_VOCABULARIES).problems
    talks = PhaseSpec("talks", Text("Переговоры", "Talks"), (spec("ally", ("СОЮЗ",)),))
    yield from parse_commands([(1, "СОЮЗ")], PHASE, VOCABULARIES, elsewhere=(talks,)).problems
    yield from parse_commands([(1, "ПЕРЕДАТЬ Лису 1")], PHASE, {"powers": {"Лис": [], "Лиса": []}}).problems
    yield from parse_commands([(1, "ПЕРЕДАТЬ США 1" + " и ещё" * ORDER_WORDS)], PHASE, VOCABULARIES).problems
    code = Arg("code", ArgKind.CODE, alphabet="12345678", min_items=2, max_items=3)
    walk = PhaseSpec(
        "orders", Text("Приказы", "Orders"), (CommandSpec("walk", ("ИДТИ",), (code,), Text("", ""), ""),)
    )
    yield from parse_commands(list(enumerate(["ИДТИ 29", "ИДТИ 2222", "ИДТИ 2"], 1)), walk, {}).problems
    worded = get_ruleset("council").phases["actions"]  # a phase read by its words' kinds
    places = {"army": {"Армия 1": ()}, "place": {"Умбрия": ()}}
    yield from parse_commands([(1, "Армия 1 ползёт в Умбрию")], worded, places, prose=True).problems


def test_every_catalog_code_is_emitted_and_renders_in_both_languages():
    catalog = parser_catalog()
    problems = list(all_problems())
    assert {problem.msg.code for problem in problems} == set(catalog.entries)
    for problem in problems:
        assert catalog.render(problem.msg, "ru") and catalog.render(problem.msg, "en")


def test_catalog_is_russian_first():
    raw = tomllib.loads((REPO / "parsers" / "messages.toml").read_text(encoding="utf-8"))
    assert all(list(entry) == ["ru", "en"] for entry in raw.values())


# --- properties ----------------------------------------------------------------------------------

WORDS = [word for command in PHASE.commands for word in command.keywords] + [
    *PASS_KEYWORDS,
    "Космическая",
    "Программа",
    "Рязань",
    "Рязн",
    "«Космос»",
    "3",
    "-1",
    "#",
    "«",
    "ё",
]
fragments = st.one_of(st.sampled_from(WORDS), st.integers(-5, 20).map(str), st.text(max_size=8))
schema_lines = st.lists(fragments, max_size=6).map(" ".join)
any_lines = st.lists(st.tuples(st.integers(1, 500), st.one_of(st.text(), schema_lines)), max_size=12)


@given(any_lines)
def test_never_raises_and_problems_point_at_input_lines(lines):
    parsed = parse_commands(lines, PHASE, VOCABULARIES)
    numbers = {number for number, _ in lines} | {0}
    assert all(problem.line in numbers for problem in parsed.problems)
    assert all(command.line in numbers for command in parsed.commands)


def arg_values(arg: Arg) -> st.SearchStrategy[int | str]:
    if arg.kind is ArgKind.INT:
        return st.integers(arg.minimum, arg.maximum)
    if arg.kind is ArgKind.NAME:
        return st.sampled_from(sorted(VOCABULARIES[arg.vocabulary]))
    return st.text(min_size=1).map(str.strip).filter(bool)


@st.composite
def commands(draw: st.DrawFn) -> Command:
    command = draw(st.sampled_from(PHASE.commands))
    args = {arg.name: draw(arg_values(arg)) for arg in command.args}
    if command.args and command.args[-1].optional and draw(st.booleans()):
        del args[command.args[-1].name]
    return Command(command.name, args, draw(st.integers(1, 1000)))


@given(commands())
def test_normal_form_round_trips(command):
    parsed = parse_commands([(command.line, normal_form(command, PHASE))], PHASE, VOCABULARIES)
    assert parsed.problems == []
    assert parsed.commands == [command]
