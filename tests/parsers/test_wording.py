"""Orders in the wording of the rulesets' phrasing data: what players saw refused now reads, the
arguments go where the sentence puts them, chat is chat in every ruleset, and a refusal offers by
meaning first and never the opposite of what was meant."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from daemon.incoming.orderflow import read_orders
from engines import get_ruleset
from engines.contract import JSON, Ruleset
from engines.rng import Rng
from parsers.orders import normal_form, parser_catalog
from parsers.wording import wording

RULESETS = ("coins", "council", "mare", "rus")


def game(name: str) -> tuple[Ruleset[Any], JSON]:
    ruleset = get_ruleset(name)
    return ruleset, ruleset.setup(ruleset.playable_powers(ruleset.max_players), Rng("wording"))


def read(name: str, power: str, *lines: str, phase: str | None = None) -> list[str]:
    """Each line as the daemon reads it for `power`: an order's normal form, «chat», or
    «code: suggestion» for a refusal."""
    ruleset, state = game(name)
    phase = phase or state["phase"]
    known, parsed = read_orders(ruleset, {**state, "phase": phase}, power, phase, list(enumerate(lines, 1)))
    said = {c.line: normal_form(c, known) for c in parsed.commands}
    said |= {p.line: f"{p.msg.code}: {p.suggestion}" for p in parsed.problems}
    said |= dict.fromkeys(parsed.unread, "chat")
    return [said[n] for n in range(1, len(lines) + 1)]


def test_what_players_saw_refused_reads_as_meant() -> None:
    assert read(
        "rus",
        "Киев",
        "нанять дружину 2",
        "набрать дружину 2",
        "двинуть дружину из Киева в Вышгород 5",
        "заключить союз с Рязанью",
        "ПОСЛАТЬ ДАР Твери 100",
        "ПОХОД из Киева в Чернигов 5",
        "Привет, ведущий!",
    ) == [
        "ДРУЖИНА 2",
        "ДРУЖИНА 2",
        "ПОХОД Киев 5 0 Вышгород",
        "СОЮЗ Рязань",
        "ДАР Тверь 100",
        "ПОХОД Киев 5 0 Чернигов",
        "chat",
    ]
    assert read("mare", "Римляне", "ПОДДЕРЖКА Греков в Таренте 2") == ["ПОДДЕРЖКА Тарент Греки 2"]


@pytest.mark.parametrize("verb", ["нанять", "нанимаю", "найми", "наймите", "найму", "нанимаем", "Нанимаем:"])
def test_a_verb_in_any_form(verb: str) -> None:
    assert read("rus", "Киев", f"{verb} дружину 3") == ["ДРУЖИНА 3"]


def test_arguments_go_where_the_sentence_puts_them() -> None:
    assert read(
        "rus",
        "Рязань",
        "ПОХОД на Мценск из Тулы 6",  # «на» the goal, «из» the start, whatever their order
        "Выступаю из Рязани через Тулу на Мценск с 10 дружины и 5 ополчения",  # a unit names the count
        "ПОХОД Рязань 10 Мценск",  # the militia left out: none
        "Подкупить Муром против Владимира 200Д",  # «против» the rival; a unit glued to its number
        "Крепость в Пронске 2-го уровня",
        "Передать дружину под командование Чернигову в Туле 5",  # Чернигов is a province too
    ) == [
        "ПОХОД Тула 6 0 Мценск",
        "ПОХОД Рязань 10 5 Тула, Мценск",
        "ПОХОД Рязань 10 0 Мценск",
        "ПОДКУП Муром 200 Владимир",
        "КРЕПОСТЬ Пронск 2",
        "ПОД КОМАНДУ Чернигов Тула 5",
    ]
    assert read(
        "mare", "Римляне", "Перенести бонус с Сицилии на Лаций", "Перенести бонус на Лаций с Сицилии"
    ) == [
        "БОНУС Западная Сицилия Лаций",
        "БОНУС Западная Сицилия Лаций",
    ]


def test_a_line_may_start_with_words_that_add_nothing_a_verb_that_only_says_do_or_its_country() -> None:
    assert read(
        "rus",
        "Рязань",
        "Прошу принять дар от Киева",
        "Также хочу построить храм в Туле",
        "Построить кузницу в Рязани",
        "Рязань нанимает 2 дружины",
        "Дружину распустить 2",  # the order's noun first, its verb after
    ) == ["ПРИНЯТЬ ДАР Киев", "ХРАМ Тула", "МАСТЕРСКАЯ Кузница Рязань", "ДРУЖИНА 2", "РАСПУСТИТЬ ДРУЖИНУ 2"]


CHAT = [
    "Привет, ведущий!",
    "Спасибо!",
    "Всем удачи!",
    "С уважением, Иван",
    "Добрый день, коллеги.",
    "Мои приказы:",
]


@pytest.mark.parametrize("name", RULESETS)
def test_chat_is_not_read_in_any_ruleset(name: str) -> None:
    assert read(name, game(name)[1]["powers"][0], *CHAT) == ["chat"] * len(CHAT)


@pytest.mark.parametrize(
    ("name", "line", "offered"),
    [
        ("rus", "Срочно набрать дружину 2", "ДРУЖИНА"),  # a known verb of a command suggests it
        ("rus", "Срочно распустить 2 дружины", "РАСПУСТИТЬ ДРУЖИНУ"),
        ("rus", "Срочно разорвать союз с Муромом", "РАЗОРВАТЬ СОЮЗ"),
        ("rus", "Срочно принять дар от Мурома", "ПРИНЯТЬ ДАР"),
        ("rus", "Нбрать дружину 2", "ДРУЖИНА"),  # a slip: never РАСПУСТИТЬ ДРУЖИНУ
        ("rus", "Рспустить дружину 2", "РАСПУСТИТЬ ДРУЖИНУ"),
        ("rus", "Зключить союз с Муромом", "СОЮЗ"),  # a slip of a verb that only says «do»
        ("rus", "Пслать дар Твери 100", "ДАР"),  # never ПРИНЯТЬ ДАР
        ("rus", "Окрыть посольство в Новгороде", "ПОСОЛЬСТВО"),  # never ЗАКРЫТЬ ПОСОЛЬСТВО
        ("coins", "Рзорвать военный союз с Китаем", ""),  # «союз» says СОЮЗ, the slip РАЗОРВАТЬ
    ],
)
def test_a_refusal_offers_by_meaning_first_and_never_the_opposite(name: str, line: str, offered: str) -> None:
    phase = "talks" if name == "coins" else None
    assert read(name, "Рязань" if name == "rus" else "Россия", line, phase=phase) == [
        f"unknown_command: {offered}"
    ]


@pytest.mark.parametrize(
    ("phase", "line", "offered"),
    [
        ("actions", "Окрыть факторию на Корсике", "ОТКРЫТЬ ФАКТОРИЮ"),  # never ЗАКРЫТЬ ФАКТОРИЮ
        ("actions", "Нправить гвардию в Армию 1", "НАПРАВИТЬ ГВАРДИЮ"),  # never ОТОЗВАТЬ ГВАРДИЮ
        ("actions", "Срочно отозвать гвардию из Армии 1", "ОТОЗВАТЬ ГВАРДИЮ"),
        ("planning", "Зключить мир с Миланом", "ЗАКЛЮЧИТЬ МИР"),  # never ОБЪЯВИТЬ ВОЙНУ
        ("planning", "Вклчить Албанию в сферу", "ВКЛЮЧИТЬ В СФЕРУ"),  # never ИСКЛЮЧИТЬ ИЗ СФЕРЫ
        ("planning", "Срочно исключить Корсику из сферы", "ИСКЛЮЧИТЬ ИЗ СФЕРЫ"),
    ],
)
def test_a_council_refusal_offers_by_meaning_never_the_opposite(phase: str, line: str, offered: str) -> None:
    assert read("council", "Орсини", line, phase=phase) == [f"unknown_command: {offered}"]


def council_with_agenda(projects: int) -> tuple[Ruleset[Any], JSON]:
    """A council game in its decisions, Rome's council voting on `projects` projects."""
    ruleset, state = game("council")
    rome = state["realms"]["Рим"]
    agenda = [
        {"number": n, "kind": "rights", "author": "Колонна", "anonymous": False, "order": {}}
        for n in range(1, projects + 1)
    ]
    return ruleset, {
        **state,
        "phase": "decisions",
        "realms": {**state["realms"], "Рим": {**rome, "agenda": agenda}},
    }


