"""Taxes with the oversize penalty, druzhina upkeep, militia and the harvest (sections 3, 4.3)."""

from __future__ import annotations

from collections import Counter

from engines.rus.data import DATA
from engines.rus.state import State
from engines.rus.world import country, has_effect, is_ai, policy_key, provinces_of

TX, ARMY = DATA.taxes, DATA.army


def province_tax(op: int, stability: int, obrok: bool) -> int:
    """«ОП/5 х 100» … «ОП/10 х 100» by stability, rounded down; none at -3; «оброк» +5Д."""
    divisor = TX.divisors.get(stability)
    if divisor is None:
        return 0
    return op * TX.per // divisor + (TX.obrok if obrok else 0)


def oversize_percent(provinces: int, governors: bool) -> int:
    """The share of taxes kept: −20% per province over three, nothing at eight or more."""
    if governors or provinces <= TX.free_provinces:
        return 100
    if provinces >= TX.zero_at:
        return 0
    return max(0, 100 - TX.penalty_percent * (provinces - TX.free_provinces))


def taxes(state: State, power: str, exempt: set[str]) -> tuple[dict[str, int], int, int]:
    """Each taxed province's tax, the share kept (percent) and the total collected."""
    c = country(state, power)
    stability = 0 if is_ai(state, power) else c["stability"]
    obrok = has_effect(state, power, "obrok")
    own = provinces_of(state, power)
    per = {p: province_tax(state["provinces"][p]["op"], stability, obrok) for p in own if p not in exempt}
    percent = oversize_percent(len(own), has_effect(state, power, "no_oversize"))
    return per, percent, sum(per.values()) * percent // 100


def upkeep_per_man(state: State, power: str) -> int:
    """20Д a man; 40 with «Конница»; 15/30 under «Приоритет постоянной армии»."""
    tactic = country(state, power)["tactic"]
    cavalry = bool(tactic) and DATA.tactic(tactic).upkeep > ARMY.upkeep
    if policy_key(state, power) == "army":
        army = DATA.policy_of("army")
        return army.cavalry_upkeep if cavalry else army.upkeep
    return DATA.tactic(tactic).upkeep if cavalry else ARMY.upkeep


def mobilised(op: int) -> tuple[int, int]:
    """«обмена ½ ОП провинции на ВС (о) в соотношении 2 к 1», rounded down: (ОП given, militia)."""
    given = int(op * ARMY.militia_share)
    return given, given // ARMY.militia_rate


def harvest(state: State) -> dict[str, int]:
    """Each province's share of its branch's 100Д, rounded down (100/7 = 14)."""
    counts = Counter(p["spec"] for p in state["provinces"].values())
    return {name: DATA.production.pool // counts[p["spec"]] for name, p in state["provinces"].items()}
