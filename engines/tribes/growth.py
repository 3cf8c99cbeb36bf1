"""The year of a community's people: children given to the strata (step 2), food gathered and
eaten, growth and famine (step 5), natural mortality (step 7).

«Каждая оставшаяся единица еды на следующем ходу станет одним человеком в страте детей»: the food
left is the children of the next turn, which is also the stock a raid plunders. Hunger takes the
elders first, then «собиратели > охотники > скотоводы > земледельцы», then the other strata.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engines.contract import Command
from engines.tribes import community as numbers
from engines.tribes.data import DATA
from engines.tribes.level import Level, level_of
from engines.tribes.said import Story, food_said, strata_list
from engines.tribes.state import Community, State

G = DATA.game


def by_default(level: Level, community: Community, count: int) -> dict[str, int]:
    """Children no order placed: to the working strata that may take them, in proportion to
    those strata in the community (none there yet: the first of them)."""
    working = [s for s in DATA.order.working if level.may_raise(s) and s not in level.caps]
    weights = {s: community["strata"].get(s, 0) for s in working}
    if not any(weights.values()):
        return {working[0]: count} if working else {}
    return numbers.shares({s: n for s, n in weights.items() if n}, count)


def convertible(level: Level, community: Community, stratum: str) -> int:
    """How many of `stratum` may be made workers this turn: «до 100% страты воинов и до 50% страт
    священников и аристократов» (rounded down)."""
    if stratum not in DATA.order.convertible:
        return 0
    share = G.warriors_convert if stratum == "warriors" else G.elite_convert
    return community["strata"].get(stratum, 0) * share // 100


def short_of_food(state: State, level: Level, community: Community, migrating: bool) -> bool:
    """«когда кол-во добытой еды становится меньше, чем ее потребление»: this turn's food of the
    community as it stands, its children grown up by default, feeds fewer than its eaters."""
    food, eaters = outlook(state, level, community, migrating)
    return food.total < eaters


def outlook(state: State, level: Level, community: Community, migrating: bool) -> tuple[numbers.Food, int]:
    """Next turn's food and eaters of a community that stays where it is, its children grown into
    the strata by default: what a player sees coming before the turn."""
    strata = dict(community["strata"])
    for stratum, count in by_default(level, community, community["children"]).items():
        strata[stratum] = strata.get(stratum, 0) + count
    people = sum(strata.values())
    elders = people // G.elders_share if "elders" in level.strata and not migrating else 0
    food = numbers.food(state, level, community, {**strata, "elders": elders})
    return food, people + elders


def forewarn(state: State, power: str, story: Story) -> None:
    """Before the next turn: each community whose eaters then will exceed what it gathers where
    it stands is told first in the report."""
    tribe = state["tribes"][power]
    level = level_of(state, power)
    for community in tribe["communities"]:
        food, eaters = outlook(state, level, community, tribe["migrating"])
        if eaters > food.total:
            story.warn(
                power,
                "tribes.hunger_ahead",
                community=community["number"],
                turn=state["turn"],
                cell=community["cell"],
                food=food.total,
                sum=food_said(food),
                eaters=eaters,
            )


def raise_children(state: State, power: str, level: Level, commands: Sequence[Command], story: Story) -> None:
    """Step 2: each community's emergency conversions, then its children to the strata its orders
    name, the rest by default; then its elders counted anew."""
    tribe = state["tribes"][power]
    for community in tribe["communities"]:
        mine = [c for c in commands if int(c.args["community"]) == community["number"]]
        strata = community["strata"]
        for cmd in (c for c in mine if c.name == "convert"):
            source, target = (
                DATA.stratum_id(str(cmd.args["source"])),
                DATA.stratum_id(str(cmd.args["target"])),
            )
            count = int(cmd.args["count"])
            strata[source] -= count
            strata[target] = strata.get(target, 0) + count
            story.tell(
                power,
                "tribes.converted",
                community=community["number"],
                strata=strata_list({source: -count, target: count}),
            )
        given: dict[str, int] = {}
        for cmd in (c for c in mine if c.name == "children"):
            stratum = DATA.stratum_id(str(cmd.args["stratum"]))
            given[stratum] = given.get(stratum, 0) + int(cmd.args["count"])
        rest = community["children"] - sum(given.values())
        for stratum, count in by_default(level, community, rest).items():
            given[stratum] = given.get(stratum, 0) + count
        for stratum, count in given.items():
            strata[stratum] = strata.get(stratum, 0) + count
        if any(given.values()):
            story.tell(power, "tribes.grown", community=community["number"], strata=strata_list(given))
        community["children"] = 0
        community["strata"] = {s: n for s, n in strata.items() if n}
        community["elders"] = numbers.elders(level, community, tribe["migrating"])


def feed(state: State, power: str, level: Level, story: Story, exchange: Mapping[int, int]) -> None:
    """Step 5: each community gathers (with its exchanges' bonus, by community number) and eats;
    what is left is its children next turn, and what is missing kills as many people, in the order
    of hunger."""
    for community in state["tribes"][power]["communities"]:
        more = exchange.get(community["number"], 0)
        gathered = numbers.food(state, level, community, more=more)
        food, need, number = gathered.total, numbers.eaters(community), community["number"]
        if food >= need:
            community["children"] = food - need
            code = "tribes.fed" if food > need else "tribes.fed_even"
            story.tell(
                power,
                code,
                community=number,
                food=food,
                sum=food_said(gathered),
                eaten=need,
                children=food - need,
            )
            continue
        community["children"] = 0
        dead = starve(community, need - food)
        story.tell(
            power,
            "tribes.famine",
            community=number,
            food=food,
            sum=food_said(gathered),
            eaten=need,
            dead=sum(dead.values()),
            strata=strata_list(dead, sign=False),
        )


def starve(community: Community, missing: int) -> dict[str, int]:
    """`missing` people die of hunger, each stratum in the order of hunger; who died, by stratum."""
    dead: dict[str, int] = {}
    for stratum in DATA.order.famine:
        if not missing:
            break
        have = community["elders"] if stratum == "elders" else community["strata"].get(stratum, 0)
        taken = min(have, missing)
        if not taken:
            continue
        dead[stratum], missing = taken, missing - taken
        if stratum == "elders":
            community["elders"] -= taken
        else:
            community["strata"][stratum] -= taken
    community["strata"] = {s: n for s, n in community["strata"].items() if n}
    return dead


def mortality(level: Level, community: Community) -> tuple[dict[str, int], dict[str, int]]:
    """Step 7's deaths by stratum, and what is carried to the next turn: «Каждая страта каждый ход
    сокращается за счет «естественной» смертности»: its % of the stratum with the fraction carried
    from earlier turns, in hundredths of a person, so that over the turns a stratum loses its rate
    whatever its size (8 % of 12 hunters: none, then one, …). The elders, a tenth of the others
    counted anew each turn, and the children («не несет потерь от смертности») lose none."""
    carried = community.get("dying", {})
    deaths, left = {}, {}
    for stratum, count in community["strata"].items():
        due = count * max(0, level.numbers[stratum]["mortality"]) + carried.get(stratum, 0)
        dead, rest = divmod(due, 100)
        if dead:
            deaths[stratum] = min(dead, count)
        if rest and count > dead:
            left[stratum] = rest
    return deaths, left


def age(state: State, power: str, level: Level, story: Story) -> int:
    """Step 7: natural mortality in every community; how many died in all."""
    died = 0
    for community in state["tribes"][power]["communities"]:
        deaths, community["dying"] = mortality(level, community)
        for stratum, dead in deaths.items():
            community["strata"][stratum] -= dead
        community["strata"] = {s: n for s, n in community["strata"].items() if n}
        died += sum(deaths.values())
        if deaths:
            story.tell(
                power,
                "tribes.died",
                community=community["number"],
                strata=strata_list({s: -n for s, n in deaths.items()}),
            )
    return died
