"""Resolving one stage of a turn (8.1): each family's orders checked again against the state as
the stage began, then the stage's steps in a fixed order, all of them pure and drawing every lot
from the rng.

Planning: posts given up, transfers, the six auctions, civil wars, wars declared and peace made,
the ruling families' decisions, then each council's list. Decisions: posts, transfers, each
council's vote and what it carries out, elections, investigations voted. Actions: posts,
transfers, the actions in the GM's order (`actions.py`), investigations settled, the decisions no
action carried out lapse; then the next turn starts (influence, status, income).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence

from engines.contract import Command, Resolution
from engines.council import actions, acts, agenda, auctions, ballots, war
from engines.council.checks import check
from engines.council.data import DATA
from engines.council.effects import carry_out, settle_form
from engines.council.events import CouncilEvents
from engines.council.state import State
from engines.council.world import ACTIONS, DECISIONS, PLANNING, REALMS, STAGES, government, start_turn
from engines.rng import Rng
from engines.toolkit import accepted

Orders = Mapping[str, Sequence[Command]]


def resolve(state: State, phase: str, orders: Orders, rng: Rng) -> Resolution[State]:
    if state["over"] or phase != state["phase"]:
        raise ValueError(f"cannot resolve {phase!r}: the game is at {state['phase']!r}, over={state['over']}")
    new = copy.deepcopy(state)
    events = CouncilEvents(new["powers"])
    valid = accepted(check, state, phase, orders, events, "council_order_refused")
    acts.resign(new, valid, events)
    acts.transfer(new, valid, events)
    STAGE_STEPS[phase](new, valid, rng, events)
    if phase != ACTIONS:
        new["phase"] = STAGES[STAGES.index(phase) + 1]
    return events.resolved(new)


def _planning(state: State, orders: Orders, rng: Rng, events: CouncilEvents) -> None:
    auctions.run(state, orders, rng, events)
    acts.declare_civil_wars(state, orders, events)
    war.declare_wars(state, orders, events)
    war.make_peace(state, orders, events)
    acts.take_occupied(state, orders, events)
    acts.inquire(state, orders, events)
    agenda.put_projects(state, orders, rng, events)


def _decisions(state: State, orders: Orders, rng: Rng, events: CouncilEvents) -> None:
    for realm in REALMS:
        form = government(state, realm)
        tallies = agenda.tally(state, realm, orders)
        for t in tallies:
            kind = DATA.project(t.item["kind"])
            events.inform(
                realm,
                "council_vote_passed" if t.passed else "council_vote_failed",
                number=t.item["number"],
                project=kind.name,
                project_en=kind.en,
                yes=_votes(t.yes),
                no=_votes(t.no),
                strength=t.strength,
            )
        carry_out(state, realm, agenda.carried(tallies, rng, realm), events)
        state["realms"][realm]["agenda"] = []
        ballots.hold_election(state, realm, orders, rng, events)
        settle_form(state, realm, form, events)
        ballots.record_investigation(state, realm, orders, events)


def _votes(votes: list[tuple[str, int]]) -> str:
    """«4 (Медичи 2, Пацци 2)»: the weight and who gave it; «0» when nobody did."""
    if not votes:
        return "0"
    return f"{sum(w for _, w in votes)} ({', '.join(f'{family} {weight}' for family, weight in votes)})"


def _actions(state: State, orders: Orders, rng: Rng, events: CouncilEvents) -> None:
    actions.run(state, orders, rng, events)
    for realm in REALMS:
        here = state["realms"][realm]
        ballots.settle_investigation(state, realm, rng, events)
        for decision in here["pending"]:
            kind = DATA.project(decision["kind"])
            events.inform(
                realm,
                "council_decision_lapsed",
                number=decision["number"],
                project=kind.name,
                project_en=kind.en,
            )
        here["pending"] = []
    if state["turn"] >= DATA.game.last_turn:
        state["over"] = True
        events.announce("council_game_over_news", turn=state["turn"])
        return
    state["turn"] += 1
    state["phase"] = PLANNING
    start_turn(state, events)


STAGE_STEPS: dict[str, Callable[[State, Orders, Rng, CouncilEvents], None]] = {
    PLANNING: _planning,
    DECISIONS: _decisions,
    ACTIONS: _actions,
}
