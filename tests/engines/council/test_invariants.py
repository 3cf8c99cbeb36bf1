"""Many turns of random orders (wars, peace, civil wars, marches anywhere, fleets, every action the
blank offers, tribal raids) must always leave a consistent world, and the same seed must give the
same game."""

from __future__ import annotations

import random

from engines.contract import Command, Resolution
from engines.council import RULESET
from engines.council.data import DATA
from engines.council.forces import guard_of, units
from engines.council.state import State
from engines.council.war import holder
from engines.council.world import REALMS, realm_of
from engines.rng import Rng
from tests.engines.council.helpers import FAMILIES, parsed
from tests.engines.helpers import as_json

PLACES = [p.name for p in (*DATA.provinces, *DATA.seas)]


def _walk(r: random.Random, start: str) -> tuple[str, ...]:
    """A random path of one to three places along the map's borders."""
    path, here = [], start
    for _ in range(r.randint(1, DATA.war.march_steps)):
        here = r.choice(DATA.neighbours[here])
        path.append(here)
    return tuple(path)


def _orders(state: State, family: str, r: random.Random) -> list[Command]:
    phase, realm = state["phase"], realm_of(state, family)
    offered = [line for name, line in RULESET.examples(state, family, phase).items() if r.random() < 0.6]
    lines = [*parsed(state, family, *offered)]
    if phase == "planning" and r.random() < 0.3:
        lines.append(Command(r.choice(["war", "peace"]), {"realm": r.choice(REALMS)}))
    if phase == "planning" and r.random() < 0.05:
        lines.append(Command("civil_war"))
    if phase == "actions":
        for name, army in state["realms"][realm]["armies"].items():
            lines.append(Command("march", {"army": name}, lists={"path": _walk(r, army["province"])}))
        for name, flotilla in state["realms"][realm]["flotillas"].items():
            sea = r.choice([s for s in DATA.neighbours[flotilla["sea"]] if s in DATA.sea_names])
            lines.append(Command("sail", pairs={"moves": ((name, sea),)}))
    return [Command(c.name, c.args, n, c.lists, c.pairs) for n, c in enumerate(lines, start=1)]


def _problems(state: State) -> list[str]:
    found = []
    for name, family in state["families"].items():
        if family["money"] < 0 or not 0 <= family["influence"] <= DATA.bounds.influence_max:
            found.append(f"{name}: money {family['money']}, influence {family['influence']}")
        if family["guard"] < 0 or guard_of(state, name) > DATA.actions.guard_most:
            found.append(f"{name}: guard {guard_of(state, name)}")
        if any(key not in {a.key for a in DATA.auctions if not a.per_item} for key in family["rights"]):
            found.append(f"{name}: rights {family['rights']}")
    for name, province in state["provinces"].items():
        if not 0 <= province["loyalty"] <= DATA.bounds.loyalty_max or province["population"] < 0:
            found.append(f"{name}: {province}")
        occupier = province["occupied"]
        if occupier and (
            occupier == province["realm"]
            or (province["realm"] and occupier not in state["realms"][province["realm"]]["wars"])
        ):
            found.append(f"{name} occupied by {occupier} without a war on {province['realm']}")
    for realm, here in state["realms"].items():
        if realm in here["wars"] or any(realm not in state["realms"][e]["wars"] for e in here["wars"]):
            found.append(f"{realm}: wars {here['wars']}")
        for rebel in here["civil_war"]:
            if (
                rebel == here["ruling"]
                or state["families"][rebel]["exiled"]
                or realm_of(state, rebel) != realm
            ):
                found.append(f"{realm}: rebel {rebel}")
        for name, army in here["armies"].items():
            province = state["provinces"][army["province"]]
            stands = realm in (holder(state, army["province"]), province["realm"], province["sphere"])
            commander = army["commander"]
            serving = not commander or (
                realm_of(state, commander) == realm and not state["families"][commander]["exiled"]
            )
            if not units(army) or min(army["units"].values()) < 0 or not stands or not serving:
                found.append(f"{realm}: {name} {army}")
        for name, flotilla in here["flotillas"].items():
            if flotilla["squadrons"] <= 0 or flotilla["sea"] not in DATA.sea_names:
                found.append(f"{realm}: {name} {flotilla}")
        if state["phase"] == "planning" and here["pending"]:
            found.append(f"{realm}: decisions left pending {here['pending']}")
    posts = [(post["province"], post["realm"]) for post in state["trading_posts"]]
    for place, owner in posts:
        if posts.count((place, owner)) > 1 or state["provinces"][place]["realm"] == owner:
            found.append(f"{owner}: trading posts in {place}")  # one a power, and only abroad
    for tribe in DATA.tribes:
        if not 0 <= state["tribes"][tribe.name]["warriors"] <= tribe.warriors:
            found.append(f"{tribe.name}: {state['tribes'][tribe.name]}")
    return found


def _play(seed: int, stages: int) -> list[Resolution[State]]:
    r = random.Random(seed)
    state = RULESET.setup(r.sample(FAMILIES, 7), Rng(f"setup-{seed}"))
    state = RULESET.with_data(state, {"tribal_unions": {t.name: r.choice(FAMILIES) for t in DATA.tribes}})
    for family in state["families"].values():
        family["money"] = 200
    results = []
    for n in range(stages):
        ended = RULESET.ended(state)
        orders = {f: _orders(state, f, r) for f in state["powers"] if f not in ended}
        result = RULESET.resolve(state, state["phase"], orders, Rng(f"{seed}-{n}"))
        state = result.state
        assert _problems(state) == [], f"seed {seed}, stage {n}"
        results.append(result)
        if state["over"]:
            break
    return results


def test_random_wars_and_actions_keep_the_world_consistent() -> None:
    for seed in range(10):
        _play(seed, 24)


def test_the_same_seed_resolves_the_same_random_game() -> None:
    assert [as_json(x) for x in _play(3, 12)] == [as_json(x) for x in _play(3, 12)]  # type: ignore[arg-type]
