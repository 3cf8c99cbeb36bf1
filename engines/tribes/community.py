"""One community's numbers as the rules count them: its people (Ч: no children, no elders), its
limit (ЛЧ), the food it gathers and eats, its elders, and the shares that split, merge or end it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engines.tribes import world
from engines.tribes.data import DATA
from engines.tribes.level import Level
from engines.tribes.state import Community, State, Tribe

G = DATA.game
ORDER: list[str] = [s.id for s in DATA.strata]  # the strata in the table's order


def main_of(tribe: Tribe) -> Community | None:
    """The main community, the chief's seat; None while the tribe has one community («Изначально в
    племени лишь одна община, она же станет главной общиной, когда появятся новые»)."""
    return next((c for c in tribe["communities"] if c["main"]), None)


def crown(tribe: Tribe, first: Community) -> None:
    """A second community has appeared: `first`, the one the tribe had, becomes the main one."""
    if len(tribe["communities"]) > 1 and main_of(tribe) is None:
        first["main"] = True


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


@dataclass(frozen=True)
class Share:
    """What one stratum gathers: its people, its food a person (tenths) and its percent."""

    stratum: str
    people: int
    each: int
    percent: int


@dataclass(frozen=True)
class Food:
    """A community's food as a sum: each stratum's share, what makes their percents (the terrain,
    its forest, river or coast, the technologies, the exchange), and the terrain's cap."""

    shares: tuple[Share, ...]
    sources: tuple[str, ...]  # terrain and feature ids, "techs", "exchange": whatever moved a percent
    exact: int  # before rounding and the cap, in thousandths of a unit
    terrain: str  # the terrain's id
    cap: int  # the terrain's cap, 0: none

    @property
    def total(self) -> int:
        """Whole units, rounded down, within the cap."""
        whole = self.exact // 1000
        return min(whole, self.cap) if self.cap else whole


def food(
    state: State, level: Level, community: Community, strata: Mapping[str, int] | None = None, more: int = 0
) -> Food:
    """What `strata` (default: the community's, and its elders) gather on its cell: «кол-во еды,
    добытое стратой равно ее добывающей способности умноженное на ее численность с последующим
    добавлением бонуса/штрафа от местности», within the terrain's cap («В тайге и степи лимит
    добычи еды сильно снижен»); `more`: the % its food exchanges add."""
    cell = community["cell"]
    terrain = world.terrain(state, cell)
    features = world.features(state, cell)
    places = world.places(state, cell)
    working = dict(community["strata"] if strata is None else strata)
    if strata is None and community["elders"]:
        working["elders"] = community["elders"]
    shares: list[Share] = []
    sources: set[str] = set()
    for stratum, count in sorted(working.items(), key=lambda item: ORDER.index(item[0])):
        each = level.numbers[stratum]["food"]
        if not count or not each:
            continue
        by_place: dict[str, int] = {f.id: f.percent(stratum) for f in features}
        techs = sum(
            level.bonus.get(p, {}).get(stratum, 0) + level.bonus.get(p, {}).get("all", 0) for p in places
        )
        moved: dict[str, int] = {terrain.id: terrain.food, **by_place, "techs": techs, "exchange": more}
        sources |= {name for name, percent in moved.items() if percent}
        shares.append(Share(stratum, count, each, max(0, 100 + sum(moved.values()))))
    order = [terrain.id, *(f.id for f in features), "techs", "exchange"]
    return Food(
        tuple(shares),
        tuple(name for name in order if name in sources),
        sum(s.people * s.each * s.percent for s in shares),
        terrain.id,
        level.food_cap.get(terrain.id, 0),
    )


def gathered(
    state: State, level: Level, community: Community, strata: Mapping[str, int] | None = None, more: int = 0
) -> int:
    """The food `food` sums, in whole units."""
    return food(state, level, community, strata, more).total


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
