"""The GM's commands as a command schema, read by the same generic parser as players' orders.

A phase and a number the GM may correct are named as the game names them («Приказы», «Монеты»),
in commands, their echoes and the examples of ПОМОЩЬ; their internal ids are read too, as older
history lines (which `gonets rebuild` replays) wrote them."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace

from daemon.games import Game
from engines.contract import Adjustable, Arg, ArgKind, CommandSpec, PhaseSpec, Vocabulary
from engines.text import Text
from parsers.normalize import normalize
from state.records import GameRecord

_POWER = Arg("power", ArgKind.NAME, "power")
_TURN = Arg("turn", ArgKind.INT, minimum=1)
_PHASE = Arg("phase", ArgKind.NAME, "phase")
MOST_HOURS = 24 * 365
_HOURS = Arg("hours", ArgKind.INT, minimum=1, maximum=MOST_HOURS)
_REASON = Arg("reason", ArgKind.TEXT, optional=True)


def _spec(
    name: str, keywords: tuple[str, ...], args: tuple[Arg, ...], ru: str, en: str, example: str
) -> CommandSpec:
    return CommandSpec(name, keywords, args, Text(ru, en), example)


COMMANDS = (
    _spec(
        "start",
        ("НАЧАТЬ", "START"),
        (),
        "закрыть запись, жребием раздать страны, разослать пароли",
        "close signup, draw powers by lot, mail the passwords",
        "НАЧАТЬ",
    ),
    _spec(
        "extend",
        ("ПРОДЛИТЬ", "EXTEND"),
        (_HOURS,),
        "продлить срок текущей фазы на столько часов (снимает задержку)",
        "extend the current deadline by N hours (lifts a hold)",
        "ПРОДЛИТЬ 24",
    ),
    _spec(
        "cadence",
        ("РИТМ", "CADENCE"),
        (_HOURS, Arg("phase", ArgKind.NAME, "phase", optional=True)),
        "длительность фаз в часах (всех или одной), со следующей фазы",
        "phase length in hours (all phases or one), from the next phase on",
        "РИТМ 48",
    ),
    _spec("pause", ("ПАУЗА", "PAUSE"), (), "остановить часы игры", "stop the game's clock", "ПАУЗА"),
    _spec(
        "resume",
        ("ПРОДОЛЖИТЬ", "RESUME"),
        (),
        "пустить часы с того же остатка времени",
        "restart the clock with the time that was left",
        "ПРОДОЛЖИТЬ",
    ),
    _spec(
        "process",
        ("ОБРАБОТАТЬ", "PROCESS"),
        (_TURN, _PHASE),
        "рассчитать фазу сейчас (повтор безвреден: прошедшая фаза не считается дважды)",
        "resolve the phase now (harmless twice: a phase that moved on is not resolved again)",
        "ОБРАБОТАТЬ 3 Приказы",
    ),
    _spec(
        "preview",
        ("ПРОСМОТР", "PREVIEW"),
        (Arg("mode", ArgKind.NAME, "switch"),),
        "итоги сначала ведущему, игрокам — после ВЫПУСТИТЬ",
        "results to the GM first, to players after RELEASE",
        "ПРОСМОТР ВКЛ",
    ),
    _spec(
        "release",
        ("ВЫПУСТИТЬ", "RELEASE"),
        (_TURN, _PHASE),
        "разослать просмотренные итоги игрокам",
        "send the previewed results to the players",
        "ВЫПУСТИТЬ 3 Приказы",
    ),
    _spec(
        "reresolve",
        ("ПЕРЕСЧИТАТЬ", "RERESOLVE"),
        (),
        "пересчитать просматриваемую фазу после поправок",
        "resolve the previewed phase again after corrections",
        "ПЕРЕСЧИТАТЬ",
    ),
    _spec(
        "rollback",
        ("ОТКАТ", "ROLLBACK"),
        (_TURN, _REASON),
        "вернуть игру к началу этого хода (приказы и состояние как были); игроки могут исправить "
        "приказы до нового срока: через столько часов, сколько указано после хода, иначе через обычную "
        "длину фазы",
        "return the game to the start of turn N (orders and state as they were); players may correct "
        "their orders until a new deadline: the hours given after the turn, else the phase's length",
        "ОТКАТ 3 24 часа ошибка в подсчёте",
    ),
    _spec(
        "replace",
        ("ЗАМЕНИТЬ", "REPLACE"),
        (_POWER, Arg("who", ArgKind.TEXT)),
        "новый игрок за страну: адрес и имя; ему уходит новый пароль",
        "a new player for a power: address and name; a new password is mailed",
        "ЗАМЕНИТЬ США ivan@example.org Иван",
    ),
    _spec(
        "return",
        ("ВЕРНУТЬ", "RETURN"),
        (_POWER, Arg("who", ArgKind.TEXT, optional=True)),
        "вернуть страну от компьютера игроку (адрес и имя; без них — прежнему) с новым паролем",
        "give a computer-run power back to a player (address and name; none: the last one), new password",
        "ВЕРНУТЬ США",
    ),
    _spec(
        "eject",
        ("ИЗГНАТЬ", "EJECT"),
        (_POWER, _REASON),
        "отстранить игрока, страну — компьютеру",
        "remove a player; the computer plays the power",
        "ИЗГНАТЬ США не по правилам",
    ),
    _spec(
        "leave",
        ("ОТПУСК", "LEAVE"),
        (
            _POWER,
            Arg("turns", ArgKind.INT, minimum=1, maximum=100),
            Arg("mode", ArgKind.NAME, "leave", optional=True),
        ),
        "отпуск на столько ходов: пропуски не считаются; без приказов страной играет компьютер или никто",
        "leave for N turns: misses do not count; without orders the computer plays, or nobody",
        "ОТПУСК США 2 КОМПЬЮТЕР",
    ),
    _spec(
        "revive",
        ("ВОСКРЕСИТЬ", "REVIVE"),
        (_POWER,),
        "вернуть игрока, снятого за пропуски (пароль прежний)",
        "bring back a player retired for missed turns (same password)",
        "ВОСКРЕСИТЬ США",
    ),
    _spec(
        "join",
        ("ПРИСОЕДИНИТЬ", "JOIN"),
        (Arg("who", ArgKind.TEXT),),
        "новый игрок в идущей игре: адрес, имя и после «;» название страны; правила дают ему страну, "
        "ему уходит пароль",
        'a new player in the running game: address, name and after ";" the power\'s name; the rules '
        "place the power, a password is mailed",
        "ПРИСОЕДИНИТЬ ivan@example.org Иван; Вольные",
    ),
    _spec(
        "adjust",
        ("ПОПРАВКА", "ADJUST"),
        (
            _POWER,
            Arg("field", ArgKind.NAME, "field"),
            Arg("value", ArgKind.INT, minimum=-(10**9), maximum=10**9),
            _REASON,
        ),
        "установить число страны (с причиной)",
        "set a number of a power (with the reason)",
        "ПОПРАВКА США Монеты 12 ошибка ведущего",
    ),
    _spec(
        "award",
        ("НАГРАДА", "AWARD"),
        (
            _POWER,
            Arg("field", ArgKind.NAME, "field"),
            Arg("delta", ArgKind.INT, minimum=-(10**9), maximum=10**9),
            _REASON,
        ),
        "прибавить к числу страны (награда за отыгрыш, штраф — с минусом)",
        "add to a number of a power (a story award; a penalty is negative)",
        "НАГРАДА США Монеты 2 летопись",
    ),
    _spec(
        "broadcast",
        ("РАССЫЛКА", "BROADCAST"),
        (Arg("text", ArgKind.TEXT),),
        "письмо всем игрокам: эта строка и все строки ниже",
        "a mail to every player: this line and all below",
        "РАССЫЛКА Ход 5 переносится на понедельник.",
    ),
    _spec(
        "letter",
        ("ПИСЬМО", "LETTER"),
        (Arg("to", ArgKind.NAME, "audience"), Arg("text", ArgKind.TEXT)),
        "письмо одной стране или группе правил (держава, союз): эта строка и все строки ниже",
        "a mail to one power or one group of the rules (a realm, a union): this line and all below",
        "ПИСЬМО США Ваш посол прибыл.",
    ),
    _spec(
        "digest",
        ("СВОДКА", "DIGEST"),
        (),
        "прислать последнюю сводку ещё раз",
        "send the last digest again",
        "СВОДКА",
    ),
    _spec(
        "data",
        ("ДАННЫЕ", "DATA"),
        (),
        "перечитать файл данных ведущего (путь к нему — в настройках игры)",
        "read the GM data file again (data in the game's config)",
        "ДАННЫЕ",
    ),
    _spec("help", ("ПОМОЩЬ", "HELP"), (), "этот список", "this list", "ПОМОЩЬ"),
    _spec(
        "reason",
        ("ПРИЧИНА", "REASON"),
        (Arg("text", ArgKind.TEXT),),
        "причина для всех команд письма (в журнал)",
        "the reason for every command of the mail (logged)",
        "ПРИЧИНА праздники",
    ),
)

TEXT_COMMANDS = ("broadcast", "letter")  # their text goes on below their line, up to КОНЕЦ
GM_PHASE = PhaseSpec.optional("gm", Text("Команды ведущего", "GM commands"), COMMANDS)


def gm_phase(game: Game, record: GameRecord) -> PhaseSpec:
    """The daemon's GM commands and then the ruleset's own (`Ruleset.gm_commands`), for one parser; each of
    the daemon's examples made of this game's own powers, phases and numbers."""
    fitting = _examples(game, record)
    own = tuple(replace(spec, example=fitting.get(spec.name, spec.example)) for spec in COMMANDS)
    return replace(GM_PHASE, commands=(*own, *game.ruleset.gm_commands))


def _examples(game: Game, record: GameRecord) -> dict[str, str]:
    ruleset = game.ruleset
    powers = sorted(record.players) or ruleset.playable_powers(ruleset.max_players)
    power = powers[0]
    turn = max(record.turn, 1)
    phases = [spec.title.ru for spec in ruleset.phases.values()]
    phase = ruleset.phases[record.phase].title.ru if record.phase else phases[0]
    fitting = {
        "process": f"ОБРАБОТАТЬ {turn} {phase}",
        "release": f"ВЫПУСТИТЬ {turn} {phase}",
        "cadence": f"РИТМ 48 {phases[-1]}" if len(phases) > 1 else "РИТМ 48",
        "rollback": f"ОТКАТ {turn} 24 часа ошибка в подсчёте",
        "replace": f"ЗАМЕНИТЬ {power} ivan@example.org Иван",
        "return": f"ВЕРНУТЬ {power}",
        "eject": f"ИЗГНАТЬ {power} не по правилам",
        "leave": f"ОТПУСК {power} 2 КОМПЬЮТЕР",
        "revive": f"ВОСКРЕСИТЬ {power}",
        "letter": f"ПИСЬМО {power} Ваш посол прибыл.",
    }
    field = next(iter(ruleset.adjustables.values()), None)
    if field is not None:
        fitting["adjust"] = f"ПОПРАВКА {power} {field_name(field)} 12 ошибка ведущего"
        fitting["award"] = f"НАГРАДА {power} {field_name(field)} 2 летопись"
    return fitting


def help_commands(game: Game, record: GameRecord) -> tuple[CommandSpec, ...]:
    """The commands ПОМОЩЬ lists: those this game can take (no ПОПРАВКА where the rules expose no
    number)."""
    numbers = bool(game.ruleset.adjustables)
    return tuple(c for c in gm_phase(game, record).commands if numbers or c.name not in ("adjust", "award"))


_TYPED = re.compile(r"[А-ЯЁа-яё0-9 -]+")  # a Russian name a GM can type back


def field_name(field: Adjustable) -> str:
    """How the GM names a number: its Russian title, or when that is no name one can type, its
    longest Russian alias («Казна (Д)» → «ДЕНЬГИ»)."""
    if _TYPED.fullmatch(field.title.ru):
        return field.title.ru
    return max((a for a in field.aliases if _TYPED.fullmatch(a)), key=len, default=field.name)


def field_id(game: Game, name: str) -> str:
    """The ruleset's id of the number the GM named (`field_name`, or the id itself)."""
    return next((f.name for f in game.ruleset.adjustables.values() if name in (field_name(f), f.name)), name)


