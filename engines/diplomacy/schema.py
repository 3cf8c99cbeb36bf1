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


# the normal form names the unit in full («АРМИЯ Париж – Бургундия»: an order line, as the mails
# tell one); players may write the letter («А Пар – Бур», "A PAR - BUR")
ARMY_WORDS = ("АРМИЯ", "А", "A", "ARMY")
FLEET_WORDS = ("ФЛОТ", "Ф", "F", "FLEET")

ARMY = _unit(
    "army",
    ARMY_WORDS,
    Text(
        "Армия: «А Париж – Бургундия», «А Париж стоит», «А Марсель поддерживает А Париж – Бургундия», "
        "«А Лондон – Норвегия через конвой»",
        "An army: A PAR - BUR, A PAR H, A MAR S A PAR - BUR, A LON - NWY VIA CONVOY",
    ),
    "АРМИЯ Париж – Бургундия",
)
FLEET = _unit(
    "fleet",
    FLEET_WORDS,
    Text(
        "Флот: «Ф Брест – Ла-Манш», «Ф Северное море конвоирует А Лондон – Норвегия», "
        "«Ф Средняя Атлантика – Испания (СП)»",
        "A fleet: F BRE - ENG, F NTH C A LON - NWY, F MAO - SPA/NC",
    ),
    "ФЛОТ Брест – Ла-Манш",
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
    Text("Выбитая армия отступает: «А Париж – Бургундия»", "A dislodged army retreats: A PAR R BUR"),
    "АРМИЯ Париж – Бургундия",
)
RETREAT_FLEET = _unit(
    "fleet",
    FLEET_WORDS,
    Text("Выбитый флот отступает: «Ф Брест – Ла-Манш»", "A dislodged fleet retreats: F BRE R ENG"),
    "ФЛОТ Брест – Ла-Манш",
)
DISBAND = CommandSpec(
    "disband",
    ("РАСПУСТИТЬ", "DISBAND", "REMOVE"),
    _UNIT,
    Text("Распустить часть: «РАСПУСТИТЬ А Париж»", "Disband a unit: DISBAND A PAR"),
    "РАСПУСТИТЬ А Париж",
)
BUILD = CommandSpec(
    "build",
    ("ПОСТРОИТЬ", "BUILD"),
    _UNIT,
    Text(
        "Построить часть в своём свободном домашнем центре: «ПОСТРОИТЬ А Париж», "
        "«ПОСТРОИТЬ Ф Санкт-Петербург (СП)»",
        "Build a unit in a free home centre of yours: BUILD A PAR, BUILD F STP/NC",
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


def phases(board: Board) -> dict[str, PhaseSpec]:
    """The year's phases; a board with no coast (Pure) has no fleet and no fleet's orders."""
    fleets = any(p.kind != "land" for p in board.data.provinces)

    def units(*specs: CommandSpec) -> tuple[CommandSpec, ...]:
        return tuple(spec for spec in specs if fleets or spec.name != "fleet")

    return {
        SPRING: PhaseSpec(SPRING, SEASONS[SPRING], units(ARMY, FLEET, DRAW)),
        SPRING_RETREATS: PhaseSpec(
            SPRING_RETREATS, _retreats(SPRING), units(RETREAT_ARMY, RETREAT_FLEET, DISBAND)
        ),
        AUTUMN: PhaseSpec(AUTUMN, SEASONS[AUTUMN], units(ARMY, FLEET, DRAW)),
        AUTUMN_RETREATS: PhaseSpec(
            AUTUMN_RETREATS, _retreats(AUTUMN), units(RETREAT_ARMY, RETREAT_FLEET, DISBAND)
        ),
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
