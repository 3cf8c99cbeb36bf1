"""Order examples that fit the reader (the contract's `examples`) and the blank's orders (`open_
commands`): a family is shown its own power's provinces, armies and kin, a council project on the
list, an amount it can pay. An order it may give now has an example the rules accept from it, and
is in its blank only then; any other order of the stage gets an example made of names the family
knows, so ПОМОЩЬ never shows another power's kin or armies."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engines.contract import ArgKind, Command, CommandSpec, Vocabulary
from engines.council.action_checks import pending, raid_targets
from engines.council.checks import barred, connected, vetoed_armies
from engines.council.data import DATA
from engines.council.forces import guard_of
from engines.council.schema import KEYWORDS, OWN, PHASES, known_commands, led_by, vocabularies_for
from engines.council.state import State
from engines.council.war import entry
from engines.council.world import (
    REALMS,
    commanded,
    families_of,
    free,
    governed,
    governorship_room,
    harbour,
    has_post,
    near,
    provinces_of,
    realm_of,
    size,
    sphere_of,
)

C, A = DATA.council, DATA.actions
Words = Sequence[str | int] | None  # an example's arguments, None when nothing fits


class _Reader:
    """What the examples of one family draw on: its power, its kin, what it can pay. For a stage
    ahead of the one the game is at (ПОМОЩЬ's pages of the later stages), what the family may
    come to hold by then: any auction's right, a council list to vote on."""

    def __init__(self, state: State, family: str, ahead: bool = False) -> None:
        self.state, self.family, self.ahead = state, family, ahead
        self.realm = realm_of(state, family)
        self.here = state["realms"][self.realm]
        self.mine = provinces_of(state, self.realm)
        self.free = [p for p in self.mine if free(state["provinces"][p])]
        self.kin = families_of(state, self.realm)
        self.others = [f for f in self.kin if f != family]
        self.money = state["families"][family]["money"]
        self.rights = [a.key for a in DATA.auctions] if ahead else state["families"][family]["rights"]
        self.armies = list(self.here["armies"])

    def with_room(self) -> list[str]:
        """Kin that may take one more army, the reader first."""
        return [f for f in [self.family, *self.others] if len(commanded(self.state, f)) < C.armies_per_family]


BUILDERS: dict[str, Callable[[_Reader], Words]] = {}


def builds(*commands: str) -> Callable[[Callable[[_Reader], Words]], Callable[[_Reader], Words]]:
    """Registers the decorated function as what makes these commands' examples."""

    def register(build: Callable[[_Reader], Words]) -> Callable[[_Reader], Words]:
        BUILDERS.update(dict.fromkeys(commands, build))
        return build

    return register


@builds("army")
def _army(r: _Reader) -> Words:
    room = r.with_room()
    if len(r.here["armies"]) >= size(r.state, r.realm).armies or not r.free or not room:
        return None
    return [r.free[0], room[0]]


@builds("militia")
def _militia(r: _Reader) -> Words:
    return [", ".join(r.free[:2])] if r.free else None


@builds("commanders")
def _commanders(r: _Reader) -> Words:
    for army, here in r.here["armies"].items():
        new = next((f for f in r.with_room() if f != here["commander"]), None)
        if new:
            return [army, new]
        if here["commander"]:
            return [army]  # named without a family: left without a commander
    return None


@builds("rights")
def _rights(r: _Reader) -> Words:
    return [] if r.here["freedom"] < DATA.bounds.freedom_max else None


@builds("expel")
def _expel(r: _Reader) -> Words:
    reach = {*r.mine, *sphere_of(r.state, r.realm)}
    posts = [
        p["province"] for p in r.state["trading_posts"] if p["province"] in reach and p["realm"] != r.realm
    ]
    return posts[:1] or None


@builds("exclude")
def _exclude(r: _Reader) -> Words:
    return sphere_of(r.state, r.realm)[:1] or None


@builds("migration")
def _migration(r: _Reader) -> Words:
    reach = [*r.mine, *sphere_of(r.state, r.realm)]
    for source in reach:
        if r.state["provinces"][source]["population"] >= C.migration:
            for destination in reach:
                if destination != source and connected(r.state, r.realm, source, destination):
                    return [source, destination]
    return None


@builds("repression")
def _repression(r: _Reader) -> Words:
    return r.others[:1] or None


@builds("governor")
def _governor(r: _Reader) -> Words:
    most = size(r.state, r.realm).governorships
    for family in [r.family, *r.others]:
        if len(governed(r.state, family)) < most:
            open_ = [
                p
                for p in r.mine
                if r.state["provinces"][p]["governor"] != family and not r.state["provinces"][p]["holding"]
            ]
            if open_:
                return [open_[0], family]
    return None


@builds("fleet")
def _fleet(r: _Reader) -> Words:
    for flotilla, here in r.here["flotillas"].items():
        sea = next((s for s in DATA.neighbours[here["sea"]] if s in {x.name for x in DATA.seas}), None)
        if sea:
            return [flotilla, sea]
    return None


@builds("games")
def _games(r: _Reader) -> Words:
    held = [p for p in r.mine if r.state["provinces"][p]["occupied"] in ("", r.realm)]
    if not held:
        return None
    return [min(held, key=lambda p: r.state["provinces"][p]["loyalty"])]


@builds("flotilla")
def _flotilla(r: _Reader) -> Words:
    if len(r.here["flotillas"]) >= size(r.state, r.realm).flotillas:
        return None
    return [p for p in r.free if harbour(p)][:1] or None


@builds("anonymous")
def _anonymous(r: _Reader) -> Words:
    return [DATA.project("repression").name] if r.others else []


@builds("bid")
def _bid(r: _Reader) -> Words:
    auction = DATA.auctions[0]
    return [auction.name, min(r.money, auction.min_bid + 3)] if r.money >= auction.min_bid else None


@builds("squadrons")
def _squadrons(r: _Reader) -> Words:
    auction = next(a for a in DATA.auctions if a.per_item)
    return [1, auction.min_bid] if r.money >= auction.min_bid else None


@builds("annex")
def _annex(r: _Reader) -> Words:
    capitals = {realm.capital for realm in DATA.realms}
    held = [n for n, p in r.state["provinces"].items() if p["occupied"] == r.realm and n not in capitals]
    return held[:1] or None


@builds("sphere")
def _sphere(r: _Reader) -> Words:
    held = [
        n
        for n, p in r.state["provinces"].items()
        if p["occupied"] == r.realm and not p["realm"] and p["sphere"] != r.realm
    ]
    return held[:1] or None


@builds("inquire")
def _inquire(r: _Reader) -> Words:
    return [next(f for f in r.state["powers"] if realm_of(r.state, f) != r.realm)]


@builds("transfer")
def _transfer(r: _Reader) -> Words:
    return [r.others[0], min(10, r.money)] if r.others and r.money else None


@builds("resign_governor")
def _resign_governor(r: _Reader) -> Words:
    return governed(r.state, r.family)[:1] or None


@builds("resign_command")
def _resign_command(r: _Reader) -> Words:
    return commanded(r.state, r.family)[:1] or None


@builds("vote")
def _vote(r: _Reader) -> Words:
    numbers = [item["number"] for item in r.here["agenda"]] or ([1, 2] if r.ahead else [])
    if not numbers:
        return None
    votes = [f"{numbers[0]} {DATA.words.yes.name}"]
    votes += [f"{n} {DATA.words.no.name}" for n in numbers[1:2]]
    return [", ".join(votes)]


@builds("elect")
def _elect(r: _Reader) -> Words:
    return [r.family]


@builds("accuse")
def _accuse(r: _Reader) -> Words:
    return [r.others[0], "брал взятки с купцов"] if r.others else None


@builds("veto")
def _veto(r: _Reader) -> Words:
    items = [
        i
        for i in r.here["agenda"]
        if i["kind"] == "commanders" and vetoed_armies(r.state, r.family, i["order"])
    ]
    return [items[0]["number"]] if items else None


@builds("civil_war")
def _civil_war(r: _Reader) -> Words:
    return []


@builds("war")
def _war(r: _Reader) -> Words:
    return [realm for realm in REALMS if realm != r.realm and realm not in r.here["wars"]][:1] or None


@builds("peace")
def _peace(r: _Reader) -> Words:
    return r.here["wars"][:1] or None


# ---- the actions stage ------------------------------------------------------------------------------------
@builds("guard")
def _guard(r: _Reader) -> Words:
    room = A.guard_most - guard_of(r.state, r.family)
    return [1] if room >= 1 and r.money >= A.guard_cost else None


@builds("guard_to")
def _guard_to(r: _Reader) -> Words:
    return r.armies[:1] if r.state["families"][r.family]["guard"] and r.armies else None


@builds("guard_back")
def _guard_back(r: _Reader) -> Words:
    return [a for a in r.armies if r.here["armies"][a]["guards"].get(r.family)][:1] or None


@builds("hire")
def _hire(r: _Reader) -> Words:
    return r.armies[:1] if "mercenaries" in r.rights and r.armies else None


@builds("militia_to")
def _militia_to(r: _Reader) -> Words:
    return [r.armies[0], r.here["militia"]] if r.here["militia"] and r.armies else None


@builds("disband")
def _disband(r: _Reader) -> Words:
    for army in commanded(r.state, r.family):
        if r.here["armies"][army]["units"]["militia"]:
            return [army, DATA.unit("militia").name]
    return commanded(r.state, r.family)[:1] or None


@builds("raid")
def _raid(r: _Reader) -> Words:
    for tribe in led_by(r.state, r.family):
        targets = raid_targets(r.state, tribe)
        if targets and r.state["tribes"][tribe]["warriors"]:
            return [tribe, targets[0]]
    return None


@builds("close_post")
def _close_post(r: _Reader) -> Words:
    decided = [str(Command.from_json(o).args["province"]) for o in pending(r.state, r.family, "expel")]
    posts = {p["province"] for p in r.state["trading_posts"] if p["realm"] != r.realm}
    return [p for p in decided if p in posts][:1] or None


@builds("migrate")
def _migrate(r: _Reader) -> Words:
    return [] if pending(r.state, r.family, "migration") else None


@builds("open_post")
def _open_post(r: _Reader) -> Words:
    if "trading_post" not in r.rights:
        return None
    places = [
        p.name
        for p in DATA.provinces
        if p.name not in r.mine and not has_post(r.state, r.realm, p.name) and near(r.state, r.realm, p.name)
    ]
    return places[:1] or None


@builds("envoy")
def _envoy(r: _Reader) -> Words:
    if "diplomats" not in r.rights:
        return None
    open_land = [
        name
        for name, p in r.state["provinces"].items()
        if not p["realm"]
        and not p["sphere"]
        and p["occupied"] in ("", r.realm)
        and near(r.state, r.realm, name)
    ]
    return sorted(open_land, key=lambda n: [p.name for p in DATA.provinces].index(n))[:1] or None


@builds("prestige")
def _prestige(r: _Reader) -> Words:
    return [] if "diplomats" in r.rights else None


@builds("holding")
def _holding(r: _Reader) -> Words:
    if "diplomats" not in r.rights or not governorship_room(r.state, r.family):
        return None
    reach = [*r.mine, *sphere_of(r.state, r.realm)]
    empty = [
        p
        for p in reach
        if not r.state["provinces"][p]["governor"] and not r.state["provinces"][p]["occupied"]
    ]
    return empty[:1] or None


@builds("colony")
def _colony(r: _Reader) -> Words:
    if "colonists" not in r.rights:
        return None
    return [p for p in sphere_of(r.state, r.realm) if r.state["provinces"][p]["occupied"] in ("", r.realm)][
        :1
    ] or None


@builds("build")
def _build(r: _Reader) -> Words:
    if "improvements" not in r.rights:
        return None
    for province in r.free:
        missing = [
            b.name
            for b in DATA.buildings
            if not b.grand
            and b.name not in r.state["provinces"][province]["buildings"]
            and (harbour(province) or not b.squadrons)
        ]
        if missing:
            return [province, missing[0]]
    return None


@builds("sail")
def _sail(r: _Reader) -> Words:
    return None if pending(r.state, r.family, "fleet") else _fleet(r)


@builds("march")
def _march(r: _Reader) -> Words:
    for army in commanded(r.state, r.family):
        at = r.here["armies"][army]["province"]
        for place in DATA.neighbours[at]:
            if place not in DATA.sea_names and entry(r.state, r.realm, place) != "closed":
                return [army, place]
    return None


def _fits(state: State, family: str, phase: str) -> dict[str, str]:
    """The orders the family may give now, each with an example it fits; in a stage ahead, those
    it may come to give (a vote on the list to be, an action of a right to be won)."""
    ahead = phase != state["phase"]
    reader = _Reader(state, family, ahead)
    shut = barred(state, family) - ({"vote"} if ahead else set())
    found = {}
    for spec in known_commands(state, family, phase):
        words = None if spec.name in shut else BUILDERS[spec.name](reader)
        if words is not None:
            found[spec.name] = " ".join([KEYWORDS[spec.name], *(str(w) for w in words)])
    return found


def _named(spec: CommandSpec, names: dict[str, Vocabulary]) -> str | None:
    """The order with the first of the family's names for each argument; None if one has none,
    or if it names nothing of the family's own power (its fixed example then fits anyone)."""
    vocabularies = {arg.vocabulary for arg in spec.args} | {arg.second_vocabulary for arg in spec.args}
    if not vocabularies & OWN:
        return None
    words = [KEYWORDS[spec.name]]
    for arg in spec.args:
        if arg.kind is ArgKind.INT:
            words.append(str(arg.minimum or 1))
        elif arg.kind is not ArgKind.TEXT:
            first = [*names[arg.vocabulary]][:1]
            second = [*names.get(arg.second_vocabulary, {})][:1] if arg.kind is ArgKind.PAIR_LIST else []
            if not first or (arg.kind is ArgKind.PAIR_LIST and not second):
                return None
            words += first + second
    return " ".join(words)


def open_commands(state: State, family: str, phase: str) -> list[CommandSpec]:
    """What the order blank offers: the orders the family may give now, each with a fitting example."""
    fits = _fits(state, family, phase)
    return [spec for spec in PHASES[phase].commands if spec.name in fits]


def examples(state: State, family: str, phase: str) -> dict[str, str]:
    fits = _fits(state, family, phase)
    names = dict(vocabularies_for(state, family))
    for spec in known_commands(state, family, phase):
        line = fits.get(spec.name) or _named(spec, names)
        if line:
            fits[spec.name] = line
    return fits
