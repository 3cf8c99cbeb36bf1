"""The mail phase and its command schema (what the generic order parser reads), and the
vocabularies that NAME arguments take. One phase a turn: every power spends all its influence at
once, so the turn is a simultaneous auction per territory."""

from __future__ import annotations

from pathlib import Path

from engines.contract import Arg, ArgKind, CommandSpec, PhaseSpec, Vocabulary
from engines.mare.data import DATA, GeneralKind
from engines.mare.state import State
from engines.mare.world import ORDERS
from engines.phrasing import load_phrasing
from engines.text import Text
from engines.toolkit import power_vocabulary, vocabulary_of

C = DATA.costs


def _name(name: str, vocabulary: str) -> Arg:
    return Arg(name, ArgKind.NAME, vocabulary=vocabulary)


def _amount() -> Arg:
    return Arg("amount", ArgKind.INT, minimum=1)


# names for the examples, taken from the data so a renamed territory never leaves a stale example
_ISLAND = DATA.bonuses[0].at  # Западная Сицилия
_HOME = DATA.territories[0].name  # Лаций
_NEXT = DATA.territories[0].neighbours[0]  # Этрурия
_ALLY = DATA.powers[1].name
_PLAIN = next(g for g in DATA.generals if g.command == "general")


def _general(kind: GeneralKind) -> str:
    return DATA.general_of(kind).name