def test_a_council_vote_is_never_read_as_another_order_of_the_decisions() -> None:
    """A vote written without its keyword («1 за», «проект 1 - за») is a vote, never the veto of
    project 1, though a veto's argument is in it: a preposition with no name after it fits no
    order."""
    ruleset, state = council_with_agenda(1)
    lines = [(1, "Голосую: 1 за"), (2, "1 за"), (3, "проект 1 - за")]
    known, parsed = read_orders(ruleset, state, "Орсини", "decisions", lines)
    assert [normal_form(c, known) for c in parsed.commands] == ["ГОЛОСОВАТЬ 1 за"] * 3


def test_the_opposites_are_declared_both_ways() -> None:
    rus = wording(get_ruleset("rus").phases["orders"]).opposites
    assert {"recruit", "alliance", "gift"} <= set(rus) and rus["dismiss"] == {"recruit"}
    assert rus["leave_alliance"] == {"alliance"} and rus["accept_gift"] == {"gift"}
    assert wording(get_ruleset("coins").phases["talks"]).opposites["ally"] == {"break"}


WORDS = (
    "привет я хочу нанять набрать дружину дружины из Рязани в Тулу через Москву на 10 5 200Д дар "
    "Новгороду союз с Киевом мир война поход ладьи и а всем спасибо удачи Мценск Замет влияние "
    "Тарент греков Китаю вложить монеты науку , → —"
)
PROSE_AND_ORDERS = st.lists(
    st.sampled_from(WORDS.split(" ")),
    min_size=1,
    max_size=50,
).map(" ".join)


