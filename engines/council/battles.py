"""Battles, as they change the world during the actions stage (8.6: «изменяют реальность»
динамически): a flotilla's move, an army's march, a tribal raid. Ours, as the rulebook's sections
on war are lost: each side's strength and a die of 1–6 (a logged roll); the higher total wins, the
defence wins a tie. Each army, flotilla or tribe of the beaten side loses half its units, of the
winners a quarter (`forces.loss`). A beaten attacker stays where it was; beaten defenders
withdraw to the first neighbouring place their side may hold, or are destroyed. An attack ends
the march: the army stops where it fought, or in the province it took.

Each function returns what happened, said without a person so that both the acting family's
report and the GM's log may show it; battles and their consequences are news for all.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.council.data import DATA
from engines.council.events import CouncilEvents
from engines.council.forces import fight, hit_army, hit_flotilla, loss, strength, units
from engines.council.state import State
from engines.council.war import (
    Side,
    armies_in,
    at_war,
    controls,
    entry,
    garrison,
    hostile_armies,
    side_of,
    tribe_of,
)
from engines.council.world import REALMS
from engines.rng import Rng
from engines.text import Msg

W, A = DATA.war, DATA.actions


def _told(code: str, **params: str | int) -> Msg:
    return Msg(code, params)


# ---- on land -----------------------------------------------------------------------------------------
def march(
    state: State, realm: str, family: str, name: str, path: Sequence[str], rng: Rng, events: CouncilEvents
) -> Msg:
    """One army along its path: through its side's places freely, over seas its power controls
    now (a sea won earlier this stage carries it), and into battle where the path enters an
    enemy's province or meets hostile troops."""
    army = state["realms"][realm]["armies"].get(name)
    if army is None or army["commander"] != family:
        return _told("council_march_gone", army=name)
    side, stood, at = Side(realm, family), army["province"], army["province"]
    for place in path:
        if place not in DATA.neighbours[at]:
            return _told("council_march_off_path", army=name)
        if place in DATA.sea_names:
            if not controls(state, realm, place):
                return _told("council_march_sea_closed", army=name, sea=place, province=stood)
            at = place
            continue
        kind = entry(state, realm, place)
        if kind == "closed":
            return _told("council_march_closed", army=name, province=stood, place=place)
        foes = hostile_armies(state, side, place)
        walls = garrison(state, place) if kind == "attack" else 0
        if not foes and not walls:
            army["province"] = stood = at = place
            if kind == "attack":
                _take(state, realm, place, events)
                return _told("council_march_took", army=name, province=place)
            continue
        return _battle(state, side, name, place, foes, walls, rng, events)
    return _told("council_march_done", army=name, province=stood)


def _battle(
    state: State,
    side: Side,
    name: str,
    place: str,
    foes: list[tuple[str, str]],
    walls: int,
    rng: Rng,
    events: CouncilEvents,
) -> Msg:
    army = state["realms"][side.realm]["armies"][name]
    defence = walls + sum(strength(state["realms"][r]["armies"][a]) for r, a in foes)
    won, a_roll, d_roll = fight(rng, strength(army), defence, place)
    attack = strength(army)
    attack_lost = hit_army(army, won)
    defence_lost = sum(hit_army(state["realms"][r]["armies"][a], not won) for r, a in foes)
    tribe = tribe_of(place)
    if (
        walls
        and tribe
        and not state["provinces"][place]["realm"]
        and not state["provinces"][place]["occupied"]
    ):
        here = state["tribes"][tribe]
        lost = loss(here["warriors"], not won)
        here["warriors"] -= lost
        defence_lost += lost
    who = side.commander if any(r == side.realm for r, _ in foes) else side.realm  # a civil war's side
    numbers = {"attack": attack, "attack_roll": a_roll, "defence": defence, "defence_roll": d_roll}
    losses = {"attack_lost": attack_lost, "defence_lost": defence_lost}
    code = ("council_battle_won" if won else "council_battle_lost") + (
        "" if attack_lost or defence_lost else "_bare"
    )
    events.fought(place, **numbers)
    events.announce(code, province=place, side=who, **losses)
    if not won:
        return _told("council_march_beaten", army=name, province=place)
    for realm, foe in foes:
        _withdraw(state, realm, foe, place, events)
    army["province"] = place
    if entry(state, side.realm, place) == "attack":
        _take(state, side.realm, place, events)
    return _told("council_march_won", army=name, province=place)


def _take(state: State, realm: str, place: str, events: CouncilEvents) -> None:
    here = state["provinces"][place]
    if here["realm"] == realm:
        here["occupied"] = ""
        events.announce("council_province_freed", province=place, realm=realm)
    else:
        here["occupied"] = realm
        events.announce("council_province_occupied", province=place, realm=realm)
        if here["governor"]:  # the governor's own loss, in its own report
            events.tell(here["governor"], "council_governorship_occupied", province=place, realm=realm)


