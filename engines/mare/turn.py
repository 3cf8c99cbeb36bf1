"""Resolution of the one mail phase of a turn, and the start of the next.

connectivity dues → special actions → stakes and generals → conflicts (by territory, map order)
→ outcomes and generals' effects → map painting → sea-only pieces → fortresses → bonus moves →
general exchanges, kills and heroic draws → МОЩЬ → landless penalty → victory → next turn.
"""

from __future__ import annotations

import copy
from fractions import Fraction

from engines.contract import Resolution
from engines.mare import painting
from engines.mare.checks import check, spending
from engines.mare.conflict import NEUTRALS, Conflict, Play, Stake, fight
from engines.mare.data import DATA
from engines.mare.events import Events
from engines.mare.outcomes import Aftermath, settle
from engines.mare.state import State
from engines.mare.victory import check_victory
from engines.mare.world import (
    coefficient,
    connectivity_cost,
    extra_components,
    influence,
    owned,
    pool,
    sides,
)
from engines.rng import Rng
from engines.text import Msg
from engines.toolkit import Orders, accepted, commands_named

T, C = DATA.thresholds, DATA.costs


def resolve(state: State, phase: str, orders: Orders, rng: Rng) -> Resolution[State]:
    if state["over"] or phase != state["phase"]:
        raise ValueError(f"cannot resolve {phase!r}: the game is at {state['phase']!r}, over={state['over']}")
    start, new = copy.deepcopy(state), copy.deepcopy(state)
    events = Events(new["powers"])
    valid = accepted(check, start, phase, orders, events, "mare_order_refused")
    _connectivity(start, valid, events)
    _special_actions(valid, events)
    after = _conflicts(start, valid, events, rng)
    permits = {
        (p, str(c.args["power"]), str(c.args["territory"])) for p, c in commands_named(valid, "permit")
    }
    painting.paint(start, new, after.results, permits, events)
    painting.vanish_sea_pieces(new, events)
    builds = [(p, str(c.args["territory"])) for p, c in commands_named(valid, "fortify")]
    razes = [(p, str(c.args["territory"])) for p, c in commands_named(valid, "raze")]
    painting.fortresses(new, builds, razes, events)
    moves = [(p, str(c.args["territory"]), str(c.args["to"])) for p, c in commands_named(valid, "move_bonus")]
    painting.move_bonuses(new, moves, events)
    _general_moves(new, valid, after, events, rng)
    new["pesterator"] = after.pesterator
    for power in new["powers"]:
        if not owned(start, power) and not owned(new, power):
            events.change_might(power, -T.landless_loss, "mare_landless")
    _apply_might(new, events)
    new["allocations"] = {p: spending(start, p, valid[p]) for p in new["powers"]}
    if not check_victory(new, events):
        new["turn"] += 1
        _new_turn(new, events)
    return events.resolution(new)


def _connectivity(start: State, orders: Orders, events: Events) -> None:
    for power in start["powers"]:
        extra = extra_components(start, power)
        if not extra:
            continue
        paid = next((int(c.args["count"]) for c in orders[power] if c.name == "connect"), 0)
        if paid:
            events.tell_all(
                [power], "mare_connectivity_paid", power=power, count=paid, cost=connectivity_cost(paid)
            )
        unpaid = extra - paid
        if unpaid and start["might"][power] >= T.mighty:
            events.change_might(power, -T.connectivity_loss * unpaid, "mare_connectivity_loss", count=unpaid)
        elif unpaid:
            events.tell_all([power], "mare_connectivity_free", power=power, count=unpaid, mighty=T.mighty)


_SPECIAL = {
    "fortify": ("mare_special_fortress", C.fortress),
    "move_bonus": ("mare_special_bonus", C.move_bonus),
}


def _special_actions(orders: Orders, events: Events) -> None:
    """«Использование п. а) и б) снижает вашу МОЩЬ на 1»: once per fortress built or bonus moved."""
    for name, (code, spent) in _SPECIAL.items():
        for power, cmd in commands_named(orders, name):
            territory = str(cmd.args["territory"])
            events.change_might(power, -T.special_action_loss, code, territory=territory, spent=spent)


def _stakes(start: State, orders: Orders) -> list[Stake]:
    stakes = []
    for power, cmd in [*commands_named(orders, "influence"), *commands_named(orders, "support")]:
        territory, raw = str(cmd.args["territory"]), int(cmd.args["amount"])
        beneficiary = str(cmd.args.get("side", power))
        value = raw * coefficient(start, power, territory)
        stakes.append(
            Stake(power, beneficiary, territory, raw, value, "own" if cmd.name == "influence" else "support")
        )
    for territory, owner in sorted(start["fortresses"].items()):
        stakes.append(
            Stake(owner, owner, territory, C.fortress_influence, Fraction(C.fortress_influence), "fortress")
        )
    for due in start["pesterator"]:
        amount = DATA.generals_rules.pesterator_support
        stakes.append(Stake(NEUTRALS, due["power"], due["territory"], amount, Fraction(amount), "pesterator"))
    return stakes


def _plays(orders: Orders) -> list[Play]:
    plays = [
        Play(str(c.args["general"]), p, str(c.args["territory"]))
        for p, c in commands_named(orders, "general")
    ]
    plays += [
        Play(DATA.general_of("charmer").name, p, str(c.args["territory"]), str(c.args["side"]))
        for p, c in commands_named(orders, "charm")
    ]
    plays += [
        Play(DATA.general_of("unifier").name, p, str(c.args["territory"]), str(c.args["other"]))
        for p, c in commands_named(orders, "unite")
    ]
    return plays


