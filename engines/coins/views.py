"""What one power may see: its own numbers, the public facts, and the intelligence it won.
Other powers' numbers appear only through this turn's intelligence or an International
Commission; nothing else about them leaves the state."""

from __future__ import annotations

from engines.coins.data import DATA
from engines.coins.economy import payout
from engines.coins.scoring import breakdown
from engines.coins.state import ProposalRecord, Stat, State
from engines.coins.voting import details
from engines.coins.world import LEVELS, available_army, country, has_grant
from engines.contract import JSON


def _english_names() -> dict[str, str]:
    """Canonical name → English name, so the English template can show English names."""
    items = [*DATA.lines, *DATA.powers, *DATA.perks, *DATA.colonies, *DATA.alliances, *DATA.proposals]
    names = {item.name: item.en for item in items}
    for tech in DATA.techs:
        names.update({part: part.replace(tech.name, tech.en) for part in tech.part_names})
    return names


def _proposal(record: ProposalRecord) -> JSON:
    return {**record, "details": details(record)}


def view(state: State, power: str) -> JSON:
    c = country(state, power)
    pending = state["proposal"]
    vp = breakdown(state, power)
    totals: dict[Stat, int] = {
        "coins": sum(c["income"].values()),
        "research": sum(c["research_income"].values()),
        **{stat: c[stat] for stat in LEVELS},
    }
    return {
        "power": power,
        "turn": state["turn"],
        "last_turn": DATA.game.last_turn,
        "phase": state["phase"],
        "over": state["over"],
        "perk": c["perk"],
        "coins": c["coins"],
        "research": c["research"],
        "army": c["army"],
        "available_army": available_army(state, power),
        "lent": c["lent"],
        "borrowed": c["borrowed"],
        "intel": c["intel"],
        "influence": c["influence"],
        "income": dict(c["income"]),
        "income_total": sum(c["income"].values()),
        "research_income": dict(c["research_income"]),
        "research_total": sum(c["research_income"].values()),
        "lines": [
            {
                "name": line.name,
                "invested": c["funding"][line.name],
                "yield": payout(line.name, c["funding"][line.name]),
                "total": totals[line.stat],
            }
            for line in DATA.lines
        ],
        "techs": list(c["techs"]),
        "colonies": [
            {"name": name, "owner": owner, "income": DATA.colony(name).income}
            for name, owner in state["colonies"].items()
        ],
        "alliances": [
            {"kind": DATA.alliance_kind(a["kind"]).name, "a": a["powers"][0], "b": a["powers"][1]}
            for a in state["alliances"]
        ],
        "nuclear": [p for p in state["powers"] if has_grant(state, p, "nuclear")],
        "chair": state["chair"],
        "proposal": _proposal(pending) if pending else {},
        "passed": [_proposal(record) for record in state["passed"]],
        "effects": {
            "immune": list(state["effects"]["immune"]),
            "disarmed": list(state["effects"]["disarmed"]),
            "external": list(state["effects"]["external"]),
            "arms_limit": state["effects"]["arms_limit"],
        },
        "intel_reports": [{"power": p, **data} for p, data in state["intel"].get(power, {}).items()],
        "commission": [{"power": p, **data} for p, data in state["effects"]["commission"].items()],
        "vp": vp,
        "vp_total": sum(vp.values()),
        "names_en": _english_names(),
    }
