"""Communities coming and going: splitting for lack of ЛЧ (step 3), merging (step 4), and at the
end of the turn breaking away beyond ЛР, vanishing at a fifth of ЛЧ and dying out.

A community that splits off a tribe at its community limit (ЛО), or that ends a turn beyond the
distance limit (ЛР) from the main community, becomes a tribe of the computer's (`ai`), not a
power: it keeps what it had for two turns, and a joining player may be seated at it.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from engines.contract import Command
from engines.rng import Rng
from engines.text import Msg
from engines.tribes import ai, sight, world
from engines.tribes import community as numbers
from engines.tribes.data import DATA
from engines.tribes.level import Level
from engines.tribes.moves import FREE, Leash, Plan
from engines.tribes.said import Story, msg
from engines.tribes.state import Community, State

G = DATA.game
NEARBY = 2  # a community that splits off settles this many cells away at most (ours)


def free_cell(
    state: State, near: str, rng: Rng, purpose: Msg, shunned: Collection[str] = (), keep: Leash = FREE
) -> str | None:
    """A free land cell next to `near` (then one further), drawn by lot; None when all are taken.
    Off `shunned` (its tribe's ordered ways) and within ЛР of every cell of `keep` (where the main
    community walks this turn) first, then off `shunned`, then any: a split settles where it
    blocks no walk and stays with its tribe, whenever such a cell is free."""
    taken = sight.occupied(state)
    rings = [
        [c for c in world.ring(state, near, radius) if c not in taken and world.passable(state, c)]
        for radius in range(1, NEARBY + 1)
    ]
    for tier in range(3):  # off the ways and within the leash, off the ways, anywhere
        for options in rings:
            chosen = [
                cell
                for cell in options
                if tier == 2 or (cell not in shunned and (tier == 1 or not keep.holding(cell)))
            ]
            if chosen:
                return rng.choice(chosen, purpose)
    return None


def scatter(community: Community, count: int) -> None:
    """`count` people leave a community that has no room to split (ours: they are lost), taken in
    proportion from its strata."""
    for stratum, gone in numbers.shares(community["strata"], count).items():
        community["strata"][stratum] -= gone
    community["strata"] = {s: n for s, n in community["strata"].items() if n}


def tribe_name(state: State) -> str:
    """A name for a new tribe of the computer's: the GM's next unused, then «Новое племя N»."""
    used = {*state["tribes"], *(a["name"] for a in state["ai"])}
    unused = [name for name in state["secret"]["names"] if name not in used]
    if unused:
        return unused[0]
    return next(f"Новое племя {n}" for n in range(1, len(used) + 2) if f"Новое племя {n}" not in used)


def break_away(state: State, power: str, community: Community) -> str:
    """`community` leaves `power` as a new tribe of the computer's; its name."""
    name = tribe_name(state)
    state["ai"].append(ai.new_ai(name, community, state["tribes"][power]["points"], DATA.ai.frozen))
    tribe = state["tribes"][power]
    tribe["met"] = sorted({*tribe["met"], name})
    return name


