"""The five phases of a Diplomacy year and their commands.

Players write orders in the game's notation, read by `read_notation` (notation.py) into these
commands: an order to a unit is the command of its kind, «А» or «Ф», with the rest of the order
as the normal form writes it («А Париж – Бургундия», «Ф Северное море конвоирует А Лондон –
Норвегия»), so a reply quotes it back as a Diplomacy player writes it.
"""

from __future__ import annotations

from engines.contract import Arg, ArgKind, CommandSpec, PhaseSpec, Vocabulary
from engines.diplomacy.board import Board
from engines.diplomacy.state import AUTUMN, AUTUMN_RETREATS, SPRING, SPRING_RETREATS, WINTER
from engines.text import Text

_ORDER = (Arg("order", ArgKind.TEXT),)
_UNIT = (Arg("unit", ArgKind.TEXT),)


def _unit(name: str, keywords: tuple[str, ...], help: Text, example: str) -> CommandSpec:
    return CommandSpec(name, keywords, _ORDER, help, example)


ARMY_WORDS = ("А", "A", "АРМИЯ", "ARMY")
FLEET_WORDS = ("Ф", "F", "ФЛОТ", "FLEET")

ARMY = _unit(
    "army",
    ARMY_WORDS,
    Text(
        "Армия: «А Париж – Бургундия», «А Париж стоит», «А Марсель поддерживает А Париж – Бургундия», "
        "«А Лондон – Норвегия через конвой»",
        "An army: «А Париж – Бургундия» (A PAR - BUR), «А Париж стоит» (A PAR H), "
        "«А Марсель поддерживает А Париж – Бургундия» (A MAR S A PAR - BUR)",
    ),
    "А Париж – Бургундия",
)
FLEET = _unit(
    "fleet",
    FLEET_WORDS,
    Text(
        "Флот: «Ф Брест – Ла-Манш», «Ф Северное море конвоирует А Лондон – Норвегия», "
        "«Ф Средняя Атлантика – Испания (СП)»",
        "A fleet: «Ф Брест – Ла-Манш» (F BRE - ENG), "
        "«Ф Северное море конвоирует А Лондон – Норвегия» (F NTH C A LON - NWY)",
    ),
    "Ф Брест – Ла-Манш",
)
DRAW = CommandSpec(
    "draw",
    ("НИЧЬЯ", "DRAW", "DIAS"),
    (),
    Text(
        "Голос за ничью всех оставшихся держав: игра кончается ничьей, когда за неё голосуют все",
        "A vote for a draw of all surviving powers (DIAS): the game ends so when all vote for it",
    ),
    "НИЧЬЯ",
)
RETREAT_ARMY = _unit(
    "army",
    ARMY_WORDS,
    Text(
        "Выбитая армия отступает: «А Париж – Бургундия»", "A dislodged army retreats: «А Париж – Бургундия»"
    ),
    "А Париж – Бургундия",
)
RETREAT_FLEET = _unit(
    "fleet",
    FLEET_WORDS,
    Text("Выбитый флот отступает: «Ф Брест – Ла-Манш»", "A dislodged fleet retreats: «Ф Брест – Ла-Манш»"),
    "Ф Брест – Ла-Манш",
)
DISBAND = CommandSpec(
    "disband",
    ("РАСПУСТИТЬ", "DISBAND", "REMOVE"),
    _UNIT,
    Text("Распустить часть: «РАСПУСТИТЬ А Париж»", "Disband a unit: «РАСПУСТИТЬ А Париж» (DISBAND A PAR)"),
    "РАСПУСТИТЬ А Париж",
)
BUILD = CommandSpec(
    "build",
    ("ПОСТРОИТЬ", "BUILD"),
    _UNIT,
    Text(
        "Построить часть в своём свободном домашнем центре: «ПОСТРОИТЬ А Париж», "
        "«ПОСТРОИТЬ Ф Санкт-Петербург (СП)»",
        "Build a unit in a free home centre of yours: «ПОСТРОИТЬ А Париж» (BUILD A PAR)",
    ),
    "ПОСТРОИТЬ А Париж",
)
WAIVE = CommandSpec(
    "waive",
    ("ОТКАЗ", "WAIVE"),
    (),
    Text("Отказаться от одной постройки", "Waive one build"),
    "ОТКАЗ",
)

SEASONS = {SPRING: Text("Весна", "Spring"), AUTUMN: Text("Осень", "Fall"), WINTER: Text("Зима", "Winter")}
_RETREATS = Text("отступления", "retreats")


def _retreats(season: str) -> Text:
    title = SEASONS[season]
    return Text(f"{title.ru}: {_RETREATS.ru}", f"{title.en} {_RETREATS.en}")


PHASES = {
    SPRING: PhaseSpec(SPRING, SEASONS[SPRING], (ARMY, FLEET, DRAW)),
    SPRING_RETREATS: PhaseSpec(SPRING_RETREATS, _retreats(SPRING), (RETREAT_ARMY, RETREAT_FLEET, DISBAND)),
    AUTUMN: PhaseSpec(AUTUMN, SEASONS[AUTUMN], (ARMY, FLEET, DRAW)),
    AUTUMN_RETREATS: PhaseSpec(AUTUMN_RETREATS, _retreats(AUTUMN), (RETREAT_ARMY, RETREAT_FLEET, DISBAND)),
    WINTER: PhaseSpec(WINTER, SEASONS[WINTER], (BUILD, DISBAND, WAIVE)),
}
SEASON_OF = {SPRING_RETREATS: SPRING, AUTUMN_RETREATS: AUTUMN}


def turn_title(first_year: int, turn: int, phase: str) -> Text:
    """«Весна 1901», «Осень 1901: отступления», "Fall 1901 retreats"."""
    year = first_year + turn - 1
    season = SEASONS[SEASON_OF.get(phase, phase)]
    if phase in SEASON_OF:
        return Text(f"{season.ru} {year}: {_RETREATS.ru}", f"{season.en} {year} {_RETREATS.en}")
    return Text(f"{season.ru} {year}", f"{season.en} {year}")


def vocabularies(board: Board, powers: list[str]) -> dict[str, Vocabulary]:
    """The names orders use: the provinces and the powers, each with its other spellings."""
    return {
        "province": {p.name: p.spellings for p in board.data.provinces},
        "power": {p.name: p.spellings for p in board.data.powers if p.name in powers},
    }
