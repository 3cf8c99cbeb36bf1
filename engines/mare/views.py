"""What one power may see: its own influence, generals, dues and last turn's spending, and the
public facts (the painted map, everyone's МОЩЬ, fortresses, bonuses, the free generals).
Who holds which general and how others spent their influence never leave the state."""

from __future__ import annotations

import copy

from engines.contract import JSON
from engines.mare.data import DATA
from engines.mare.state import State
from engines.mare.world import (
    bonus_at,
    coefficient,
    components,
    connectivity_cost,
    conquest_target,
    extra_components,
    fortresses_of,
    held_generals,
    influence,
    is_border,
    owned,
    pool,
)

T = DATA.thresholds


def _english_names() -> dict[str, str]:
    """Canonical name → English name, so the English template can show English names."""
    items = [*DATA.territories, *DATA.powers, *DATA.bonuses, *DATA.generals, DATA.neutrals]
    return {item.name: item.en for item in items}


def view(state: State, power: str) -> JSON:
    extra = extra_components(state, power)
    have = influence(state, power)
    mine = owned(state, power)
    return {
        "power": power,
        "turn": state["turn"],
        "phase": state["phase"],
        "over": state["over"],
        "winner": state["winner"],
        "victory": state["victory"],
        "might": state["might"][power],
        "influence": have,
        "bonus_income": have - max(0, state["might"][power]),
        "fortress_influence": DATA.costs.fortress_influence,
        "fortresses": fortresses_of(state, power),
        "pieces": len(components(state, power)),
        "extra_pieces": extra,
        "dues": [{"count": n, "cost": connectivity_cost(n)} for n in range(1, extra + 1)],
        "dues_bite": state["might"][power] >= T.mighty,
        "mighty": T.mighty,
        "territories": len(mine),
        "conquest_target": conquest_target(state),
        "map": [
            {
                "name": t,
                "kind": DATA.territory(t).kind,
                "owner": state["owners"][t],
                "border": is_border(state, t),
                "fortress": t in state["fortresses"],
                "bonus": bonus_at(state, t),
                "coefficient": float(coefficient(state, power, t)),
            }
            for t in state["map"]
        ],
        "might_all": [
            {"power": p, "might": state["might"][p], "territories": len(owned(state, p))}
            for p in state["powers"]
        ],
        "generals": held_generals(state, power),
        "pool": pool(state),
        "pesterator": [dict(d) for d in state["pesterator"] if d["power"] == power],
        "last_allocation": copy.deepcopy(state["allocations"][power]),
        "names_en": _english_names(),
    }
