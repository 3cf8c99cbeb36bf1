"""Intelligence: at the start of a turn a power learns about every power whose intelligence is
strictly lower than its own; the report goes to the stronger side only."""

from __future__ import annotations

from engines.coins.data import DATA
from engines.coins.state import Snapshot, State
from engines.coins.world import country, others
from engines.text import Param
from engines.toolkit import Events


def snapshot(state: State, power: str) -> Snapshot:
    """What a spy (or the International Commission) sees: the rulebook's list, no more —
    income at the start of the turn, research received, army, intelligence, influence, techs."""
    c = country(state, power)
    return {
        "income": sum(c["income"].values()),
        "research": sum(c["research_income"].values()),
        "army": c["army"],
        "intel": c["intel"],
        "influence": c["influence"],
        "techs": list(c["techs"]),
    }


def snapshot_params(data: Snapshot) -> dict[str, Param]:
    """A snapshot as message parameters (techs joined, a dash when none)."""
    numbers = {key: value for key, value in data.items() if isinstance(value, int)}
    return {**numbers, "techs": ", ".join(data["techs"]) or "—"}


def exchange(state: State, events: Events) -> None:
    """Reports for the stronger, +1 VP per report, +1 VP to each power nobody spied on."""
    state["intel"] = {power: {} for power in state["powers"]}
    spied: set[str] = set()
    for spy in state["powers"]:
        for target in others(state, spy):
            if country(state, spy)["intel"] > country(state, target)["intel"]:
                state["intel"][spy][target] = snapshot(state, target)
                spied.add(target)
                country(state, spy)["vp"]["intel"] += DATA.vp.per_successful_intel
                events.log("intel_success", spy=spy, target=target)
        if state["intel"][spy]:  # one line: the data themselves are the balance's «Разведданные»
            events.tell(spy, "intel_gathered", powers=", ".join(state["intel"][spy]))
    for power in state["powers"]:
        if power not in spied:
            country(state, power)["vp"]["unspied"] += DATA.vp.per_unspied_turn
            events.tell(power, "intel_unspied", vp=DATA.vp.per_unspied_turn)
