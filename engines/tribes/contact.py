"""Contact between tribes: «Общины считаются находящимися в контакте, если они расположены на
расстоянии не больше 1 клетки между ними (в т.ч. по диагонали)». What contact gives development
(«технологии … постепенно взаимоперенимаются», the catch-up bonus, +0,1 соцтех a community), unless
one side «объявляет о своей изоляции»; and the communities an order may reach (war, a raid, an
exchange, a gift, merging, assimilation): another tribe's, next to one's own.
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.tribes import world
from engines.tribes.data import DATA, FIELDS
from engines.tribes.sight import occupants
from engines.tribes.state import Community, State

C = DATA.contact


@dataclass(frozen=True)
class Neighbour:
    """Another tribe's community next to one of ours: its tribe, whether a player's, and itself."""

    owner: str
    player: bool
    community: Community


def neighbours(state: State, power: str, community: Community | None = None) -> list[Neighbour]:
    """Other tribes' communities in contact with `community` (default: with any of `power`'s)."""
    own = [community] if community is not None else state["tribes"][power]["communities"]
    near = {cell for c in own for cell in world.around(state, c["cell"])}  # 9 cells each, at most
    return [
        Neighbour(owner, owner in state["tribes"], other)
        for owner, other in occupants(state)
        if owner != power and other["cell"] in near
    ]


def on_cell(state: State, power: str, community: Community, cell: str) -> Neighbour | None:
    """Another tribe's community on `cell`, when it is in contact with `community`: one look at the
    cell (every check of an order between tribes asks, and the blank tries many)."""
    if world.distance(community["cell"], cell) > 1:
        return None
    for owner, other in occupants(state):
        if owner != power and other["cell"] == cell:
            return Neighbour(owner, owner in state["tribes"], other)
    return None


def learning(state: State, power: str) -> list[Neighbour]:
    """The contacts development learns from: none for an isolated tribe, none with an isolated one,
    none with a tribe that died out."""
    if state["tribes"][power]["isolated"]:
        return []
    return [
        n
        for n in neighbours(state, power)
        if not n.player or not (state["tribes"][n.owner]["isolated"] or state["tribes"][n.owner]["extinct"])
    ]


def points_of(state: State, owner: str) -> dict[str, int]:
    """A tribe's development points, a player's or the computer's («техи АИ»)."""
    if owner in state["tribes"]:
        return state["tribes"][owner]["points"]
    return next(a["points"] for a in state["ai"] if a["name"] == owner)


def bonuses(state: State, power: str) -> dict[str, int]:
    """This turn's development from contact, in tenths by field: «сторона с меньшим количеством ОР в
    какой-либо области получает … бонус …, равный 0,1 разницы … с округлением в меньшую сторону …
    берется в расчет только одна община с максимальным разрывом», and «бонус к росту соцтеха … равный
    0,1 за общину» in contact."""
    contacts = learning(state, power)
    mine = state["tribes"][power]["points"]
    found = dict.fromkeys(FIELDS, 0)
    for field in FIELDS:
        gap = max((points_of(state, n.owner)[field] - mine[field] for n in contacts), default=0)
        found[field] = max(0, gap) // C.catch_up
    found["soc"] += C.social * len(contacts)
    return found


def known_nearby(state: State, power: str) -> set[str]:
    """The technologies the players' tribes in contact knew before this turn: «наличие технологии у
    соседа убирает необходимость выполнения триггера» (one discovered in this turn's step of
    development is not yet theirs to show: the step is simultaneous)."""
    turn = state["turn"]
    return {
        tech
        for n in learning(state, power)
        if n.player
        for tech, since in state["tribes"][n.owner]["techs"].items()
        if since < turn
    }
