"""The actions stage as the GM resolves it (8.6).

First what is not counted against a limit, all at once: the reserve's squadrons join the power's
first flotilla, guards are raised and sent or recalled, mercenaries hired, militia given to armies,
armies or units disbanded. Then the limited actions: the powers in an order drawn by lot, then each
kind of action in the list's order (`ORDER`), and within a kind power by power, in each power its
families by status (ruling, noble, junior), then by what they paid at this turn's auctions (more
first), equal ones by lot. Every condition was checked against the stage's start (`checks`), so a
colony needs a sphere the power had when the stage began; an action here fails only where an
earlier one of the stage took what it needed (a province two diplomats wanted). Sea and land battles
change the world as they go: a sea won earlier in the stage carries an army later. Tribal raids come
last; then civil wars are decided and armies put revolts down.

Each action is told to its family and logged for the GM in the order it was resolved, with its
outcome or the reason it failed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import groupby

from engines.contract import Command
from engines.council import battles, war
from engines.council.data import DATA, STATUS_KEYS
from engines.council.events import CouncilEvents
from engines.council.forces import send_home
from engines.council.schema import KEYWORDS
from engines.council.state import State
from engines.council.world import REALMS, add_influence, families_of, realm_of, status
from engines.rng import Rng
from engines.text import Msg

Orders = Mapping[str, Sequence[Command]]
A = DATA.actions
# the limited actions of 8.4 in the order the GM takes them (8.6): kind, its order, and for
# improvements which buildings. The migration, which the list leaves out, follows the other
# decision the council leaves to an action (ours).
ORDER: tuple[tuple[str, str], ...] = (
    ("expel", "close_post"),
    ("migration", "migrate"),
    ("trading_post", "open_post"),
    ("envoy", "envoy"),
    ("prestige", "prestige"),
    ("holding", "holding"),
    ("colony", "colony"),
    ("improvement", "build"),
    ("grand_work", "build"),
    ("sea", "sail"),
    ("land", "march"),
)
UNLIMITED = ("guard", "guard_to", "guard_back", "hire", "militia_to", "disband")


def said(cmd: Command) -> str:
    """An order as a family would write it: its keyword and names («ПОХОД Армия 1 Умбрия, Тоскана»)."""
    words = [KEYWORDS[cmd.name], *(str(v) for v in cmd.args.values())]
    words += [", ".join(items) for items in cmd.lists.values()]
    words += [", ".join(f"{a} {b}" for a, b in pairs) for pairs in cmd.pairs.values()]
    return " ".join(words)


def _kind(cmd: Command) -> str:
    if cmd.name == "build":
        return "grand_work" if DATA.building(str(cmd.args["building"])).grand else "improvement"
    return next(kind for kind, name in ORDER if name == cmd.name)


# outcomes that name the family acting, said to it in its own report as to the reader («Вы создали…»)
YOURS = {
    code: f"{code}_yours"
    for code in (
        "council_guard_raised",
        "council_guard_sent",
        "council_guard_recalled",
        "council_army_disbanded",
        "council_post_opened",
        "council_holding_claimed",
        "council_colony_done",
        "council_prestige_done",
        "council_march_gone",
    )
}


@dataclass
class Stage:
    """The actions stage being resolved: the world as it goes, what the GM's log has numbered."""

    state: State
    rng: Rng
    events: CouncilEvents
    done: int = 0

    def record(self, realm: str, family: str, order: str, outcome: Msg) -> None:
        """One action in the GM's log, numbered in the order resolved, and its outcome in its family's
        report, said to the reader."""
        self.done += 1
        self.events.log("council_gm_action", number=self.done, realm=realm, family=family, order=order)
        self.events.gm_log.append(outcome)
        self.events.log_fights()
        self.events.reports[family].append(Msg(YOURS.get(outcome.code, outcome.code), outcome.params))


