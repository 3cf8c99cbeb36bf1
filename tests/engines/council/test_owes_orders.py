"""Who owes orders in each stage (`owes_orders`): every family in planning and actions; in the
decisions (8.3, «игроки голосуют в гос. совете») only the families of a power whose council has
something to vote on, so a stage with no list anywhere asks nothing of anyone."""

from __future__ import annotations

from engines.council import RULESET
from engines.council.state import State
from engines.council.world import realm_of
from tests.engines.council.helpers import game, run


def owing(state: State, phase: str) -> set[str]:
    return {f for f in state["powers"] if RULESET.owes_orders(state, f, phase)}


def test_every_family_owes_the_planning_and_the_actions() -> None:
    state = game()
    assert owing(state, "planning") == owing(state, "actions") == set(state["powers"])


def test_the_decisions_ask_orders_only_of_the_families_whose_council_has_a_list() -> None:
    after = run(game(), {"Орсини": ["ДАРОВАТЬ ПРАВА"]}).state
    assert after["phase"] == "decisions"
    rome = {f for f in after["powers"] if realm_of(after, f) == "Рим"}
    assert owing(after, "decisions") == rome


def test_with_no_list_anywhere_the_decisions_ask_nothing_of_anyone() -> None:
    after = run(game()).state
    assert after["phase"] == "decisions" and owing(after, "decisions") == set()
