"""`gonets bench`'s crowded Diplomacy moves phase: the standard board's 22 units at the start and one
more on each of the 12 neutral centres (an army of the power whose home is nearest), 34 in all,
each ordered by the computer player."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from engines.contract import Command, Resolution
from engines.diplomacy import RULESET
from engines.diplomacy.ruleset import DiplomacyRuleset
from engines.diplomacy.state import SPRING, State
from engines.rng import Rng

Orders = Mapping[str, Sequence[Command]]


def moves_phase() -> tuple[State, Orders, Callable[[State, Orders], Resolution[State]]]:
    """The position, every power's orders, and the resolution to time."""
    assert isinstance(RULESET, DiplomacyRuleset)
    board = RULESET.board
    state: State = RULESET.setup(board.powers, Rng("bench"))
    homes = {power: frozenset(board.homes(power)) for power in board.powers}
    for centre in sorted(set(board.centres) - set(state["centres"])):
        nearest = min(
            board.powers, key=lambda p: (board.distances(homes[p]).get(centre, 99), board.powers.index(p))
        )
        state["units"][centre] = {"power": nearest, "kind": "A", "location": centre}
    state["phase"] = SPRING
    orders = {power: RULESET.ai_orders(state, power, SPRING) for power in board.powers}
    return state, orders, lambda s, o: RULESET.resolve(s, SPRING, o, Rng("bench"))
