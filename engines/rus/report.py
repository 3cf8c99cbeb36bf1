"""The turn's collector: the shared Events plus each country's account of income and expenses."""

from __future__ import annotations

from collections.abc import Iterable

from engines.rus.state import Line, State
from engines.rus.world import country
from engines.text import Param
from engines.toolkit import Events

Influence = list[tuple[str, str, int]]  # (from, on, delta): the turn's influence changes, applied at step 8


class Turn(Events):
    """What a resolution tells, and the money lines it books (credited to the treasury at once)."""

    def __init__(self, powers: Iterable[str]) -> None:
        super().__init__(powers)
        self.accounts: dict[str, list[Line]] = {power: [] for power in self.reports}

    def book(self, state: State, power: str, item: str, amount: int, note: str = "") -> None:
        """Credit (or debit, if negative) the treasury and write the line in the turn's account."""
        if not amount:
            return
        country(state, power)["money"] += amount
        self.accounts[power].append({"item": item, "amount": amount, "note": note})

    def tell_all(self, powers: Iterable[str], code: str, /, **params: Param) -> None:
        """The same private line to several powers (each once), and to the GM once."""
        for power in dict.fromkeys(powers):
            if power in self.reports:
                self.tell(power, code, **params)
        self.log(code, **params)
