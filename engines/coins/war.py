"""Wars of the orders phase: battles for colonies and raids on metropoles, then war VP."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

from engines.coins.data import DATA
from engines.coins.economy import pay
from engines.coins.state import State
from engines.coins.world import available_army, country
from engines.toolkit import Events


@dataclass
class Front:
    """One power's war orders: army sent against each target and to defend each colony."""

    attacks: dict[str, int] = field(default_factory=dict)
    defends: dict[str, int] = field(default_factory=dict)

    @property
    def committed(self) -> int:
        return sum(self.attacks.values()) + sum(self.defends.values())


def resolve_wars(state: State, fronts: Mapping[str, Front], events: Events) -> None:
    wins: Counter[str] = Counter()
    lost: set[str] = set()
    for colony in state["colonies"]:
        _battle(state, colony, fronts, wins, lost, events)
    for target in state["powers"]:
        _raids(state, target, fronts, wins, events)
    for power in state["powers"]:
        if not wins[power]:
            continue
        if power in lost:
            events.tell(power, "war_vp_lost", wins=wins[power])
        else:
            points = wins[power] * DATA.vp.per_war_victory
            country(state, power)["vp"]["wars"] += points
            events.tell(power, "war_vp", wins=wins[power], vp=points)


def _battle(
    state: State, colony: str, fronts: Mapping[str, Front], wins: Counter[str], lost: set[str], events: Events
) -> None:
    """The largest force wins; a tie leaves the colony with its holder (owner or neutral)."""
    holder = state["colonies"][colony]
    attackers = [(p, fronts[p].attacks[colony]) for p in state["powers"] if colony in fronts[p].attacks]
    attackers = [(p, n) for p, n in attackers if p != holder]
    if not attackers:
        return
    defence = fronts[holder].defends.get(colony, 0) if holder else DATA.colony(colony).guard
    forces = ", ".join(f"{p} {n}" for p, n in attackers)
    for power in [p for p, _ in attackers] + ([holder] if holder else []):
        events.tell(power, "battle_forces", colony=colony, attackers=forces, defence=defence)
    events.log("battle", colony=colony, attackers=forces, defence=defence)
    top = max(n for _, n in attackers)
    leaders = [p for p, n in attackers if n == top]
    if top > defence and len(leaders) == 1:
        winner = leaders[0]
        state["colonies"][colony] = winner
        wins[winner] += 1
        if holder:
            lost.add(holder)
            events.announce("colony_captured", colony=colony, winner=winner, loser=holder)
        else:
            events.announce("colony_conquered", colony=colony, winner=winner)
    elif holder:
        wins[holder] += 1
        events.announce("colony_held", colony=colony, owner=holder)
    else:
        events.announce("colony_stays_neutral", colony=colony)


def _raids(
    state: State, target: str, fronts: Mapping[str, Front], wins: Counter[str], events: Events
) -> None:
    """Each raid meets the army left at home; the margin is plundered in coins, never the land.

    Raids are settled strongest first (then in setup order), so a treasury emptied by one raid
    pays the next one less.
    """
    raids = [(p, fronts[p].attacks[target]) for p in state["powers"] if target in fronts[p].attacks]
    home = max(0, available_army(state, target) - fronts[target].committed)
    for raider, force in sorted(raids, key=lambda r: -r[1]):
        events.log("raid", attacker=raider, target=target, force=force, home=home)
        if force > home:
            wanted = force - home
            taken = pay(state, target, raider, wanted)
            events.announce("metropole_plundered", attacker=raider, target=target, amount=taken)
            if taken < wanted:
                events.tell(raider, "plunder_short", target=target, margin=wanted, amount=taken)
        else:
            wins[target] += 1
            events.announce("metropole_repelled", attacker=raider, target=target)
