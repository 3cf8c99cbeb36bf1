"""Orders as players write them, in English and Russian notation, words and mixed forms, read into
the normal form the replies quote; every line a player might write of a legal move reads back as
that move (a property test over the board); what cannot be read is refused saying why."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.contract import Command
from engines.diplomacy.board import province_of
from engines.diplomacy.commands import units
from engines.russian import inflect
from engines.text import Msg
from tests.engines.diplomacy.play import STANDARD, read, said, start

SPRING = start()


def normal(power: str, line: str, state: object = SPRING) -> str:
    (found,) = read(state, power, line)
    assert isinstance(found, Command), said(found) if isinstance(found, Msg) else found
    word = {
        "army": "А",
        "fleet": "Ф",
        "draw": "НИЧЬЯ",
        "build": "ПОСТРОИТЬ",
        "disband": "РАСПУСТИТЬ",
    }  # the letters
    return " ".join([word.get(found.name, found.name), *map(str, found.args.values())])


@pytest.mark.parametrize(
    ("power", "line", "meant"),
    [
        ("Франция", "A PAR - BUR", "А Париж – Бургундия"),
        ("Франция", "a par-bur", "А Париж – Бургундия"),
        ("Франция", "A PAR -> BUR", "А Париж – Бургундия"),
        ("Франция", "А Пар - Бур", "А Париж – Бургундия"),
        ("Франция", "Армия Париж идёт в Бургундию", "А Париж – Бургундия"),
        ("Франция", "армия из Парижа в Бургундию", "А Париж – Бургундия"),
        ("Франция", "Париж – Бургундия", "А Париж – Бургундия"),
        ("Франция", "A Paris - Burgundy", "А Париж – Бургундия"),
        ("Франция", "A PAR H", "А Париж стоит"),
        ("Франция", "А Париж стоит", "А Париж стоит"),
        ("Франция", "А Пар Д", "А Париж стоит"),
        ("Франция", "A MAR S A PAR - BUR", "А Марсель поддерживает А Париж – Бургундия"),
        ("Франция", "А Мар П А Пар - Бур", "А Марсель поддерживает А Париж – Бургундия"),
        (
            "Франция",
            "Армия Марсель поддерживает армию из Парижа в Бургундию",
            "А Марсель поддерживает А Париж – Бургундия",
        ),
        ("Франция", "A Marseilles supports A Paris – Burgundy", "А Марсель поддерживает А Париж – Бургундия"),
        ("Германия", "A MUN S A BER", "А Мюнхен поддерживает А Берлин"),
        ("Англия", "F LON C A LVP - BRE", "Ф Лондон конвоирует А Ливерпуль – Брест"),
        (
            "Англия",
            "Флот Лондон конвоирует армию из Ливерпуля в Брест",
            "Ф Лондон конвоирует А Ливерпуль – Брест",
        ),
        ("Англия", "A LVP - EDI VIA CONVOY", "А Ливерпуль – Эдинбург через конвой"),
        ("Англия", "А Лвп – Эди через конвой", "А Ливерпуль – Эдинбург через конвой"),
        ("Англия", "Англия: F LON - ENG", "Ф Лондон – Ла-Манш"),
        ("Россия", "F STP/SC - BOT", "Ф Санкт-Петербург (ЮП) – Ботнический залив"),
        ("Россия", "Ф СПб(ЮП) – Бот", "Ф Санкт-Петербург (ЮП) – Ботнический залив"),
        ("Россия", "F Sev - Rum", "Ф Севастополь – Румыния"),
        ("Франция", "F BRE - MAO", "Ф Брест – Средняя Атлантика"),
        ("Франция", "Флот Брест идёт в Среднюю Атлантику", "Ф Брест – Средняя Атлантика"),
        ("Франция", "F PAR - BUR", "А Париж – Бургундия"),  # the unit on the board decides its kind
        ("Турция", "A CON - BUL", "А Константинополь – Болгария"),
        ("Турция", "НИЧЬЯ", "НИЧЬЯ"),
        ("Турция", "DIAS", "НИЧЬЯ"),
    ],
)
def test_every_notation_reads_as_its_normal_form(power: str, line: str, meant: str) -> None:
    assert normal(power, line) == meant


def test_a_fleets_coast_is_read_in_every_spelling() -> None:
    state = {**SPRING, "units": {**SPRING["units"], "mao": {**SPRING["units"]["bre"], "location": "mao"}}}
    del state["units"]["bre"]
    lines = (
        "F MAO - SPA/NC",
        "F MAO - SPA(NC)",
        "F Mid-Atlantic Ocean - Spain (north coast)",
        "Ф СрА – Исп (СП)",
        "Флот Средняя Атлантика идёт в Испанию на северное побережье",
    )
    assert {normal("Франция", line, state) for line in lines} == {"Ф Средняя Атлантика – Испания (СП)"}


@pytest.mark.parametrize(
    ("line", "refusal"),
    [
        ("A Пориж - Бур", "провинции «Пориж» на этой карте нет. Возможно, вы имели в виду «Париж»?"),
        ("A PAR - XYZ", "провинции «XYZ» на этой карте нет."),
        ("A PAR - BUR Пориж", "провинции «Пориж» на этой карте нет. Возможно, вы имели в виду «Париж»?"),
        ("A PAR - BUR now", "не понятен конец приказа: «now»."),
        ("поддержать Париж", "приказ начинается с части: «А Париж – Бургундия», «Ф Брест – Ла-Манш»."),
        ("A MAR S", "не сказано, какую часть поддержать: «А Марсель поддерживает А Париж – Бургундия»."),
        ("BUILD A PAR", "строят части и отказываются от постройки зимой."),
        ("A PAR R BUR", "отступают только выбитые части, в фазе отступлений."),
    ],
)
def test_a_line_that_cannot_be_read_is_refused_saying_why(line: str, refusal: str) -> None:
    (found,) = read(SPRING, "Франция", line)
    assert isinstance(found, Msg)
    assert said(found) == refusal


def test_prose_and_service_lines_are_left_to_the_keyword_parser() -> None:
    for line in ("Привет всем!", "НЕТ ДЕЙСТВИЙ", "ГОТОВО", "Отличный ход, коллеги"):
        assert STANDARD.read_notation(SPRING, "Франция", "spring", line) is None


# ---- every move of every unit, written as players write it, reads as that move -----------------
MOVES = sorted((u.power, p, u.kind, loc) for p, u in units(SPRING).items() for loc in STANDARD.board.moves(u))


def _spellings(code: str, case: str) -> list[str]:
    province = STANDARD.board.provinces[code]
    return [
        province.en,
        code.upper(),
        code,
        inflect(province.name, case, STANDARD.board.data.forms),
        *province.aliases,
    ]


@settings(max_examples=200, deadline=None)
@given(
    move=st.sampled_from(MOVES),
    data=st.data(),
)
def test_a_legal_move_reads_back_however_it_is_written(
    move: tuple[str, str, str, str], data: st.DataObject
) -> None:
    power, at, kind, location = move
    to, _, coast = location.partition("/")
    unit = data.draw(st.sampled_from(["A", "А", "Армия"] if kind == "A" else ["F", "Ф", "Флот"]))
    origin = data.draw(st.sampled_from(_spellings(at, "им")))
    sign, case = data.draw(
        st.sampled_from([(" - ", "им"), ("-", "им"), (" – ", "им"), (" идёт в ", "вин"), (" -> ", "им")])
    )
    dest = data.draw(st.sampled_from(_spellings(to, case)))
    spelt_coast = (
        data.draw(st.sampled_from([f"/{coast}", f" ({coast.upper()})", f"({coast})"])) if coast else ""
    )
    line = f"{unit} {origin}{sign}{dest}{spelt_coast}"
    line = data.draw(st.sampled_from([line, line.upper(), line.lower(), f"  {line}  "]))
    expected = f"{STANDARD.board.name(to)}" + (
        f" ({ {'nc': 'СП', 'sc': 'ЮП', 'ec': 'ВП'}[coast] })" if coast else ""
    )
    read_as = normal(power, line)
    assert read_as.endswith("– " + expected.replace("( ", "(").replace(" )", ")")), (line, read_as)
    assert province_of(location) == to


def test_retreat_and_winter_orders_read_in_both_notations() -> None:
    retreating = {
        **SPRING,
        "phase": "spring_retreats",
        "dislodged": {
            "par": {"power": "Франция", "kind": "A", "location": "par", "by": "bur", "options": ["gas"]}
        },
    }
    for line in ("A PAR R GAS", "A PAR - GAS", "Армия Париж отступает в Гасконь"):
        assert normal("Франция", line, retreating) == "А Париж – Гасконь"
    for line in ("A PAR D", "DISBAND A PAR", "Распустить армию в Париже"):
        assert normal("Франция", line, retreating) == "РАСПУСТИТЬ А Париж"
    winter = {**SPRING, "phase": "winter"}
    for line, meant in (
        ("BUILD F STP/NC", "ПОСТРОИТЬ Ф Санкт-Петербург (СП)"),
        ("Построить флот в Санкт-Петербурге (СП)", "ПОСТРОИТЬ Ф Санкт-Петербург (СП)"),
        ("ПОСТРОИТЬ Москва", "ПОСТРОИТЬ А Москва"),
        ("WAIVE", "waive"),
    ):
        assert normal("Россия", line, winter) == meant
