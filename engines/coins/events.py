"""Collects what one resolution tells: private reports, public news and the GM's log."""

from __future__ import annotations

from collections.abc import Iterable

from engines.contract import JSON, Resolution
from engines.text import Msg, Param


class Events:
    def __init__(self, powers: Iterable[str]) -> None:
        self.reports: dict[str, list[Msg]] = {power: [] for power in powers}
        self.news: list[Msg] = []
        self.gm_log: list[Msg] = []

    def tell(self, power: str, code: str, /, **params: Param) -> None:
        self.reports[power].append(Msg(code, params))

    def announce(self, code: str, /, **params: Param) -> None:
        self.news.append(Msg(code, params))

    def log(self, code: str, /, **params: Param) -> None:
        self.gm_log.append(Msg(code, params))

    def resolution(self, state: JSON) -> Resolution:
        return Resolution(state, self.reports, self.news, self.gm_log)
