"""What a family does on its own, without the council: give up a post, send money (a fifth is
lost on the way), and at the planning stage declare a civil war or, as the ruling family, annex an
occupied province, take it into the sphere of influence or ask whether a family leads a tribal
union (8.2–8.4)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engines.contract import Command
from engines.council.data import DATA
from engines.council.events import CouncilEvents
from engines.council.state import State
from engines.council.world import add_loyalty, close_home_posts, provinces_of, realm_of
from engines.toolkit import commands_named

Orders = Mapping[str, Sequence[Command]]


def resign(state: State, orders: Orders, events: CouncilEvents) -> None:
    for family, cmd in commands_named(orders, "resign_governor"):
        province = str(cmd.args["province"])
        state["provinces"][province]["governor"] = ""
        events.inform(realm_of(state, family), "council_resigned_governor", family=family, province=province)
    for family, cmd in commands_named(orders, "resign_command"):
        army = str(cmd.args["army"])
        realm = realm_of(state, family)
        state["realms"][realm]["armies"][army]["commander"] = ""
        state["realms"][realm]["armies"][army]["immune_until"] = 0
        events.inform(realm, "council_resigned_command", family=family, army=army)


def transfer(state: State, orders: Orders, events: CouncilEvents) -> None:
    """«20% перечисляемых средств теряется»: the receiver gets the rest, rounded down."""
    for sender, cmd in commands_named(orders, "transfer"):
        receiver, amount = str(cmd.args["family"]), int(cmd.args["amount"])
        got = amount * (100 - DATA.transfers.loss_percent) // 100
        state["families"][sender]["money"] -= amount
        state["families"][receiver]["money"] += got
        events.tell(sender, "council_transfer_sent", family=receiver, amount=amount, got=got)
        events.tell(receiver, "council_transfer_received", family=sender, got=got)


def declare_civil_wars(state: State, orders: Orders, events: CouncilEvents) -> None:
    for family, _ in commands_named(orders, "civil_war"):
        realm = realm_of(state, family)
        here = state["realms"][realm]
        here["civil_war"].append(family)
        add_loyalty(state, provinces_of(state, realm), DATA.civil_war.loyalty)
        events.announce("council_civil_war", family=family, realm=realm, ruling=here["ruling"])


def take_occupied(state: State, orders: Orders, events: CouncilEvents) -> None:
    """The ruling family's decision on a province its power's army holds: annexed to the power, or
    taken into its sphere of influence; either way no longer occupied."""
    for family, cmd in [*commands_named(orders, "annex"), *commands_named(orders, "sphere")]:
        province, realm = str(cmd.args["province"]), realm_of(state, family)
        here = state["provinces"][province]
        here["occupied"] = ""
        if cmd.name == "annex":
            if here["governor"]:  # the governor's own loss, in its own report
                events.tell(here["governor"], "council_governorship_annexed", province=province, realm=realm)
            here["realm"], here["sphere"], here["governor"], here["holding"] = realm, "", "", False
            close_home_posts(state, province, events)
            events.announce("council_annexed", province=province, realm=realm)
        else:
            here["sphere"] = realm
            events.announce("council_sphere_joined", province=province, realm=realm)


def inquire(state: State, orders: Orders, events: CouncilEvents) -> None:
    leaders = set(state["gm_data"]["tribal_unions"].values())
    for family, cmd in commands_named(orders, "inquire"):
        asked = str(cmd.args["family"])
        leads = asked in leaders
        events.tell(family, "council_leads_union" if leads else "council_no_union", family=asked)
        events.log(
            "council_gm_inquiry_leads" if leads else "council_gm_inquiry_none", family=family, asked=asked
        )
