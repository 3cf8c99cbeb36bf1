"""What one tribe may see (its turn balance: its communities, development and technologies, the
other communities its own see now, and its explored map as text), and what everyone may see (the
ratings «Каждый ход Ведущий вывешивает»). Nothing here reads the GM's secret beyond the cells a
tribe has explored and the technologies it knows; the computer's tribes are seen only where a
community of the tribe sees them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from engines.text import Text, percent
from engines.tribes import community as numbers
from engines.tribes import scoring, sight, world
from engines.tribes.data import DATA, FIELDS
from engines.tribes.decisions import offered, options_said
from engines.tribes.development import FIELD_NAMES, describe
from engines.tribes.examples import open_commands
from engines.tribes.growth import outlook
from engines.tribes.level import Level, level_of, tech_named
from engines.tribes.said import food_said, stratum_name, tenths
from engines.tribes.schema import ORDERS, known_commands, public_strata
from engines.tribes.secret import COLUMNS
from engines.tribes.state import Community, State

JSON = dict[str, Any]
MAP_COLUMNS = 22  # columns of the text map a line may hold within 72 characters
UNKNOWN = "··"


def _text(value: Text) -> dict[str, str]:
    return {"ru": value.ru, "en": value.en}


def _named(record_name: str, record_en: str) -> dict[str, str]:
    return {"ru": record_name.lower(), "en": record_en.lower()}


def view(state: State, power: str) -> JSON:
    tribe = state["tribes"][power]
    level = level_of(state, power)
    communities = sorted(tribe["communities"], key=lambda c: c["number"])
    return {
        "tribe": power,
        "turn": state["turn"],
        "over": state["over"],
        "extinct": bool(tribe["extinct"]),
        "migrating": tribe["migrating"],
        "people": sum(numbers.people(c) for c in communities),
        "count": len(communities),
        "most_communities": level.communities,
        "distance": level.distance,
        "moves": (DATA.game.migration_moves if tribe["migrating"] else DATA.game.moves) + level.moves,
        "developed": any(tribe["points"].values()),
        "points": [
            {"name": _text(FIELD_NAMES[f]), "value": _text(tenths(tribe["points"][f]))} for f in FIELDS
        ],
        "techs": [
            {
                "name": name,
                "since": turn + 1,
                "effects": _text(describe(state, tech_named(state, name))),
            }
            for name, turn in sorted(tribe["techs"].items(), key=lambda kv: (kv[1], kv[0]))
        ],
        "communities": [_community(state, level, c, tribe["migrating"]) for c in communities],
        "decisions": [
            {
                "name": {"ru": d["name"], "en": d["en"]},
                "permanent": d["permanent"],
                "options": _text(options_said(state, d)),
            }
            for d in offered(state, power)
        ],
        "taken": [
            {
                "name": {"ru": d["name"], "en": d["en"]},
                "option": {"ru": o["name"], "en": o["en"]},
                "since": tribe["decisions"][d["name"]]["turn"] + 1,
            }
            for d in state["secret"]["decisions"]
            if d["name"] in tribe["decisions"]
            for o in d["options"]
            if o["name"] == tribe["decisions"][d["name"]]["option"]
        ],
        "faith": tribe["faith"],
        "isolated": tribe["isolated"],
        "relations": [
            {"tribe": a["name"], "value": a["relations"].get(power, 0)}
            for a in state["ai"]
            if a["name"] in tribe["met"]
        ],
        "vote": state["vote"]["tribe"] if state["vote"]["turn"] == state["turn"] else "",
        "war": tribe["war"],
        "others": [{"tribe": owner, "cell": c["cell"]} for owner, c in sight.in_sight(state, power)],
        "explored": len(tribe["explored"]),
        "rules": rules(state, power, level),
        "map": {"ru": text_map(state, power, "code"), "en": text_map(state, power, "code_en")},
        "legend": {
            "terrains": [
                {"code": t.code, "code_en": t.code_en, **_named(t.name, t.en)} for t in DATA.terrains
            ],
            "features": [
                {"code": f.code, "code_en": f.code_en, **_named(f.name, f.en)}
                for f in DATA.features
                if f.code
            ],
        },
    }


def rules(state: State, power: str, level: Level) -> JSON:
    """The public rules of food and land as they stand for this tribe (ПОМОЩЬ and the role mail):
    what each stratum it knows gathers, each terrain's moves, food, ЛЧ and cap, each feature's
    percents, its technologies' bonuses; and the orders it knows that are not open now, with what
    each is for. Nothing beyond public rules and its own discoveries."""
    order: list[str] = [s.id for s in DATA.strata]
    known = sorted(set(level.strata) | public_strata(state), key=order.index)
    now = {spec.name for spec in open_commands(state, power, ORDERS)}
    return {
        "strata": [
            {"name": _text(stratum_name(s)), "food": _text(tenths(level.numbers[s]["food"]))} for s in known
        ],
        "terrains": [
            {
                **_named(t.name, t.en),
                "move": t.move,
                "food": _text(_signed_percent(t.food)),
                "limit": _text(_signed_percent(t.limit)),
                "cap": level.food_cap.get(t.id, 0),
                "passable": t.passable,
            }
            for t in DATA.terrains
        ],
        "features": [
            {**_named(f.name, f.en), "move": f.move, "food": _text(_percents(f.food)), "coast": not f.code}
            for f in DATA.features
        ],
        "bonus": [
            {"where": _text(DATA.place(place).at), "food": _text(_percents(by))}
            for place, by in sorted(level.bonus.items())
            if any(by.values())
        ],
        "later": [
            {"keyword": spec.keywords[0], "help": _text(spec.help)}
            for spec in known_commands(state, power, ORDERS)
            if spec.name not in now
        ],
    }


def _percents(by: Mapping[Any, int]) -> Text:
    """«охотники +15 %, собиратели +5 %»; «всем» for every stratum."""
    parts = [
        (Text("всем", "all") if who == "all" else stratum_name(who), more) for who, more in by.items() if more
    ]
    return Text(
        ", ".join(f"{name.ru} {_signed_percent(more).ru}" for name, more in parts),
        ", ".join(f"{name.en} {_signed_percent(more).en}" for name, more in parts),
    )


def _signed_percent(value: int) -> Text:
    """«+15 %», «−10 %», «0 %»."""
    sign = "+" if value > 0 else ""
    return Text(sign + percent(value, "ru"), sign + percent(value, "en"))


def _community(state: State, level: Level, community: Community, migrating: bool) -> JSON:
    cell = community["cell"]
    terrain = world.terrain(state, cell)
    order: list[str] = [s.id for s in DATA.strata]
    food, eaters = outlook(state, level, community, migrating)
    return {
        "number": community["number"],
        "main": community["main"],
        "cell": cell,
        "terrain": _named(terrain.name, terrain.en),
        "features": [_named(f.name, f.en) for f in world.features(state, cell)],
        "people": numbers.people(community),
        "limit": numbers.limit(state, level, community, migrating),
        "strata": [
            {"name": _text(stratum_name(s)), "count": n}
            for s, n in sorted(community["strata"].items(), key=lambda kv: order.index(kv[0]))
            if n
        ],
        "elders": community["elders"],
        "children": community["children"],
        "food": {"turn": state["turn"], "total": food.total, "eaters": eaters, "sum": _text(food_said(food))},
    }


def text_map(state: State, power: str, letters: Literal["code", "code_en"]) -> list[str]:
    """The tribe's explored map as monospace lines: a cell is its terrain's letter (`letters`:
    the data's Russian or English ones) and then its community's number, «*» for another tribe's,
    or its forest «л» or river «р» (both: «+»); ``··`` unexplored. Cut into blocks of at most
    `MAP_COLUMNS` columns; the columns keep their names, which the cells' names are made of."""
    tribe = state["tribes"][power]
    explored = set(tribe["explored"])
    if not explored:
        return []
    xs = [world.xy(c)[0] for c in explored]
    ys = [world.xy(c)[1] for c in explored]
    own = {c["cell"]: c["number"] for c in tribe["communities"]}
    others = {c["cell"] for _, c in sight.in_sight(state, power)}
    lines: list[str] = []
    for left in range(min(xs), max(xs) + 1, MAP_COLUMNS):
        columns = range(left, min(left + MAP_COLUMNS, max(xs) + 1))
        if lines:
            lines.append("")
        lines.append("    " + " ".join(f"{COLUMNS[x]} " for x in columns).rstrip())
        for y in range(min(ys), max(ys) + 1):
            cells = [
                _cell(state, world.cell_at(state, x, y), explored, own, others, letters) for x in columns
            ]
            lines.append(f"{y + 1:>3} " + " ".join(cells).rstrip())
    return lines


def _cell(
    state: State,
    cell: str | None,
    explored: set[str],
    own: dict[str, int],
    others: set[str],
    letters: Literal["code", "code_en"],
) -> str:
    if cell is None or cell not in explored:
        return UNKNOWN
    letter: str = getattr(world.terrain(state, cell), letters)
    if cell in own:
        return letter + (str(own[cell]) if own[cell] < 10 else "#")
    if cell in others:
        return letter + "*"
    marks = [getattr(f, letters) for f in world.features(state, cell) if f.code]
    return letter + ("+" if len(marks) > 1 else marks[0] if marks else " ")


def public_view(state: State) -> JSON:
    """The ratings for the forum post: each tribe's people (ОЧ) and development points by field
    and in sum, best first; the cells anyone has explored, the tribes that died out."""
    living = [p for p in state["powers"] if not state["tribes"][p]["extinct"]]
    people = {p: sum(numbers.people(c) for c in state["tribes"][p]["communities"]) for p in living}
    points = {p: state["tribes"][p]["points"] for p in living}
    explored = set().union(*(set(t["explored"]) for t in state["tribes"].values()))
    return {
        "turn": state["turn"],
        "people": [[p, people[p]] for p in sorted(living, key=lambda p: (-people[p], p))],
        "development": [
            {
                "tribe": p,
                **{f: _text(tenths(points[p][f])) for f in FIELDS},
                "total": _text(tenths(sum(points[p].values()))),
            }
            for p in sorted(living, key=lambda p: (-sum(points[p].values()), p))
        ],
        "explored": len(explored),
        "extinct": [p for p in state["powers"] if state["tribes"][p]["extinct"]],
        "city": state["city"],
        "rules": [
            {"name": name, "effects": _text(describe(state, tech_named(state, name)))}
            for name in state["discovered"]
        ],
        "military": _military(state, living),
        "might": [
            [p, m] for p, m in sorted(scoring.ratings(state)["might"].items(), key=lambda kv: (-kv[1], kv[0]))
        ],
        "vote": state["vote"]["tribe"],
        "winners": scoring.winners(state) if state["over"] else [],
    }


def _military(state: State, living: list[str]) -> list[dict[str, Any]]:
    """«военные успехи (до начала боевых действий не ведется, затем показывает кол-во награбленной еды
    и кол-во истребленных людей)»: empty until anyone has fought."""
    records = {p: state["tribes"][p]["war"] for p in living}
    if not any(r["plundered"] or r["killed"] for r in records.values()):
        return []
    order = sorted(living, key=lambda p: (-records[p]["killed"], -records[p]["plundered"], p))
    return [{"tribe": p, "plundered": records[p]["plundered"], "killed": records[p]["killed"]} for p in order]
