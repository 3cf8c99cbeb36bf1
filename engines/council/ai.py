"""Orders of computer-run families (those no player drew, and those whose player was retired),
deterministic from the state and kept only where the rules accept them (`standing_orders`).

A computer family is a careful steward, not a schemer: it bids a little over the least for one
right a turn (a ruling family for colonists where its sphere has land for them, a noble one for a
trading post, a junior one for a diplomat), spends the rights it holds (a colony in the sphere, a
trading post, a diplomat to free land nearby or else for prestige, a building where it governs,
mercenaries for an army), leaves the council to the players but votes against a project aimed at
itself, keeps the ruling family in an election and accuses nobody. As the ruling family it offers
peace to every enemy, holds games where loyalty is lowest and gives the waiting militia to an army. Its armies
put down revolts, take back what an enemy holds and attack an enemy (a rebel, for the ruler)
only where they are the stronger; a rebel's armies make for the capital.
"""

from __future__ import annotations

from collections.abc import Callable

from engines.contract import Command
from engines.council.checks import check
from engines.council.data import DATA
from engines.council.forces import strength
from engines.council.state import State
from engines.council.war import Side, entry, garrison, hostile_armies
from engines.council.world import (
    ACTIONS,
    DECISIONS,
    PLANNING,
    capital,
    commanded,
    governed,
    projects_allowed,
    provinces_of,
    realm_of,
    ruling,
    sphere_of,
    status,
)
from engines.toolkit import standing_orders

Wanted = list[Command]
AI = DATA.computer


def ai_orders(state: State, family: str, phase: str) -> list[Command]:
    if state["over"] or phase != state["phase"] or state["families"][family]["exiled"]:
        return []
    wanted = [
        Command(c.name, c.args, line, c.lists, c.pairs)
        for line, c in enumerate(PLANS[phase](state, family), 1)
    ]
    return standing_orders(check, state, family, phase, wanted)[0]


def _wanted_right(state: State, family: str) -> str:
    """The auction right a computer family bids for: one it can use."""
    if status(state, family) == "ruling" and sphere_of(state, realm_of(state, family)):
        return "colonists"
    return "trading_post" if status(state, family) == "noble" else "diplomats"


def _planning(state: State, family: str) -> Wanted:
    realm = realm_of(state, family)
    here = state["realms"][realm]
    auction = DATA.auction(_wanted_right(state, family))
    wanted = []
    if not state["families"][family]["rights"]:
        wanted.append(
            Command("bid", {"auction": auction.name, "amount": auction.min_bid + AI.bid_over_minimum})
        )
    if ruling(state, family):
        wanted += [Command("peace", {"realm": enemy}) for enemy in here["wars"]]
        mine = provinces_of(state, realm)
        low = min(mine, key=lambda p: state["provinces"][p]["loyalty"], default="")
        if low and state["provinces"][low]["loyalty"] < AI.games_below and projects_allowed(state, family):
            wanted.append(Command("games", {"province": low}))
    return wanted


def _against(state: State, family: str, order: Command) -> bool:
    """A project that would repress the family, or take an army or province from it."""
    armies = commanded(state, family)
    if order.name == "repression":
        return family in order.lists["families"]
    if order.name == "commanders":
        return any(army in armies for army, _ in order.pairs["changes"])
    if order.name == "governor":
        return str(order.args["province"]) in governed(state, family)
    return False


def _decisions(state: State, family: str) -> Wanted:
    here = state["realms"][realm_of(state, family)]
    wanted = []
    no = DATA.words.no.name
    votes = tuple(
        (str(item["number"]), no)
        for item in here["agenda"]
        if _against(state, family, Command.from_json(item["order"]))
    )
    if votes:
        wanted.append(Command("vote", pairs={"votes": votes}))
    if here["election_now"]:
        wanted.append(Command("elect", {"candidate": here["ruling"]}))
    return wanted


def _actions(state: State, family: str) -> Wanted:
    realm = realm_of(state, family)
    here = state["realms"][realm]
    wanted = [*_marches(state, family)]
    rights = state["families"][family]["rights"]
    if "colonists" in rights:
        wanted += [Command("colony", {"province": p}) for p in sphere_of(state, realm)[:1]]
    if "trading_post" in rights:
        wanted += [Command("open_post", {"province": p.name}) for p in DATA.provinces if p.realm != realm]
    if "improvements" in rights:
        plain = [b for b in DATA.buildings if not b.grand]
        for province in [*governed(state, family), *provinces_of(state, realm)]:
            wanted += [Command("build", {"province": province, "building": b.name}) for b in plain]
    if "diplomats" in rights:
        wanted += [Command("envoy", {"province": p.name}) for p in DATA.provinces if not p.realm]
        wanted.append(Command("prestige"))
    armies = [*commanded(state, family), *here["armies"]]
    if "mercenaries" in rights and armies:
        wanted.append(Command("hire", {"army": armies[0]}))
    if ruling(state, family) and here["militia"] and armies:
        wanted.append(Command("militia_to", {"army": armies[0], "units": here["militia"]}))
    return wanted


def _marches(state: State, family: str) -> Wanted:
    """One step for each army where it is worth going."""
    realm = realm_of(state, family)
    rebel = family in state["realms"][realm]["civil_war"]
    wanted = []
    for name in commanded(state, family):
        army = state["realms"][realm]["armies"][name]
        side, power = Side(realm, family), strength(army)
        for place in DATA.neighbours[army["province"]]:
            if place in DATA.sea_names or entry(state, realm, place) == "closed":
                continue
            foes = hostile_armies(state, side, place)
            defence = sum(strength(state["realms"][r]["armies"][a]) for r, a in foes)
            defence += garrison(state, place) if entry(state, realm, place) == "attack" else 0
            worth = (
                (rebel and place == capital(realm))
                or (state["provinces"][place]["realm"] == realm and state["provinces"][place]["revolt"])
                or ((foes or entry(state, realm, place) == "attack") and power > defence)
            )
            if worth:
                wanted.append(Command("march", {"army": name}, lists={"path": (place,)}))
                break
    return wanted


PLANS: dict[str, Callable[[State, str], Wanted]] = {
    PLANNING: _planning,
    DECISIONS: _decisions,
    ACTIONS: _actions,
}
