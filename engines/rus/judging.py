"""What every order check of a Rus mail shares: the mail being judged with its running totals."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from engines import toolkit
from engines.contract import Command
from engines.rus.state import Country, State
from engines.rus.world import country, owner, policy_key
from engines.text import Msg


@dataclass
class Mail(toolkit.Mail[State]):
    """One power's mail being judged, with what its earlier lines already spent or chose."""

    policy: str | None = None  # a policy key chosen by an earlier line
    converting: bool = False
    doubled: str = ""  # the province an earlier line gave its second route («Приоритет торговли»)
    committed: dict[str, int] = field(default_factory=dict)  # druzhina earlier lines took, by province
    militia_used: set[str] = field(default_factory=set)  # provinces whose militia an earlier line took
    acts: set[str] = field(default_factory=set)  # once-a-turn acts an earlier line already made

    @property
    def me(self) -> Country:
        return country(self.state, self.power)

    @property
    def policy_now(self) -> str:
        return policy_key(self.state, self.power) if self.policy is None else self.policy

    def own(self, province: str) -> bool:
        return owner(self.state, province) == self.power


Check = Callable[[Mail, Command], Msg | None]


def msg(code: str, **params: str | int) -> Msg:
    return Msg(code, params)


def spend(mail: Mail, amount: int) -> Msg | None:
    return mail.spend(amount, mail.me["money"], "rus_not_enough_money")
