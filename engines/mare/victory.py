"""«Победа в игре», checked at the end of every turn: conquest first, then domination."""

from __future__ import annotations

from engines.mare.data import DATA
from engines.mare.events import Events
from engines.mare.state import State
from engines.mare.world import CONQUEST, DOMINATION, conquest_target, others, owned


def winner(state: State) -> tuple[str, str]:
    """(power, "conquest" | "domination") or ("", "")."""
    target = conquest_target(state)
    for power in state["powers"]:
        if len(owned(state, power)) >= target:
            return power, CONQUEST
    might = state["might"]
    for power in state["powers"]:
        rest = [might[p] for p in others(state, power)]
        if all(m < DATA.thresholds.mighty for m in rest) and might[power] > sum(rest):
            return power, DOMINATION
    return "", ""


def check_victory(state: State, events: Events) -> bool:
    power, how = winner(state)
    if not power:
        return False
    state["over"], state["winner"], state["victory"] = True, power, how
    code = "mare_victory_conquest" if how == CONQUEST else "mare_victory_domination"
    events.announce(
        code,
        power=power,
        turn=state["turn"],
        territories=len(owned(state, power)),
        might=state["might"][power],
    )
    for p in state["powers"]:
        events.tell(p, "mare_game_over_report", winner=power)
    return True


def scores(state: State) -> dict[str, int]:
    """The rulebook has no points: territories held, and the winner counts the whole map on top."""
    found = {p: len(owned(state, p)) for p in state["powers"]}
    if state["winner"]:
        found[state["winner"]] += len(state["map"])
    return found