@given(st.sampled_from(RULESETS), st.lists(st.one_of(PROSE_AND_ORDERS, st.text(max_size=60)), max_size=8))
def test_any_line_in_any_ruleset_is_an_order_a_refusal_or_chat(name: str, lines: list[str]) -> None:
    ruleset, state = game(name)
    power = state["powers"][0]
    phase = state["phase"]
    _, parsed = read_orders(ruleset, state, power, phase, list(enumerate(lines, 1)))
    read_lines = [c.line for c in parsed.commands] + [p.line for p in parsed.problems] + parsed.unread
    assert set(read_lines) <= set(range(1, len(lines) + 1))
    assert len({c.line for c in parsed.commands} & set(parsed.unread)) == 0


@pytest.mark.parametrize(("name", "phase"), [("council", "planning"), ("council", "actions"), ("rus", None)])
def test_numbers_alone_name_no_order(name: str, phase: str | None) -> None:
    """«2» or «2 6» on a line of their own (a list's numbering, a phone's digits) are no order:
    read by their kinds they fitted one that spends money (council's СОЗДАТЬ ГВАРДИЮ 2)."""
    power = "Орсини" if name == "council" else "Киев"
    said = read(name, power, "2", "2 6", "200Д", phase=phase)
    assert all(not line[:1].isupper() for line in said), said  # a refusal or chat, never an order


def test_an_order_without_arguments_reads_past_the_words_that_add_nothing() -> None:
    assert read("council", "Орсини", "Дарую права народу", phase="planning") == ["ДАРОВАТЬ ПРАВА"]
    assert read("council", "Орсини", "Поднимаю престиж нашего рода", phase="actions") == ["ПОВЫСИТЬ ПРЕСТИЖ"]
    assert read("council", "Орсини", "Дарую права всем", phase="planning") == ["extra_words: ДАРОВАТЬ ПРАВА"]


def test_a_line_naming_the_games_things_is_an_order_attempt_never_chat() -> None:
    """An army and a province with a verb no wording holds is refused with the order they fit;
    a numbered greeting, or prose naming one thing, stays chat."""
    lines = ("Армия 1 ползёт в Умбрию", "Армия 1 возвращается в Умбрию", "Мои планы на этот ход:")
    assert read("council", "Орсини", *lines, phase="actions") == [
        "order_not_understood: ПОХОД Армия 1 Умбрия",
        "ПОХОД Армия 1 Умбрия",
        "chat",
    ]


def test_an_order_no_technology_opened_is_refused_saying_so_never_guessed() -> None:
    """At the start no tribe has diplomacy: «обмен», «дар» are its orders, refused as not open yet
    (never offered as the war their arguments also fit); a slip of one is not guessed at."""
    lines = ("обмен 1 Е5", "ДАР 1 Е5 5", "обмн 1 Е5")
    got = read("tribes", get_ruleset("tribes").playable_powers(4)[0], *lines)
    assert got[:2] == ["order_needs_discovery: "] * 2 and not got[2].startswith("order_needs")


def test_a_council_order_the_family_cannot_give_says_why() -> None:
    """Rome has no flotilla, and Orsini lead no tribal union: their fleet orders and raids are
    refused saying so, not set aside nor offered as another order."""
    lines = ("Отправить флот в Ионическое море", "Флот: Флотилия 1 в Ионическое море", "Набег на Лаций")
    assert read("council", "Орсини", *lines, phase="actions") == [
        "council_no_flotilla: ",
        "council_no_flotilla: ",
        "council_raid_not_leader: ",
    ]


