"""Many turns of random orders (wars, marches toward the enemy, peace, alliances, gifts, vassalage,
calls, loans) must always leave a consistent state, and the same seed must give the same game."""

from __future__ import annotations

import random
from collections import deque

from engines.contract import JSON, Command, Resolution
from engines.rng import Rng
from engines.rus import RULESET
from engines.rus.data import DATA
from engines.rus.state import State
from engines.rus.world import at_war, controller, country, friendly, is_ai, owner
from tests.engines.helpers import Line, as_json, mail, o
from tests.engines.rus.helpers import plain, typed

POWERS = [p.name for p in DATA.powers]
TERMS = {"Белый": "Белый", "Победа": "Поражение", "Поражение": "Победа"}
OUTCOMES = ["Вассалитет", "Уступки", "Аннексия"]


def _enemy_path(state: State, power: str, start: str, limit: int) -> str:
    """A path from `start` to the farthest enemy-held province in reach, over passable land."""
    back: dict[str, str] = {start: ""}
    queue, goals = deque([(start, 0)]), list[str]()
    while queue:
        here, steps = queue.popleft()
        for nxt in [] if steps >= limit else sorted(DATA.adjacency[here]):
            holder = controller(state, nxt)
            if nxt in back or not (friendly(state, power, holder) or at_war(state, power, holder)):
                continue
            back[nxt] = here
            queue.append((nxt, steps + 1))
            if at_war(state, power, holder):
                goals.append(nxt)
    path = []
    goal = goals[-1] if goals else start
    while goal != start:
        path.append(goal)
        goal = back[goal]
    return " ".join(reversed(path))


def _lines(state: State, power: str, r: random.Random) -> list[Line]:
    c = country(state, power)
    other = r.choice(POWERS)
    pick: list[Line] = [
        o("war", power=other),
        o("peace", power=other, terms=r.choice(list(TERMS))),
        o("terms", power=other, outcome=r.choice(OUTCOMES)),
        o("alliance", power=other),
        o("leave_alliance", power=other),
        o("marriage", power=other),
        o("divorce", power=other),
        o("gift", power=other, amount=r.choice([100, 500, 2000])),
        o("undermine", power=other, amount=100, rival=r.choice(POWERS)),
        o("pay", power=other, amount=100),
        o("demand", power=other),
        o("fealty", power=other),
        o("renounce"),
        o("call", vassal=other, province=r.choice(list(state["provinces"]))),
        o("mobilise", province=r.choice(list(state["provinces"]))),
        o("recruit", count=r.randint(1, 5)),
        o("cede", province=r.choice(list(state["provinces"])), power=other),
        o("accept_province", province=r.choice(list(state["provinces"]))),
    ]
    lines = r.sample(pick, r.randint(0, 6))
    for start, men in c["posts"].items():
        path = _enemy_path(state, power, start, 3 if c["tactic"] == DATA.war.cavalry else 2)
        if path:
            lines.append(o("march", province=start, druzhina=r.randint(1, men), militia=0, path=path))
        elif r.random() < 0.3:
            lines.append(o("lend", commander=other, province=start, count=r.randint(1, men)))
    lines += [o("demand", power=t) for t, claims in state["rights"].items() if power in claims]
    if state["rights"].get(power) and r.random() < 0.5:
        lines.append(o("fealty", power=r.choice(sorted(state["rights"][power]))))
    return lines


def _answers(state: State, orders: dict[str, list[Line]], r: random.Random) -> None:
    """Half the bilateral offers get their answer, so alliances, marriages and peace do happen."""
    for power, lines in list(orders.items()):
        for name, args in list(lines):
            other = str(args.get("power", ""))
            if other not in orders or is_ai(state, other) or r.random() < 0.5:
                continue
            if name in ("alliance", "marriage"):
                orders[other].append(o(name, power=power))
            elif name == "peace":
                orders[other].append(o("peace", power=power, terms=TERMS[str(args["terms"])]))
            elif name == "gift":
                orders[other].append(o("accept_gift", power=power))


def _problems(state: State) -> list[str]:
    found = []
    for p in state["powers"]:
        c = country(state, p)
        if any(n <= 0 for n in c["posts"].values()):
            found.append(f"{p}: an empty post in {c['posts']}")
        for province in c["posts"]:
            holder = controller(state, province)
            if not (friendly(state, p, holder) or at_war(state, p, holder)):
                found.append(f"{p}: troops in {province} of {holder}")
        if c["money"] < 0 or not -3 <= c["stability"] <= 3 or (is_ai(state, p) and c["stability"]):
            found.append(f"{p}: money {c['money']}, stability {c['stability']}")
        if any(p not in country(state, m)["marriages"] or at_war(state, p, m) for m in c["marriages"]):
            found.append(f"{p}: marriages {c['marriages']}")
        if any(not -200 <= v <= 200 for v in state["influence"][p].values()):
            found.append(f"{p}: influence out of bounds")
    for name, here in state["provinces"].items():
        if here["militia"] < 0 or here["op"] < DATA.game.min_op:
            found.append(f"{name}: {here}")
    for province, occupier in state["occupied"].items():
        if not at_war(state, occupier, owner(state, province)):
            found.append(f"{province} occupied by {occupier}, at peace with its owner")
    for a, b in state["alliances"]:
        if at_war(state, a, b) or is_ai(state, a) or is_ai(state, b):
            found.append(f"alliance {a}–{b}")
    for vassal, lord in state["vassals"].items():
        if is_ai(state, lord) or vassal == lord or at_war(state, vassal, lord):
            found.append(f"vassal {vassal} of {lord}")
    return found


def _play(seed: int, turns: int) -> list[Resolution[JSON]]:
    r = random.Random(seed)
    state = typed(RULESET.setup(r.sample(POWERS, 8), Rng("setup")))
    for p in state["powers"]:
        country(state, p)["money"] = 3000
    results = []
    for t in range(turns):
        orders = {p: [] if is_ai(state, p) else _lines(state, p, r) for p in state["powers"]}
        _answers(state, orders, r)
        mails: dict[str, list[Command]] = {p: mail(*lines) for p, lines in orders.items()}
        result = RULESET.resolve(plain(state), state["phase"], mails, Rng(f"{seed}-{t}"))
        state = typed(result.state)
        assert _problems(state) == [], f"seed {seed}, turn {t}"
        results.append(result)
        if state["over"]:
            break
    return results


def test_random_wars_and_diplomacy_keep_the_state_consistent() -> None:
    for seed in range(12):
        _play(seed, 25)


def test_the_same_seed_resolves_the_same_random_game() -> None:
    assert [as_json(x) for x in _play(7, 12)] == [as_json(x) for x in _play(7, 12)]
