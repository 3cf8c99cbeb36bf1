"""What each reader may see: a village sees its own grain only, and so the scores, a sack a point,
are the public's only once the game is over (the ruleset's `secret_scores`)."""

from __future__ import annotations

from collections.abc import Mapping

from engines.contract import JSON

from .data import DATA
from .state import State


def view(state: State, power: str) -> JSON:
    """Exactly what `power` may see; rendered by templates/skeleton/status.<lang>.txt."""
    return {
        "power": power,
        "turn": state["turn"],
        "last_turn": DATA.game.last_turn,
        "over": state["over"],
        "grain": state["grain"][power],
    }


def scores(state: State) -> Mapping[str, float]:
    """A village scores a point a sack."""
    return {power: float(state["grain"][power]) for power in state["powers"]}