def split(state: State, power: str, level: Level, rng: Rng, story: Story, ways: Mapping[int, Plan]) -> None:
    """Step 3: «Если численность общины превышает доступный лимит, от нее откалывается новая община в
    численном соотношении 2 к 1»; it stays the player's while the tribe is below ЛО, else it
    «станет новым племенем». A community still over its limit splits again. `ways`: the tribe's
    ordered moves by community, which a split settles off."""
    tribe = state["tribes"][power]
    shunned = {cell for way in ways.values() for cell in way.path}
    for community in list(tribe["communities"]):
        while (count := numbers.people(community)) > (
            most := numbers.limit(state, level, community, tribe["migrating"])
        ):
            number = community["number"]
            purpose = msg("tribes.draw_split", community=number, tribe=power)
            head = numbers.main_of(tribe) or community
            way = [head["cell"], *(ways[head["number"]].path if head["number"] in ways else ())]
            keep = Leash(level.distance, dict(enumerate(way, 1)))
            if len(tribe["communities"]) >= level.communities:  # it leaves the tribe: no leash
                keep = FREE
            cell = free_cell(state, community["cell"], rng, purpose, shunned, keep)
            if cell is None:
                scatter(community, count - most)
                story.tell(
                    power,
                    "tribes.split_no_room",
                    community=community["number"],
                    people=count,
                    limit=most,
                    gone=count - most,
                )
                break
            strata = numbers.shares(community["strata"], count // G.split_share)
            for stratum, moved in strata.items():
                community["strata"][stratum] -= moved
            community["elders"] = numbers.elders(level, community, tribe["migrating"])
            new: Community = {
                "number": 0,
                "cell": cell,
                "strata": strata,
                "elders": 0,
                "children": 0,
                "main": False,
            }
            if len(tribe["communities"]) < level.communities:
                taken = {c["number"] for c in tribe["communities"]}
                new["number"] = next(n for n in range(1, len(taken) + 2) if n not in taken)
                new["elders"] = numbers.elders(level, new, tribe["migrating"])
                tribe["communities"].append(new)
                numbers.crown(tribe, community)
                sight.explore(state, power, sight.seen_from(state, cell))
                story.tell(
                    power,
                    "tribes.split",
                    community=community["number"],
                    people=count,
                    limit=most,
                    new=new["number"],
                    moved=numbers.people(new),
                    cell=cell,
                )
            else:
                name = break_away(state, power, new)
                story.tell(
                    power,
                    "tribes.split_away",
                    community=community["number"],
                    people=count,
                    limit=most,
                    moved=numbers.people(new),
                    cell=cell,
                    tribe=name,
                    most=level.communities,
                )


def merge(state: State, power: str, level: Level, commands: Sequence[Command], story: Story) -> None:
    """Step 4: a small community joins a neighbouring one of the tribe (СЛИТЬ), checked again now
    that children and splits have changed the numbers."""
    tribe = state["tribes"][power]
    for cmd in commands:
        by_number = {c["number"]: c for c in tribe["communities"]}
        source, into = by_number.get(int(cmd.args["community"])), by_number.get(int(cmd.args["into"]))
        if source is None or into is None:
            continue
        why = merge_problem(state, level, source, into, tribe["migrating"])
        if why:
            story.tell(power, f"tribes.merge_failed_{why}", community=source["number"], into=into["number"])
            continue
        absorb(into, source)
        into["elders"] = numbers.elders(level, into, tribe["migrating"])
        tribe["communities"].remove(source)
        story.tell(
            power,
            "tribes.merged",
            community=source["number"],
            into=into["number"],
            people=numbers.people(into),
        )


def absorb(into: Community, source: Community) -> None:
    """`source`'s people and children join `into` (its elders are counted anew by the caller)."""
    for stratum, count in source["strata"].items():
        into["strata"][stratum] = into["strata"].get(stratum, 0) + count
    into["children"] += source["children"]


def merge_problem(state: State, level: Level, source: Community, into: Community, migrating: bool) -> str:
    """Why `source` may not join `into` now ("" if it may): «можно будет объединить с другой общиной
    … нахождение на соседних территориях … суммарная численность общин не должна превышать ЛЧ»."""
    if world.distance(source["cell"], into["cell"]) > 1:
        return "far"
    if not numbers.mergeable(state, level, source, migrating):
        return "big"
    if numbers.people(source) + numbers.people(into) > numbers.limit(state, level, into, migrating):
        return "over"
    return ""


def settle_the_turn(state: State, power: str, level: Level, story: Story) -> None:
    """After the moves: a community beyond ЛР from the main one breaks away, one at a fifth of ЛЧ
    vanishes (never the main one, never the last), an empty one is gone; a tribe of several
    communities whose main one is gone takes its largest as the main one (one left alone is no
    main one, as at the start), and one with none has died out."""
    tribe = state["tribes"][power]
    main = numbers.main_of(tribe)
    for community in list(tribe["communities"]):
        if main is None or community is main:
            continue
        if world.distance(community["cell"], main["cell"]) > level.distance:
            tribe["communities"].remove(community)
            name = break_away(state, power, community)
            story.tell(
                power,
                "tribes.independent",
                community=community["number"],
                distance=level.distance,
                tribe=name,
                cell=community["cell"],
            )
    for community in list(tribe["communities"]):
        alone = len(tribe["communities"]) == 1
        if not numbers.people(community):
            tribe["communities"].remove(community)
            story.tell(power, "tribes.gone", community=community["number"])
        elif (
            not community["main"]
            and not alone
            and numbers.vanishing(state, level, community, tribe["migrating"])
        ):
            tribe["communities"].remove(community)
            story.tell(
                power, "tribes.vanished", community=community["number"], people=numbers.people(community)
            )
    if len(tribe["communities"]) > 1 and numbers.main_of(tribe) is None:
        largest = max(tribe["communities"], key=lambda c: (numbers.people(c), -c["number"]))
        largest["main"] = True
        story.tell(power, "tribes.new_main", community=largest["number"])
    if not tribe["communities"]:
        tribe["extinct"] = state["turn"]
        story.tell(power, "tribes.extinct")