def run(state: State, orders: Orders, rng: Rng, events: CouncilEvents) -> None:
    stage = Stage(state, rng, events)
    _reserves(state, events)
    for name in UNLIMITED:
        for realm in REALMS:
            for family in families_of(state, realm):
                for cmd in (c for c in orders.get(family, ()) if c.name == name):
                    stage.record(realm, family, said(cmd), UNLIMITED_DO[name](stage, family, cmd))
    acting = {realm: _acting(state, realm, orders) for realm in REALMS}
    fleets = {r for r in REALMS if any(d["kind"] == "fleet" for d in state["realms"][r]["pending"])}
    powers = list(REALMS)
    if len([r for r in REALMS if acting[r] or r in fleets]) > 1:  # the order matters between those that act
        powers = rng.shuffled(REALMS, Msg("council_draw_action_powers"))
        events.log("council_gm_power_order", powers=", ".join(powers))
    kin = {realm: _kin_order(state, realm, acting[realm], rng) for realm in powers}
    for kind, name in ORDER:
        for realm in powers:
            if kind == "sea":
                _fleet_decision(stage, realm)
            for family in kin[realm]:
                for cmd in (c for c in orders.get(family, ()) if c.name == name and _kind(c) == kind):
                    if kind == "sea":
                        _sail(stage, realm, family, cmd.pairs["moves"])
                    else:
                        stage.record(realm, family, said(cmd), DO[kind](stage, family, cmd))
    for tribe, leader in state["gm_data"]["tribal_unions"].items():
        for cmd in (c for c in orders.get(leader, ()) if c.name == "raid" and c.args["tribe"] == tribe):
            outcome = battles.raid(state, tribe, str(cmd.args["province"]), rng, events)
            stage.record(realm_of(state, leader), leader, said(cmd), outcome)
    war.settle_civil_wars(state, rng, events)
    war.put_down_revolts(state, events)


def _acting(state: State, realm: str, orders: Orders) -> list[str]:
    """The power's families taking a limited action this stage."""
    limited = {name for _, name in ORDER}
    return [f for f in families_of(state, realm) if any(c.name in limited for c in orders.get(f, ()))]


def _kin_order(state: State, realm: str, acting: list[str], rng: Rng) -> list[str]:
    """The acting families of a power by status, then by what they paid at the auctions, equal
    ones by lot."""

    def key(family: str) -> tuple[int, int]:
        return STATUS_KEYS.index(status(state, family)), -state["families"][family]["auction_spent"]

    out: list[str] = []
    for _, group in groupby(sorted(acting, key=key), key=key):
        tied = list(group)
        if len(tied) > 1:
            tied = rng.shuffled(tied, Msg("council_draw_action_families", {"realm": realm}))
        out += tied
    return out


def _reserves(state: State, events: CouncilEvents) -> None:
    """Squadrons bought at the auction join the power's first flotilla (a power without one keeps
    them until project 14 raises one)."""
    for realm in REALMS:
        here = state["realms"][realm]
        if here["squadrons"] and here["flotillas"]:
            first = next(iter(here["flotillas"]))
            here["flotillas"][first]["squadrons"] += here["squadrons"]
            events.inform(realm, "council_squadrons_joined", count=here["squadrons"], flotilla=first)
            here["squadrons"] = 0


# ---- unlimited -----------------------------------------------------------------------------------------
def _guard(s: Stage, family: str, cmd: Command) -> Msg:
    count = int(cmd.args["units"])
    me = s.state["families"][family]
    me["money"] -= count * A.guard_cost
    me["guard"] += count
    return Msg("council_guard_raised", {"family": family, "count": count, "paid": count * A.guard_cost})


def _guard_to(s: Stage, family: str, cmd: Command) -> Msg:
    army = s.state["realms"][realm_of(s.state, family)]["armies"].get(str(cmd.args["army"]))
    me = s.state["families"][family]
    if army is None:
        return Msg("council_march_gone", {"army": str(cmd.args["army"])})
    count, me["guard"] = me["guard"], 0
    army["guards"][family] = army["guards"].get(family, 0) + count
    return Msg("council_guard_sent", {"family": family, "army": str(cmd.args["army"]), "count": count})


def _guard_back(s: Stage, family: str, cmd: Command) -> Msg:
    army = s.state["realms"][realm_of(s.state, family)]["armies"][str(cmd.args["army"])]
    count = army["guards"].pop(family)
    s.state["families"][family]["guard"] += count
    return Msg("council_guard_recalled", {"family": family, "army": str(cmd.args["army"]), "count": count})


def _hire(s: Stage, family: str, cmd: Command) -> Msg:
    army = s.state["realms"][realm_of(s.state, family)]["armies"][str(cmd.args["army"])]
    army["units"]["mercenaries"] += A.mercenaries
    s.state["families"][family]["rights"].remove("mercenaries")
    return Msg("council_mercenaries_hired", {"army": str(cmd.args["army"]), "count": A.mercenaries})