def phase_id(game: Game, name: str) -> str:
    """The ruleset's id of the phase the GM named (its Russian title, or the id itself)."""
    return next((p for p, spec in game.ruleset.phases.items() if name in (spec.title.ru, p)), name)


# the words a GM writes after a number of hours («ПРОДЛИТЬ 24 часа»), normalised
HOUR_WORDS = frozenset({"ч", "час", "часа", "часов", "h", "hour", "hours"})
_HOURS_FIRST = re.compile(r"\s*([0-9]{1,6})\s+(\S+)(?:\s+(.*))?", re.DOTALL)


def unit_dropped(text: str) -> str:
    """A command line that gives hours (ПРОДЛИТЬ, РИТМ) without the unit word a GM writes after
    them («ПРОДЛИТЬ 24 часа» → «ПРОДЛИТЬ 24»), so the schema reads it; any other line as it is."""
    keyword, _, rest = text.strip().partition(" ")
    hours, after = hours_first(rest)
    if hours is None or normalize(keyword) not in _HOURS_KEYWORDS:
        return text
    return f"{keyword} {hours} {after}".rstrip()


def hours_first(text: str) -> tuple[int | None, str]:
    """A number of hours that opens a free text, with its unit word («24 часа пересчёт»), and the
    rest of the text; without the unit word a number is the text's own («2 ошибки»): (None, text)."""
    found = _HOURS_FIRST.fullmatch(text)
    if found is None or normalize(found.group(2)) not in HOUR_WORDS:
        return None, text
    return int(found.group(1)), (found.group(3) or "").strip()


