"""What one resolution tells, and to whom: the toolkit's reports, news and GM log, plus the news
of one power's council, which reach that power's families only (`Resolution.group_news`)."""

from __future__ import annotations

from collections.abc import Iterable

from engines.contract import Resolution
from engines.council.state import State
from engines.text import Msg, Param
from engines.toolkit import Events


class CouncilEvents(Events):
    def __init__(self, powers: Iterable[str]) -> None:
        super().__init__(powers)
        self.groups: dict[str, list[Msg]] = {}

    def inform(self, realm: str, code: str, /, **params: Param) -> None:
        """News for the families of `realm` (its council's list, votes and decisions)."""
        self.groups.setdefault(realm, []).append(Msg(code, params))

    def resolved(self, state: State) -> Resolution[State]:
        return Resolution(state, self.reports, self.news, self.gm_log, self.groups)
