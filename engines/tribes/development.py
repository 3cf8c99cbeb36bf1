"""Development (steps 1 and 6): development points from the strata, divided among the communities
(«Общее кол-во принесенных ОР делится на число общин»), with what contact adds (contact.py), and
the technologies a tribe discovers by itself once it meets their conditions («По достижении всех
условий новые технологии изучаются автоматически!»), a neighbour's without its trigger; a
technology works from the next turn. Discovered technologies and their effects become public rules
(never their conditions): `describe` is how the rules read them out.
"""

from __future__ import annotations

from engines.text import Text
from engines.tribes import community as numbers
from engines.tribes import contact, world
from engines.tribes.data import DATA, FIELDS
from engines.tribes.level import base_numbers, level_of
from engines.tribes.said import Story, joined, stratum_name, tenths
from engines.tribes.state import Effects, Needs, Numbers, State, Tech, Tribe

# what an opened order lets a tribe do, as a discovery's news says it (with the order's keyword)
COMMAND_NAMES = {
    "war": Text("можно воевать с другими племенами (НАПАСТЬ)", "war on other tribes (НАПАСТЬ)"),
    "raid": Text("можно совершать набеги (НАБЕГ)", "raids (НАБЕГ)"),
    "exchange": Text("можно обмениваться едой с соседями (ОБМЕН)", "food exchange with neighbours (ОБМЕН)"),
    "gift": Text("можно дарить еду соседям (ДАР)", "gifts of food to neighbours (ДАР)"),
    "annex": Text(
        "можно по согласию принимать малые общины соседей (ПРИНЯТЬ, УСТУПИТЬ)",
        "small communities may join a neighbour by consent (ПРИНЯТЬ, УСТУПИТЬ)",
    ),
    "faith": Text("племя может записать свою веру (ВЕРА)", "a tribe may write down its faith (ВЕРА)"),
}
FIELD_NAMES = {
    "soc": Text("соцтех", "social"),
    "mil": Text("воентех", "military"),
    "eco": Text("хозтех", "economic"),
}


def take_effect(state: State, power: str, story: Story) -> None:
    """Step 1: «Вступают в действие изученые на прошлом ходу технологии»."""
    for name, turn in state["tribes"][power]["techs"].items():
        if turn == state["turn"] - 1:
            story.tell(power, "tribes.tech_works", tech=name)


def gains(state: State, power: str) -> dict[str, int]:
    """This turn's development points by field, in tenths: every person's of every stratum (the
    elders' too; children give none), divided by the number of communities, rounded down; then
    what contact adds."""
    tribe = state["tribes"][power]
    level = level_of(state, power)
    total = dict.fromkeys(FIELDS, 0)
    for community in tribe["communities"]:
        people = {**community["strata"], "elders": community["elders"]}
        for stratum, count in people.items():
            for field in FIELDS:
                total[field] += count * level.points(stratum, field)
    from_contact = contact.bonuses(state, power)
    return {
        field: points // max(1, len(tribe["communities"])) + from_contact[field]
        for field, points in total.items()
    }


def develop(state: State, power: str, story: Story, gained: dict[str, int]) -> None:
    """Step 6: the points `gained` (`gains`, every tribe's read at the step's start: the step is
    simultaneous, so no tribe's bonus depends on the lot), then every technology whose conditions
    are met (those it needs known before this step; a trigger waived for one a tribe in contact
    knew before this turn)."""
    tribe = state["tribes"][power]
    for field, points in gained.items():
        tribe["points"][field] += points
    story.tell(
        power,
        "tribes.developed",
        **{f: tenths(gained[f], sign=True) for f in FIELDS},
        **{f"{f}_total": tenths(tribe["points"][f]) for f in FIELDS},
    )
    known = set(tribe["techs"])
    nearby = contact.known_nearby(state, power)
    for tech in state["secret"]["techs"]:
        if tech["name"] in known:
            continue
        if not needs_met(state, tribe, tech["needs"], known, trigger=tech["name"] not in nearby):
            continue
        discover(state, power, tech, story)


def discover(state: State, power: str, tech: Tech, story: Story) -> None:
    """`power` knows `tech` from now (it works from the next turn); the first discovery of it is news
    for all, with its effects."""
    state["tribes"][power]["techs"][tech["name"]] = state["turn"]
    story.tell(power, "tribes.discovered", tech=tech["name"], effects=describe(state, tech))
    if tech["name"] not in state["discovered"]:
        state["discovered"].append(tech["name"])
        story.announce("tribes.tech_news", tech=tech["name"], effects=describe(state, tech))


def needs_met(state: State, tribe: Tribe, needs: Needs, known: set[str], trigger: bool = True) -> bool:
    """The condition of a technology or a decision, over the tribe as it is now; `trigger`: whether
    its places count (a neighbour's technology waives them)."""
    wanted = {"soc": needs["soc"], "mil": needs["mil"], "eco": needs["eco"]}
    if any(tribe["points"][field] < points for field, points in wanted.items()):
        return False
    if not set(needs["after"]) <= known:
        return False
    taken = {d["option"] for d in tribe["decisions"].values()}
    if not set(needs["decided"]) <= taken:
        return False
    if sum(numbers.people(c) for c in tribe["communities"]) < needs["people"]:
        return False
    cells = [c["cell"] for c in tribe["communities"]]
    if trigger and needs["at"] and not any(set(needs["at"]) & set(world.places(state, c)) for c in cells):
        return False
    present = {s for c in tribe["communities"] for s, n in c["strata"].items() if n}
    present |= {"elders"} if any(c["elders"] for c in tribe["communities"]) else set()
    return set(needs["strata"]) <= present