def _groups(start: State, stakes: list[Stake], plays: list[Play]) -> list[tuple[str, ...]]:
    """Territories in conflict, in map order; the Unifier's two territories make one group."""
    busy = {s.territory for s in stakes} | {p.territory for p in plays}
    merged = {p.territory: p.target for p in plays if p.kind == "unifier"}
    groups: list[tuple[str, ...]] = []
    taken: set[str] = set()
    for territory in start["map"]:
        if territory in taken or territory not in busy | set(merged.values()):
            continue
        partner = merged.get(territory) or next((a for a, b in merged.items() if b == territory), "")
        group = tuple(t for t in start["map"] if t in (territory, partner))
        taken.update(group)
        groups.append(group)
    return groups


# the GM's log line of each kind of stake (old turn records hold mare_gm_stake, with `via`)
_STAKE_CODES = {
    "own": "mare_gm_stake_own",
    "support": "mare_gm_stake_support",
    "fortress": "mare_gm_stake_fortress",
    "pesterator": "mare_gm_stake_pesterator",
}


def _conflicts(start: State, orders: Orders, events: Events, rng: Rng) -> Aftermath:
    stakes, plays, after = _stakes(start, orders), _plays(orders), Aftermath()
    for stake in stakes:
        events.log(
            _STAKE_CODES[stake.via],
            territory=stake.territory,
            source=stake.source,
            beneficiary=stake.beneficiary,
            raw=stake.raw,
            coefficient=float(stake.value / stake.raw) if stake.raw else 1,
            value=float(stake.value),
        )
    for group in _groups(start, stakes, plays):
        here = [s for s in stakes if s.territory in group]
        sent = [p for p in plays if p.territory in group]
        if not here:
            continue
        conflict = fight(group, here, sent, sides(start), rng)
        _tell_conflict(conflict, events)
        settle(start, conflict, events, after, rng)
    return after


def _tell_conflict(c: Conflict, events: Events) -> None:
    """A contest told round by round to those in it, and its result in the news; a lone bid met
    by nobody is no conflict: one line to the bidder, and only the map's change in the news."""
    who, place = c.participants(), c.label
    if len(c.sides) == 1 and c.winner and not c.active and not c.cancelled:
        strength = float(c.strength[c.winner])
        events.tell_all(who, "mare_uncontested", territory=place, winner=c.winner, strength=strength)
        return
    events.tell_all(who, "mare_conflict", territory=place)
    for play in c.active:
        events.tell_all(who, "mare_general_played", general=play.general, holder=play.holder, territory=place)
    for play in c.cancelled:
        events.tell_all(
            who, "mare_general_cancelled", general=play.general, holder=play.holder, territory=place
        )
    for side in c.sides:
        support = float(c.support(side))
        if not support:
            events.tell_all(who, "mare_side_alone", side=side, strength=float(c.strength[side]))
            continue
        events.tell_all(
            who,
            "mare_side",
            side=side,
            strength=float(c.strength[side]),
            own=float(c.own(side)),
            support=support,
        )
    for r in c.rounds:
        if r.winner:
            events.tell_all(
                who,
                "mare_round",
                number=r.number,
                winner=r.a,
                winner_strength=float(r.a_strength),
                loser=r.b,
                loser_strength=float(r.b_strength),
                left=float(r.left),
            )
        else:
            events.tell_all(
                who, "mare_round_tie", number=r.number, a=r.a, b=r.b, strength=float(r.a_strength)
            )
    if c.by_victor:
        events.tell_all(who, "mare_victor_wins", power=c.winner, territory=place)
    if c.winner:
        events.tell_all(who, "mare_conflict_won", territory=place, winner=c.winner)
    else:
        events.tell_all(who, "mare_conflict_nobody", territory=place)
    if c.winner:
        events.announce("mare_news_conflict", territory=place, winner=c.winner)
    else:
        events.announce("mare_news_conflict_nobody", territory=place)


def _general_moves(new: State, orders: Orders, after: Aftermath, events: Events, rng: Rng) -> None:
    """Annihilated generals return; Sukhbaatar exchanges; kills; then heroic draws from the pool."""
    for general in sorted(after.to_pool):
        new["generals"][general] = ""
    sukh = DATA.general_of("sukhbaatar").name
    for power, cmd in commands_named(orders, "exchange"):
        wanted = str(cmd.args["general"])
        if new["generals"][sukh] == power and not new["generals"][wanted]:
            new["generals"][sukh], new["generals"][wanted] = "", power
            events.tell_all([power], "mare_exchanged", general=wanted)
    killer = DATA.general_of("killer").name
    for power, cmd in commands_named(orders, "kill"):
        target = str(cmd.args["general"])
        victim = new["generals"][target]
        new["generals"][target] = new["generals"][killer] = ""
        events.tell_all([power], "mare_killed", general=target)
        if victim and victim != power:
            events.tell(victim, "mare_general_killed", general=target)
    for winner, territory in after.heroic:
        free = pool(new)
        if not free:
            events.tell_all([winner], "mare_heroic_no_general", territory=territory)
            continue
        general = rng.choice(free, Msg("mare_draw_general", {"territory": territory, "power": winner}))
        new["generals"][general] = winner
        events.tell_all([winner], "mare_heroic_general", general=general)
        events.announce("mare_news_heroic", power=winner, territory=territory)


def _apply_might(new: State, events: Events) -> None:
    for power in new["powers"]:
        new["might"][power] = max(DATA.game.might_floor, new["might"][power] + events.might[power])


def _new_turn(new: State, events: Events) -> None:
    for power in new["powers"]:
        extra = extra_components(new, power)
        events.tell(
            power,
            "mare_turn_start",
            turn=new["turn"],
            might=new["might"][power],
            influence=influence(new, power),
            extra=extra,
        )
        if extra:
            events.tell(power, "mare_turn_split", pieces=extra + 1, extra=extra)