def _withdraw(state: State, realm: str, name: str, beaten_at: str, events: CouncilEvents) -> None:
    """A beaten army left with units goes to the first neighbouring province its side may hold
    and where no troops hostile to it stand; with none, it is scattered."""
    army = state["realms"][realm]["armies"][name]
    if not units(army):
        return  # destroyed: `war.disband_empty` says so
    side = side_of(state, realm, name)
    for place in DATA.neighbours[beaten_at]:
        safe = place not in DATA.sea_names and entry(state, realm, place) == "free"
        if safe and not hostile_armies(state, side, place):
            army["province"] = place
            events.announce("council_army_withdrew", army=name, realm=realm, province=place)
            return
    army["units"] = {kind: 0 for kind in army["units"]}
    army["guards"] = {}


# ---- at sea -------------------------------------------------------------------------------------------
def sail(state: State, realm: str, name: str, sea: str, rng: Rng, events: CouncilEvents) -> Msg:
    """One flotilla one sea on; where flotillas of a power at war with its own stand, it fights them
    all together. Winning, it holds the sea; beaten, it stays where it was."""
    flotilla = state["realms"][realm]["flotillas"].get(name)
    if flotilla is None or sea not in DATA.neighbours[flotilla["sea"]]:
        return _told("council_sail_gone", flotilla=name)
    foes = [
        (r, f)
        for r in REALMS
        for f, here in state["realms"][r]["flotillas"].items()
        if here["sea"] == sea and at_war(state, realm, r)
    ]
    if not foes:
        flotilla["sea"] = sea
        events.inform(realm, "council_flotilla_sailed", flotilla=name, sea=sea)
        return _told("council_flotilla_sailed", flotilla=name, sea=sea)
    attack = flotilla["squadrons"]
    defence = sum(state["realms"][r]["flotillas"][f]["squadrons"] for r, f in foes)
    won, a_roll, d_roll = fight(rng, attack, defence, sea)
    attack_lost = hit_flotilla(flotilla, won)
    defence_lost = sum(hit_flotilla(state["realms"][r]["flotillas"][f], not won) for r, f in foes)
    code = "council_sea_battle_won" if won else "council_sea_battle_lost"
    events.fought(sea, attack=attack, attack_roll=a_roll, defence=defence, defence_roll=d_roll)
    events.announce(code, sea=sea, realm=realm, attack_lost=attack_lost, defence_lost=defence_lost)
    if not won:
        return _told("council_sail_beaten", flotilla=name, sea=sea)
    for r, f in foes:
        _fall_back(state, r, f, sea, events)
    flotilla["sea"] = sea
    return _told("council_sail_won", flotilla=name, sea=sea)


def _fall_back(state: State, realm: str, name: str, sea: str, events: CouncilEvents) -> None:
    """A beaten flotilla with squadrons left withdraws to the first neighbouring sea with no enemy
    flotilla, or is sunk."""
    flotilla = state["realms"][realm]["flotillas"][name]
    if flotilla["squadrons"] <= 0:
        return
    for near in DATA.neighbours[sea]:
        enemies = [
            r
            for r in REALMS
            for f in state["realms"][r]["flotillas"].values()
            if f["sea"] == near and at_war(state, realm, r)
        ]
        if near in DATA.sea_names and not enemies:
            flotilla["sea"] = near
            events.announce("council_flotilla_withdrew", flotilla=name, realm=realm, sea=near)
            return
    flotilla["squadrons"] = 0


# ---- tribal raids -----------------------------------------------------------------------------------
def raid(state: State, tribe: str, province: str, rng: Rng, events: CouncilEvents) -> Msg:
    """A tribal union's warriors against a province's troops and garrison: won, the province loses
    loyalty and people; the raiders go home either way."""
    here = state["tribes"][tribe]
    if not here["warriors"]:
        return _told("council_raid_no_warriors", tribe=tribe)
    owner = state["provinces"][province]["occupied"] or state["provinces"][province]["realm"]
    defenders = [(r, a) for r, a in armies_in(state, province) if r == owner]
    defence = garrison(state, province) + sum(strength(state["realms"][r]["armies"][a]) for r, a in defenders)
    attack = here["warriors"]
    won, a_roll, d_roll = fight(rng, attack, defence, province)
    attack_lost = loss(attack, won)
    here["warriors"] -= attack_lost
    defence_lost = sum(hit_army(state["realms"][r]["armies"][a], not won) for r, a in defenders)
    events.fought(province, attack=attack, attack_roll=a_roll, defence=defence, defence_roll=d_roll)
    losses = {"attack_lost": attack_lost, "defence_lost": defence_lost}
    if not won:
        events.announce("council_raid_repelled", tribe=tribe, province=province, **losses)
        return _told("council_raid_beaten", tribe=tribe, province=province)
    target = state["provinces"][province]
    target["loyalty"] = max(0, target["loyalty"] + A.raid_loyalty)
    target["population"] = max(0, target["population"] - A.raid_population)
    effects = {"loyalty": A.raid_loyalty, "people": A.raid_population / 10}
    events.announce("council_raid_won", tribe=tribe, province=province, **losses, **effects)
    return _told("council_raid_done", tribe=tribe, province=province)