def _militia_to(s: Stage, family: str, cmd: Command) -> Msg:
    here = s.state["realms"][realm_of(s.state, family)]
    army = here["armies"][str(cmd.args["army"])]
    count = int(cmd.args.get("units", here["militia"]))  # without a count: all that is left
    here["militia"] -= count
    army["units"]["militia"] += count
    return Msg("council_militia_given", {"army": str(cmd.args["army"]), "count": count})


def _disband(s: Stage, family: str, cmd: Command) -> Msg:
    """The army, or its units of one kind; nothing when a line above disbanded the whole army."""
    realm, name = realm_of(s.state, family), str(cmd.args["army"])
    army = s.state["realms"][realm]["armies"].get(name)
    if army is None:
        return Msg("council_army_disbanded_above", {"army": name})
    if "unit" not in cmd.args:
        send_home(s.state, realm, [name])
        s.events.inform(realm, "council_army_disbanded", army=name, family=family)
        return Msg("council_army_disbanded", {"army": name, "family": family})
    unit = DATA.unit_named(str(cmd.args["unit"]))
    count, army["units"][unit.key] = army["units"][unit.key], 0
    return Msg(
        "council_units_disbanded", {"army": name, "unit": unit.name, "unit_en": unit.en, "count": count}
    )


UNLIMITED_DO: dict[str, Callable[[Stage, str, Command], Msg]] = {
    "guard": _guard,
    "guard_to": _guard_to,
    "guard_back": _guard_back,
    "hire": _hire,
    "militia_to": _militia_to,
    "disband": _disband,
}


# ---- limited -------------------------------------------------------------------------------------------
def _spend(s: Stage, family: str, key: str) -> None:
    s.state["families"][family]["rights"].remove(key)


def _decision(s: Stage, realm: str, kind: str, fits: Callable[[Command], bool]) -> bool:
    """Carry out (take off the list) the power's first waiting decision of this kind that fits."""
    here = s.state["realms"][realm]
    for n, decision in enumerate(here["pending"]):
        if decision["kind"] == kind and fits(Command.from_json(decision["order"])):
            del here["pending"][n]
            return True
    return False


def _close_post(s: Stage, family: str, cmd: Command) -> Msg:
    realm, province = realm_of(s.state, family), str(cmd.args["province"])
    foreign = [p for p in s.state["trading_posts"] if p["province"] == province and p["realm"] != realm]
    if not _decision(s, realm, "expel", lambda order: order.args["province"] == province) or not foreign:
        return Msg("council_expel_done_before", {"province": province})
    s.state["trading_posts"] = [p for p in s.state["trading_posts"] if p not in foreign]
    for post in foreign:
        s.events.tell(post["family"], "council_your_post_closed", province=province, realm=realm)
    s.events.announce("council_traders_expelled", realm=realm, province=province)
    return Msg("council_posts_closed", {"province": province, "count": len(foreign)})


def _migrate(s: Stage, family: str, cmd: Command) -> Msg:
    realm = realm_of(s.state, family)
    orders = [
        Command.from_json(d["order"]) for d in s.state["realms"][realm]["pending"] if d["kind"] == "migration"
    ]
    if not orders:
        return Msg("council_migration_done_before", {})
    source, destination = str(orders[0].args["source"]), str(orders[0].args["destination"])
    _decision(s, realm, "migration", lambda order: True)
    provinces = s.state["provinces"]
    if provinces[source]["population"] < DATA.council.migration:
        return Msg("council_too_few_people", {"province": source})
    provinces[source]["population"] -= DATA.council.migration
    provinces[destination]["population"] += DATA.council.migration
    s.events.inform(realm, "council_migrated", source=source, destination=destination)
    return Msg("council_migrated", {"source": source, "destination": destination})


def _open_post(s: Stage, family: str, cmd: Command) -> Msg:
    province = str(cmd.args["province"])
    if any(p["province"] == province and p["family"] == family for p in s.state["trading_posts"]):
        return Msg("council_post_already", {"province": province})
    realm = realm_of(s.state, family)
    s.state["trading_posts"].append({"province": province, "realm": realm, "family": family})
    _spend(s, family, "trading_post")
    host = s.state["provinces"][province]["realm"]
    if host:
        s.events.inform(host, "council_post_opened_here", province=province, realm=realm)
    return Msg("council_post_opened", {"province": province, "family": family})


