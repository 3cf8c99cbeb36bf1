"""Many turns of random orders — moves anywhere, wars, raids, exchanges, gifts, joinings by consent,
assimilations, isolation, decisions — on the warfare world must always leave a consistent world:
nobody negative, a community's strata its people, one community to a cell, one main community in a
tribe of several (none in a tribe of one), elders a tenth, and
each tribe's view naming only what it has seen; the same seed gives the same game."""

from __future__ import annotations

import json
import random
import tomllib

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.contract import Command
from engines.rng import Rng
from engines.tribes import RULESET, contact, sight
from engines.tribes.examples import BETWEEN
from engines.tribes.state import State
from tests.engines.tribes.helpers import POWERS, learnt, state_of
from tests.paths import REPO

WORLD = REPO / "tests" / "engines" / "tribes" / "warfare.toml"
KNOWN = ("Рыболовство", "Обмен", "Война", "Набеги")


def _start() -> State:
    with WORLD.open("rb") as fh:
        state = state_of(tomllib.load(fh))
    for power in POWERS:
        state = learnt(state, power, *KNOWN)
    state["discovered"] = list(KNOWN)  # public rules, as their discovery made them
    return state


def _orders(state: State, power: str, r: random.Random) -> list[Command]:
    """Random lines: what the blank offers, and orders towards any neighbour, fitting or not."""
    tribe = state["tribes"][power]
    lines: list[Command] = []
    for community in tribe["communities"]:
        number = community["number"]
        if r.random() < 0.5:
            code = "".join(r.choice("12345678") for _ in range(r.randint(1, 3)))
            lines.append(Command("move", {"community": number, "code": code}))
        for near in contact.neighbours(state, power, community):
            name = r.choice(BETWEEN)
            args: dict[str, int | str] = {"community": number, "cell": near.community["cell"]}
            if name == "gift":
                args["count"] = r.randint(1, 10)
            if r.random() < 0.5:
                lines.append(Command(name, args))
    if r.random() < 0.1:
        lines.append(Command("isolate" if not tribe["isolated"] else "mingle"))
    return [Command(c.name, c.args, line) for line, c in enumerate(lines, 1)]


def _consistent(state: State) -> None:
    cells = [c["cell"] for _, c in sight.occupants(state)]
    assert len(cells) == len(set(cells)), "two communities on one cell"
    for owner, community in sight.occupants(state):
        values = [*community["strata"].values(), community["elders"], community["children"]]
        assert all(isinstance(v, int) and v >= 0 for v in values), (owner, community)
        assert all(v > 0 for v in community["strata"].values()), "an empty stratum kept"
        assert community["elders"] <= sum(community["strata"].values()) // 10
    for power in state["powers"]:
        tribe = state["tribes"][power]
        mains = sum(c["main"] for c in tribe["communities"])  # one, or none while it has one community
        assert tribe["extinct"] or mains == 1 or (mains == 0 and len(tribe["communities"]) == 1)
        view = json.dumps(RULESET.view(state, power), ensure_ascii=False)
        seen = {*tribe["explored"]}
        for cell in state["secret"]["cells"]:
            if cell not in seen:
                assert f'"{cell}"' not in view, (power, cell)
        for tech in state["secret"]["techs"]:
            if tech["name"] not in state["discovered"]:
                assert tech["name"] not in view
        others = {*state["tribes"], *(a["name"] for a in state["ai"])} - {power, *tribe["met"]}
        for name in others:
            assert f'"{name}"' not in view, (power, name)


def _play(seed: int, turns: int) -> State:
    r = random.Random(seed)
    state = _start()
    for turn in range(turns):
        alive = [p for p in state["powers"] if not state["tribes"][p]["extinct"]]
        orders = {p: _orders(state, p, r) for p in alive}
        state = RULESET.resolve(state, "orders", orders, Rng(f"{seed}:{turn}")).state
        _consistent(state)
    return state


@settings(max_examples=12, deadline=None)
@given(st.integers(min_value=0, max_value=10_000))
def test_random_orders_keep_the_world_consistent(seed: int) -> None:
    _play(seed, 8)


def test_the_same_seed_gives_the_same_game() -> None:
    assert _play(7, 6) == _play(7, 6)