def test_a_name_is_read_in_the_singular_a_count_puts_it_in_and_one_line_may_give_several() -> None:
    """t1-egor: «3 охотника» was refused for its case; the rulebook itself writes a distribution
    as «3 собирателя, 2 охотника и 3 воина», one order per stratum, of no community when the line
    names none (the rules take a tribe's one community); «Дети: 2 охотника, 4 собирателя» is two
    such orders, never a conversion, whose arguments its words also fit."""
    ruleset, state = game("tribes")
    lines = [
        (1, "распределяю детей: 3 охотника и 3 собирателя"),
        (2, "дети: 2 охотника"),
        (3, "Дети: 2 охотника, 4 собирателя"),
        (4, "Дети: 3 в охотники, 3 в собиратели"),
    ]
    known, parsed = read_orders(ruleset, state, state["powers"][0], "orders", lines)
    assert [(c.line, normal_form(c, known)) for c in parsed.commands] == [
        (1, "РАСПРЕДЕЛИТЬ Охотники 3"),
        (1, "РАСПРЕДЕЛИТЬ Собиратели 3"),
        (2, "РАСПРЕДЕЛИТЬ Охотники 2"),
        (3, "РАСПРЕДЕЛИТЬ Охотники 2"),
        (3, "РАСПРЕДЕЛИТЬ Собиратели 4"),
        (4, "РАСПРЕДЕЛИТЬ Охотники 3"),
        (4, "РАСПРЕДЕЛИТЬ Собиратели 3"),
    ]


def test_an_order_word_is_read_with_a_soft_sign_for_the_hard_one() -> None:
    assert read(
        "council", "Орсини", "обьявить войну Флоренции", "Обьявляю войну Милану", phase="planning"
    ) == [
        "ОБЪЯВИТЬ ВОЙНУ Флоренция",
        "ОБЪЯВИТЬ ВОЙНУ Милан",
    ]


def test_a_number_that_is_there_is_never_reported_missing() -> None:
    """A player trial: «дети в собирателей 6», «детей в охотники 1» and «распределить ополчение в
    армию 2» were refused as lacking «сколько людей» / «число отрядов»."""
    ruleset, state = game("tribes")
    lines = [(1, "дети в собирателей 6"), (2, "детей в охотники 1")]
    known, parsed = read_orders(ruleset, state, state["powers"][0], "orders", lines)
    assert [normal_form(c, known) for c in parsed.commands] == [
        "РАСПРЕДЕЛИТЬ Собиратели 6",
        "РАСПРЕДЕЛИТЬ Охотники 1",
    ]
    assert read("council", "Орсини", "распределить ополчение в армию 1", phase="actions") == [
        "РАСПРЕДЕЛИТЬ ОПОЛЧЕНИЕ Армия 1"
    ]


def test_a_missing_value_is_said_once_with_an_example_of_the_players_own_order() -> None:
    """It said «… Пример: РАСПРЕДЕЛИТЬ 1 Охотники 3 Возможно, вы имели в виду «РАСПРЕДЕЛИТЬ 1
    Охотники 3»?», with no full stop, and an example of another army than the player's."""
    ruleset, state = game("coins")
    lines = [(1, "Вложить в армию")]
    _, parsed = read_orders(ruleset, {**state, "phase": "orders"}, state["powers"][0], "orders", lines)
    (problem,) = parsed.problems
    said = parser_catalog().merged(ruleset.catalog).render(problem.msg, "ru")
    assert problem.suggestion == ""
    assert said == "В приказе ВЛОЖИТЬ не хватает значения «сумма». Пример: «ВЛОЖИТЬ Армия 3»."


COUNCIL_VOTES = council_with_agenda(4)


@given(
    st.dictionaries(st.integers(1, 4), st.sampled_from(["за", "против"]), min_size=1),
    st.booleans(),
    st.sampled_from([", ", " и ", " "]),
)
def test_a_vote_list_reads_in_either_order_of_its_halves(
    votes: dict[int, str], first: bool, joint: str
) -> None:
    """Each choice with its projects, the choice first («за 1 и 2, против 3») or last («1 и 2 —
    за, 3 против»): the same votes."""
    groups = {choice: [str(n) for n, c in votes.items() if c == choice] for choice in votes.values()}
    parts = [f"{c} {joint.join(ns)}" if first else f"{joint.join(ns)} — {c}" for c, ns in groups.items()]
    ruleset, state = COUNCIL_VOTES
    _, parsed = read_orders(ruleset, state, "Орсини", "decisions", [(1, "Голосую " + ", ".join(parts))])
    (command,) = parsed.commands
    assert dict(command.pairs["votes"]) == {str(n): c for n, c in votes.items()}