def describe(state: State, tech: Tech) -> Text:
    """A technology's effects as public rules read them: «ЛО +1; открывает страту «воины» (еда
    0,8, смертность 6 %, БО 5, воентех 0,8)…»; its conditions are never said."""
    return effects_said(state, tech["effects"])


def effects_said(state: State, effects: Effects) -> Text:
    """Effects (of a technology or a decision's option) as the rules read them."""
    parts: list[Text] = []
    limits = (
        (effects["communities"], "ЛО", "community limit"),
        (effects["distance"], "ЛР", "distance limit"),
        (effects["limit"], "ЛЧ", "population limit"),
    )
    for more, ru, en in limits:
        if more:
            value = tenths(more * 10, sign=True)
            parts.append(Text(f"{ru} {value.ru}", f"{en} {value.en}"))
    if effects["limit_percent"]:
        value = tenths(effects["limit_percent"] * 10, sign=True)
        parts.append(Text(f"ЛЧ {value.ru}\u00a0%", f"population limit {value.en}%"))
    if effects["moves"]:
        value = tenths(effects["moves"] * 10, sign=True)
        parts.append(Text(f"очки перемещения {value.ru}", f"movement points {value.en}"))
    base = base_numbers(state)
    for stratum in effects["opens"]:
        name, numbers = stratum_name(stratum), _numbers(base[stratum])
        parts.append(
            Text(
                f"открывает страту «{name.ru}» ({numbers.ru})",
                f"opens the stratum “{name.en}” ({numbers.en})",
            )
        )
    for stratum in effects["children_to"]:
        name = stratum_name(stratum)
        parts.append(Text(f"детей можно отдавать в {name.ru}", f"children may become {name.en}"))
    for stratum, cap in effects["caps"].items():
        name = stratum_name(stratum)
        parts.append(Text(f"{name.ru}: не больше {cap} в общине", f"{name.en}: at most {cap} a community"))
    for stratum, added in effects["numbers"].items():
        name, numbers = stratum_name(stratum), _numbers(added, signed=True)
        parts.append(Text(f"{name.ru}: {numbers.ru}", f"{name.en}: {numbers.en}"))
    for place, by in effects["bonus"].items():
        where = DATA.place(place).at
        for who, percent in by.items():
            value = tenths(percent * 10, sign=True)
            food = Text(f"еда {value.ru}\u00a0% {where.ru}", f"food {value.en}% {where.en}")
            parts.append(food if who == "all" else _of(stratum_name(who), food))
    for place, more_cap in effects["food_cap"].items():
        where, value = DATA.place(place).at, tenths(more_cap * 10, sign=True)
        parts.append(Text(f"предел добычи еды {where.ru} {value.ru}", f"food cap {where.en} {value.en}"))
    for command in effects["commands"]:
        parts.append(COMMAND_NAMES[command])
    if effects["fight_percent"]:
        value = tenths(effects["fight_percent"] * 10, sign=True)
        parts.append(Text(f"БО в бою {value.ru}\u00a0%", f"combat points in battle {value.en}%"))
    if effects["plunder"]:
        value = tenths(effects["plunder"] * 10, sign=True)
        parts.append(Text(f"добыча грабежа {value.ru}\u00a0%", f"plunder {value.en}%"))
    if effects["city"]:
        parts.append(Text("основан город: игра окончена", "a city is founded: the game ends"))
    return Text("; ".join(p.ru for p in parts) or "ничего", "; ".join(p.en for p in parts) or "nothing")


def _of(whom: Text, what: Text) -> Text:
    return Text(f"{whom.ru}: {what.ru}", f"{whom.en}: {what.en}")


def _numbers(numbers: Numbers, signed: bool = False) -> Text:
    """«еда 0,8, смертность 6 %, БО 5, воентех 0,8»: the non-zero numbers of a stratum."""
    parts = []
    for key, ru, en, scale in (
        ("food", "еда", "food", 1),
        ("mortality", "смертность", "mortality", 10),
        ("fight", "БО", "combat", 10),
    ):
        value = numbers[key]
        if value:
            said = tenths(value * scale, sign=signed)
            percent = ("\u00a0%", "%") if key == "mortality" else ("", "")
            parts.append(Text(f"{ru} {said.ru}{percent[0]}", f"{en} {said.en}{percent[1]}"))
    for field in FIELDS:
        value = numbers[field]
        if value:
            said = tenths(value, sign=signed)
            parts.append(Text(f"{FIELD_NAMES[field].ru} {said.ru}", f"{FIELD_NAMES[field].en} {said.en}"))
    return joined(parts)
