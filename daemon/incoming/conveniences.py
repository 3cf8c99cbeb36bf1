"""Player conveniences any order mail may carry, beside or instead of orders:
СТАТУС (the last report again), БЛАНК (the order blank), ПОМОЩЬ (the commands with examples),
ОТПУСК N (ask the GM for leave)."""

from __future__ import annotations

from engines.contract import Arg, ArgKind, CommandSpec, PhaseSpec
from engines.text import Text

CONVENIENCES = PhaseSpec.optional(
    "player",
    Text("Служебные команды", "Service commands"),
    (
        CommandSpec(
            "status",
            ("СТАТУС", "STATUS"),
            (),
            Text("прислать последние итоги ещё раз", "send the last report again"),
            "СТАТУС",
        ),
        CommandSpec(
            "form", ("БЛАНК", "FORM"), (), Text("прислать бланк приказов", "send the order blank"), "БЛАНК"
        ),
        CommandSpec(
            "help",
            ("ПОМОЩЬ", "HELP"),
            (),
            Text("список приказов с примерами", "the list of orders with examples"),
            "ПОМОЩЬ",
        ),
        CommandSpec(
            "leave",
            ("ОТПУСК", "LEAVE"),
            (Arg("turns", ArgKind.INT, minimum=1, maximum=100), Arg("words", ArgKind.TEXT, optional=True)),
            Text(
                "попросить у ведущего отпуск на столько ходов (слова после числа ведущий прочтёт)",
                "ask the GM for leave for N turns (the GM reads any words after the number)",
            ),
            "ОТПУСК 2",
        ),
    ),
)