def _envoy(s: Stage, family: str, cmd: Command) -> Msg:
    realm, province = realm_of(s.state, family), str(cmd.args["province"])
    here = s.state["provinces"][province]
    if here["sphere"]:  # an earlier diplomat of the stage (only the planning stage annexes)
        return Msg("council_envoy_late", {"province": province, "realm": here["sphere"]})
    here["sphere"] = realm
    _spend(s, family, "diplomats")
    s.events.announce("council_sphere_joined", province=province, realm=realm)
    return Msg("council_envoy_done", {"province": province, "realm": realm})


def _prestige(s: Stage, family: str, cmd: Command) -> Msg:
    me = s.state["families"][family]
    add_influence(me, A.prestige)
    _spend(s, family, "diplomats")
    return Msg(
        "council_prestige_done", {"family": family, "amount": A.prestige, "influence": me["influence"]}
    )


def _holding(s: Stage, family: str, cmd: Command) -> Msg:
    province = str(cmd.args["province"])
    here = s.state["provinces"][province]
    if here["governor"]:
        return Msg("council_has_governor", {"province": province, "family": here["governor"]})
    here["governor"], here["holding"] = family, True
    _spend(s, family, "diplomats")
    s.events.inform(realm_of(s.state, family), "council_holding_claimed", province=province, family=family)
    return Msg("council_holding_claimed", {"province": province, "family": family})


def _colony(s: Stage, family: str, cmd: Command) -> Msg:
    realm, province = realm_of(s.state, family), str(cmd.args["province"])
    here = s.state["provinces"][province]
    if here["realm"]:
        return Msg("council_colony_late", {"province": province, "realm": here["realm"]})
    here["realm"], here["sphere"], here["occupied"], here["holding"] = realm, "", "", False
    here["governor"], here["loyalty"] = family, A.colony_loyalty
    _spend(s, family, "colonists")
    s.events.announce("council_colony_founded", realm=realm, province=province)
    return Msg("council_colony_done", {"province": province, "family": family})


def _build(s: Stage, family: str, cmd: Command) -> Msg:
    province, building = str(cmd.args["province"]), DATA.building(str(cmd.args["building"]))
    here = s.state["provinces"][province]
    names = {"province": province, "building": building.name, "building_en": building.en}
    if building.name in here["buildings"]:
        return Msg("council_already_built", names)
    here["buildings"].append(building.name)
    _spend(s, family, "improvements")
    if building.grand:
        me = s.state["families"][family]
        me["money"] -= A.grand_cost
        add_influence(me, A.grand_influence)
        s.events.announce("council_grand_work_built", family=family, **names)
        return Msg("council_grand_work_done", {**names, "influence": A.grand_influence})
    s.events.inform(realm_of(s.state, family), "council_built", **names)
    return Msg("council_built", names)


def _fleet_decision(s: Stage, realm: str) -> None:
    """The council's fleet orders (project 10), which the ruling family carries out on its limit."""
    here = s.state["realms"][realm]
    decision = next((d for d in here["pending"] if d["kind"] == "fleet"), None)
    if decision is None:
        return
    here["pending"].remove(decision)
    s.events.log("council_gm_fleet_decision", realm=realm, number=decision["number"], family=here["ruling"])
    _sail(s, realm, here["ruling"], Command.from_json(decision["order"]).pairs["moves"])


def _sail(s: Stage, realm: str, family: str, moves: Sequence[tuple[str, str]]) -> None:
    """Each flotilla's move in turn, each an entry of the log: one action for all of them."""
    for flotilla, sea in moves:
        outcome = battles.sail(s.state, realm, flotilla, sea, s.rng, s.events)
        s.record(realm, family, said(Command("sail", pairs={"moves": ((flotilla, sea),)})), outcome)
        _after_battles(s)


def _march(s: Stage, family: str, cmd: Command) -> Msg:
    realm = realm_of(s.state, family)
    outcome = battles.march(s.state, realm, family, str(cmd.args["army"]), cmd.lists["path"], s.rng, s.events)
    _after_battles(s)
    here = s.state["realms"][realm]["armies"].get(str(cmd.args["army"]))
    if here is not None:
        s.events.inform(realm, "council_march_done", army=str(cmd.args["army"]), province=here["province"])
    return outcome


def _after_battles(s: Stage) -> None:
    for realm in REALMS:
        war.disband_empty(s.state, realm, s.events)


DO: dict[str, Callable[[Stage, str, Command], Msg]] = {
    "expel": _close_post,
    "migration": _migrate,
    "trading_post": _open_post,
    "envoy": _envoy,
    "prestige": _prestige,
    "holding": _holding,
    "colony": _colony,
    "improvement": _build,
    "grand_work": _build,
    "land": _march,
}
