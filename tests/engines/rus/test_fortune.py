"""Step 1, random events (section 10) that strike one country: «Пожар» (ОП of a province −X, never
below our floor `min_op`) and «Дипломатический лидер» (X influence on a country drawn by lot, kept on
the rulebook's scale «от -200 до +200»)."""

from __future__ import annotations

from engines.rng import Rng
from engines.rus.data import DATA, Event
from engines.rus.fortune import strike
from engines.rus.report import Turn
from engines.rus.state import State
from tests.engines.helpers import codes
from tests.engines.rus.helpers import RYAZAN, game

MUROM = "Муром"  # one province: the fire's province is not left to the lot
G = DATA.game


def _event(kind: str) -> Event:
    return next(e for e in DATA.events if e.kind == kind)


def _strike(state: State, event: Event, power: str) -> Turn:
    turn = Turn(state["powers"])
    strike(state, event, power, Rng("fortune"), turn)
    return turn


def test_a_fire_burns_its_x_but_never_below_the_floor() -> None:
    fire = _event("fire")
    state: State = game()
    here = state["provinces"][MUROM]
    _strike(state, fire, MUROM)
    assert here["op"] == 10 - fire.amount
    here["op"] = G.min_op + 1
    turn = _strike(state, fire, MUROM)
    assert fire.amount > 1 and here["op"] == G.min_op
    assert turn.reports[MUROM][-1].params["amount"] == 1  # what really burnt
    _strike(state, fire, MUROM)
    assert here["op"] == G.min_op


def test_a_diplomatic_leader_stays_within_the_influence_scale() -> None:
    leader = _event("influence")
    state: State = game()
    mine = state["influence"][RYAZAN]
    for target in mine:
        mine[target] = G.influence_max - leader.amount // 2
    turn = _strike(state, leader, RYAZAN)
    assert "rus_event_influence" in codes(turn.reports[RYAZAN])
    assert sorted(set(mine.values())) == [G.influence_max - leader.amount // 2, G.influence_max]
    fall = leader.model_copy(update={"amount": -leader.amount})
    for target in mine:
        mine[target] = G.influence_min + leader.amount // 2
    _strike(state, fall, RYAZAN)
    assert sorted(set(mine.values())) == [G.influence_min, G.influence_min + leader.amount // 2]
    assert (G.influence_min, G.influence_max) == (-200, 200)
