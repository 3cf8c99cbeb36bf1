"""Who fights whom and where armies may go (ours: sections 1–7 are lost; README.md says why).

Powers are at war once a ruling family declares it, at peace again when both ruling families
offer peace (in one planning stage, or the second a turn after the first). A civil war sets a
family's armies against the ruling family's within one power. An army passes freely through its
power's land, sphere and occupations; it attacks an enemy's province, barbarian land (unless in the
sphere of a power it is not at war with) or its own province an enemy holds; no other province is
open to it. A power controls a sea where its flotillas stand alone.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from engines.contract import Command
from engines.council.data import DATA
from engines.council.events import CouncilEvents
from engines.council.forces import hit_army, send_home, strength, units
from engines.council.state import State
from engines.council.world import REALMS, add_loyalty, capital, provinces_of, realm_of, set_ruling
from engines.rng import Rng
from engines.text import Msg
from engines.toolkit import commands_named

Orders = Mapping[str, Sequence[Command]]
Entry = Literal["free", "attack", "closed"]
A = DATA.actions


def at_war(state: State, a: str, b: str) -> bool:
    return bool(a) and bool(b) and b in state["realms"][a]["wars"]


def holder(state: State, province: str) -> str:
    """The power that holds a province: its occupier, else its owner ("" barbarian land)."""
    here = state["provinces"][province]
    return here["occupied"] or here["realm"]


def controls(state: State, realm: str, sea: str) -> bool:
    """Its flotillas stand in the sea, and no other power's."""
    there = {r for r, here in state["realms"].items() for f in here["flotillas"].values() if f["sea"] == sea}
    return there == {realm}


def rebels(state: State, realm: str) -> list[str]:
    return state["realms"][realm]["civil_war"]


@dataclass(frozen=True)
class Side:
    """Whose troops: a power's, and within it the family commanding them (a civil war's side)."""

    realm: str
    commander: str

    def hostile(self, state: State, other: Side) -> bool:
        if self.realm != other.realm:
            return at_war(state, self.realm, other.realm)
        ruler, rebel = state["realms"][self.realm]["ruling"], rebels(state, self.realm)
        pair = {self.commander, other.commander}
        return ruler in pair and bool(pair & set(rebel))


def side_of(state: State, realm: str, army: str) -> Side:
    return Side(realm, state["realms"][realm]["armies"][army]["commander"])


def armies_in(state: State, province: str) -> list[tuple[str, str]]:
    """(power, army) of every army in the province, powers and armies in the data's order."""
    return [
        (realm, name)
        for realm in REALMS
        for name, army in state["realms"][realm]["armies"].items()
        if army["province"] == province
    ]


def hostile_armies(state: State, side: Side, province: str) -> list[tuple[str, str]]:
    return [(r, a) for r, a in armies_in(state, province) if side.hostile(state, side_of(state, r, a))]


def entry(state: State, realm: str, province: str) -> Entry:
    """How an army of `realm` may enter a province (armies of a civil war meet in the power's own)."""
    here = state["provinces"][province]
    if holder(state, province) == realm:
        return "free"
    if here["realm"] == realm or at_war(state, realm, holder(state, province)):
        return "attack"  # its own land an enemy holds, or an enemy's
    if holder(state, province):
        return "closed"
    if here["sphere"] == realm:
        return "free"
    return "closed" if here["sphere"] and not at_war(state, realm, here["sphere"]) else "attack"


def tribe_of(province: str) -> str:
    return next((t.name for t in DATA.tribes if province in t.lands), "")


def garrison(state: State, province: str) -> int:
    """The province's own defence: its owner's garrison and fortifications, and in a capital the
    ruling family's guard at home; a tribe's warriors on their land; nothing where an occupier
    holds it (only its armies defend it)."""
    here = state["provinces"][province]
    works = sum(DATA.building(b).defence for b in here["buildings"])
    owner = here["realm"]
    if here["occupied"]:
        return 0
    if not owner:
        tribe = tribe_of(province)
        return (state["tribes"][tribe]["warriors"] if tribe else 0) + works
    ruler = state["realms"][owner]["ruling"]
    guard = (
        state["families"][ruler]["guard"] * DATA.unit("guard").strength if province == capital(owner) else 0
    )
    return DATA.war.garrison + works + guard


# ---- declarations (the planning stage) ------------------------------------------------------------
def declare_wars(state: State, orders: Orders, events: CouncilEvents) -> None:
    for family, cmd in commands_named(orders, "war"):
        realm, enemy = realm_of(state, family), str(cmd.args["realm"])
        if at_war(state, realm, enemy):
            continue  # both declared on each other at once
        state["realms"][realm]["wars"].append(enemy)
        state["realms"][enemy]["wars"].append(realm)
        events.announce("council_war_declared", realm=realm, enemy=enemy)


def make_peace(state: State, orders: Orders, events: CouncilEvents) -> None:
    """Peace where both ruling families offer it, now or the first a turn before; an offer not
    answered stands one turn and is told to the other power's families."""
    offered = {(realm_of(state, f), str(cmd.args["realm"])) for f, cmd in commands_named(orders, "peace")}
    standing = {(r, other) for r in REALMS for other in state["realms"][r]["peace_offers"]}
    for realm in REALMS:
        state["realms"][realm]["peace_offers"] = []
    for realm, enemy in sorted(offered, key=lambda pair: (REALMS.index(pair[0]), REALMS.index(pair[1]))):
        if not at_war(state, realm, enemy):
            continue  # made a moment ago, from the other side
        if (enemy, realm) in offered | standing:
            _peace(state, realm, enemy, events)
        else:
            state["realms"][realm]["peace_offers"].append(enemy)
            events.inform(enemy, "council_peace_offered", realm=realm)
            events.inform(realm, "council_peace_offer_made", realm=enemy)


