"""One family's mail being judged, and the small checks every stage's rules share: its running
money, projects and actions, and whether a province is its power's, free, or within reach."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from engines import toolkit
from engines.contract import Command
from engines.council.data import DATA
from engines.council.state import State
from engines.council.world import free, realm_of, ruling, sphere_of
from engines.text import Msg


@dataclass
class Mail(toolkit.Mail[State]):
    """One family's mail being judged, with what its earlier lines spent, put and used."""

    projects: int = 0
    actions: int = 0  # limited actions (8.4) taken by the lines above
    marched: bool = False  # a march line above: every march of the family is one action
    rights: Counter[str] = field(default_factory=Counter)  # auction rights the lines above spend
    guard_raised: int = 0
    militia_given: int = 0

    @property
    def realm(self) -> str:
        return realm_of(self.state, self.power)

    def mine(self, province: str) -> bool:
        return self.state["provinces"][province]["realm"] == self.realm

    def reach(self, province: str) -> bool:
        """A province of the power or of its sphere of influence."""
        return self.mine(province) or province in sphere_of(self.state, self.realm)


Check = Callable[[Mail, Command], Msg | None]


def msg(code: str, **params: str | int) -> Msg:
    return Msg(code, params)


def spend(mail: Mail, amount: int) -> Msg | None:
    have = mail.state["families"][mail.power]["money"]
    if mail.spent + amount > have:
        code = "council_not_enough_money_with_above" if mail.spent else "council_not_enough_money"
        return msg(code, need=mail.spent + amount, have=have)
    mail.spent += amount
    return None


def cost(cmd: Command) -> int:
    """What an order takes from the family's money when its stage resolves."""
    if cmd.name in ("bid", "transfer"):
        return int(cmd.args["amount"])
    if cmd.name == "squadrons":
        return int(cmd.args["count"]) * int(cmd.args["price"])
    if cmd.name == "guard":
        return int(cmd.args["units"]) * DATA.actions.guard_cost
    if cmd.name == "build" and DATA.building(str(cmd.args["building"])).grand:
        return DATA.actions.grand_cost
    return 0


def twice(names: Sequence[str]) -> Msg | None:
    repeated = [name for name, n in Counter(names).items() if n > 1]
    return msg("council_named_twice", name=repeated[0]) if repeated else None


def own(mail: Mail, province: str) -> Msg | None:
    return (
        None if mail.mine(province) else msg("council_not_our_province", province=province, realm=mail.realm)
    )


def own_free(mail: Mail, province: str) -> Msg | None:
    if not mail.mine(province):
        return msg("council_not_our_province", province=province, realm=mail.realm)
    return (
        None
        if free(mail.state["provinces"][province])
        else msg("council_province_not_free", province=province)
    )


def commands(mail: Mail, army: str) -> Msg | None:
    """Whether the family commands the army of its power; if not, whose it is."""
    commander = mail.state["realms"][mail.realm]["armies"][army]["commander"]
    if commander == mail.power:
        return None
    if not commander:
        return msg("council_not_commander_none", army=army)
    return msg("council_not_commander", army=army, commander=commander)


def ruling_only(mail: Mail) -> Msg | None:
    return None if ruling(mail.state, mail.power) else msg("council_ruling_only")
