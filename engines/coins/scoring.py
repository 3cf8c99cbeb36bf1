"""Victory points: the rulebook's seven sources, summed from the state at any moment."""

from __future__ import annotations

from engines.coins.data import DATA
from engines.coins.state import Standing, State
from engines.coins.world import country, owned_colonies, partners


def breakdown(state: State, power: str) -> dict[str, int]:
    c, vp = country(state, power), DATA.vp
    alliances = sum(len(partners(state, kind.kind, power)) for kind in DATA.alliances)
    return {
        "coins": c["coins"] * vp.per_coin,
        "wars": c["vp"]["wars"],
        "intel": c["vp"]["intel"],
        "unspied": c["vp"]["unspied"],
        "techs": len(c["techs"]) * vp.per_tech_part,
        "colonies": sum(DATA.colony(name).vp for name in owned_colonies(state, power)),
        "alliances": alliances * vp.per_alliance,
        "proposals": c["vp"]["proposals"],
        "tribunal": c["vp"]["tribunal"],
        "gm": c["vp"]["gm"],
    }


def totals(state: State) -> dict[str, int]:
    return {power: sum(breakdown(state, power).values()) for power in state["powers"]}


def scores(state: State) -> dict[str, int]:
    return totals(state)


def record_standings(state: State) -> None:
    """Keep this turn's totals: `pictures` sees only the state, and the chart needs every turn."""
    state.setdefault("standings", []).append({"turn": state["turn"], "vp": totals(state)})


def standings(state: State) -> list[Standing]:
    return state.get("standings", [])
