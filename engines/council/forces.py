"""Armies and flotillas as battles see them (ours, as section 7 is lost): an army is units of
regulars, militia and mercenaries, and the personal guards families lend it; its strength is each
unit's strength from data.toml; a flotilla's strength is its squadrons. Losses take the cheapest
units first, so an army keeps its core longest."""

from __future__ import annotations

from collections.abc import Iterable
from math import ceil

from engines.council.data import DATA
from engines.council.state import Army, Flotilla, State
from engines.rng import Rng
from engines.text import Msg

W = DATA.war
# units an army loses first: the weakest, then the hired, the regulars, the lent guards last
LOSS_ORDER = ("militia", "mercenaries", "regulars")


def strength(army: Army) -> int:
    units = sum(count * DATA.unit(kind).strength for kind, count in army["units"].items())
    return units + sum(army["guards"].values()) * DATA.unit("guard").strength


def units(army: Army) -> int:
    return sum(army["units"].values()) + sum(army["guards"].values())


def lose(army: Army, count: int) -> None:
    """`count` units gone, the cheapest first; the guards of families in setup order last."""
    for kind in LOSS_ORDER:
        taken = min(count, army["units"][kind])
        army["units"][kind] -= taken
        count -= taken
    for family in list(army["guards"]):
        taken = min(count, army["guards"][family])
        army["guards"][family] -= taken
        count -= taken
        if not army["guards"][family]:
            del army["guards"][family]


def fight(rng: Rng, attack: int, defence: int, where: str) -> tuple[bool, int, int]:
    """A battle: each side's strength and a die of 1–6 (logged rolls); the attack wins only above
    the defence. Whether it won, and both rolls."""
    a = rng.randint(1, W.die, Msg("council_draw_attack", {"place": where}))
    d = rng.randint(1, W.die, Msg("council_draw_defence", {"place": where}))
    return attack + a > defence + d, a, d


def loss(size: int, won: bool) -> int:
    """What one army or flotilla of a side loses in a battle: half, rounded up, when beaten; a
    quarter, rounded down, when it won."""
    if won:
        return size * W.winner_loss_percent // 100
    return ceil(size * W.loser_loss_percent / 100)


def hit_army(army: Army, won: bool) -> int:
    lost = loss(units(army), won)
    lose(army, lost)
    return lost


def hit_flotilla(flotilla: Flotilla, won: bool) -> int:
    lost = loss(flotilla["squadrons"], won)
    flotilla["squadrons"] -= lost
    return lost


def guard_of(state: State, family: str) -> int:
    """All of a family's personal guard: at home and lent to armies."""
    lent = sum(
        army["guards"].get(family, 0)
        for realm in state["realms"].values()
        for army in realm["armies"].values()
    )
    return state["families"][family]["guard"] + lent


def send_home(state: State, realm: str, armies: Iterable[str]) -> None:
    """Disbanded or destroyed armies: gone, and the guards they held back at their families' homes."""
    here = state["realms"][realm]
    for name in armies:
        for family, count in here["armies"].pop(name)["guards"].items():
            state["families"][family]["guard"] += count