_HOURS_KEYWORDS = frozenset(
    normalize(word) for spec in COMMANDS if spec.name in ("extend", "cadence") for word in spec.keywords
)
SWITCH: Vocabulary = {"ВКЛ": ("ON", "ДА", "YES"), "ВЫКЛ": ("OFF", "НЕТ", "NO")}
LEAVE_MODES: Vocabulary = {"КОМПЬЮТЕР": ("AI", "COMPUTER"), "НИЧЕГО": ("PASS", "NOTHING")}


def vocabularies(game: Game, record: GameRecord) -> Mapping[str, Vocabulary]:
    """The daemon's names, over every name of the rules (the ruleset's GM commands may use them:
    the GM knows everything). A letter's audience is a power or a group of the rules; a power's
    name wins over a group of the same name."""
    rules = game.ruleset.vocabularies(record.state) if record.state else {}
    powers = rules.get("power", {})
    fields = {
        field_name(a): tuple(
            n for n in dict.fromkeys((a.name, a.title.ru, a.title.en, *a.aliases)) if n != field_name(a)
        )
        for a in game.ruleset.adjustables.values()
    }
    players = {p: tuple(powers.get(p, ())) for p in record.players}
    audiences = dict.fromkeys(game.ruleset.groups(record.state) if record.state else (), ())
    return {
        **rules,
        "power": players,
        "audience": {**audiences, **players},
        "phase": {spec.title.ru: (name, spec.title.en) for name, spec in game.ruleset.phases.items()},
        "switch": SWITCH,
        "leave": LEAVE_MODES,
        "field": fields,
    }
