"""The computer's orders for a village nobody plays: deterministic from the state, always valid."""

from __future__ import annotations

from engines.contract import Command

from .data import DATA
from .state import State


def ai_orders(state: State, power: str, phase: str) -> list[Command]:
    """Sow half the store, within what a line may hold."""
    sacks = min(state["grain"][power] // 2, DATA.game.max_sown)
    return [Command("sow", {"sacks": sacks}, line=1)] if sacks and not state["over"] else []


def examples(state: State, power: str, phase: str) -> dict[str, str]:
    """Example lines that fit `power` now: a gift to another village, what its store allows."""
    have = state["grain"][power]
    if state["over"] or not have:
        return {}
    other = next(p for p in state["powers"] if p != power)
    return {"sow": f"СЕЯТЬ {min(have, DATA.game.max_sown)}", "gift": f"ДАР {other} 1"}
