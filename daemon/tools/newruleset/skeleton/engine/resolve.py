"""A turn resolved: pure, from the state, the orders and the rng alone; every roll goes through
the rng with its purpose (a catalog message), so the GM's digest lists each one."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engines import toolkit
from engines.contract import Command, Resolution
from engines.rng import Rng
from engines.text import Msg

from .checks import check
from .data import DATA
from .state import State


def resolve(state: State, phase: str, orders: Mapping[str, Sequence[Command]], rng: Rng) -> Resolution[State]:
    powers = state["powers"]
    events = toolkit.Events(powers)
    valid = toolkit.accepted(check, state, phase, orders, events, "skeleton_refused")
    grain = dict(state["grain"])
    for power in powers:  # gifts first, in setup order: what arrives is sown next turn
        for cmd in valid[power]:
            if cmd.name == "gift":
                to, sacks = str(cmd.args["power"]), int(cmd.args["sacks"])
                grain[power] -= sacks
                grain[to] += sacks
                events.tell(power, "skeleton_gift_sent", power=to, sacks=sacks)
                events.tell(to, "skeleton_gift_received", power=power, sacks=sacks)
    for power in powers:
        sown = sum(int(cmd.args["sacks"]) for cmd in valid[power] if cmd.name == "sow")
        if sown:
            roll = rng.randint(1, DATA.game.max_yield, Msg("skeleton_roll_harvest", {"power": power}))
            grain[power] += sown * roll - sown
            events.tell(power, "skeleton_harvest", sown=sown, harvest=sown * roll)
    over = state["turn"] >= DATA.game.last_turn
    if over:
        best = max(grain.values())
        for power in powers:
            if grain[power] == best:
                events.announce("skeleton_winner", power=power, sacks=best)
    turn = state["turn"] if over else state["turn"] + 1
    return events.resolution({**state, "turn": turn, "over": over, "grain": grain})