INFLUENCE = CommandSpec(
    "influence",
    ("ВЛИЯНИЕ", "ВЛИЯТЬ", "INFLUENCE", "BID"),
    (_name("territory", "territory"), _amount()),
    Text(
        "Потратить своё влияние на территорию (любую на карте); на дальние действует коэффициент.",
        "Spend your influence on a territory (any on the map); a distance coefficient applies.",
    ),
    f"ВЛИЯНИЕ {_ISLAND} 5",
)
SUPPORT = CommandSpec(
    "support",
    ("ПОДДЕРЖКА", "ПОДДЕРЖАТЬ", "SUPPORT"),
    (_name("territory", "territory"), _name("side", "side"), _amount()),
    Text(
        "Поддержать своим влиянием другой народ (или нейтралов) на территории; поддержка ничего "
        "не стоит, если поддержанный сам туда не влияет.",
        "Support another people (or the neutrals) on a territory with your influence; it is "
        "worthless if they spend nothing there themselves.",
    ),
    f"ПОДДЕРЖКА {_ISLAND} {_ALLY} 2",
)
GENERAL = CommandSpec(
    "general",
    ("ГЕНЕРАЛ", "GENERAL"),
    (_name("general", "general"), _name("territory", "territory")),
    Text(
        "Послать своего генерала на территорию, куда вы влияете в этом ходу.",
        "Send one of your generals to a territory you spend influence on this turn.",
    ),
    f"ГЕНЕРАЛ {_PLAIN.name} {_ISLAND}",
)
CHARM = CommandSpec(
    "charm",
    ("ОБАЯТОР", "ГЕНЕРАЛ ОБАЯТОР", "CHARMER", "GENERAL CHARMER"),
    (_name("territory", "territory"), _name("side", "side")),
    Text(
        f"Генерал {_general('charmer')}: всё влияние выбранного народа (или нейтралов) на этой "
        "территории поддерживает вас.",
        "General Charmer: all influence the chosen people (or the neutrals) put on this territory "
        "supports you.",
    ),
    f"ОБАЯТОР {_ISLAND} {_ALLY}",
)
UNITE = CommandSpec(
    "unite",
    ("ОБЪЕДИНЯТОР", "ГЕНЕРАЛ ОБЪЕДИНЯТОР", "UNIFIER", "GENERAL UNIFIER"),
    (_name("territory", "territory"), _name("other", "territory")),
    Text(
        f"Генерал {_general('unifier')}: на этот ход объединить территорию, куда вы влияете, с соседней.",
        "General Unifier: for this turn merge a territory you spend on with a neighbouring one.",
    ),
    f"ОБЪЕДИНЯТОР {_HOME} {_NEXT}",
)
KILL = CommandSpec(
    "kill",
    ("УБИВАТОР", "ГЕНЕРАЛ УБИВАТОР", "KILLER", "GENERAL KILLER"),
    (_name("general", "general"),),
    Text(
        f"Генерал {_general('killer')}: убить генерала, где бы он ни был; оба уходят в пул после хода.",
        "General Killer: kill a general wherever it is; both return to the pool after this turn.",
    ),
    f"УБИВАТОР {_PLAIN.name}",
)
EXCHANGE = CommandSpec(
    "exchange",
    ("СУХЭБАТОР", "ГЕНЕРАЛ СУХЭБАТОР", "EXCHANGE"),
    (_name("general", "general"),),
    Text(
        f"Генерал {_general('sukhbaatar')}: обменять его на свободного генерала из пула.",
        "General Sukhbaatar: exchange him for a free general of the pool.",
    ),
    f"СУХЭБАТОР {_PLAIN.name}",
)
FORTIFY = CommandSpec(
    "fortify",
    ("КРЕПОСТЬ", "ПОСТРОИТЬ КРЕПОСТЬ", "FORTRESS", "FORTIFY"),
    (_name("territory", "territory"),),
    Text(
        f"Построить крепость на своей сухопутной территории (влияние −{C.fortress}, МОЩЬ −1); если "
        f"удержите её, со следующего хода крепость даёт там влияние +{C.fortress_influence} каждый ход.",
        f"Build a fortress on your land territory (influence −{C.fortress}, Might −1); if you hold it, "
        f"from next turn it gives {C.fortress_influence} influence there every turn.",
    ),
    f"КРЕПОСТЬ {_HOME}",
)
RAZE = CommandSpec(
    "raze",
    ("СНЕСТИ", "СНЕСТИ КРЕПОСТЬ", "RAZE"),
    (_name("territory", "territory"),),
    Text(
        f"Уничтожить свою крепость (влияние −{C.raze}); в этом ходу она поможет вам последний раз.",
        f"Raze your fortress (influence −{C.raze}); it helps you one last time this turn.",
    ),
    f"СНЕСТИ {_HOME}",
)
MOVE_BONUS = CommandSpec(
    "move_bonus",
    ("БОНУС", "ПЕРЕНЕСТИ БОНУС", "MOVE BONUS", "BONUS"),
    (_name("territory", "territory"), _name("to", "territory")),
    Text(
        f"Перенести бонус со своей территории на свою сухопутную без бонуса ({C.move_bonus} влияния, "
        "−1 МОЩЬ); обе надо удержать до конца хода.",
        f"Move a bonus from your territory to your land territory without one ({C.move_bonus} "
        "influence, −1 Might); you must hold both at the end of the turn.",
    ),
    f"БОНУС {_ISLAND} {_HOME}",
)
CONNECT = CommandSpec(
    "connect",
    ("СВЯЗНОСТЬ", "CONNECT", "CONNECTIVITY"),
    (Arg("count", ArgKind.INT, minimum=1),),
    Text(
        "Оплатить связность стольких лишних кусков государства: влияние 1 за второй, 2 за третий… "
        "Неоплаченный кусок стоит 1 МОЩИ, если у вас не меньше 11.",
        "Pay to keep this many extra pieces of a split state: 1 influence for the 2nd, 2 for the "
        "3rd… Each unpaid piece costs 1 Might if you have at least 11.",
    ),
    "СВЯЗНОСТЬ 1",
)
PERMIT = CommandSpec(
    "permit",
    ("РАЗРЕШИТЬ", "PERMIT", "ALLOW"),
    (_name("power", "power"), _name("territory", "territory")),
    Text(
        "Разрешить народу без территорий завоевать нейтральную территорию рядом с вашей.",
        "Allow a people without territory to conquer a neutral territory next to yours.",
    ),
    f"РАЗРЕШИТЬ {_ALLY} {_ISLAND}",
)

COMMANDS = (
    INFLUENCE,
    SUPPORT,
    GENERAL,
    CHARM,
    UNITE,
    KILL,
    EXCHANGE,
    FORTIFY,
    RAZE,
    MOVE_BONUS,
    CONNECT,
    PERMIT,
)
PHRASING = load_phrasing(Path(__file__).with_name("phrasing.toml"), COMMANDS)
PHASES: dict[str, PhaseSpec] = {
    ORDERS: PhaseSpec(ORDERS, Text("Влияние", "Influence"), COMMANDS, phrasing=PHRASING)
}


def vocabularies(state: State) -> dict[str, Vocabulary]:
    powers = power_vocabulary(DATA.powers, state["powers"])
    territories = vocabulary_of(DATA.territory(t) for t in state["map"])
    return {
        "power": powers,
        "side": {**powers, DATA.neutrals.name: DATA.neutrals.spellings},
        "territory": territories,
        "general": vocabulary_of(DATA.generals),
    }
