"""The computer's tribes, and the computer playing a player's tribe.

A computer's tribe is no power: it sends no orders and has no player, so it is kept in the state
(`State.ai`) and never in submissions, scores or digests; a joining player may be seated at one
(`joining.join`). «АИ не предпринимает никаких активных действий, вт.ч. перемещений», so the
computer playing a player's tribe orders nothing either: its children go by default.
"""

from __future__ import annotations

from engines.contract import Command
from engines.tribes.community import ai_limit, shares
from engines.tribes.data import DATA, FIELDS
from engines.tribes.level import opened
from engines.tribes.state import AiTribe, Community, State

A = DATA.ai
# «после открытия соотв. техов охотники меняются на скотоводов, собиратели на земледельцев»
SUCCESSORS = {"hunters": "herders", "gatherers": "farmers"}


def ai_orders(state: State, power: str, phase: str) -> list[Command]:
    return []


def new_ai(name: str, community: Community, points: dict[str, int], frozen: int) -> AiTribe:
    """A computer's tribe living as `community` (its number 1, alone, so not a main one)."""
    own: Community = {**community, "number": 1, "main": False, "children": 0}
    return {
        "name": name,
        "community": own,
        "relations": {},
        "frozen": frozen,
        "points": dict(points),
        "beaten": 0,
    }


def settle(state: State, ai: AiTribe) -> None:
    """«численность 75% от ЛЧ, стратовый состав 2 к 2 к 1 охотников, собирателей и воинов …,
    техи АИ равны среднему арифметическому соответствующего теха игроков»."""
    open_ = opened(state)
    kinds = {"hunters": A.hunters, "gatherers": A.gatherers, "warriors": A.warriors}
    kinds = {SUCCESSORS[s] if SUCCESSORS.get(s) in open_ else s: n for s, n in kinds.items()}
    total = ai_limit(state, ai["community"], ai["beaten"]) * A.share // 100
    ai["community"]["strata"] = shares(kinds, total)
    ai["community"]["elders"] = ai["community"]["children"] = 0
    living = [t for t in state["tribes"].values() if not t["extinct"]]
    ai["points"] = {f: sum(t["points"][f] for t in living) // max(1, len(living)) for f in FIELDS}


def upkeep(state: State) -> None:
    """Each turn: a tribe that split off keeps what it had for two turns, then is like the rest."""
    for ai in state["ai"]:
        if ai["frozen"]:
            ai["frozen"] -= 1
        else:
            settle(state, ai)
