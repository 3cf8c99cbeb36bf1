"""Collects what one resolution tells (the shared collector: private reports, public news, the GM's
log), and the МОЩЬ changes of the turn (applied together at its end)."""

from __future__ import annotations

from collections.abc import Iterable

from engines.text import Param
from engines.toolkit import Events as BaseEvents


class Events(BaseEvents):
    def __init__(self, powers: Iterable[str]) -> None:
        super().__init__(powers)
        self.might: dict[str, int] = {power: 0 for power in self.reports}

    def tell_all(self, powers: Iterable[str], code: str, /, **params: Param) -> None:
        """The same private line to several powers, and to the GM once."""
        for power in powers:
            self.tell(power, code, **params)
        self.log(code, **params)

    def change_might(self, power: str, amount: int, code: str, /, **params: Param) -> None:
        """Record a МОЩЬ change and tell its power why (the GM sees it too)."""
        self.might[power] += amount
        self.tell(power, code, power=power, amount=abs(amount), **params)
        self.log(code, power=power, amount=abs(amount), **params)
