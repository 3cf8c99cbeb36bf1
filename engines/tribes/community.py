"""One community's numbers as the rules count them: its people (Ч: no children, no elders), its
limit (ЛЧ), the food it gathers and eats, its elders, and the shares that split, merge or end it."""

from __future__ import annotations

from collections.abc import Mapping

from engines.tribes import world
from engines.tribes.data import DATA
from engines.tribes.level import Level
from engines.tribes.state import Community, State

G = DATA.game


def people(community: Community) -> int:
    """Ч: «При подсчете численности не учитываются дети и старики»."""
    return sum(community["strata"].values())


def eaters(community: Community) -> int:
    """Who eats: every stratum but the children, elders too («из всех страт, кроме детей»)."""
    return people(community) + community["elders"]


def limit(state: State, level: Level, community: Community, migrating: bool) -> int:
    """ЛЧ: the base and the technologies' additions, then every percent at once (the terrain's,
    the technologies', +50% for the main community, −50% in migration), rounded down; at least 1."""
    percent = 100 + world.terrain(state, community["cell"]).limit + level.limit_percent
    percent += G.main_bonus if community["main"] else 0
    percent -= G.migration_penalty if migrating else 0
    return max(1, (G.base_limit + level.limit) * percent // 100)


def ai_limit(state: State, community: Community, beaten: int = 0) -> int:
    """A computer's tribe's ЛЧ: the base with its terrain's percent, less «штраф к ЛЧ на два хода,
    равный 50% в первый ход и 25% во второй» after a defeat on turn `beaten`."""
    percent = 100 + world.terrain(state, community["cell"]).limit - ai_penalty(state, beaten)
    return max(1, G.base_limit * percent // 100)


def ai_penalty(state: State, beaten: int) -> int:
    """The % a computer's tribe beaten on turn `beaten` loses of its ЛЧ this turn."""
    since = state["turn"] - beaten
    penalties = DATA.war.ai_beaten
    return penalties[since - 1] if beaten and 1 <= since <= len(penalties) else 0


def food_percent(state: State, level: Level, cell: str, stratum: str, more: int = 0) -> int:
    """The % of its food a stratum gathers on `cell`: 100, the terrain's, its features' for that
    stratum, the technologies' bonuses for the terrain and features, and `more` (food exchange);
    never below 0."""
    terrain = world.terrain(state, cell)
    percent = 100 + terrain.food + more
    for feature in world.features(state, cell):
        percent += feature.percent(stratum)
    for place in world.places(state, cell):
        by = level.bonus.get(place, {})
        percent += by.get(stratum, 0) + by.get("all", 0)
    return max(0, percent)


def gathered(
    state: State, level: Level, community: Community, strata: Mapping[str, int] | None = None, more: int = 0
) -> int:
    """The food `strata` (default: the community's, and its elders) gather on its cell, whole units
    rounded down, within the terrain's cap («В тайге и степи лимит добычи еды сильно снижен»);
    `more`: the % its food exchanges add."""
    cell = community["cell"]
    working = dict(community["strata"] if strata is None else strata)
    if strata is None and community["elders"]:
        working["elders"] = community["elders"]
    hundredths = sum(  # tenths of food × percent
        count * level.numbers[stratum]["food"] * food_percent(state, level, cell, stratum, more)
        for stratum, count in working.items()
        if count
    )
    food = hundredths // 1000
    cap = level.food_cap.get(world.terrain(state, cell).id, 0)
    return min(food, cap) if cap else food


def elders(level: Level, community: Community, migrating: bool) -> int:
    """«Страта стариков, если она разрешена, всегда составляет 1/10 от общей численности остальных
    страт», rounded down; «на время миграции страта стариков отсутствует»."""
    if "elders" not in level.strata or migrating:
        return 0
    return people(community) // G.elders_share


def mergeable(state: State, level: Level, community: Community, migrating: bool) -> bool:
    """«уменьшится до трети ЛЧ»: at or below a third of its limit."""
    return people(community) * G.merge_share <= limit(state, level, community, migrating)


def vanishing(state: State, level: Level, community: Community, migrating: bool) -> bool:
    """«станет равной одной пятой ЛЧ»: at or below a fifth of its limit."""
    return people(community) * G.vanish_share <= limit(state, level, community, migrating)


def shares(strata: Mapping[str, int], total: int) -> dict[str, int]:
    """`total` people taken from `strata` in proportion («Стратовый состав новой общины получается
    аналогичным стратовому составу материнской»): each its whole share, then the largest
    remainders, ties in the file's order of strata."""
    whole = sum(strata.values())
    if not whole:
        return {}
    order: list[str] = [s.id for s in DATA.strata]
    taken = {s: strata[s] * total // whole for s in strata}
    rest = total - sum(taken.values())
    by_remainder = sorted(strata, key=lambda s: (-(strata[s] * total % whole), order.index(s)))
    for stratum in by_remainder[:rest]:
        taken[stratum] += 1
    return {s: n for s, n in taken.items() if n}