def _peace(state: State, a: str, b: str, events: CouncilEvents) -> None:
    """The war ends: each side's occupations of the other's land are lifted, and its armies standing
    there go home to its capital."""
    state["realms"][a]["wars"].remove(b)
    state["realms"][b]["wars"].remove(a)
    for one, other in ((a, b), (b, a)):
        for name in provinces_of(state, other):
            if state["provinces"][name]["occupied"] == one:
                state["provinces"][name]["occupied"] = ""
        for army in state["realms"][one]["armies"].values():
            if state["provinces"][army["province"]]["realm"] == other:
                army["province"] = capital(one)
    events.announce("council_peace", realm=a, enemy=b)


# ---- the end of the actions stage ------------------------------------------------------------------
def settle_civil_wars(state: State, rng: Rng, events: CouncilEvents) -> None:
    """Each civil war is decided in the capital at the end of the actions stage: the rebels' armies
    standing there fight the ruling family's armies there, the garrison with its fortifications and
    the ruling family's guard; winning, the first rebel family there rules and the power's civil
    wars end; beaten, they withdraw. A rebel family then left without an army is exiled."""
    for realm in REALMS:
        here = state["realms"][realm]
        seat = capital(realm)
        storming = [
            n
            for n, a in here["armies"].items()
            if a["province"] == seat and a["commander"] in here["civil_war"]
        ]
        if storming:
            _storm(state, realm, storming, rng, events)
        for rebel in list(here["civil_war"]):
            if not any(army["commander"] == rebel for army in here["armies"].values()):
                exile(state, rebel, events)


def _storm(state: State, realm: str, storming: list[str], rng: Rng, events: CouncilEvents) -> None:
    here = state["realms"][realm]
    seat, ruler = capital(realm), here["ruling"]
    loyal = [n for n, a in here["armies"].items() if a["province"] == seat and a["commander"] == ruler]
    attack = sum(strength(here["armies"][n]) for n in storming)
    defence = garrison(state, seat) + sum(strength(here["armies"][n]) for n in loyal)
    a = rng.randint(1, DATA.war.die, Msg("council_draw_storm", {"realm": realm}))
    d = rng.randint(1, DATA.war.die, Msg("council_draw_storm_defence", {"realm": realm}))
    won = attack + a > defence + d
    lost = {
        "attack_lost": sum(hit_army(here["armies"][n], won) for n in storming),
        "defence_lost": sum(hit_army(here["armies"][n], not won) for n in loyal),
    }
    rebel = here["armies"][storming[0]]["commander"]
    events.fought(seat, attack=attack, attack_roll=a, defence=defence, defence_roll=d)
    events.log_fights()
    if won:
        here["civil_war"] = []
        set_ruling(state, realm, rebel)
        events.announce("council_coup", realm=realm, family=rebel, former=ruler, **lost)
        return
    events.announce("council_storm_failed", realm=realm, family=rebel, **lost)
    for name in storming:
        army = here["armies"][name]
        retreat = next((p for p in DATA.neighbours[seat] if p in provinces_of(state, realm)), "")
        if retreat and units(army):
            army["province"] = retreat
    disband_empty(state, realm, events)


def exile(state: State, family: str, events: CouncilEvents) -> None:
    """A beaten rebel leaves the game: its posts, governorships, commands, guard and rights go."""
    realm = realm_of(state, family)
    here = state["realms"][realm]
    here["civil_war"].remove(family)
    me = state["families"][family]
    me["exiled"], me["guard"], me["rights"] = True, 0, []
    for province in state["provinces"].values():
        if province["governor"] == family:
            province["governor"], province["holding"] = "", False
    state["trading_posts"] = [p for p in state["trading_posts"] if p["family"] != family]
    for army in here["armies"].values():
        army["guards"].pop(family, None)
        if army["commander"] == family:
            army["commander"], army["immune_until"] = "", 0
    events.announce("council_rebels_beaten", realm=realm, family=family, ruling=here["ruling"])
    events.tell(family, "council_exiled")


def put_down_revolts(state: State, events: CouncilEvents) -> None:
    """An army of its own power standing in a province in revolt ends the revolt."""
    for realm in REALMS:
        stationed = {army["province"] for army in state["realms"][realm]["armies"].values()}
        for name in provinces_of(state, realm):
            province = state["provinces"][name]
            if province["revolt"] and name in stationed:
                province["revolt"] = False
                add_loyalty(state, [name], A.suppress_loyalty)
                events.inform(realm, "council_revolt_put_down", province=name, loyalty=province["loyalty"])


def disband_empty(state: State, realm: str, events: CouncilEvents) -> None:
    """Armies left without a unit and flotillas without a squadron are gone."""
    here = state["realms"][realm]
    empty = [
        name
        for name, army in here["armies"].items()
        if not sum(army["units"].values()) + sum(army["guards"].values())
    ]
    for name in empty:
        events.announce("council_army_destroyed", army=name, realm=realm)
    send_home(state, realm, empty)
    for name in [n for n, f in here["flotillas"].items() if f["squadrons"] <= 0]:
        del here["flotillas"][name]
        events.announce("council_flotilla_sunk", flotilla=name, realm=realm)
