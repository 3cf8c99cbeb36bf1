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
        self.fights: list[Msg] = []  # this action's battles, told in numbers, not yet in the GM's log

    def fought(self, place: str, /, **numbers: int) -> None:
        """A battle's strengths and rolls, for the GM's log alone: players read the battle told in
        words (who fought where, who won, the losses). They follow the action that fought it."""
        self.fights.append(Msg("council_gm_fight", {"place": place, **numbers}))

    def log_fights(self) -> None:
        self.gm_log += self.fights
        self.fights = []

    def inform(self, realm: str, code: str, /, **params: Param) -> None:
        """News for the families of `realm` (its council's list, votes and decisions)."""
        self.groups.setdefault(realm, []).append(Msg(code, params))

    def resolved(self, state: State) -> Resolution[State]:
        return Resolution(state, self.reports, self.news, self.gm_log, self.groups)
