"""Resolution of each mail phase, and the start of a new turn.

talks  → research, tech gifts, coin and colony transfers, alliances, military help, a proposal
vote   → the tally and the passed proposal's effect (only when a proposal was made)
orders → leader perks, wars, coin transfers, funding; then the next turn starts (income,
         levels, intelligence, the chair) or, after the last turn, the game ends
"""

from __future__ import annotations

import copy
from collections.abc import Callable

from engines.coins import diplomacy, economy, intel, techs, voting
from engines.coins.checks import check, proposal_record
from engines.coins.data import DATA
from engines.coins.scoring import record_standings, totals
from engines.coins.state import State
from engines.coins.war import Front, resolve_wars
from engines.coins.world import ORDERS, TALKS, VOTE, clear_effects, country, is_last_turn
from engines.contract import Resolution
from engines.rng import Rng
from engines.toolkit import Events, Orders, accepted, commands_named


def resolve(state: State, phase: str, orders: Orders, rng: Rng) -> Resolution[State]:
    if state["over"] or phase != state["phase"]:
        raise ValueError(f"cannot resolve {phase!r}: the game is at {state['phase']!r}, over={state['over']}")
    new = copy.deepcopy(state)
    events = Events(new["powers"])
    valid = accepted(check, new, phase, orders, events, "order_refused")
    PHASE_RESOLVERS[phase](new, valid, rng, events)
    return events.resolution(new)


def _talks(state: State, orders: Orders, rng: Rng, events: Events) -> None:
    for power, cmd in commands_named(orders, "research"):
        techs.research(state, power, str(cmd.args["tech"]), events)
    for power, cmd in commands_named(orders, "share"):
        techs.give(state, power, str(cmd.args["power"]), str(cmd.args["tech"]), events)
    transfers = [(p, str(c.args["power"]), int(c.args["amount"])) for p, c in commands_named(orders, "give")]
    economy.settle_transfers(state, transfers, events)
    for power, cmd in commands_named(orders, "cede"):
        diplomacy.cede_colony(state, power, str(cmd.args["colony"]), str(cmd.args["power"]), events)
    for power, cmd in commands_named(orders, "break"):
        kind = DATA.alliance(str(cmd.args["kind"])).kind
        diplomacy.break_alliance(state, kind, power, str(cmd.args["power"]), events)
    offers = [
        (DATA.alliance(str(c.args["kind"])).kind, p, str(c.args["power"]))
        for p, c in commands_named(orders, "ally")
    ]
    diplomacy.form_alliances(state, offers, events)
    for power, cmd in commands_named(orders, "help"):
        diplomacy.send_help(state, power, str(cmd.args["power"]), int(cmd.args["army"]), events)
    proposals = commands_named(orders, "propose")
    state["phase"] = VOTE if proposals else ORDERS
    for power, cmd in proposals:
        voting.announce_proposal(state, proposal_record(power, cmd), events)


def _vote(state: State, orders: Orders, rng: Rng, events: Events) -> None:
    votes = {p: c.args["choice"] == DATA.votes.yes.name for p, c in commands_named(orders, "vote")}
    voting.tally(state, votes, events)
    state["phase"] = ORDERS


def _orders(state: State, orders: Orders, rng: Rng, events: Events) -> None:
    for power, cmd in commands_named(orders, "leader"):
        country(state, power)["perk"] = str(cmd.args["perk"])
        events.tell(power, "perk_chosen", perk=str(cmd.args["perk"]))
    fronts = {power: Front() for power in state["powers"]}
    for power, cmd in commands_named(orders, "attack"):
        fronts[power].attacks[str(cmd.args["target"])] = int(cmd.args["army"])
    for power, cmd in commands_named(orders, "defend"):
        fronts[power].defends[str(cmd.args["colony"])] = int(cmd.args["army"])
    resolve_wars(state, fronts, events)
    transfers = [(p, str(c.args["power"]), int(c.args["amount"])) for p, c in commands_named(orders, "give")]
    economy.settle_transfers(state, transfers, events)
    last = is_last_turn(state)
    if not last:
        for power in state["powers"]:
            economy.invest(state, power, _funding(state, power, orders), events)
    # the rulebook's step 5: victory points are counted when the coins are distributed
    record_standings(state)
    if last:
        _end_game(state, events)
    else:
        start_turn(state, rng, events)


def _funding(state: State, power: str, orders: Orders) -> dict[str, int]:
    """A power's own funding, or, under External Administration, the lower median per line of
    what the managing powers ordered (a power that says nothing about a line counts as 0)."""
    if power not in state["effects"]["external"]:
        return {str(c.args["line"]): int(c.args["amount"]) for c in orders[power] if c.name == "invest"}
    plans = {
        manager: {
            str(c.args["line"]): int(c.args["amount"])
            for c in cmds
            if c.name == "manage" and c.args["power"] == power
        }
        for manager, cmds in orders.items()
    }
    plans = {manager: plan for manager, plan in plans.items() if plan}
    funding = {}
    for line in DATA.lines:
        asked = sorted(plan.get(line.name, 0) for plan in plans.values())
        funding[line.name] = asked[(len(asked) - 1) // 2] if asked else 0
    return funding


def start_turn(state: State, rng: Rng, events: Events) -> None:
    state["turn"] += 1
    state["phase"] = TALKS
    state["effects"] = clear_effects()
    state["proposal"] = {}
    factors = state["next_effects"]["influence_factor"]
    state["next_effects"] = {"influence_factor": {}}
    for power in state["powers"]:
        c = country(state, power)
        c["lent"] = c["borrowed"] = 0
        c["influence_factor"] = factors.get(power, 1)
        economy.collect_income(state, power)
        events.tell(
            power,
            "turn_income",
            turn=state["turn"],
            coins=sum(c["income"].values()),
            research=sum(c["research_income"].values()),
            army=c["army"],
            intel=c["intel"],
            influence=c["influence"],
        )
    intel.exchange(state, events)
    voting.choose_chair(state, rng, events)


def _end_game(state: State, events: Events) -> None:
    state["over"] = True
    final = totals(state)
    ranking = sorted(state["powers"], key=lambda p: -final[p])
    for power in ranking:
        # equal totals share a place ("1, 1, 3"): the rulebook names no tie-break
        place = 1 + sum(1 for other in ranking if final[other] > final[power])
        events.log("final_score", place=place, power=power, vp=final[power])  # the post has the table
    events.log("game_ended", turn=state["turn"])
    for power in state["powers"]:
        events.tell(power, "your_final_score", vp=final[power])


Resolver = Callable[[State, Orders, Rng, Events], None]
PHASE_RESOLVERS: dict[str, Resolver] = {TALKS: _talks, VOTE: _vote, ORDERS: _orders}
